"""WEB-1 with A11Y-1: the journeys of `timeline serve` by keyboard alone (Tab, Shift+Tab,
Enter, Space, Escape, the arrow keys and Home; no clicks, no fills), at phone and tablet
sizes, with JavaScript on and, where the journey works without it, off: a fast filter chip
on and off, drill down and mark complete, the Sort & Filter dialog, search, Jump to now.
Every step that lands on a control checks that the focus is visibly indicated (a non-none
outline or box-shadow); one test checks that no scrolling container clips the indicator.
The server runs on a temporary database of 3000 tasks on a free loopback port and is
stopped by the fixture that started it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

import app
import pages

NOW = app.NOW
DEVICES = ["phone", "tablet"]
TIMELINE = "/timelines/1?now=" + NOW
DIALOG = "#tl-sort-filter"


# Keyboard helpers ---------------------------------------------------------------------------

def focused(page: Page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)",
                         selector)


def describe_focus(page: Page) -> str:
    return page.evaluate("""() => { const e = document.activeElement;
        if (!e || e === document.body) return 'body';
        return e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ').join('.') : '')
            + ' "' + (e.getAttribute('aria-label') || e.value || e.textContent || '').trim().slice(0, 40) + '"'; }""")


def tab_to(page: Page, selector: str, limit: int = 40, backwards: bool = False):
    """Presses Tab (Shift+Tab) until the focused element matches `selector`; returns it and
    the number of presses it took."""
    key = "Shift+Tab" if backwards else "Tab"
    for presses in range(1, limit + 1):
        page.keyboard.press(key)
        if focused(page, selector):
            return page.locator(":focus"), presses
    pytest.fail(f"{selector} not reached with {limit} presses of {key} "
                f"(focus is on {describe_focus(page)})")


def press_and_load(page: Page, key: str):
    """Presses `key` on the focused element and waits for the navigation it starts."""
    with page.expect_navigation():
        page.keyboard.press(key)


def focus_report(page: Page) -> dict:
    """The focused element's focus indicator: whether its computed outline (or box-shadow)
    is not none, and which ancestor that clips its overflow cuts the outline off, if any."""
    return page.evaluate("""() => {
        const e = document.activeElement;
        if (!e || e === document.body) return { element: 'body' };
        const style = getComputedStyle(e);
        const width = parseFloat(style.outlineWidth) || 0;
        const outline = style.outlineStyle !== 'none' && width > 0;
        const shadow = style.boxShadow !== 'none';
        const reach = outline ? Math.max(0, (parseFloat(style.outlineOffset) || 0) + width) : 0;
        const box = e.getBoundingClientRect();
        const ring = { left: box.left - reach, right: box.right + reach,
                       top: box.top - reach, bottom: box.bottom + reach };
        let clippedBy = null;
        for (let a = e.parentElement; a && a !== document.body && a !== document.documentElement;
             a = a.parentElement) {
            const s = getComputedStyle(a);
            if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
            const r = a.getBoundingClientRect();
            const left = r.left + a.clientLeft, top = r.top + a.clientTop;
            const right = left + a.clientWidth, bottom = top + a.clientHeight;
            if (ring.left < left - 0.5 || ring.right > right + 0.5 || ring.top < top - 0.5
                || ring.bottom > bottom + 0.5) {
                clippedBy = a.tagName.toLowerCase() + '.' + String(a.className).split(' ').join('.');
                break;
            }
        }
        return { element: e.tagName.toLowerCase() + '.' + String(e.className), outline, shadow,
                 style: style.outlineStyle + ' ' + style.outlineWidth + ' / ' + style.boxShadow,
                 clippedBy, focusVisible: e.matches(':focus-visible') };
    }""")


def assert_focus_visible(page: Page, step: str):
    """The focused element shows a focus indicator (a non-none outline or box-shadow)."""
    report = focus_report(page)
    assert report["element"] != "body", f"{step}: nothing is focused"
    assert report["outline"] or report["shadow"], \
        f"{step}: {describe_focus(page)} has no visible focus indicator ({report['style']})"


def assert_unobscured(page: Page, locator, step: str):
    """The middle of `locator` is in the viewport and not covered (e.g. by a sticky header)."""
    expect(locator).to_be_in_viewport()
    hit = page.evaluate("""e => { const r = e.getBoundingClientRect();
        const x = r.left + Math.min(12, r.width / 2), y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        return e.contains(top) ? null
            : (top ? top.tagName.toLowerCase() + '.' + String(top.className) + ' "'
                     + top.textContent.trim().slice(0, 40) + '"' : 'nothing'); }""",
                        locator.element_handle())
    assert hit is None, f"{step}: covered by {hit}"


def rows(page: Page):
    return page.locator(".tl-row")


# Focus indicators on every stop ------------------------------------------------------------

@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_keyboard_every_stop_down_to_the_rows_shows_its_whole_focus_ring(
        open_page, server, device):
    """From the top of the timeline to its first rows, and through the open dialog, every Tab
    stop shows a focus indicator that no scrolling container (the chip bar, the dialog)
    cuts off."""
    page = open_page(server + TIMELINE, device)
    problems = []

    def walk(stop: str, limit: int):
        for _ in range(limit):
            page.keyboard.press("Tab")
            report = focus_report(page)
            where = describe_focus(page)
            if not (report.get("outline") or report.get("shadow")):
                problems.append(f"{where}: no focus indicator ({report.get('style')})")
            elif report.get("clippedBy"):
                problems.append(f"{where}: focus outline clipped by {report['clippedBy']}")
            if focused(page, stop):
                return
        pytest.fail(f"{stop} not reached")

    walk(".tl-row a.tl-cell", 30)
    tab_to(page, '.tl-open-dialog', backwards=True)
    page.keyboard.press("Enter")
    expect(page.locator(DIALOG)).to_be_visible()
    # Nothing changed: Apply is off (canApply), so Cancel is the last stop.
    expect(page.locator(f"{DIALOG} button[value=apply]")).to_be_disabled()
    walk(f"{DIALOG} .tl-dialog-actions a", 40)
    assert not problems, "\n".join(problems)


# (a) A fast filter chip, on and off ----------------------------------------------------------

COMPLETED_CHIP = '.tl-bar .tl-chip[data-filter="status=completed"]'


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_ffb4_ffb5_keyboard_a_fast_filter_chip_toggles_on_and_off(
        open_page, server, device, javascript):
    page = open_page(server + TIMELINE, device, java_script_enabled=javascript)
    chip, _ = tab_to(page, COMPLETED_CHIP)
    expect(chip).to_have_attribute("aria-pressed", "false")
    assert_focus_visible(page, "the Completed chip")

    press_and_load(page, "Enter")
    expect(page).to_have_url(re.compile(r"filter=status%3Dcompleted"))
    # With the script the pressed chip keeps the focus across the load; without, Tab to it.
    chip = page.locator(":focus") if focused(page, COMPLETED_CHIP) else tab_to(page, COMPLETED_CHIP)[0]
    expect(chip).to_have_attribute("aria-pressed", "true")
    assert_focus_visible(page, "the active Completed chip")
    # FFB-4: the active chip stands left of the inactive ones (after the counter).
    expect(page.locator(".tl-bar .tl-chip[data-kind=filter]").first).to_have_attribute(
        "data-filter", "status=completed")
    nodes = rows(page).evaluate_all("rows => rows.map(r => r.dataset.node)")
    assert nodes and set(nodes) == {"completed"}

    press_and_load(page, "Enter")
    expect(page).not_to_have_url(re.compile("filter="))
    chip = page.locator(":focus") if focused(page, COMPLETED_CHIP) else tab_to(page, COMPLETED_CHIP)[0]
    expect(chip).to_have_attribute("aria-pressed", "false")
    # FFB-5: back in its own place, last of the fast filters.
    expect(page.locator(".tl-bar .tl-chip[data-kind=filter]").last).to_have_attribute(
        "data-filter", "status=completed")
    assert not page.script_errors, page.script_errors


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_ffb4_keyboard_space_presses_a_chip_and_sort_and_filter(
        open_page, server, device, javascript):
    """A chip is a toggle button (aria-pressed) and Sort & Filter a button, with the script or
    without: Space presses them as it does any button and does not scroll the page instead."""
    page = open_page(server + TIMELINE, device, java_script_enabled=javascript)
    expect(page.locator(f'{COMPLETED_CHIP}, .tl-open-dialog')).to_have_count(2)
    assert page.locator('.tl-controls a[role=button], .tl-controls [role=button]').count() == 0
    tab_to(page, COMPLETED_CHIP)
    press_and_load(page, "Space")
    expect(page).to_have_url(re.compile(r"filter=status%3Dcompleted"))
    expect(page.locator(COMPLETED_CHIP)).to_have_attribute("aria-pressed", "true")
    # With the script the pressed chip kept the focus, past Sort & Filter.
    tab_to(page, ".tl-open-dialog", backwards=javascript)
    if javascript:
        page.keyboard.press("Space")
    else:
        press_and_load(page, "Space")
        expect(page).to_have_url(re.compile(r"dialog=1"))
    expect(page.locator(DIALOG)).to_be_visible()
    # The dialog shows the view as applied: the chip's filter is checked.
    expect(page.locator(f'{DIALOG} input[name=filter][value="status=completed"]')).to_be_checked()
    assert not page.script_errors, page.script_errors


@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_ffb4_keyboard_focus_stays_on_the_toggled_chip(open_page, server, device):
    """With the script, toggling a chip keeps the keyboard where it was (as the component's
    own page does): the chip stays focused, so the next Enter turns it off again."""
    page = open_page(server + TIMELINE, device)
    tab_to(page, COMPLETED_CHIP)
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"filter=status%3Dcompleted"))
    expect(page.locator(COMPLETED_CHIP)).to_have_attribute("aria-pressed", "true")
    expect(page.locator(COMPLETED_CHIP)).to_be_focused()


# (b) Drill down and mark complete ------------------------------------------------------------

def drill_down_and_complete(page: Page) -> tuple[str, dict[str, int]]:
    """From the timeline, Tab to the first open row, Enter, Shift+Tab to the State form's
    Completed button, Enter. Returns the row's id and the presses each step took."""
    presses = {}
    cell, presses["row"] = tab_to(page, ".tl-row[data-node=open] a.tl-cell", limit=60)
    assert_focus_visible(page, "the first open row")
    row_id = cell.evaluate("a => a.closest('.tl-row').id")
    press_and_load(page, "Enter")
    expect(page.locator("aside h2")).to_be_visible()
    expect(page.locator(f"#{row_id} a.tl-cell")).to_have_attribute("aria-current", "true")
    # Backwards from the end of the page: forwards, the keyboard walks through every row of
    # the timeline first, and on tablets with the script the rows keep loading ahead of it
    # (test_web1_a11y1_tl8_tl12_keyboard_the_detail_is_a_few_tabs_away).
    _, presses["state"] = tab_to(
        page, 'form[aria-label="Status"] button[value="completed"]', limit=40, backwards=True)
    assert_focus_visible(page, "the State form's Completed button")
    press_and_load(page, "Enter")
    return row_id, presses


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_tl8_tl9_keyboard_drill_down_and_mark_complete(
        open_page, server, device, javascript):
    page = open_page(server + TIMELINE, device, java_script_enabled=javascript)
    row_id, _ = drill_down_and_complete(page)
    expect(page).to_have_url(re.compile(rf"#{row_id}$"))
    row = page.locator(f"#{row_id}")
    expect(row).to_have_attribute("data-node", "completed")
    expect(row).to_be_in_viewport()
    # With the script the row's link has the focus already (it is the selected row, TL-8);
    # without it the row is the fragment's target, so the next Tab lands on its link.
    if not javascript:
        page.keyboard.press("Tab")
    expect(row.locator("a.tl-cell")).to_be_focused()
    expect(row.locator("a.tl-cell")).to_have_attribute("aria-current", "true")
    assert_focus_visible(page, "the completed row back on the timeline")
    assert not page.script_errors, page.script_errors


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_tl3_tl9_keyboard_the_row_returned_to_is_not_under_the_sticky_header(
        open_page, server, device, javascript):
    """Back on the timeline after marking complete, the row's title is readable: the sticky
    day header must not cover the row the page scrolled to (WCAG 2.4.11)."""
    page = open_page(server + TIMELINE, device, java_script_enabled=javascript)
    row_id, _ = drill_down_and_complete(page)
    expect(page.locator(f"#{row_id}")).to_have_attribute("data-node", "completed")
    assert_unobscured(page, page.locator(f"#{row_id} .tl-title"),
                      f"the title of {row_id} after the redirect")
    if not javascript:
        page.keyboard.press("Tab")
    expect(page.locator(f"#{row_id} a.tl-cell")).to_be_focused()
    assert_unobscured(page, page.locator(f"#{row_id} .tl-title"),
                      f"the title of the focused row {row_id}")


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_tl8_tl12_keyboard_the_detail_is_a_few_tabs_away(
        open_page, server, device, javascript):
    """On the detail page the State form is within a few Tab presses, whether the detail is
    the page (phone) or a side sheet beside the timeline (tablet, after the skip link): the
    keyboard must not walk through every row of the timeline first (on tablets with the
    script, the rows even keep loading ahead of the focus, so the sheet may never be reached)."""
    page = open_page(f"{server}/timelines/1/items/r2505?now={NOW}", device,
                     java_script_enabled=javascript)
    if device == "tablet":
        # WCAG 2.4.1: the first stop skips the timeline beside the detail.
        skip, presses = tab_to(page, "a.tl-skip", limit=1)
        expect(skip).to_have_text("Skip to the item")
        page.keyboard.press("Enter")
    tab_to(page, 'form[aria-label="Status"] button', limit=15)


