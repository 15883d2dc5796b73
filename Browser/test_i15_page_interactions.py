"""The seeds' interactions in a standalone page, each at phone (390×844) and tablet
(1024×1366) size, compared with what the core says for the same query where there is one:
Sort & Filter opens on every page (SORT-1, FFB-9), Apply and Reset follow the core's dialog
(SORT-5), the dialog filters by attribute, priority range and date range (FFB-6, WEB-2), the
search field
(TL-10), the empty state, lifting a filter the page was rendered with, opening at now and
jumping to it (TL-6), selection (TL-8), drawn icons (TL-13), reordering by touch (SORT-2) and
the preview's See All (PV)."""

import json

import pytest
from playwright.sync_api import expect

from conftest import VIEWPORTS
from pages import EXAMPLES, apply_dialog, core_model, model_ids, render
from test_a11y1_axe import violations

DEVICES = pytest.mark.parametrize("device", list(VIEWPORTS))
WORK = EXAMPLES / "work-package.json"


def core_rows(document, extra):
    """The row ids the core shows for `extra` (`render --format json`), in order."""
    return model_ids(core_model(document, extra))


def shown_rows(page):
    return page.evaluate("""() => [...document.querySelectorAll('.tl-row')]
      .filter(li => li.getClientRects().length > 0).map(li => li.id.slice(5))""")


def page_for(open_page, workdir, name, extra, device, document=WORK, subcommand="render"):
    out = render(document, workdir / f"{name}-{device}.html", subcommand=subcommand,
                 extra=extra)
    page = open_page(out, device=device)
    return page


def open_dialog(page):
    page.locator(".tl-open-dialog").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    return dialog


@DEVICES
def test_sort1_ffb9_every_timeline_page_opens_sort_and_filter(open_page, workdir, device):
    page = page_for(open_page, workdir, "plain", [], device)
    # FFB-10: no fast filters and nothing applied, so no bar; the dialog is still reachable.
    expect(page.locator(".tl-filter-bar")).to_be_hidden()
    dialog = open_dialog(page)
    # Nothing edited: Apply is off (canApply); the defaults are on: Reset is off (canReset).
    expect(dialog.locator("button[value=apply]")).to_be_disabled()
    expect(dialog.locator("button[type=reset]")).to_be_disabled()
    dialog.locator("input[name=filter][value='status=open']").check()
    expect(dialog.locator("button[value=apply]")).to_be_enabled()
    expect(dialog.locator("button[type=reset]")).to_be_enabled()
    assert not violations(page), violations(page)
    apply_dialog(page)
    expect(dialog).to_be_hidden()
    # The bar appears with the applied filter, and the rows are the core's.
    expect(page.locator(".tl-filter-bar")).to_be_visible()
    expect(page.locator('.tl-chip[data-filter="status=open"]')).to_have_attribute(
        "aria-pressed", "true")
    assert shown_rows(page) == core_rows(WORK, ["--filter", "status=open"])
    assert not page.script_errors


def test_sort1_without_javascript_a_static_page_shows_no_sort_and_filter_it_cannot_open(
        open_page, workdir):
    for sort in ["date", "priority:desc"]:
        out = render(WORK, workdir / f"no-script-{sort}.html",
                     extra=["--filter", "priority=2..", "--sort", sort])
        page = open_page(out, java_script_enabled=False)
        expect(page.locator(".tl-open-dialog")).to_be_hidden()
        # The rows the filter leaves out are hidden, and so is a section left with none.
        assert shown_rows(page) == core_rows(WORK, ["--filter", "priority=2..", "--sort", sort])
        empty = page.evaluate("""() => [...document.querySelectorAll('.tl-section')]
          .filter(s => s.getClientRects().length && !s.querySelector('.tl-row:not([hidden])'))
          .map(s => s.querySelector('.tl-header').textContent)""")
        assert empty == [], f"{sort}: headers without rows {empty}"
    page = open_page(out)
    expect(page.locator(".tl-open-dialog")).to_be_visible()
    # With the script, lifting the filter shows every section again.
    page.locator('.tl-chip[data-filter="priority=2.."]').click()
    assert shown_rows(page) == core_rows(WORK, ["--sort", "priority:desc"])


