"""A11Y-1: axe-core reports no violations in every interactive state, not only as pages
open: a standalone page (examples/work-package.json with fast filters, the counter chip and
a selection chip) and the web app (`timeline serve`), light and dark, at phone and tablet
size. Every state is first asserted as reached, so a test fails rather than checking the
page as it opened. The sort error state (every criterion deselected) is in
test_a11y1_axe.py; with JavaScript off axe cannot run, so every page here has it."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from playwright.sync_api import expect

import app
from conftest import SCHEMES, VIEWPORTS
from pages import EXAMPLES, render
from test_a11y1_axe import violations

WORK = EXAMPLES / "work-package.json"
DEVICES = list(VIEWPORTS)

# The page the bar's states are checked on: fast filter chips, the counter chip and a sort.
# Sorted with the date first, so the page keeps its now indicator (SORT-6).
BAR = ["--fast-filters", "status=open,status=completed,status=inProgress", "--counter",
       "--sort", "date,priority:desc"]
# The page with a down-arrow chip (FFB-8): every status chip opens the status selection.
SELECTION = ["--fast-filters", "status=open,status=completed", "--selection-chips", "status"]


@pytest.fixture(scope="module")
def standalone(workdir):
    """name -> the rendered page, rendered once for the module."""
    return {name: render(WORK, workdir / f"states-{name}.html", extra=extra)
            for name, extra in [("bar", BAR), ("selection", SELECTION)]}


def assert_no_violations(page, state):
    report = violations(page)
    assert not report, f"axe-core in state {state}:\n{report}"


def open_dialog(page):
    page.locator(".tl-open-dialog").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    return dialog


# Each state: (page variant, extra context options, a function that reaches and asserts it
# and returns a function to call after axe, or None).

def search_with_matches(page):
    page.get_by_role("searchbox", name="Search").fill("line")
    expect(page.locator(".tl-matches")).to_have_text(re.compile(r"^[1-9]\d* results?$"))
    expect(page.locator(".tl-no-matches")).to_be_hidden()


def search_without_matches(page):
    page.get_by_role("searchbox", name="Search").fill("no such words anywhere")
    expect(page.locator(".tl-no-matches")).to_be_visible()
    expect(page.locator(".tl-no-matches")).to_have_text("No matching items")


def fast_filter_pressed(page):
    chip = page.locator('.tl-chip[data-filter="status=completed"]')
    expect(chip).to_have_attribute("aria-pressed", "false")
    chip.click()
    expect(chip).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".tl-matches")).to_have_text("1 result")


def dialog_filter_applied(page):
    dialog = open_dialog(page)
    dialog.locator("input[name=priority-from]").fill("2")
    dialog.locator("input[name=priority-to]").fill("2")
    dialog.locator("button[value=apply]").click()
    expect(dialog).to_be_hidden()
    # The dialog's close event (which applies) follows its hiding.
    expect(page.locator('.tl-chip[data-filter="priority=2"]')).to_have_attribute(
        "aria-pressed", "true")
    counter = page.locator(".tl-chip[data-kind=counter]")
    expect(counter.locator("span[dir]")).to_have_text("1")
    expect(counter).to_have_attribute("aria-label", "Sort and filter, 1 applied")


def row_selected(page):
    cell = page.locator("a.tl-cell").nth(1)
    cell.click()
    expect(cell).to_have_attribute("aria-current", "true")
    expect(page.locator("a.tl-cell[aria-current=true]")).to_have_count(1)


def criterion_lifted(page):
    """A finger down on the handle of a chosen criterion lifts it at once (SORT-2); the
    finger stays down while axe runs and is lifted afterwards."""
    dialog = open_dialog(page)
    item = dialog.locator(".tl-sort li[data-field=priority]")
    expect(item).to_have_attribute("data-selected", "true")
    box = item.locator(".tl-handle").bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    session = page.context.new_cdp_session(page)
    session.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    expect(item).to_have_attribute("data-dragging", "true")

    def release():
        session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        expect(dialog.locator(".tl-sort li[data-dragging]")).to_have_count(0)
    return release


def selection_open(page):
    chip = page.locator('.tl-chip[data-filter="status=completed"]')
    expect(chip).to_have_attribute("aria-haspopup", "dialog")
    chip.click()
    sheet = page.locator("#tl-select-status")
    expect(sheet).to_be_visible()
    expect(sheet).to_have_attribute("open", "")
    expect(sheet.locator("input[name=filter]")).to_have_count(4)


def jumped_to_now(page):
    now = page.locator(".tl-now")
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    page.get_by_role("link", name="Jump to now").click()
    expect(page).to_have_url(re.compile(r"#tl-now$"))
    expect(now).to_be_in_viewport()


STATES = {
    "search-matches": ("bar", {}, search_with_matches),
    "search-empty": ("bar", {}, search_without_matches),
    "fast-filter-pressed": ("bar", {}, fast_filter_pressed),
    "dialog-filter-applied": ("bar", {}, dialog_filter_applied),
    "row-selected": ("bar", {}, row_selected),
    "criterion-lifted": ("bar", {"has_touch": True}, criterion_lifted),
    "selection-open": ("selection", {}, selection_open),
    "jumped-to-now": ("bar", {}, jumped_to_now),
}


def assert_no_violations_in_every_scheme(page, state):
    """Light and dark on the state reached once: the page follows the scheme the browser
    reports (CSS `prefers-color-scheme`), switched here without reaching the state again."""
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        assert page.evaluate(f"matchMedia('(prefers-color-scheme: {scheme})').matches")
        assert_no_violations(page, f"{state}, {scheme}")


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("state", STATES)
def test_a11y1_axe_in_every_state(open_page, standalone, state, device):
    variant, options, reach = STATES[state]
    page = open_page(standalone[variant], device, **options)
    after = reach(page)
    assert_no_violations_in_every_scheme(page, f"{state} ({device})")
    if after:
        after()
    assert not page.script_errors, page.script_errors


# The web app. Marking complete changes the database, so the module has its own server.

NOW = app.NOW


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("axe-states")
    db = folder / "app.sqlite"
    app.import_file(app.tasks_csv(folder / "tasks.csv", 300), db, "Tasks")
    with app.serve(db) as (url, _):
        yield url


def app_chip_pressed(page, check):
    page.locator(".tl-chip", has_text="Completed").click()
    expect(page).to_have_url(re.compile(r"filter=status%3Dcompleted"))
    chip = page.locator('.tl-bar .tl-chip[data-kind=filter]', has_text="Completed")
    expect(chip).to_have_attribute("aria-pressed", "true")
    nodes = page.locator(".tl-row").evaluate_all("rows => rows.map(r => r.dataset.node)")
    assert nodes and set(nodes) == {"completed"}


def app_search_empty(page, check):
    field = page.get_by_role("searchbox", name="Search")
    field.fill("no such words anywhere")
    field.press("Enter")
    expect(page).to_have_url(re.compile(r"q=no\+such\+words\+anywhere"))
    expect(page.locator(".tl-row")).to_have_count(0)
    expect(page.locator(".tl-empty")).to_be_visible()


def open_item(page):
    """Opens the first open item's detail; returns the row's element id."""
    row = page.locator(".tl-row[data-node=open]").first
    item = row.get_attribute("id")
    row.locator("a.tl-cell").click()
    expect(page.locator("aside h2")).to_be_visible()
    return item


def app_item_detail(page, check):
    item = open_item(page)
    expect(page.get_by_role("form", name="Edit the item")).to_be_visible()
    if page.viewport_size["width"] >= 1000:
        expect(page.locator(f"#{item} a.tl-cell")).to_have_attribute("aria-current", "true")


def app_marked_complete(page, check):
    item = open_item(page)
    page.get_by_role("form", name="Status").get_by_role("button", name="Completed").click()
    expect(page).to_have_url(re.compile(rf"#{item}$"))
    expect(page.locator(f"#{item}")).to_have_attribute("data-node", "completed")


def app_marked_complete_detail(page, check):
    """The timeline after marking an item complete, then the item's detail again:
    Completed is the pressed state."""
    app_marked_complete(page, check)
    check("marked-complete")
    item = page.url.rsplit("#", 1)[1]
    page.locator(f"#{item} a.tl-cell").click()
    expect(page.locator("aside h2")).to_be_visible()
    expect(page.get_by_role("form", name="Status").get_by_role("button", name="Completed")
           ).to_have_attribute("aria-pressed", "true")


def app_completed_under_an_open_filter(page, check):
    """TL-9 under a filter: the Open chip pressed, an item marked complete: back on the
    timeline the filter hides it, and a note says so with a link to it without the filter."""
    page.locator(".tl-chip", has_text="Open").first.click()
    expect(page).to_have_url(re.compile(r"filter=status%3Dopen"))
    item = open_item(page)
    page.get_by_role("form", name="Status").get_by_role("button", name="Completed").click()
    note = page.locator(".tl-note[role=status]")
    expect(note).to_contain_text("The selected item does not match the search or filters.")
    expect(page.locator(f"#{item}")).to_have_count(0)
    # The note has the focus, so a screen reader reads it out on arrival.
    expect(note).to_be_focused()
    check("completed-under-an-open-filter")
    note.get_by_role("link", name="Show it without them").click()
    expect(page).not_to_have_url(re.compile(r"filter="))
    expect(page.locator(f"#{item}")).to_have_attribute("data-node", "completed")
    expect(page.locator(f"#{item} a.tl-cell")).to_have_attribute("aria-current", "true")
    expect(page.locator(".tl-note")).to_have_count(0)


def app_edit_refused(page, check):
    """An end before the start: the server refuses the edit (422) and shows the form again
    with the reason above it."""
    open_item(page)
    form = page.get_by_role("form", name="Edit the item")
    form.locator("input[name=end]").fill("2000-01-01T00:00")
    form.get_by_role("button", name="Save").click()
    alert = page.locator(".tl-error[role=alert]")
    expect(alert).to_be_visible()
    expect(alert).to_contain_text("must not be before")
    end = page.get_by_role("form", name="Edit the item").locator("input[name=end]")
    expect(end).to_have_value("2000-01-01T00:00")
    # The refused field is named by its label (a link to it), marked invalid, described by
    # the reason, and has the focus: a keyboard or screen reader user lands on what to fix.
    expect(alert.get_by_role("link", name="End")).to_have_attribute("href", "#tl-field-end")
    expect(end).to_have_attribute("aria-invalid", "true")
    expect(end).to_have_accessible_description(re.compile("must not be before"))
    expect(end).to_be_focused()


RENAMES = itertools.count(1)


def app_changed_meanwhile(page, check):
    """An edit sent for a version of the item that changed since (someone else saved it):
    nothing is saved, and the item's page shows it as it is now, saying so (412)."""
    item = open_item(page)
    item_id = page.url.split("/items/")[1].split("?")[0]
    api = page.url.split("/timelines/")[0] + f"/api/timelines/1/items/{item_id}"
    # A title of its own on each run: a patch that changes nothing writes no new version,
    # and the phone's run of this state renames the same item first.
    title = f"Renamed by someone else ({next(RENAMES)})"
    changed = page.request.patch(api, headers={"If-Match": "*",
                                               "Content-Type": "application/merge-patch+json"},
                                 data=json.dumps({"title": title}))
    assert changed.status == 200, changed.text()
    form = page.get_by_role("form", name="Edit the item")
    form.locator("input[name=title]").fill("My own title")
    form.get_by_role("button", name="Save").click()
    alert = page.locator(".tl-error[role=alert]")
    expect(alert).to_have_text(
        "This item was changed meanwhile, so nothing was changed. Here it is as it is now.")
    expect(alert).to_be_focused()
    expect(page.locator("aside h2")).to_have_text(title)
    expect(page.get_by_role("form", name="Edit the item").locator("input[name=title]")
           ).to_have_value(title)