@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_tl8_keyboard_escape_closes_the_item(open_page, server, device):
    """Escape on an item's page closes the item as a sheet closes: back on the timeline, the
    item's row selected, as "Back to the timeline" leads. Not while a field has the key
    (Escape there is the field's), nor while a form holds a change not yet saved."""
    page = open_page(f"{server}/timelines/1/items/r2505?now={NOW}", device)
    title = page.locator('input[name="title"]')
    title.focus()
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(page).to_have_url(re.compile(r"/items/r2505"))
    # A change not yet saved: Escape leaves it alone (the item would close and lose it).
    original = title.input_value()
    title.fill(original + " (draft)")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    expect(page).to_have_url(re.compile(r"/items/r2505"))
    expect(title).to_have_value(original + " (draft)")
    title.fill(original)
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Escape")
    expect(page).to_have_url(re.compile(r"/timelines/1\?.*selected=r2505.*#item-r2505$"))
    expect(page.locator("#item-r2505 a.tl-cell")).to_have_attribute("aria-current", "true")
    expect(page.locator("#item-r2505")).to_be_in_viewport()


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_tl6_keyboard_jump_to_now_brings_the_indicator_into_view(
        open_page, server, device, javascript):
    """"Jump to now" (the last Tab stop, so one Shift+Tab from a fresh page) scrolls the now
    indicator into view, also on the address the app's own links produce (the chips link to
    `?now=…%3A…`, which is the jump link's own address)."""
    page = open_page(f"{server}/timelines/1?now=2026-11-21T12%3A00%3A00Z", device,
                     java_script_enabled=javascript)
    page.keyboard.press("Shift+Tab")
    jump = page.locator(".tl-jump a")
    expect(jump).to_be_focused()
    assert_focus_visible(page, "Jump to now")
    page.keyboard.press("Home")
    expect(page.locator(".tl-now")).not_to_be_in_viewport()
    if javascript:
        # Home scrolls smoothly (and the script may load earlier rows): let the scroll come
        # to rest before pressing the link.
        page.wait_for_function("""() => { const y = document.scrollingElement.scrollTop;
            const resting = window.lastScrollTop === y; window.lastScrollTop = y; return resting; }""",
                               polling=100)
    page.keyboard.press("Enter")
    expect(page.locator(".tl-now")).to_be_in_viewport()