@DEVICES
def test_ffb9_the_counter_chip_counts_the_filters_applied_in_the_page(open_page, workdir, device):
    page = page_for(open_page, workdir, "counter",
                    ["--counter", "--fast-filters", "status=open,status=completed"], device)
    counter = page.locator(".tl-chip[data-kind=counter]")
    number = counter.locator("span[dir]")
    # FFB-9: no counter before a filter is active.
    expect(counter).to_have_count(0)
    page.locator('.tl-chip[data-filter="status=open"]').click()
    expect(page.locator(".tl-bar > li").first.locator(".tl-chip")).to_have_attribute(
        "data-kind", "counter")
    expect(number).to_have_text("1")
    expect(counter).to_have_attribute("aria-label", "Sort and filter, 1 applied")
    page.locator('.tl-chip[data-filter="status=completed"]').click()
    expect(number).to_have_text("2")
    page.locator('.tl-chip[data-filter="status=open"]').click()
    page.locator('.tl-chip[data-filter="status=completed"]').click()
    expect(counter).to_have_count(0)
    page.locator('.tl-chip[data-filter="status=open"]').click()
    counter.click()
    expect(page.locator("#tl-sort-filter")).to_be_visible()
    assert not page.script_errors


@DEVICES
def test_sort5_reset_returns_to_the_defaults_not_to_the_page_state(open_page, workdir, device):
    page = page_for(open_page, workdir, "reset",
                    ["--sort", "priority:desc", "--filter", "status=open"], device)
    dialog = open_dialog(page)
    expect(dialog.locator("button[value=apply]")).to_be_disabled()
    dialog.locator("button[type=reset]").click()
    expect(dialog.locator("button[type=reset]")).to_be_disabled()
    fields = dialog.locator(".tl-sort li").evaluate_all(
        "items => items.map(li => [li.dataset.field, li.querySelector('input').checked,"
        " li.querySelector('.tl-direction').dataset.direction])")
    assert fields[0] == ["date", True, "ascending"]
    assert all(not checked for _, checked, _ in fields[1:])
    assert dialog.locator("input[name=filter]:checked").count() == 0
    apply_dialog(page)
    # The default sort has no chip; the filter is gone; every row is back in the core's order.
    expect(page.locator(".tl-chip[data-kind=sort]")).to_have_count(0)
    expect(page.locator(".tl-chip[data-kind=filter]")).to_have_count(0)
    assert shown_rows(page) == core_rows(WORK, [])


@pytest.mark.parametrize("choice,filters", [
    ("input[name=filter][value='attribute=Line 4']", ["--filter", "attribute=Line 4"]),
])
@DEVICES
def test_ffb6_the_dialog_filters_by_attribute_and_priority(open_page, workdir, device, choice,
                                                          filters):
    page = page_for(open_page, workdir, "fields", [], device)
    dialog = open_dialog(page)
    dialog.locator(choice).check()
    apply_dialog(page)
    expected = core_rows(WORK, filters)
    assert expected and shown_rows(page) == expected


