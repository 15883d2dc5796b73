"""Rows of the HTML timeline: A11Y-1 (each row announced "Item i of n, time, status,
title"), TL-6 (the now indicator, `aria-current="time"`), TL-3 (sticky section headers),
TL-8 (rows are links), compared with the presentation model of the same document
(`timeline render --format json`)."""

import re

import pytest
from playwright.sync_api import expect

from pages import EXAMPLES, core, model_rows, render

TIMELINES = ["work-package", "project", "meetings", "feedback-bar"]


@pytest.mark.parametrize("name", TIMELINES)
def test_a11y1_tl8_row_links_are_named_item_i_of_n(open_page, pages, name):
    page = open_page(pages[name])
    model = core(name)
    rows = model_rows(model)
    total = model["total"]
    assert len(rows) == total
    links = page.locator("a.tl-cell")
    selectable = [row for row in rows if row["selectable"]]
    expect(links).to_have_count(len(selectable))
    for index, row in enumerate(selectable):
        link = links.nth(index)
        expect(link).to_have_accessible_name(re.compile(rf"^Item \d+ of {total}, "))
        expect(link).to_have_accessible_name(row["accessibilityLabel"])
        expect(link).to_have_attribute("href", f"#item-{row['id']}")
    numbers = [int(re.match(r"Item (\d+) of", row["accessibilityLabel"]).group(1)) for row in rows]
    assert numbers == list(range(1, total + 1))
    # Marker rows are not links but are still announced (TL-7).
    for row in rows:
        if not row["selectable"]:
            expect(page.locator(f"#item-{row['id']} .tl-cell")).to_have_accessible_name(
                row["accessibilityLabel"])


def test_a11y1_list1_list_rows_are_read_as_item_i_of_n(open_page, pages):
    # A list item is read by its content; the visual parts are hidden from assistive
    # technology and a visually hidden label says "Item i of n, date, status, message".
    page = open_page(pages["appointments-list"])
    items = page.locator(".tl-list > li")
    count = items.count()
    assert count == 8
    for index in range(count):
        expect(items.nth(index)).to_have_text(re.compile(rf"^Item {index + 1} of {count}, "))
        expect(items.nth(index).locator("[aria-hidden=true]")).to_have_count(3)


@pytest.mark.parametrize("locale", ["en_US", "ar"])
def test_list1_messages_stand_beside_the_rail_in_either_direction(open_page, tmp_path, locale):
    # A message in a script that runs the other way (English in an Arabic page) keeps its
    # own direction but stands against the rail, not across the page from it.
    page = open_page(render(EXAMPLES / "appointments.json", tmp_path / "list.html",
                            extra=["--view", "list"], locale=locale), device="tablet")
    gaps = page.locator(".tl-list .tl-message").evaluate_all("""messages => messages.map(m => {
        const range = document.createRange();
        range.selectNodeContents(m);
        const text = range.getBoundingClientRect();
        const rail = m.previousElementSibling.getBoundingClientRect();
        return document.dir === "rtl"
          ? rail.left - text.right : text.left - rail.right;
    })""")
    assert len(gaps) == 8
    assert all(0 <= gap <= 16 for gap in gaps), gaps


@pytest.mark.parametrize("name", TIMELINES)
def test_tl6_now_indicator_has_aria_current_time_where_the_core_puts_it(open_page, pages, name):
    page = open_page(pages[name])
    model = core(name)
    current = page.locator("[aria-current=time]")
    # A page ranked by another criterion than the date has no now indicator (SORT-6).
    if model["nowBeforeId"] is None and not model["nowAfterLast"]:
        expect(current).to_have_count(0)
        return
    expect(current).to_have_count(1)
    expect(current).to_have_class(re.compile(r"\btl-now\b"))
    expect(current).to_be_visible()
    following = current.evaluate(
        "now => { const next = now.nextElementSibling; return next ? next.id : null }")
    if model["nowBeforeId"]:
        assert following == f"item-{model['nowBeforeId']}"
    else:
        assert model["nowAfterLast"] and following is None
        last = page.locator(".tl-row").last
        assert current.evaluate("(now, last) => !!(last.compareDocumentPosition(now) & 4)",
                                last.element_handle())


def test_tl6_empty_timeline_shows_its_empty_state_and_no_indicator(open_page, pages):
    page = open_page(pages["empty"])
    expect(page.locator("[aria-current=time]")).to_have_count(0)
    expect(page.locator(".tl-empty")).to_have_text(core("empty")["emptyState"])
    expect(page.locator(".tl-empty")).to_be_visible()


@pytest.mark.parametrize("name", ["work-package", "project", "meetings"])
def test_tl3_section_headers_are_sticky(open_page, pages, name):
    page = open_page(pages[name])
    page.set_viewport_size({"width": 390, "height": 260})
    headers = page.locator(".tl-section > .tl-header")
    assert headers.count() > 1
    positions = headers.evaluate_all("hs => hs.map(h => getComputedStyle(h).position)")
    assert set(positions) == {"sticky"}, positions
    # Scroll into the middle of each long enough section: its header stays at the top of
    # what scrolls, right under the tools and bar where the page's script makes them stick.
    edge = page.evaluate("""() => { const c = document.querySelector('.tl-controls.tl-stuck');
        return c ? c.getBoundingClientRect().height : 0; }""")
    checked = 0
    for index in range(headers.count()):
        geometry = headers.nth(index).evaluate("""h => { const s = h.parentElement;
            return {top: s.getBoundingClientRect().top + scrollY, height: s.offsetHeight,
                    header: h.offsetHeight, max: document.documentElement.scrollHeight - innerHeight} }""")
        target = geometry["top"] - edge + 20
        if geometry["height"] < geometry["header"] + 60 or target > geometry["max"]:
            continue
        page.evaluate("y => window.scrollTo(0, y)", target)
        expect(headers.nth(index)).to_be_in_viewport()
        top = headers.nth(index).evaluate("h => h.getBoundingClientRect().top")
        assert abs(top - edge) < 1, f"section {index} header at {top}px (controls end at {edge}px)"
        checked += 1
    assert checked, "no section was long enough to check stickiness"


@pytest.mark.parametrize("device", ["phone", "tablet"])
@pytest.mark.parametrize("locale", ["ar", "fr_FR", "ja_JP", "de_DE", "en_US"])
def test_tl6_todays_timestamp_stays_on_one_line_inside_its_pill(open_page, tmp_path, locale, device):
    # Today's timestamp is bold in a pill; a long numeric date (16/11/2026) must neither wrap
    # inside the pill nor reach the node.
    document = tmp_path / "days.json"
    document.write_text("""{"version": 1, "title": "Days", "timeZone": "America/Los_Angeles",
      "items": [{"id": "a", "title": "Before", "start": "2026-11-20"},
                {"id": "b", "title": "Today", "start": "2026-11-21"},
                {"id": "c", "title": "After", "start": "2026-11-24"}]}""")
    page = open_page(render(document, tmp_path / "days.html", locale=locale), device=device)
    today = page.locator(".tl-stamp .tl-today")
    expect(today).to_have_count(1)
    other = page.locator("#item-a .tl-stamp time").bounding_box()
    pill = today.bounding_box()
    node = page.locator("#item-b .tl-node").bounding_box()
    assert pill["height"] <= other["height"] + 0.5, (pill, other)
    # Clear of the node beside it, on either side (right to left in Arabic).
    assert pill["x"] + pill["width"] <= node["x"] or node["x"] + node["width"] <= pill["x"], (pill, node)
