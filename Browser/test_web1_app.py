"""WEB-1: the journeys of `timeline serve` in Chromium, at phone and tablet sizes, with and
without JavaScript: scroll into the past and the future with a bounded DOM, toggle a fast
filter, drill down and mark complete, and axe on every page. The server runs on a temporary
database on a free loopback port and is stopped by the fixture that started it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import app
from test_a11y1_axe import violations

NOW = app.NOW
DEVICES = ["phone", "tablet"]


def row_count(page) -> int:
    return page.locator(".tl-row").count()


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_ffb4_ffb5_a_fast_filter_toggles_on_and_off(open_page, server, device, javascript):
    page = open_page(f"{server}/timelines/1?now={NOW}", device, java_script_enabled=javascript)
    page.locator(".tl-chip", has_text="Completed").click()
    expect(page).to_have_url(re.compile(r"filter=status%3Dcompleted"))
    chips = page.locator(".tl-bar .tl-chip[data-kind=filter]")
    expect(chips.first).to_have_text(re.compile("Completed"))
    expect(chips.first).to_have_attribute("aria-pressed", "true")
    nodes = page.locator(".tl-row").evaluate_all("rows => rows.map(r => r.dataset.node)")
    assert nodes and set(nodes) == {"completed"}
    page.locator(".tl-chip", has_text="Completed").click()
    expect(page).not_to_have_url(re.compile("filter="))
    expect(chips.last).to_have_text(re.compile("Completed"))
    expect(chips.last).to_have_attribute("aria-pressed", "false")


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_tl8_tl9_drill_down_and_mark_complete(open_page, server, device, javascript):
    page = open_page(f"{server}/timelines/1?now={NOW}", device, java_script_enabled=javascript)
    row = page.locator(".tl-row[data-node=open]").first
    item = row.get_attribute("id")
    row.locator("a.tl-cell").click()
    expect(page.locator("aside h2")).to_be_visible()
    if device == "tablet":
        # The detail sits beside the timeline, whose row shows as selected.
        expect(page.locator(f"#{item} a.tl-cell")).to_have_attribute("aria-current", "true")
    page.get_by_role("form", name="State").get_by_role("button", name="Completed").click()
    expect(page).to_have_url(re.compile(rf"#{item}$"))
    expect(page.locator(f"#{item}")).to_have_attribute("data-node", "completed")


def test_web1_sort2_a_second_criterion_moved_first_reorders_the_rows(open_page, server):
    page = open_page(f"{server}/timelines/1?now={NOW}&sort=title", "tablet")
    page.locator('.tl-bar [data-kind="sort"]').click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    dialog.locator('li[data-field="priority"] input').check()
    handle = dialog.locator('li[data-field="priority"] .tl-handle')
    for _ in range(5):
        handle.focus()
        page.keyboard.press("ArrowUp")
    dialog.locator('li[data-field="priority"] .tl-direction').click()
    dialog.get_by_role("button", name="Apply").click()
    expect(page).to_have_url(re.compile(r"sort=priority%3Adesc%2Ctitle|sort=priority:desc,title"))
    priorities = page.locator(".tl-section").first.locator(".tl-row").evaluate_all(
        "rows => rows.map(r => +r.dataset.priority)")
    assert priorities == sorted(priorities, reverse=True)


def test_web1_sort2_on_a_phone_a_long_press_lifts_a_criterion_and_a_drag_moves_it(
        open_page, server):
    """The app's dialog reorders by touch as the standalone page does: a press held for half
    a second lifts a chosen criterion, the finger moves it, and Apply sends that order."""
    page = open_page(f"{server}/timelines/1?now={NOW}&sort=title,priority", "phone",
                     has_touch=True, is_mobile=True)
    # The press is timed by the page's clock, driven here: no waiting in the test.
    page.clock.install()
    page.reload()
    page.locator('.tl-bar [data-kind="sort"]').click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    fields = "items => items.map(li => li.dataset.field)"
    assert dialog.locator(".tl-sort li").evaluate_all(fields)[:2] == ["title", "priority"]
    label = dialog.locator('.tl-sort li[data-field="priority"] label').bounding_box()
    first = dialog.locator(".tl-sort li").first.bounding_box()
    session = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    x, y = label["x"] + label["width"] / 2, label["y"] + label["height"] / 2
    touch("touchStart", x, y)
    page.clock.run_for(600)
    expect(dialog.locator('.tl-sort li[data-field="priority"]')).to_have_attribute(
        "data-dragging", "true")
    top = first["y"] + 2
    for step in range(1, 9):
        touch("touchMove", x, y + (top - y) * step / 8)
    touch("touchEnd", x, top)
    assert dialog.locator(".tl-sort li").evaluate_all(fields)[:2] == ["priority", "title"]
    expect(dialog.locator('.tl-sort li[data-field="priority"] input')).to_be_checked()
    dialog.get_by_role("button", name="Apply").click()
    expect(page).to_have_url(re.compile(r"sort=priority(%2C|,)title"))
    assert not page.script_errors


@pytest.mark.parametrize("device", DEVICES)
def test_web1_sort1_sort3_without_javascript_a_direction_turns_and_applies(
        open_page, server, device):
    page = open_page(f"{server}/timelines/1?now={NOW}", device, java_script_enabled=False)
    # With the default sort and no filter there is no chip: the visible Sort & Filter
    # control opens the dialog (FFB-9).
    page.get_by_role("button", name="Sort & Filter").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    dialog.locator('li[data-field="priority"] input').check()
    # The direction toggle sends the form: the page returns with the dialog still open and
    # Priority chosen, turned to descending.
    dialog.locator('li[data-field="priority"] .tl-direction').click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    toggle = dialog.locator('li[data-field="priority"] .tl-direction')
    expect(toggle).to_have_attribute("data-direction", "descending")
    expect(dialog.locator('li[data-field="priority"] input')).to_be_checked()
    # Turned again it is ascending; once more descending, and Apply keeps it.
    toggle.click()
    expect(page.locator('#tl-sort-filter li[data-field="priority"] .tl-direction')
           ).to_have_attribute("data-direction", "ascending")
    page.locator('#tl-sort-filter li[data-field="priority"] .tl-direction').click()
    page.locator("#tl-sort-filter").get_by_role("button", name="Apply").click()
    # The form sends each checked criterion (with its direction) as its own `sort`.
    expect(page).to_have_url(re.compile(r"sort=date&sort=priority%3Adesc"))
    expect(page.locator("#tl-sort-filter")).to_be_hidden()
    section = page.locator(".tl-section").nth(1)
    rows = section.locator(".tl-row").evaluate_all(
        "rows => rows.map(r => [+r.dataset.start, +r.dataset.priority])")
    assert rows == sorted(rows, key=lambda row: (row[0], -row[1]))


def test_web1_pv3_see_all_opens_the_timeline(open_page, server):
    page = open_page(f"{server}/?now={NOW}", "phone")
    page.get_by_role("link", name=re.compile(r"See All \(3,000\)")).first.click()
    expect(page).to_have_url(re.compile(r"/timelines/1$"))
    expect(page.locator(".tl-now")).to_have_count(1)


@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_axe_finds_nothing_on_the_app_pages(open_page, server, device):
    for path in [f"/?now={NOW}", f"/timelines/1?now={NOW}", f"/timelines/1?now={NOW}&dialog=1",
                 f"/timelines/1/items/r10?now={NOW}", "/timelines/1/new", "/timelines/1/cards"]:
        page = open_page(server + path, device)
        report = violations(page)
        assert not report, f"axe-core on {path} ({device}):\n{report}"


@pytest.mark.parametrize("javascript", [True, False])
def test_web1_search_finds_the_matching_row(open_page, server, javascript):
    page = open_page(f"{server}/timelines/1?now={NOW}", "phone", java_script_enabled=javascript)
    page.get_by_role("searchbox", name="Search").fill("Task 1234")
    page.get_by_role("searchbox", name="Search").press("Enter")
    expect(page).to_have_url(re.compile(r"q=Task\+1234"))
    expect(page.locator(".tl-row")).to_have_count(1)
    expect(page.locator(".tl-row .tl-title")).to_have_text("Task 1234")
    expect(page.get_by_role("searchbox", name="Search")).to_have_value("Task 1234")


def row_numbers(page) -> list[int]:
    """The task numbers of the rows in the DOM, in document order (ids are item-rN)."""
    return page.locator(".tl-row").evaluate_all("rows => rows.map(r => +r.id.slice(6))")


def header_at_top(page):
    """The top of the section header drawn over the top edge of the viewport, if any."""
    return page.evaluate("""() => {
        const header = [...document.querySelectorAll('.tl-header')].find(h => {
            const box = h.getBoundingClientRect(), list = h.closest('.tl-section').getBoundingClientRect();
            return list.top < 0 && list.bottom > box.height; });
        return header ? header.getBoundingClientRect().top : null; }""")


@pytest.mark.parametrize("device", DEVICES)
def test_web1_tl11_scrolling_both_ways_loads_windows_and_keeps_the_dom_bounded(
        open_page, server, device):
    page = open_page(f"{server}/timelines/1?now={NOW}", device)
    first = row_numbers(page)
    assert 0 < len(first) <= 400
    # Into the future, until the last task is shown; every step loads a later window.
    stuck = 0  # steps that ended with a section header at the top edge (and checked it)
    for _ in range(60):
        last = row_numbers(page)[-1]
        if last == 2999:
            break
        page.mouse.wheel(0, 100_000)
        expect(page.locator(".tl-row").last).not_to_have_id(f"item-r{last}")
        assert row_count(page) <= 400, f"{row_count(page)} rows in the DOM"
        top = header_at_top(page)
        if top is not None:
            assert abs(top) < 1, f"the section header is not stuck at the top: {top}"
            stuck += 1
    assert stuck, "no step ended inside a section, so no sticky header was checked"
    numbers = row_numbers(page)
    assert numbers[-1] == 2999
    assert numbers[0] > first[0], "the earliest rows were not dropped"
    assert numbers == sorted(numbers) and len(numbers) == len(set(numbers))
    # Into the past, until the first task is shown.
    for _ in range(60):
        top_row = row_numbers(page)[0]
        if top_row == 0:
            break
        page.mouse.wheel(0, -100_000)
        expect(page.locator(".tl-row").first).not_to_have_id(f"item-r{top_row}")
        assert row_count(page) <= 400, f"{row_count(page)} rows in the DOM"
    numbers = row_numbers(page)
    assert numbers[0] == 0
    assert numbers == sorted(numbers) and len(numbers) == len(set(numbers)), "rows out of order or repeated"
    assert not page.script_errors


@pytest.fixture(scope="module")
def selection_server(tmp_path_factory):
    """`timeline serve --fast-filters status=open,status=completed --selection-chips status`
    on 300 tasks, stopped when the module's tests are done."""
    folder = tmp_path_factory.mktemp("selection")
    db = folder / "app.sqlite"
    app.import_file(app.tasks_csv(folder / "tasks.csv", 300), db, "Tasks")
    with app.serve(db, "--fast-filters", "status=open,status=completed",
                   "--selection-chips", "status") as (url, _):
        yield url


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_ffb8_a_down_arrow_chip_opens_its_selection(open_page, selection_server, device,
                                                         javascript):
    page = open_page(f"{selection_server}/timelines/1?now={NOW}&filter=kind%3Devent", device,
                     java_script_enabled=javascript)
    chip = page.locator('.tl-chip[data-filter="status=completed"]')
    expect(chip).to_contain_text("▾")
    chip.click()
    sheet = page.locator("#tl-select-status")
    expect(sheet).to_be_visible()
    box = sheet.bounding_box()
    viewport = page.viewport_size
    if device == "phone":
        assert box["y"] + box["height"] == pytest.approx(viewport["height"], abs=1)
    else:
        assert box["y"] + box["height"] < viewport["height"] - 40
    if javascript:
        # axe runs as a script in the page, so it checks the page that has one.
        expect(sheet.get_by_role("button", name="Apply")).to_be_disabled()
        assert not violations(page), violations(page)
    sheet.locator("input[value='status=completed']").check()
    sheet.locator("input[value='status=inProgress']").check()
    sheet.get_by_role("button", name="Apply").click()
    # The filters of other keys stay; the chosen statuses are applied, and only they show.
    expect(page).to_have_url(re.compile(r"filter=kind%3Devent"))
    # In the order of the selection view.
    expect(page).to_have_url(re.compile(r"filter=status%3DinProgress&filter=status%3Dcompleted"))
    nodes = page.locator(".tl-row").evaluate_all("rows => rows.map(r => r.dataset.node)")
    assert nodes and set(nodes) == {"completed", "inProgress"}
    expect(page.locator('.tl-chip[data-filter="status=inProgress"]')).to_have_attribute(
        "aria-pressed", "true")


