"""FFB-4/FFB-5/FFB-9 with TL-6 and A11Y-1: filtering with the chips in the page must show
what the core shows for the same filters (`timeline render --format json --filter …`):
the same rows, the same match count, one now indicator in the core's place, and row labels
"Item i of n" counted over the rows shown. SORT-6/FFB-6: Apply in the dialog applies."""

import pytest
from playwright.sync_api import expect

from pages import (EXAMPLES, FAST_FILTERS, apply_dialog, core, core_model, model_ids, model_rows,
                   render)

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
    return visible_state(page), model, model_rows(model), core_order(model)


def visible_headers(page):
    """The titles of the sections the page shows, in order."""
    return page.evaluate("""() => [...document.querySelectorAll('.tl-section')]
      .filter(s => !s.hidden).map(s => s.querySelector('.tl-header').textContent)""")


def core_order(model):
    """The row ids of a core model (`--format json`) in order, "NOW" where the indicator is."""
    order = []
    for row in model_rows(model):
        if row["id"] == model.get("nowBeforeId"):
            order.append("NOW")
        order.append(row["id"])
    if model.get("nowAfterLast"):
        order.append("NOW")
    return order


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
    apply_dialog(page)
    expect(dialog).to_be_hidden()
    model = core("feedback-bar", ["--sort", "title"])
    chip = next(c for c in model["bar"]["chips"] if c["kind"] == "sort")
    expect(page.locator(".tl-chip[data-kind=sort]")).to_have_accessible_name(chip["text"])
    assert visible_state(page)["rows"] == model_ids(model)


def test_ffb6_filter_applied_in_the_dialog_appears_as_an_active_chip(open_page, pages):
    page = open_page(pages["feedback-bar"])
    page.locator(".tl-chip[data-kind=sort]").click()
    dialog = page.locator("#tl-sort-filter")
    dialog.locator('input[value="status=open"]').check()
    apply_dialog(page)
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
    expect(page.locator(".tl-chip[data-kind=sort]")).to_have_text("✓Sortiert nach: Priorität, Absteigend▾")
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
    # The chip keeps the renderer's parts: the check mark, the text, the down-arrow.
    expect(page.locator(".tl-chip[data-kind=sort]")).to_have_text("✓Sortiert nach: Titel▾")


def test_ffb6_the_dialog_opens_on_the_filters_toggled_with_the_chips(open_page, pages):
    """A filter switched on with its chip is checked in the dialog: nothing differs from what
    is applied, so Apply is off (the core's canApply), and closing keeps the filter."""
    page = open_page(pages["feedback-bar"])
    page.locator('.tl-chip[data-filter="status=open"]').click()
    page.locator(".tl-chip[data-kind=sort]").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog.locator('input[value="status=open"]')).to_be_checked()
    expect(dialog.get_by_role("button", name="Apply")).to_be_disabled()
    dialog.get_by_role("button", name="Cancel").click()
    expect(page.locator('.tl-chip[data-filter="status=open"]')).to_have_attribute(
        "aria-pressed", "true")
    model = core("feedback-bar", ["--filter", "status=open"])
    expect(page.locator(".tl-matches")).to_have_text(f"{model['bar']['matches']} results")


# Every key the core filters by, one chip each: statuses, kinds, attributes, priorities and
# dates. The page must hide exactly the rows the core's query hides for the same filter.
EVERY_KEY = ["status=open", "kind=start", "attribute=Dock B", "priority=5", "priority=2",
             "from=2026-11-22", "to=2026-11-20"]
EVERY_KEY_COMBINATIONS = [[token] for token in EVERY_KEY] + [
    ["attribute=Dock B", "priority=5"], ["priority=5", "priority=2"],
    ["status=open", "from=2026-11-22"]]