# (c) The Sort & Filter dialog ---------------------------------------------------------------

def criteria(page: Page) -> list[str]:
    """The dialog's sort criteria in order, a * after the checked ones."""
    return page.locator(f"{DIALOG} .tl-sort > li").evaluate_all(
        "items => items.map(li => li.dataset.field + (li.querySelector('input').checked ? '*' : ''))")


def open_dialog(page: Page):
    chip, _ = tab_to(page, '.tl-open-dialog')
    assert_focus_visible(page, "the chip that opens the dialog")
    page.keyboard.press("Enter")
    dialog = page.locator(DIALOG)
    expect(dialog).to_be_visible()
    expect(page.locator(f"{DIALOG} :focus")).to_have_count(1)
    assert_focus_visible(page, "the first control in the dialog")
    return chip, dialog


@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_sort1_sort2_keyboard_dialog_moves_a_second_criterion_first_and_applies(
        open_page, server, device):
    page = open_page(server + TIMELINE, device)
    _, dialog = open_dialog(page)
    assert criteria(page) == ["date*", "title", "status", "priority", "kind"]

    box, _ = tab_to(page, f'{DIALOG} input[value="priority"]')
    assert_focus_visible(page, "the Priority checkbox")
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    handle, _ = tab_to(page, f'{DIALOG} li[data-field="priority"] .tl-handle', backwards=True)
    expect(handle).to_have_accessible_name("Reorder Priority")
    assert_focus_visible(page, "the Priority handle")
    for _ in range(3):
        page.keyboard.press("ArrowUp")
    assert criteria(page) == ["priority*", "date*", "title", "status", "kind"]
    expect(handle).to_be_focused()
    assert_focus_visible(page, "the Priority handle after moving it")
    expect(page.locator("#tl-sort-live")).to_have_text(re.compile(r"Priority\b.*\b1\b.*\b5\b"))

    tab_to(page, f"{DIALOG} button[value=apply]")
    assert_focus_visible(page, "Apply")
    press_and_load(page, "Enter")
    expect(page).to_have_url(re.compile(r"sort=priority(%2C|,)date"))
    # SORT-7: the chip names the first criterion (ascending is its default direction).
    expect(page.locator(".tl-bar .tl-chip[data-kind=sort]")).to_have_text(
        re.compile(r"Sort By: Priority\W*$"))
    priorities = page.locator(".tl-section").first.locator(".tl-row").evaluate_all(
        "rows => rows.map(r => +r.dataset.priority)")
    assert priorities and priorities == sorted(priorities)
    # The focus is back on what opened the dialog, on the new page.
    expect(page.locator(".tl-open-dialog")).to_be_focused()
    assert not page.script_errors, page.script_errors


