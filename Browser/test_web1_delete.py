"""WEB-1: deleting an item from its page. Deleting cannot be undone, so the page asks
first (the question focused, Cancel back to the item), and the timeline says afterwards
that the item was deleted, by keyboard, with JavaScript and without it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import app
from test_a11y1_axe import violations

NOW = app.NOW


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`timeline serve` on 600 tasks of its own (more than a window: the timeline loads
    windows as it scrolls): the tests delete some."""
    folder = tmp_path_factory.mktemp("delete")
    db = folder / "delete.sqlite"
    app.import_file(app.tasks_csv(folder / "tasks.csv", 600), db, "Tasks")
    with app.serve(db) as (url, _):
        yield url


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_web1_a11y1_deleting_an_item_asks_first_then_says_it_was_deleted(
        open_page, server, device, javascript):
    item = f"r{['phone', 'tablet'].index(device) * 2 + [True, False].index(javascript)}"
    address = f"{server}/timelines/1/items/{item}?now={NOW}"
    page = open_page(address, device, java_script_enabled=javascript)
    windows = []
    # The windows of rows above the view that the timeline's script asks for.
    page.on("request", lambda request: windows.append(request.url)
            if "/window?" in request.url and "before=" in request.url else None)
    expect(page.locator("aside h2")).to_have_text(f"Task {item[1:]}")
    page.get_by_role("link", name="Delete this item").click()
    expect(page).to_have_url(re.compile(rf"/items/{item}/delete\?now="))
    page.wait_for_load_state()
    # The question has the focus, so it is read out; Tab reaches Delete, then Cancel.
    question = page.get_by_role("heading", name="Delete this item?", exact=True)
    expect(question).to_be_focused()
    expect(page.get_by_text("Deleting it cannot be undone.")).to_be_visible()
    if javascript:
        report = violations(page)
        assert not report, f"axe-core ({device}):\n{report}"
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Delete", exact=True)).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Cancel")).to_be_focused()
    # Cancel: back on the item, which is still there (with the script, "Delete this item"
    # has the focus again).
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(rf"/timelines/1/items/{item}\?now=[^&#]*#tl-delete$"))
    expect(page.locator("aside h2")).to_have_text(f"Task {item[1:]}")
    delete = page.get_by_role("link", name="Delete this item")
    if javascript:
        expect(delete).to_be_focused()
        # Escape on the question cancels, as Cancel does.
        delete.click()
        expect(question).to_be_focused()
        # The question is focused as the page is parsed; Escape is the script's, which runs
        # once the page has loaded.
        page.wait_for_load_state()
        with page.expect_navigation():
            page.keyboard.press("Escape")
        expect(page).to_have_url(re.compile(rf"/timelines/1/items/{item}\?now=[^&#]*#tl-delete$"))
    # Asked again, and deleted by keyboard.
    delete.click()
    expect(question).to_be_focused()
    page.keyboard.press("Tab")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/timelines/1\?now=[^&]*(&deleted=1)?$"))
    # The note is focused and on screen (the page does not open at now under it).
    note = page.get_by_role("status").filter(has_text="The item was deleted.")
    expect(note).to_be_focused()
    expect(note).to_be_in_viewport()
    if javascript:
        # No window loads above the note until the reader moves (rows loaded above would
        # push it out of view): two frames after the load, when the page's observer has
        # seen the Earlier link, nothing was asked for.
        page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert windows == [], windows
        expect(note).to_be_in_viewport()
        with page.expect_request(lambda request: "/window?" in request.url and "before=" in request.url):
            page.mouse.wheel(0, -200)
    expect(page.locator(f'.tl-row a[href*="/items/{item}?"]')).to_have_count(0)
    # Said once: with the script the address drops `deleted`, so a reload does not repeat it.
    if javascript:
        expect(page).not_to_have_url(re.compile(r"deleted=1"))
    # Back: the item's page is asked for again (never kept), and it is gone.
    with page.expect_navigation():
        page.go_back()
    expect(page.get_by_text("There is nothing at this address.")).to_be_visible()
    assert page.request.get(address).status == 404
    assert not page.script_errors


def test_web1_an_item_deleted_in_another_tab_says_so_beside_the_timeline(open_page, server):
    """Two readers on one item: when one deletes it, the other's side sheet says it was
    deleted (read out) and offers no form that could only be answered "does not exist";
    the way back to the timeline stays."""
    address = f"{server}/timelines/1/items/r9?now={NOW}"
    reader = open_page(address, "tablet")
    sheet = reader.locator("aside")
    expect(sheet.locator("form")).not_to_have_count(0)
    deleter = open_page(address.replace("/items/r9?", "/items/r9/delete?"), "tablet")
    with deleter.expect_navigation():
        deleter.get_by_role("button", name="Delete", exact=True).click()
    expect(sheet.get_by_role("alert")).to_have_text("The item was deleted.")
    # The tab no longer names the item.
    assert re.fullmatch("\u2068The item was deleted.\u2069 – \u2068[^\u2068]+\u2069", reader.title()), reader.title()
    expect(sheet.locator("form")).to_have_count(0)
    expect(sheet.get_by_role("link", name="Delete this item")).to_have_count(0)
    expect(sheet.get_by_role("heading", name="Edit")).to_have_count(0)
    expect(sheet.get_by_role("link", name="Back to the timeline")).to_be_visible()
    assert not reader.script_errors