@DEVICES
def test_web2_the_dialogs_priority_range_filters_as_the_core_does(open_page, workdir, device):
    page = page_for(open_page, workdir, "priority", [], device)
    every = core_rows(WORK, [])
    # Either end may stay open; ends given the wrong way round are read in order; the chip
    # says the range in the core's words.
    for start, end, token, chip in [("3", "", "priority=3..", "Priority: ≥ 3"),
                                    ("", "2", "priority=..2", "Priority: ≤ 2"),
                                    ("3", "2", "priority=2..3", "Priority: 2–3"),
                                    ("2", "2", "priority=2", "Priority: 2")]:
        dialog = open_dialog(page)
        dialog.locator("input[name=priority-from]").fill(start)
        dialog.locator("input[name=priority-to]").fill(end)
        apply_dialog(page)
        # The dialog applies on its close event, after it hides: wait for the chip first.
        applied = page.locator('.tl-chip[aria-pressed="true"][data-kind=filter]')
        expect(applied).to_have_count(1)
        expect(applied).to_have_attribute("data-filter", token)
        expect(applied).to_contain_text(chip)
        expected = core_rows(WORK, ["--filter", token])
        assert expected and len(expected) < len(every), token
        assert shown_rows(page) == expected, token
    # Opened again, the range shows the applied filter; emptied, every row is back.
    dialog = open_dialog(page)
    expect(dialog.locator("input[name=priority-from]")).to_have_value("2")
    expect(dialog.locator("input[name=priority-to]")).to_have_value("2")
    dialog.locator("input[name=priority-from]").fill("")
    dialog.locator("input[name=priority-to]").fill("")
    apply_dialog(page)
    expect(page.locator('.tl-chip[aria-pressed="true"][data-kind=filter]')).to_have_count(0)
    assert shown_rows(page) == every
    assert not page.script_errors
    # A page rendered with the filter says the same and shows it in the range.
    rendered = page_for(open_page, workdir, "priority-rendered", ["--filter", "priority=3.."],
                        device)
    expect(rendered.locator('.tl-chip[data-filter="priority=3.."]')).to_contain_text("Priority: ≥ 3")
    dialog = open_dialog(rendered)
    expect(dialog.locator("input[name=priority-from]")).to_have_value("3")
    expect(dialog.locator("input[name=priority-to]")).to_have_value("")
    assert not violations(rendered), violations(rendered)


@DEVICES
def test_ffb6_the_dialog_filters_by_a_date_range_as_the_core_does(open_page, workdir, device):
    page = page_for(open_page, workdir, "dates", [], device)
    dialog = open_dialog(page)
    dialog.locator("input[name=from]").fill("2026-11-19")
    dialog.locator("input[name=to]").fill("2026-11-24")
    apply_dialog(page)
    expected = core_rows(WORK, ["--filter", "from=2026-11-19", "--filter", "to=2026-11-24"])
    all_rows = core_rows(WORK, [])
    assert expected and len(expected) < len(all_rows)
    assert shown_rows(page) == expected
    # The chips the script makes say what the core's chips say for the same filters.
    rendered = page_for(open_page, workdir, "dates-rendered",
                        ["--filter", "from=2026-11-19", "--filter", "to=2026-11-24"], device)
    for token in ("from=2026-11-19", "to=2026-11-24"):
        core_text = rendered.locator(f'.tl-chip[data-filter="{token}"]').text_content()
        assert "Nov" in core_text, core_text
        expect(page.locator(f'.tl-chip[data-filter="{token}"]')).to_have_text(core_text)


@pytest.mark.parametrize("words", ["line", "DOCK b", "ünloading"])
@DEVICES
def test_tl10_the_search_field_finds_what_the_core_finds(open_page, workdir, device, words):
    page = page_for(open_page, workdir, "search", [], device)
    field = page.get_by_role("searchbox", name="Search")
    field.fill(words)
    expected = core_rows(WORK, ["--search", words])
    assert shown_rows(page) == expected
    count = len(expected)
    expect(page.locator(".tl-matches")).to_have_text(
        "1 result" if count == 1 else f"{count} results")
    field.fill("")
    assert shown_rows(page) == core_rows(WORK, [])


@DEVICES
def test_tl6_filtering_to_nothing_shows_the_empty_state(open_page, workdir, device):
    page = page_for(open_page, workdir, "nothing", [], device)
    page.get_by_role("searchbox", name="Search").fill("no such words anywhere")
    expect(page.locator(".tl-no-matches")).to_be_visible()
    expect(page.locator(".tl-no-matches")).to_have_text("No matching items")
    expect(page.locator(".tl-now")).to_be_hidden()
    assert not violations(page), violations(page)