@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_sort5_keyboard_escape_closes_the_dialog_without_applying(
        open_page, server, device):
    page = open_page(server + TIMELINE, device)
    url = page.url
    chip, dialog = open_dialog(page)
    tab_to(page, f'{DIALOG} input[value="priority"]')
    page.keyboard.press("Space")
    tab_to(page, f'{DIALOG} li[data-field="priority"] .tl-handle', backwards=True)
    page.keyboard.press("ArrowUp")
    assert criteria(page) == ["date*", "title", "priority*", "status", "kind"]

    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(chip).to_be_focused()
    assert_focus_visible(page, "the chip after Escape")
    assert page.url == url
    starts = rows(page).evaluate_all("rows => rows.map(r => +r.dataset.start)")
    assert starts == sorted(starts), "the rows are no longer in date order"
    expect(page.locator(".tl-bar .tl-chip[data-kind=sort]")).to_have_count(0)
    # Nothing applied: no counter chip (FFB-9), the labelled control keeps its name.
    expect(page.locator(".tl-bar .tl-chip[data-kind=counter]")).to_have_count(0)
    expect(chip).to_have_accessible_name("Sort & Filter")
    # Nothing was applied, so the dialog opens again on the sort in force, not on the
    # abandoned edit.
    page.keyboard.press("Enter")
    expect(dialog).to_be_visible()
    reopened = criteria(page)
    assert reopened == ["date*", "title", "status", "priority", "kind"], \
        f"after Escape the dialog reopens on the abandoned edit {reopened}"


