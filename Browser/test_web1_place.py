"""A place you can share: `?at=ITEM` opens the timeline at that item, its row at the top and
focused; scrolling keeps the first row in view in the address (replacing the history entry,
not adding one), so the copied address opens where the reader was."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import expect

import app

NOW = app.NOW


def first_row_in_view(page) -> str:
    return page.evaluate("""() => {
      for (const row of document.querySelectorAll(".tl-timeline .tl-row")) {
        const header = row.closest(".tl-section").querySelector(".tl-header");
        if (row.getBoundingClientRect().bottom > header.getBoundingClientRect().bottom + 4)
          return row.id;
      }
      return null; }""")


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_web1_at_opens_at_the_item_and_scrolling_keeps_the_place_in_the_address(
        open_page, server, device):
    page = open_page(f"{server}/timelines/1?at=r1500&now={NOW}", device)
    row = page.locator("#item-r1500")
    expect(row.locator("a.tl-cell")).to_be_focused()
    assert first_row_in_view(page) == "item-r1500"
    length = page.evaluate("history.length")
    page.mouse.move(200, 400)
    for _ in range(4):
        page.mouse.wheel(0, 500)
    expect(page).to_have_url(re.compile(r"[?&]at=r\d+"))
    page.wait_for_function(
        "() => new URL(location.href).searchParams.get('at') !== 'r1500'")
    # The address names the row now first in view, once the scrolling has settled.
    page.wait_for_function(
        """() => { const id = new URL(location.href).searchParams.get('at');
                   const row = document.getElementById('item-' + id);
                   const header = row.closest('.tl-section').querySelector('.tl-header');
                   const box = row.getBoundingClientRect();
                   return box.bottom > header.getBoundingClientRect().bottom
                     && box.top < header.getBoundingClientRect().bottom + 200; }""")
    assert page.evaluate("history.length") == length, "replaced, not pushed"
    place = parse_qs(urlparse(page.url).query)["at"][0]
    assert place != "r1500"
    # The copied address opens there.
    copy = open_page(page.url, device)
    expect(copy.locator(f"#item-{place} a.tl-cell")).to_be_focused()
    assert first_row_in_view(copy) == f"item-{place}"
    assert page.script_errors == [] and copy.script_errors == []