@DEVICES
def test_ffb6_a_filter_given_at_render_time_can_be_lifted_in_the_page(open_page, workdir, device):
    page = page_for(open_page, workdir, "lift", ["--filter", "status=open"], device)
    assert shown_rows(page) == core_rows(WORK, ["--filter", "status=open"])
    page.locator('.tl-chip[data-filter="status=open"]').click()
    assert shown_rows(page) == core_rows(WORK, [])
    # With nothing applied, the row labels are the core's again.
    first = page.locator(".tl-row .tl-cell").first
    total = len(core_rows(WORK, []))
    expect(first).to_have_attribute("aria-label", f"Item 1 of {total}, " + first.get_attribute(
        "aria-label").split(", ", 1)[1])


def long_document(workdir):
    """300 hourly items, 150 before now and 150 after."""
    path = workdir / "hours.json"
    items = [{"id": f"h{i}", "title": f"Hour {i}",
              "start": f"2026-11-{15 + (i // 24):02d}T{i % 24:02d}:00:00Z"} for i in range(300)]
    path.write_text(json.dumps({"version": 1, "title": "Hours", "items": items}))
    return path


@DEVICES
def test_tl6_the_page_opens_at_now_and_jumps_back_to_it(open_page, workdir, device):
    page = page_for(open_page, workdir, "hours", [], device, document=long_document(workdir))
    now = page.locator(".tl-now")
    expect(now).to_be_in_viewport()
    page.evaluate("window.scrollTo(0, 0)")
    expect(now).not_to_be_in_viewport()
    page.get_by_role("link", name="Jump to now").click()
    expect(now).to_be_in_viewport()


@DEVICES
def test_tl8_a_selected_row_shows_a_selected_background(open_page, workdir, device):
    page = page_for(open_page, workdir, "select", [], device)
    cells = page.locator("a.tl-cell")
    cells.nth(1).click()
    expect(cells.nth(1)).to_have_attribute("aria-current", "true")
    background = "el => getComputedStyle(el.querySelector('.tl-card')).backgroundColor"
    assert cells.nth(1).evaluate(background) != cells.nth(2).evaluate(background)
    cells.nth(2).click()
    expect(cells.nth(1)).not_to_have_attribute("aria-current", "true")
    expect(cells.nth(2)).to_have_attribute("aria-current", "true")


@DEVICES
def test_tl13_icons_are_drawn_not_named(open_page, workdir, device):
    path = workdir / "icons.json"
    path.write_text(json.dumps({"version": 1, "items": [
        {"id": "a", "title": "Rainy", "start": "2026-11-20T10:00:00Z", "icon": "rain"},
        {"id": "b", "title": "Odd", "start": "2026-11-20T11:00:00Z", "icon": "no-such-icon"},
    ]}))
    page = page_for(open_page, workdir, "icons", [], device, document=path)
    icon = page.locator("#item-a svg.tl-event-icon")
    expect(icon).to_be_visible()
    assert icon.get_attribute("data-icon") == "rain"
    box = icon.bounding_box()
    assert box and box["width"] >= 16 and box["height"] >= 16
    expect(page.locator("#item-a .tl-stamp")).not_to_contain_text("rain")
    expect(page.locator("#item-b .tl-event-icon")).to_have_count(0)
    expect(page.locator("#item-b")).not_to_contain_text("no-such-icon")


@DEVICES
def test_tl13_card_items_draw_their_icons(open_page, workdir, device):
    path = workdir / "icon-cards.json"
    path.write_text(json.dumps({"version": 1, "cards": [{"items": [
        {"title": "Flight out", "icon": "flight"}, {"title": "Plain"}]}]}))
    page = page_for(open_page, workdir, "icon-cards", ["--view", "cards"], device, document=path)
    expect(page.locator(".tl-card-item svg.tl-event-icon[data-icon=flight]")).to_be_visible()
    expect(page.locator(".tl-card-item svg.tl-event-icon")).to_have_count(1)