@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_sort1_keyboard_dialog_without_javascript_applies_a_second_criterion(
        open_page, server, device):
    page = open_page(server + TIMELINE, device, java_script_enabled=False)
    tab_to(page, '.tl-open-dialog')
    press_and_load(page, "Enter")
    expect(page).to_have_url(re.compile(r"dialog=1"))
    expect(page.locator(DIALOG)).to_be_visible()
    box, _ = tab_to(page, f'{DIALOG} input[value="priority"]', limit=60)
    assert_focus_visible(page, "the Priority checkbox")
    page.keyboard.press("Space")
    expect(box).to_be_checked()
    tab_to(page, f"{DIALOG} button[value=apply]")
    assert_focus_visible(page, "Apply")
    press_and_load(page, "Enter")
    expect(page).to_have_url(re.compile(r"sort=date&sort=priority|sort=date(%2C|,)priority"))
    expect(page.locator(DIALOG)).to_be_hidden()
    expect(page.locator(".tl-bar .tl-chip[data-kind=sort]")).to_have_text(
        re.compile(r"Sort By: Date\W*$"))


# (d) Search ---------------------------------------------------------------------------------

@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_tl10_keyboard_search_finds_the_one_task(open_page, server, device, javascript):
    page = open_page(server + TIMELINE, device, java_script_enabled=javascript)
    tab_to(page, "#tl-q")
    assert_focus_visible(page, "the search field")
    page.keyboard.type("Task 1234")
    press_and_load(page, "Enter")
    expect(page).to_have_url(re.compile(r"q=Task(\+|%20)1234"))
    expect(page.locator("#tl-q")).to_have_value("Task 1234")
    expect(page.locator(".tl-matches")).to_have_text("1 result")
    expect(rows(page)).to_have_count(1)
    expect(rows(page).first.locator(".tl-title")).to_have_text("Task 1234")
    if javascript:
        # The new page keeps the focus in the search box, where the search was typed.
        expect(page.locator("#tl-q")).to_be_focused()
    tab_to(page, ".tl-row a.tl-cell")
    assert_focus_visible(page, "the one row found")
    assert not page.script_errors, page.script_errors