def every_key_document(workdir):
    import json
    items = [
        {"id": "kick", "kind": "start", "title": "Kick-off", "start": "2026-11-16"},
        {"id": "a", "title": "Survey", "start": "2026-11-18T09:00:00Z", "status": "completed",
         "priority": 5, "attributes": ["Dock B", "2 h"]},
        {"id": "b", "title": "Repair", "start": "2026-11-19T09:00:00Z",
         "end": "2026-11-23T09:00:00Z", "status": "inProgress", "priority": 2,
         "attributes": ["dock b"]},
        {"id": "c", "title": "Paint", "start": "2026-11-21T09:00:00Z", "status": "open",
         "priority": 5, "attributes": ["Dock A"]},
        {"id": "d", "title": "Inspect", "start": "2026-11-24", "status": "open",
         "attributes": ["Dock B"]},
        {"id": "e", "title": "Handover", "start": "2026-11-25T15:00:00Z", "priority": 1},
        {"id": "end", "kind": "end", "title": "Close", "start": "2026-11-30"},
    ]
    path = workdir / "every-key.json"
    path.write_text(json.dumps({"version": 1, "timeZone": "UTC", "items": items}))
    return path


@pytest.mark.parametrize("filters", EVERY_KEY_COMBINATIONS,
                         ids=["+".join(c) for c in EVERY_KEY_COMBINATIONS])
def test_ffb4_every_fast_filter_key_hides_the_rows_the_core_hides(open_page, workdir, filters):
    document = every_key_document(workdir)
    page_path = workdir / "every-key.html"
    render(document, page_path, extra=["--fast-filters", ",".join(EVERY_KEY)])
    page = open_page(page_path)
    for token in filters:
        page.locator(f'.tl-chip[data-filter="{token}"]').click()
    shown = visible_state(page)["rows"]
    model = core_model(document, [arg for token in filters for arg in ("--filter", token)])
    assert shown == model_ids(model)
    # Turning the chips off again shows every row.
    for token in filters:
        page.locator(f'.tl-chip[data-filter="{token}"]').click()
    assert len(visible_state(page)["rows"]) == 7


def test_tl11_a11y1_a_windowed_page_gets_the_core_labels_back_when_filters_are_off(
        open_page, workdir):
    """A page of 60 rows out of 300: while a chip is on, labels count the rows shown; with
    every chip off again, each row reads as the core rendered it (its place in the whole
    timeline), the now indicator is back before its row and the count is the core's."""
    import datetime
    import json
    start = datetime.datetime(2026, 11, 15, tzinfo=datetime.timezone.utc)
    items = [{"id": f"h{i}", "title": f"Hour {i}", "status": "open" if i % 2 else "completed",
              "start": (start + datetime.timedelta(hours=i)).strftime("%Y-%m-%dT%H:%M:%SZ")}
             for i in range(300)]
    document = workdir / "hours.json"
    document.write_text(json.dumps({"version": 1, "timeZone": "UTC", "items": items}))
    page_path = workdir / "hours.html"
    render(document, page_path, extra=["--limit", "60", "--fast-filters", "status=open"])
    page = open_page(page_path)
    labels = "[...document.querySelectorAll('.tl-cell')].map(c => c.getAttribute('aria-label'))"
    now_next = "document.querySelector('.tl-now').nextElementSibling.id"
    before = page.evaluate(labels)
    now_before = page.evaluate(now_next)
    count_before = page.locator(".tl-matches").text_content()
    assert before[0].startswith("Item ") and " of 300," in before[0]
    chip = page.locator('.tl-chip[data-filter="status=open"]')
    chip.click()
    assert page.evaluate(labels) != before
    chip.click()
    assert page.evaluate(labels) == before
    assert page.evaluate(now_next) == now_before
    assert page.locator(".tl-matches").text_content() == count_before


SORTS = ["status", "status:desc", "kind", "kind:desc", "priority", "priority:desc", "title",
         "title:desc", "date:desc"]


