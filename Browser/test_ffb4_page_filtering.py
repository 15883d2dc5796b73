"""FFB-4/FFB-5/FFB-9 with TL-6 and A11Y-1: filtering with the chips in the page must show
what the core shows for the same filters (`timeline render --format json --filter …`):
the same rows, the same match count, one now indicator in the core's place, and row labels
"Item i of n" counted over the rows shown. SORT-6/FFB-6: Apply in the dialog applies."""

import pytest
from playwright.sync_api import expect

from pages import core

COMBINATIONS = [["status=completed"], ["status=open"], ["status=inProgress"],
                ["status=open", "status=inProgress"]]


def visible_state(page):
    return page.evaluate("""() => {
      const shown = el => !!el.offsetParent || el.getClientRects().length > 0;
      const items = [...document.querySelectorAll('.tl-rows > li')].filter(shown);
      return {
        rows: items.filter(li => li.classList.contains('tl-row')).map(li => li.id.slice(5)),
        labels: items.filter(li => li.classList.contains('tl-row'))
                     .map(li => li.querySelector('.tl-cell').getAttribute('aria-label')),
        order: items.map(li => li.classList.contains('tl-now') ? 'NOW' : li.id.slice(5)),
      } }""")


@pytest.mark.parametrize("filters", COMBINATIONS, ids=["+".join(c) for c in COMBINATIONS])
def test_ffb4_tl6_filtering_in_the_page_matches_the_core(open_page, pages, filters):
    page = open_page(pages["feedback-bar"])
    for token in filters:
        page.locator(f'.tl-chip[data-filter="{token}"]').click()
    model = core("feedback-bar", [arg for token in filters for arg in ("--filter", token)])
    rows = [row for section in model["sections"] for row in section["rows"]]
    expected_order = []
    for row in rows:
        if row["id"] == model["nowBeforeId"]:
            expected_order.append("NOW")
        expected_order.append(row["id"])
    if model["nowAfterLast"]:
        expected_order.append("NOW")
    matches = model["bar"]["matches"]
    expect(page.locator(".tl-matches")).to_have_text(
        "1 result" if matches == 1 else f"{matches} results")
    state = visible_state(page)
    problems = []
    if state["rows"] != [row["id"] for row in rows]:
        problems.append(f"rows shown {state['rows']}, the core shows {[r['id'] for r in rows]}")
    if state["order"] != expected_order:
        problems.append(f"now indicator: page order {state['order']}, core {expected_order}")
    if state["labels"] != [row["accessibilityLabel"] for row in rows]:
        problems.append(f"labels {state['labels']} != core {[r['accessibilityLabel'] for r in rows]}")
    assert not problems, f"after activating {filters}:\n" + "\n".join(problems)


def test_sort6_apply_in_the_dialog_applies_the_new_sort(open_page, pages):
    page = open_page(pages["feedback-bar"])
    page.locator(".tl-chip[data-kind=sort]").click()
    dialog = page.locator("#tl-sort-filter")
    dialog.locator('input[value="title"]').check()
    dialog.locator('input[value="priority"]').uncheck()
    dialog.get_by_role("button", name="Apply").click()
    expect(dialog).to_be_hidden()
    model = core("feedback-bar", ["--sort", "title"])
    chip = next(c for c in model["bar"]["chips"] if c["kind"] == "sort")
    expect(page.locator(".tl-chip[data-kind=sort]")).to_have_accessible_name(chip["text"])
    rows = [row["id"] for section in model["sections"] for row in section["rows"]]
    assert visible_state(page)["rows"] == rows


def test_ffb6_filter_applied_in_the_dialog_appears_as_an_active_chip(open_page, pages):
    page = open_page(pages["feedback-bar"])
    page.locator(".tl-chip[data-kind=sort]").click()
    dialog = page.locator("#tl-sort-filter")
    dialog.locator('input[value="status=open"]').check()
    dialog.get_by_role("button", name="Apply").click()
    expect(dialog).to_be_hidden()
    expect(page.locator('.tl-chip[data-filter="status=open"]')).to_have_attribute(
        "aria-pressed", "true")
    model = core("feedback-bar", ["--filter", "status=open"])
    expect(page.locator(".tl-matches")).to_have_text(f"{model['bar']['matches']} results")