def touch_drag(page, start, end):
    """A finger from `start` to `end` (page coordinates) through Chromium's touch input."""
    session = page.context.new_cdp_session(page)

    def touch(kind, point):
        points = [] if kind == "touchEnd" else [{"x": point[0], "y": point[1]}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", start)
    steps = 8
    for step in range(1, steps + 1):
        touch("touchMove", (start[0] + (end[0] - start[0]) * step / steps,
                            start[1] + (end[1] - start[1]) * step / steps))
    touch("touchEnd", end)


def center(locator):
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@DEVICES
def test_sort2_criteria_reorder_by_touch_down_to_after_the_last(open_page, workdir, device):
    out = render(WORK, workdir / f"touch-{device}.html", extra=["--sort", "priority:desc,title"])
    page = open_page(out, device=device, has_touch=True, is_mobile=device == "phone")
    dialog = open_dialog(page)
    fields = "items => items.map(li => li.dataset.field)"
    before = dialog.locator(".tl-sort li").evaluate_all(fields)
    assert before[:2] == ["priority", "title"]
    handle = dialog.locator(".tl-sort li[data-field=priority] .tl-handle")
    last = dialog.locator(".tl-sort li").last
    box = last.bounding_box()
    touch_drag(page, center(handle), (center(handle)[0], box["y"] + box["height"] + 20))
    after = dialog.locator(".tl-sort li").evaluate_all(fields)
    assert after[-1] == "priority" and after[0] == "title"
    expect(dialog.locator("#tl-sort-live")).to_contain_text("Priority, position")
    expect(dialog.locator("button[value=apply]")).to_be_enabled()


@DEVICES
def test_pv_see_all_and_the_strip_lead_to_the_timeline(open_page, workdir, device):
    page = page_for(open_page, workdir, "preview", ["--fast-filters", "status=open"], device,
                    subcommand="preview")
    see_all = page.locator(".tl-see-all, a:has-text('See All')").first
    href = see_all.get_attribute("href")
    assert href.startswith("#") and page.locator(href).count() == 1
    page.locator('.tl-chip[data-filter="status=open"]').click()
    expected = core_rows(WORK, ["--filter", "status=open"])
    assert expected and shown_rows(page) == expected
    expect(page.locator(".tl-matches")).not_to_have_text("0 results")
    elsewhere = render(WORK, workdir / f"preview-href-{device}.html", subcommand="preview",
                       extra=["--see-all-href", "timeline.html"])
    page = open_page(elsewhere, device=device)
    expect(page.locator("a[href='timeline.html']").first).to_be_attached()
    expect(page.locator(".tl-timeline")).to_have_count(0)


def bar_chips(page):
    """The filter chips in the bar, in order, with whether each is applied."""
    return page.locator(".tl-bar .tl-chip[data-kind=filter]").evaluate_all(
        "chips => chips.map(c => [c.dataset.filter, c.getAttribute('aria-pressed') === 'true'])")


def core_chips(document, extra):
    """The filter chips the core's bar has for `extra`, in order."""
    chips = core_model(document, extra)["bar"]["chips"]
    return [[chip["filter"], chip["active"]] for chip in chips if chip["kind"] == "filter"]


@DEVICES
def test_ffb8_a_down_arrow_chip_opens_its_selection_and_applies_it(open_page, workdir, device):
    fast = ["--fast-filters", "status=open,status=completed", "--selection-chips", "status"]
    page = page_for(open_page, workdir, "selection", fast, device)
    chip = page.locator('.tl-chip[data-filter="status=completed"]')
    expect(chip).to_contain_text("▾")
    expect(chip).to_have_attribute("aria-haspopup", "dialog")
    chip.click()
    sheet = page.locator("#tl-select-status")
    expect(sheet).to_be_visible()
    # The chip opened its selection instead of toggling.
    expect(chip).to_have_attribute("aria-pressed", "false")
    box = sheet.bounding_box()
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    if device == "phone":
        # A bottom sheet: the full width, standing on the bottom edge.
        assert box["width"] == pytest.approx(width, abs=1)
        assert box["y"] + box["height"] == pytest.approx(height, abs=1)
    else:
        # A dialog: centred, clear of the edges.
        assert box["x"] > 40 and box["y"] + box["height"] < height - 40
        assert box["x"] + box["width"] / 2 == pytest.approx(width / 2, abs=2)
    # Every status is offered; nothing changed yet, so Apply is off.
    expect(sheet.locator("input[name=filter]")).to_have_count(4)
    expect(sheet.locator("button[value=apply]")).to_be_disabled()
    assert not violations(page), violations(page)
    sheet.locator("input[value='status=inProgress']").check()
    sheet.locator("input[value='status=completed']").check()
    sheet.locator("button[value=apply]").click()
    expect(sheet).to_be_hidden()
    # The dialog's close event (which applies the choice) follows its hiding.
    expect(page.locator('.tl-chip[data-filter="status=inProgress"]')).to_have_attribute(
        "aria-pressed", "true")
    # The bar and the rows are the core's for the same filters.
    applied = ["--filter", "status=inProgress", "--filter", "status=completed"]
    assert bar_chips(page) == core_chips(WORK, fast + applied)
    assert shown_rows(page) == core_rows(WORK, applied)
    # Opened again, it shows what is applied; Escape changes nothing.
    chip.click()
    expect(sheet.locator("input:checked")).to_have_count(2)
    page.keyboard.press("Escape")
    expect(sheet).to_be_hidden()
    assert shown_rows(page) == core_rows(WORK, applied)
    # Unchecking everything lifts the key's filters: the fast chips stay, the other goes.
    chip.click()
    sheet.locator("input[value='status=inProgress']").uncheck()
    sheet.locator("input[value='status=completed']").uncheck()
    sheet.locator("button[value=apply]").click()
    expect(page.locator('.tl-chip[data-filter="status=inProgress"]')).to_have_count(0)
    assert bar_chips(page) == core_chips(WORK, fast)
    assert shown_rows(page) == core_rows(WORK, [])
    assert not page.script_errors


@DEVICES
def test_sort2_a_long_press_on_a_criterion_lifts_it_for_reordering(open_page, workdir, device):
    out = render(WORK, workdir / f"press-{device}.html", extra=["--sort", "priority:desc,title"])
    page = open_page(out, device=device, has_touch=True, is_mobile=device == "phone")
    # The press is timed by the page's clock, driven here: no waiting in the test.
    page.clock.install()
    page.reload()
    dialog = open_dialog(page)
    fields = "items => items.map(li => [li.dataset.field, li.querySelector('input').checked])"
    label = dialog.locator(".tl-sort li[data-field=priority] label")
    last = dialog.locator(".tl-sort li").last.bounding_box()
    session = page.context.new_cdp_session(page)

    def touch(kind, point):
        points = [] if kind == "touchEnd" else [{"x": point[0], "y": point[1]}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    start = center(label)
    # A short tap does not lift the criterion.
    touch("touchStart", start)
    page.clock.run_for(100)
    touch("touchEnd", start)
    expect(dialog.locator(".tl-sort li[data-dragging]")).to_have_count(0)
    if not dialog.locator(".tl-sort li[data-field=priority] input").is_checked():
        dialog.locator(".tl-sort li[data-field=priority] input").check()
    before = dialog.locator(".tl-sort li").evaluate_all(fields)
    assert before[:2] == [["priority", True], ["title", True]]
    # Held for longer than half a second, it lifts and follows the finger.
    touch("touchStart", start)
    page.clock.run_for(600)
    expect(dialog.locator(".tl-sort li[data-field=priority]")).to_have_attribute(
        "data-dragging", "true")
    end = (start[0], last["y"] + last["height"] + 20)
    for step in range(1, 9):
        touch("touchMove", (start[0], start[1] + (end[1] - start[1]) * step / 8))
    touch("touchEnd", end)
    after = dialog.locator(".tl-sort li").evaluate_all(fields)
    # Moved after the last criterion, still chosen (the press did not toggle it).
    assert after[-1] == ["priority", True] and after[0] == ["title", True]
    expect(dialog.locator("#tl-sort-live")).to_contain_text("Priority, position")
    assert not page.script_errors