@pytest.mark.parametrize("sort", SORTS)
def test_sort4_sort6_every_criterion_orders_the_page_as_the_core_does(open_page, workdir, sort):
    """The script sorts by the order the core rendered (the status order is the page's
    `data-status-order`), so each criterion and direction gives the core's rows."""
    document = every_key_document(workdir)
    page_path = workdir / "every-key-sort.html"
    render(document, page_path, extra=["--fast-filters", "status=open"])
    page = open_page(page_path)
    page.locator(".tl-open-dialog").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    field, _, direction = sort.partition(":")
    if field != "date":
        dialog.locator('.tl-sort li[data-field="date"] input').uncheck()
        dialog.locator(f'.tl-sort li[data-field="{field}"] input').check()
    if direction == "desc":
        dialog.locator(f'.tl-sort li[data-field="{field}"] .tl-direction').click()
        expect(dialog.locator(f'.tl-sort li[data-field="{field}"] .tl-direction')).to_have_attribute(
            "data-direction", "descending")
    apply_dialog(page)
    expect(dialog).to_be_hidden()
    model = core_model(document, ["--sort", sort])
    state = visible_state(page)
    assert state["rows"] == model_ids(model)
    # SORT-6: the same sections with the same headers; the now indicator only in date order.
    headers = visible_headers(page)
    if field == "date":
        assert len(headers) == len(model["sections"])
        assert "NOW" in state["order"]
    else:
        assert headers == [section["title"] for section in model["sections"]]
        assert "NOW" not in state["order"]
        expect(page.locator(".tl-tools .tl-jump")).to_be_hidden()
    # Each row's time as the core writes it for this sort: with its whole date when ranked.
    stamps = page.evaluate("""() => [...document.querySelectorAll('.tl-row')]
      .filter(r => !r.hidden).map(r => r.querySelector('.tl-stamp time').innerText)""")
    assert stamps == [row["timestamp"] for row in model_rows(model)]
    # SORT-7: the sort chip names the first criterion, and its direction when not the default.
    chip = page.locator(".tl-chip[data-kind=sort]")
    title = {"kind": "Type"}.get(field, field.capitalize())
    labels = {"status": "Completed first", "kind": "Z to A", "priority": "High to Low",
              "title": "Z to A", "date": "Newest first"}
    words = f"Sort By: {title}, {labels[field]}" if direction == "desc" else f"Sort By: {title}"
    expect(chip).to_have_accessible_name(words)
    # As the renderer writes it: the check mark, the words, the down-arrow.
    expect(chip).to_have_text(f"✓{words}▾")
    assert not page.script_errors


@pytest.mark.parametrize("direction", ["ascending", "descending"])
def test_tl6_sort6_with_every_row_past_the_now_indicator_stands_where_the_core_puts_it(
        open_page, workdir, direction):
    """Sorted in the page, a timeline whose rows are all past shows the now indicator where
    the core does for the same sort: after the last row, or before the first while the
    sections run newest first."""
    import json
    items = [{"id": f"p{i}", "title": f"Past {i}", "start": f"2026-10-{10 + i:02d}T09:00:00Z"}
             for i in range(4)]
    document = workdir / "all-past.json"
    document.write_text(json.dumps({"version": 1, "timeZone": "UTC", "items": items}))
    page_path = workdir / "all-past.html"
    render(document, page_path, extra=["--fast-filters", "status=open"])
    page = open_page(page_path)
    page.locator(".tl-open-dialog").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    toggle = dialog.locator('.tl-sort li[data-field="date"] .tl-direction')
    if direction == "descending":
        toggle.click()
    else:
        # A second criterion changes the sort without turning the date.
        dialog.locator('.tl-sort li[data-field="title"] input').check()
    expect(toggle).to_have_attribute("data-direction", direction)
    apply_dialog(page)
    expect(dialog).to_be_hidden()
    sort = "date:desc" if direction == "descending" else "date,title"
    assert visible_state(page)["order"] == core_order(core_model(document, ["--sort", sort]))
    assert not page.script_errors