@pytest.fixture(scope="module")
def german_server(tmp_path_factory):
    """`timeline serve --locale de_DE` on a database of 300 tasks, stopped after the module."""
    folder = tmp_path_factory.mktemp("app-de")
    db = folder / "app.sqlite"
    app.import_file(app.tasks_csv(folder / "tasks.csv", 300), db, "Aufgaben")
    with app.serve(db, "--locale", "de_DE") as (url, _):
        yield url


def test_web1_a11y1_sort2_the_apps_dialog_announces_a_move_in_the_apps_language(
        open_page, german_server):
    """The app's script says where a criterion moved with the core's words for the page's
    language, as the standalone page does, and shows the core's error text."""
    page = open_page(german_server + TIMELINE, "tablet")
    open_dialog(page)
    tab_to(page, f'{DIALOG} input[value="priority"]')
    page.keyboard.press("Space")
    tab_to(page, f'{DIALOG} li[data-field="priority"] .tl-handle', backwards=True)
    page.keyboard.press("ArrowUp")
    expect(page.locator("#tl-sort-live")).to_have_text("Priorität, Position 3 von 5")
    checked = page.locator(f"{DIALOG} .tl-sort input:checked")
    for _ in range(checked.count()):
        checked.first.uncheck()
    expect(page.locator("#tl-sort-help")).to_have_text("Mindestens ein Kriterium auswählen")
    assert not page.script_errors


