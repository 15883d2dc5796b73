"""CARD-4, CARD-5: every part of a card is a link with a stable id that fires a
`timeline:select` DOM event with its `card/element[/child]` path, by pointer and keyboard."""

from playwright.sync_api import expect

RECORDER = """
window.__events = [];
document.addEventListener("timeline:select", e => window.__events.push(e.detail));
"""


def test_card4_clicking_parts_fires_timeline_select_with_their_paths(open_page, pages):
    page = open_page(pages["cards"], "tablet", init_script=RECORDER)
    page.locator("#card-0-1").click()
    page.locator("#card-0-1-0").click()
    page.locator("#card-0-header").click()
    page.locator("#card-0-footer").click()
    assert page.evaluate("window.__events") == [
        {"path": "0/1", "type": "selectElement"},
        {"path": "0/1/0", "type": "selectChild"},
        {"path": "0/header", "type": "touchHeader"},
        {"path": "0/footer", "type": "touchFooter"},
    ]


def test_card4_keyboard_reaches_and_activates_parts(open_page, pages):
    page = open_page(pages["cards"], "phone", init_script=RECORDER)
    page.locator("#card-1-0").focus()
    page.keyboard.press("Tab")
    expect(page.locator("#card-1-1")).to_be_focused()
    page.keyboard.press("Enter")
    assert page.evaluate("window.__events") == [{"path": "1/1", "type": "selectElement"}]


def test_card5_feed_is_a_role_feed_of_articles_with_positions(open_page, pages):
    page = open_page(pages["cards"], "phone")
    articles = page.locator("[role=feed] > article")
    expect(articles).to_have_count(3)
    for index in range(3):
        expect(articles.nth(index)).to_have_attribute("aria-posinset", str(index + 1))
        expect(articles.nth(index)).to_have_attribute("aria-setsize", "3")
    expect(page.locator("#card-0-2")).to_have_attribute("aria-current", "true")


def test_card6_horizontal_feed_pages_sideways(open_page, pages):
    page = open_page(pages["cards-horizontal"], "phone")
    feed = page.locator("[role=feed]")
    assert feed.evaluate("f => getComputedStyle(f).flexDirection") == "row"
    assert feed.evaluate("f => f.scrollWidth > f.clientWidth"), "the feed scrolls sideways"