@pytest.mark.parametrize("sort", ["date", "status:desc", "priority"])
def test_sort6_a_page_ranked_by_the_core_sorts_again_as_the_core_does(open_page, workdir, sort):
    """A page written ranked by title (Z to A): a new sort in the page gives the core's rows
    and section headers for that sort, also back in date order (the rows carry their unit
    of time's header)."""
    document = every_key_document(workdir)
    page_path = workdir / "ranked.html"
    render(document, page_path, extra=["--fast-filters", "status=open", "--sort", "title:desc"])
    page = open_page(page_path)
    page.locator(".tl-open-dialog").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    field, _, direction = sort.partition(":")
    dialog.locator(f'.tl-sort li[data-field="{field}"] input').check()
    dialog.locator('.tl-sort li[data-field="title"] input').uncheck()
    if direction == "desc":
        dialog.locator(f'.tl-sort li[data-field="{field}"] .tl-direction').click()
    apply_dialog(page)
    expect(dialog).to_be_hidden()
    model = core_model(document, ["--sort", sort])
    assert visible_state(page)["rows"] == model_ids(model)
    assert visible_headers(page) == [section["title"] for section in model["sections"]]
    assert not page.script_errors


@pytest.mark.parametrize("written", ["title:desc", "date"])
@pytest.mark.parametrize("sort", ["date,priority:desc", "date:desc,title"])
def test_sort6_date_first_the_other_criteria_order_each_days_rows(open_page, workdir, written,
                                                                  sort):
    """With the date first, the page keeps its days in order (newest first when the date
    is) and orders each day's rows by the other criteria, start markers first and end
    markers last: the core's rows and headers, from a page written ranked or by date."""
    import json
    items = [
        {"id": "early", "title": "Zinc", "start": "2026-11-18T07:00:00Z", "priority": 1},
        {"id": "kick", "kind": "start", "title": "Kick-off", "start": "2026-11-18T10:00:00Z"},
        {"id": "high", "title": "Brass", "start": "2026-11-18T16:00:00Z", "priority": 5},
        {"id": "none", "title": "Alloy", "start": "2026-11-18T12:00:00Z"},
        {"id": "mid", "title": "Copper", "start": "2026-11-19T08:00:00Z", "priority": 3},
        {"id": "top", "title": "Tin", "start": "2026-11-19T20:00:00Z", "priority": 4},
        {"id": "close", "kind": "end", "title": "Close", "start": "2026-11-19T09:00:00Z"},
    ]
    document = workdir / "busy-days.json"
    document.write_text(json.dumps({"version": 1, "timeZone": "UTC", "items": items}))
    page_path = workdir / "busy-days.html"
    render(document, page_path, extra=["--fast-filters", "status=open", "--sort", written])
    page = open_page(page_path)
    page.locator(".tl-open-dialog").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    # From the defaults (the date alone, oldest first, above the other criteria), each
    # criterion checked in turn comes after the date.
    reset = dialog.locator("button[value=reset]")
    if reset.is_enabled():
        reset.click()
    for criterion in sort.split(","):
        field, _, direction = criterion.partition(":")
        row = dialog.locator(f'.tl-sort li[data-field="{field}"]')
        row.locator("input").check()
        if direction == "desc":
            row.locator(".tl-direction").click()
        expect(row.locator(".tl-direction")).to_have_attribute(
            "data-direction", "descending" if direction == "desc" else "ascending")
    apply_dialog(page)
    expect(dialog).to_be_hidden()
    model = core_model(document, ["--sort", sort])
    assert visible_state(page)["rows"] == model_ids(model)
    assert visible_headers(page) == [section["title"] for section in model["sections"]]
    # The sort chip, made here or rewritten, is the renderer's: check mark, the core's
    # text, the down-arrow, and it controls the dialog.
    chip = next(c for c in model["bar"]["chips"] if c["kind"] == "sort")
    sort_chip = page.locator(".tl-chip[data-kind=sort]")
    expect(sort_chip).to_have_text("✓" + chip["text"] + "▾")
    expect(sort_chip).to_have_attribute("aria-controls", "tl-sort-filter")
    assert not page.script_errors
