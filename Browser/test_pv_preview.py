"""The preview strip page (`timeline preview --format html`): PV-1 (read-only, one link to
the full timeline), PV-2 (2 objects on phones, 4 on tablets), PV-3 ("See All (N)"), PV-4
("Today"), PV-5 (no line past the last object shown), compared with the core's
`timeline preview --format json --size compact|regular`."""

import pytest
from playwright.sync_api import expect

import pages as page_factory

SIZES = {"phone": "compact", "tablet": "regular"}


def core_preview(size: str) -> dict:
    return page_factory.core_model(page_factory.EXAMPLES / "work-package.json",
                                   ["--size", size], subcommand="preview")


def shown(page):
    return page.locator(".tl-strip > li:visible")


@pytest.mark.parametrize("device", SIZES)
def test_pv2_preview_shows_the_core_items_for_the_width(open_page, pages, device):
    page = open_page(pages["preview"], device)
    model = core_preview(SIZES[device])
    items = shown(page)
    expect(items).to_have_count(len(model["items"]))
    expect(items.locator("p")).to_have_text([item["title"] for item in model["items"]])
    expect(items.locator("time")).to_have_text([item["timestamp"] for item in model["items"]])


@pytest.mark.parametrize("device", SIZES)
def test_pv1_pv3_strip_opens_the_timeline_and_see_all_names_the_total(open_page, pages, device):
    page = open_page(pages["preview"], device)
    model = core_preview(SIZES[device])
    see_all = page.get_by_role("link", name=model["seeAll"]["label"])
    expect(see_all).to_be_visible()
    expect(see_all).to_have_attribute("href", "#timeline")
    strip = page.locator("a.tl-preview-link")
    expect(strip).to_have_attribute("href", "#timeline")
    # Read-only: nothing inside the strip is focusable on its own.
    expect(strip.locator("a, button, input, [tabindex]")).to_have_count(0)


@pytest.mark.parametrize("device", SIZES)
def test_a11y1_pv_preview_items_are_announced_item_i_of_the_items_shown(open_page, pages, device):
    page = open_page(pages["preview"], device)
    model = core_preview(SIZES[device])
    labels = shown(page).locator(".tl-sr").all_text_contents()
    assert labels == [item["accessibilityLabel"] for item in model["items"]], (
        f"{device}: the strip announces {labels}, the core (for {SIZES[device]} width) says "
        f"{[item['accessibilityLabel'] for item in model['items']]}")


def test_pv4_current_objects_read_today(open_page, pages):
    page = open_page(pages["preview"], "tablet")
    current = page.locator(".tl-strip > li[data-tense=current] time")
    assert current.count() > 0
    expect(current).to_have_text(["Today"] * current.count())


@pytest.mark.parametrize("device", SIZES)
def test_pv5_no_line_past_the_last_object_shown(open_page, pages, device):
    page = open_page(pages["preview"], device)
    last_segment = shown(page).last.locator(".tl-seg-h")
    width = last_segment.evaluate(
        "s => getComputedStyle(s).display === 'none' ? 0 : "
        "(getComputedStyle(s).borderTopStyle === 'none' || "
        "getComputedStyle(s).borderTopColor === 'rgba(0, 0, 0, 0)' ? 0 : "
        "parseFloat(getComputedStyle(s).borderTopWidth))")
    assert width == 0, f"{device}: the last object shown still draws a line after it"
