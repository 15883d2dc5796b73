"""Export what you see, and print it: the timeline page's Export menu carries the view on
screen (search, filters, sort) to JSON, CSV and iCalendar, with and without JavaScript, by
pointer and by keyboard; printing keeps the rows and their sections and leaves out the bars,
dialogs, window links and sticky parts (checked in Chromium's PDF output). Sections fold and
unfold from their headers, by keyboard, kept in the address (TL-3)."""
from __future__ import annotations

import io
import re
import urllib.request

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

import app
from test_a11y1_axe import violations

NOW = app.NOW
VIEW = "q=task&filter=status%3Dopen&sort=title:desc"


def assert_printed(page, titles: list[str], controls: list[str]):
    """The page printed (Chromium's PDF) holds each of `titles` once and none of `controls`,
    and its script logged no error."""
    text = "\n".join(page_.extract_text() for page_ in PdfReader(io.BytesIO(page.pdf())).pages)
    for title in titles:
        assert len(re.findall(rf"\b{re.escape(title)}\b", text)) == 1, title
    for word in controls:
        assert word not in text
    assert page.script_errors == []


# The phone without the script, the tablet with it (the menu is the same markup at both).
@pytest.mark.parametrize("device,javascript", [("phone", False), ("tablet", True)])
def test_web1_the_export_menu_exports_the_view_on_screen(open_page, server, device, javascript):
    page = open_page(f"{server}/timelines/1?{VIEW}&now={NOW}", device,
                     java_script_enabled=javascript)
    menu = page.locator("details.tl-export")
    links = menu.locator("a")
    expect(links.first).to_be_hidden()
    # The keyboard opens it: Tab reaches the summary, Enter unfolds the formats.
    menu.locator("summary").focus()
    page.keyboard.press("Enter")
    expect(links).to_have_text(["JSON", "CSV", "iCalendar", "SVG", "Print"])
    for link in links.all():
        expect(link).to_be_visible()
        box = link.bounding_box()
        assert box and box["height"] >= 24, "a target of at least 24 px"
    if javascript:  # axe runs as a script in the page
        assert violations(page) == ""
    csv_link = links.nth(1).get_attribute("href")
    assert re.search(r"format=csv", csv_link) and "limit=" not in csv_link
    with urllib.request.urlopen(server + csv_link) as answer:
        rows = answer.read().decode().split("\r\n")[1:]
    ids = [row.split(",", 1)[0] for row in rows if row]
    # Every row of the view, not the loaded window: the 1,000 open tasks (every third one).
    assert sorted(ids) == sorted(f"r{index}" for index in range(0, 3000, 3))
    assert page.script_errors == []


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_web1_a_printed_view_holds_its_rows_once_and_no_controls(open_page, server, device):
    page = open_page(f"{server}/timelines/1?filter=status%3Dcompleted&limit=200&now={NOW}",
                     device)
    titles = page.locator(".tl-row .tl-title").all_inner_texts()
    assert len(titles) == 200
    page.emulate_media(media="print")
    for hidden in [".tl-app-nav", ".tl-bar", "details.tl-export", ".tl-more"]:
        for element in page.locator(hidden).all():
            expect(element).to_be_hidden()
    assert_printed(page, titles, ["Sort & Filter", "Search", "Export this view", "Earlier", "Later"])


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_web1_print_in_the_export_menu_prints_the_whole_view(open_page, server, device):
    """Export's Print opens the whole view (its search, filters and sort; every row, not the
    window on screen), and the printout holds each of its rows once and no control."""
    view = "filter=status%3Dcompleted&filter=priority%3D1&sort=title:desc"
    page = open_page(f"{server}/timelines/1?{view}&limit=40&now={NOW}", device)
    page.locator("details.tl-export summary").click()
    page.locator("details.tl-export").get_by_role("link", name="Print").click()
    expect(page.get_by_role("button", name="Print")).to_be_visible()
    assert violations(page) == ""
    titles = page.locator(".tl-row .tl-title").all_inner_texts()
    # Every completed task of priority 1: one task in fifteen of the 3,000, from title Z to A.
    assert len(titles) == 200
    assert titles == sorted(titles, reverse=True)
    page.emulate_media(media="print")
    assert_printed(page, titles, ["Print", "Export this view", "Back to the timeline", "Earlier",
                                  "Later"])


def test_tl3_web2_a_section_header_folds_its_section_by_keyboard_and_back_unfolds_it(open_page,
                                                                                     server):
    """Enter on a section's header folds it: the page opens again at that header, focused,
    the section saying what it holds instead of its rows, `fold=` in the address; Back shows
    the rows again. "Fold the past" folds every section of past rows at once."""
    page = open_page(f"{server}/timelines/1?now={NOW}", "phone")
    header = page.locator("a.tl-fold[aria-expanded=true]").first
    key = header.get_attribute("id").removeprefix("tl-fold-")
    rows = page.locator(f"#tl-fold-{key}").locator("xpath=ancestor::section[1]").locator(".tl-row")
    count = rows.count()
    assert count > 0
    header.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"fold={key}"))
    folded = page.locator(f"#tl-fold-{key}")
    expect(folded).to_have_attribute("aria-expanded", "false")
    expect(folded).to_be_focused()
    expect(folded).to_be_in_viewport()
    section = folded.locator("xpath=ancestor::section[1]")
    expect(section.locator(".tl-row")).to_have_count(0)
    # The whole section, of which the window had loaded `count` rows.
    summary = section.locator(".tl-summary")
    expect(summary).to_have_text(re.compile(r"^[\d,]+ items? — "))
    assert int(re.match(r"[\d,]+", summary.inner_text())[0].replace(",", "")) >= count
    assert violations(page) == ""
    page.go_back()
    expect(page.locator(f"#tl-fold-{key}")).to_have_attribute("aria-expanded", "true")
    expect(page.locator(f"#tl-fold-{key}").locator("xpath=ancestor::section[1]").locator(
        ".tl-row")).to_have_count(count)
    # Space folds it too, as it does a disclosure.
    page.locator(f"#tl-fold-{key}").focus()
    page.keyboard.press(" ")
    page.wait_for_url(re.compile(rf"fold={key}"))
    expect(page.locator(f"#tl-fold-{key}")).to_have_attribute("aria-expanded", "false")
    page.go_back()

    page.get_by_role("link", name="Fold the past").click()
    page.wait_for_url(re.compile(r"fold=past"))
    summaries = page.locator(".tl-summary")
    assert summaries.count() > 0
    # A folded section holds past rows only; every section still listing rows has one
    # that is not past.
    for section in page.locator(".tl-timeline .tl-section").all():
        listed = section.locator(".tl-row")
        if listed.count():
            assert section.locator(".tl-row:not([data-tense=past])").count() > 0
    expect(page.get_by_role("link", name="Show the past")).to_be_visible()
    assert page.script_errors == []
