"""TL-2: a card's description wraps to 3 lines, then truncates with an ellipsis, on phones
as on tablets (the core's `TimelineRow.lineLimits`, which SVG and terminal output follow)."""

from __future__ import annotations

import pytest

DEVICES = ["phone", "tablet"]

# The description of the seed's work package (146 characters): its line clamp, its lines
# as drawn, and whether text was cut.
MEASURE = """() => {
    const element = document.querySelector('#item-t1 .tl-description');
    const style = getComputedStyle(element);
    const line = parseFloat(style.lineHeight);
    return { clamp: style.getPropertyValue('-webkit-line-clamp'),
             lines: Math.round(element.clientHeight / line),
             cut: element.scrollHeight > element.clientHeight + 1 };
}"""


@pytest.mark.parametrize("device", DEVICES)
def test_tl2_a_description_wraps_to_three_lines_then_truncates_on_every_width(open_page, pages,
                                                                            device):
    page = open_page(pages["work-package"], device)
    measured = page.evaluate(MEASURE)
    assert measured["clamp"] == "3", measured
    if device == "phone":
        # On a phone the text is longer than three lines: three are shown, the rest cut.
        assert measured["lines"] == 3, measured
        assert measured["cut"], measured
    else:
        assert 1 <= measured["lines"] <= 3, measured