def test_web1_a11y1_the_apps_dialog_buttons_stay_on_a_german_phone_screen(
        open_page, german_server):
    """German's longer words ("Zurücksetzen") do not push the dialog's buttons past the
    screen's edge on a phone: they wrap inside the dialog's padding."""
    page = open_page(german_server + TIMELINE, "phone")
    open_dialog(page)
    dialog = page.locator(DIALOG).bounding_box()
    buttons = page.locator(f"{DIALOG} .tl-dialog-actions :is(a, button)")
    expect(buttons.filter(has_text="Zurücksetzen")).to_be_visible()
    assert buttons.count() >= 3
    for button in buttons.all():
        box = button.bounding_box()
        assert box["x"] >= dialog["x"] + 8, (button.inner_text(), box, dialog)
        assert box["x"] + box["width"] <= dialog["x"] + dialog["width"] - 8, (
            button.inner_text(), box, dialog)
    assert not page.script_errors


def serve_example(tmp_path_factory, locale: str):
    """`timeline serve --locale LOCALE` on the project example (its words are English)."""
    db = tmp_path_factory.mktemp(locale) / "app.sqlite"
    app.import_file(pages.EXAMPLES / "project.json", db, "Project")
    return app.serve(db, "--locale", locale)


@pytest.fixture(scope="module")
def german_example_server(tmp_path_factory):
    """German action buttons wrap to two rows on a phone, so the sheet's sticky actions
    stand taller."""
    with serve_example(tmp_path_factory, "de_DE") as (url, _):
        yield url


def test_a11y1_sort1_a_control_focused_in_the_sheet_is_not_under_its_actions(open_page, german_example_server):
    # WCAG 2.4.11: Tab through the Sort & Filter sheet on a phone; each control the focus
    # reaches stands clear of the actions that stick to the sheet's bottom.
    page = open_page(f"{german_example_server}/timelines/1?now={NOW}", "phone")
    page.get_by_role("button", name="Sortieren & Filtern").click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_be_visible()
    hidden = []
    for _ in range(40):
        page.keyboard.press("Tab")
        place = page.evaluate("""() => {
            const control = document.activeElement, dialog = control.closest("dialog");
            if (!dialog || control === dialog || control.closest(".tl-dialog-actions")) return null;
            const bar = dialog.querySelector(".tl-dialog-actions").getBoundingClientRect();
            const box = control.getBoundingClientRect();
            return {name: control.name + "=" + control.value, bottom: box.bottom, bar: bar.top};
        }""")
        if place and place["bottom"] > place["bar"] + 0.5:
            hidden.append(place)
    assert not hidden, hidden


@pytest.fixture(scope="module")
def arabic_server(tmp_path_factory):
    with serve_example(tmp_path_factory, "ar") as (url, _):
        yield url


def test_a11y1_a_left_to_right_value_stands_by_its_label_on_a_right_to_left_page(open_page, arabic_server):
    # An item's fields in Arabic: a value written left to right (English words, a number)
    # keeps its own direction, but is aligned to the page's side, by its label.
    page = open_page(f"{arabic_server}/timelines/1/items/content?now={NOW}", "tablet")
    gaps = page.locator(".tl-fields dd").evaluate_all("""values => values.map(value => {
        const range = document.createRange();
        range.selectNodeContents(value);
        return [value.textContent, value.getBoundingClientRect().right - range.getBoundingClientRect().right];
    })""")
    latin = [gap for gap in gaps if gap[0].isascii() and any(c.isalpha() for c in gap[0])]
    assert latin, gaps
    assert all(abs(gap) <= 1 for _, gap in latin), latin