def app_id_taken(page, check):
    """A new item with the id another item has: the server refuses it (409) and shows the
    form again as it was sent, the id field named, marked and focused."""
    page.goto(page.url.split("/timelines/1")[0] + "/timelines/1/new")
    form = page.get_by_role("form", name="Add an item")
    form.locator("input[name=title]").fill("A second r0")
    form.locator("input[name=start]").fill("2025-01-05T09:00")
    form.locator("input[name=id]").fill("r0")
    form.get_by_role("button", name="Add").click()
    alert = page.locator(".tl-error[role=alert]")
    expect(alert).to_contain_text("Another item of this timeline already has this id.")
    expect(alert).to_contain_text("Choose an id no other item has.")
    field = page.locator("input[name=id]")
    expect(field).to_have_value("r0")
    expect(page.locator("input[name=title]")).to_have_value("A second r0")
    expect(alert.get_by_role("link", name="Id")).to_have_attribute("href", "#tl-field-id")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_have_accessible_description(re.compile("Choose an id no other item has"))
    expect(field).to_be_focused()


def app_dialog_open(page, check):
    # FFB-9: the visible, labelled control.
    page.get_by_role("button", name="Sort & Filter").click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("open", "")


APP_STATES = {
    "chip-pressed": app_chip_pressed,
    "search-empty": app_search_empty,
    "item-detail": app_item_detail,
    "marked-complete-detail": app_marked_complete_detail,
    "completed-under-an-open-filter": app_completed_under_an_open_filter,
    "edit-refused": app_edit_refused,
    "id-taken": app_id_taken,
    "changed-meanwhile": app_changed_meanwhile,
    "dialog-open": app_dialog_open,
}


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("state", APP_STATES)
def test_web1_a11y1_axe_in_every_state(open_page, app_server, state, device):
    page = open_page(f"{app_server}/timelines/1?now={NOW}", device)
    def check(step):
        assert_no_violations_in_every_scheme(page, f"app {step} ({device})")
    APP_STATES[state](page, check)
    check(state)
    assert not page.script_errors, page.script_errors
