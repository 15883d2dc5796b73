"""FFB-4/FFB-5/FFB-9 with TL-6 and A11Y-1: filtering with the chips in the page must show
what the core shows for the same filters (`timeline render --format json --filter …`):
the same rows, the same match count, one now indicator in the core's place, and row labels
"Item i of n" counted over the rows shown. SORT-6/FFB-6: Apply in the dialog applies."""

import pytest
from playwright.sync_api import expect

from pages import EXAMPLES, FAST_FILTERS, core, render

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


def filtered(page, filters):
    """Activates `filters` with the chips; returns (page state, core model, expected order)."""
    for token in filters:
        page.locator(f'.tl-chip[data-filter="{token}"]').click()
    model = core("feedback-bar", [arg for token in filters for arg in ("--filter", token)])
    rows = [row for section in model["sections"] for row in section["rows"]]
    order = []
    for row in rows:
        if row["id"] == model["nowBeforeId"]:
            order.append("NOW")
        order.append(row["id"])
    if model["nowAfterLast"]:
        order.append("NOW")
    return visible_state(page), model, rows, order


FILTERS = pytest.mark.parametrize("filters", COMBINATIONS, ids=["+".join(c) for c in COMBINATIONS])


@FILTERS
def test_ffb4_ffb9_filtering_in_the_page_shows_the_core_rows_and_count(open_page, pages, filters):
    page = open_page(pages["feedback-bar"])
    state, model, rows, _ = filtered(page, filters)
    matches = model["bar"]["matches"]
    expect(page.locator(".tl-matches")).to_have_text(
        "1 result" if matches == 1 else f"{matches} results")
    assert state["rows"] == [row["id"] for row in rows]


@FILTERS
def test_tl6_filtering_in_the_page_keeps_one_now_indicator_in_the_core_place(open_page, pages,
                                                                            filters):
    page = open_page(pages["feedback-bar"])
    state, _, _, order = filtered(page, filters)
    assert state["order"] == order, (
        f"after activating {filters} the page shows {state['order']} (NOW = the now "
        f"indicator); the core shows {order}")


@FILTERS
def test_a11y1_filtering_in_the_page_renumbers_the_row_labels(open_page, pages, filters):
    page = open_page(pages["feedback-bar"])
    state, _, rows, _ = filtered(page, filters)
    assert state["labels"] == [row["accessibilityLabel"] for row in rows], (
        f"after activating {filters} the rows are announced {state['labels']}; the core "
        f"(and the count shown) say {[row['accessibilityLabel'] for row in rows]}")


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


def test_ffb9_sort6_the_page_script_writes_the_count_and_sort_chip_in_the_pages_language(
        open_page, workdir):
    """A German page: the count the script writes after filtering and the sort chip it
    writes after Apply use the words the page was rendered with, as the core's would."""
    page_path = render(EXAMPLES / "work-package.json", workdir / "feedback-bar-de.html",
                       extra=FAST_FILTERS + ["--locale", "de_DE"])
    page = open_page(page_path)
    expect(page.locator(".tl-chip[data-kind=sort]")).to_have_text("✓Sortiert nach: Priorität▾")
    page.locator('.tl-chip[data-filter="status=open"]').click()
    matches = core("feedback-bar", ["--filter", "status=open"])["bar"]["matches"]
    expect(page.locator(".tl-matches")).to_have_text(
        "1 Ergebnis" if matches == 1 else f"{matches} Ergebnisse")
    page.locator(".tl-chip[data-kind=sort]").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog.get_by_role("heading")).to_have_text("Sortieren & Filtern")
    dialog.locator('input[value="title"]').check()
    dialog.locator('input[value="priority"]').uncheck()
    dialog.get_by_role("button", name="Anwenden").click()
    expect(dialog).to_be_hidden()
    expect(page.locator(".tl-chip[data-kind=sort]")).to_have_accessible_name(
        "Sortiert nach: Titel")


def test_ffb6_the_dialog_opens_on_the_filters_toggled_with_the_chips(open_page, pages):
    """A filter switched on with its chip is checked in the dialog, so Apply keeps it."""
    page = open_page(pages["feedback-bar"])
    page.locator('.tl-chip[data-filter="status=open"]').click()
    page.locator(".tl-chip[data-kind=sort]").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog.locator('input[value="status=open"]')).to_be_checked()
    dialog.get_by_role("button", name="Apply").click()
    expect(page.locator('.tl-chip[data-filter="status=open"]')).to_have_attribute(
        "aria-pressed", "true")
    model = core("feedback-bar", ["--filter", "status=open"])
    expect(page.locator(".tl-matches")).to_have_text(f"{model['bar']['matches']} results")