@pytest.mark.parametrize("device", DEVICES)
def test_web1_sort5_apply_needs_a_change_and_reset_returns_to_the_defaults(
        open_page, server, device):
    page = open_page(f"{server}/timelines/1?now={NOW}&sort=priority:desc&filter=status%3Dopen",
                     device)
    page.locator('.tl-bar [data-kind="sort"]').click()
    dialog = page.locator("#tl-sort-filter")
    apply = dialog.get_by_role("button", name="Apply")
    reset = dialog.get_by_role("button", name="Reset")
    expect(apply).to_be_disabled()
    expect(reset).to_be_enabled()
    reset.click()
    expect(reset).to_be_disabled()
    expect(apply).to_be_enabled()
    fields = dialog.locator(".tl-sort li").evaluate_all(
        "items => items.map(li => [li.dataset.field, li.querySelector('input').checked])")
    assert fields[0] == ["date", True] and not any(on for _, on in fields[1:])
    expect(dialog.locator("input[name=filter]:checked")).to_have_count(0)
    apply.click()
    # Back to the default sort (no sort chip) and no filters.
    expect(page).not_to_have_url(re.compile(r"filter="))
    expect(page).to_have_url(re.compile(r"sort=date$|sort=date&|^[^?]*\?(?!.*sort=)"))
    expect(page.locator('.tl-bar [data-kind="sort"]')).to_have_count(0)
