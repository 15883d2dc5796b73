"""OUT-1 (SVG output) with TL-2 and PV-1 (titles wrap to 2 lines, then truncate): for one-item
documents whose title is 1 to 500 characters of Latin, CJK or Arabic text (Arabic also in
the mirrored `--locale ar` layout), every `<text>`
of `timeline render --format svg` (and `timeline preview --format svg`) must lie inside its
card, measured by Chromium with getBBox(); text outside any card must lie inside the image.

The card of a text is found through a hook in the SVG: an ancestor `<g>` whose class names a
card (`tl-card`, `card`) or that has `data-card`/`data-role="card"`, whose first `<rect>` is
the card's shape; else the nearest preceding sibling `<rect>` marked the same way; else (what
the renderer emits today) the ancestor `<g clip-path="url(#…)">` whose clipPath is the
card's `<rect>` (a preview item's column has no visible card: its clip is its box). getBBox()
ignores clipping, so text cut off by the clip instead of wrapped or truncated with an
ellipsis is caught. An image with no `<text>`, or none in a card the test can find, fails."""

from __future__ import annotations

import json

import pytest

import pages as page_factory

WORDS = {
    "latin": "Planned downtime of conveyor drive two for the bearing replacement ",
    "cjk": "東京オフィスとの定例会議で保守計画を確認する",
    "arabic": "مراجعة خطة الصيانة السنوية لخط الإنتاج الرابع ",
}
LENGTHS = [1, 20, 80, 200, 500]
CASES = [(script, length, False, "en_US") for script in WORDS for length in LENGTHS] + \
        [(script, 500, True, "en_US") for script in WORDS] + \
        [("arabic", length, False, "ar") for length in LENGTHS] + [("arabic", 500, True, "ar")]


def text_of(script: str, length: int) -> str:
    words = WORDS[script]
    return (words * (length // len(words) + 1))[:length].rstrip() or words[0]


def document(script: str, length: int, every_field: bool) -> dict:
    title = text_of(script, length)
    item = {"id": "only", "title": title, "start": "2026-11-21T09:45:00-08:00",
            "end": "2026-11-21T11:00:00-08:00", "status": "inProgress"}
    if every_field:
        long = text_of(script, 500)
        item.update({"subtitle": long, "description": long, "supportingText": long,
                     "statusLabel": long, "substatusLabel": long, "attributes": [long, long],
                     "icon": long})
    return {"version": 1, "title": title, "timeZone": "America/Los_Angeles", "items": [item]}


MEASURE = """svg => {
  const root = svg;
  const isCard = el => !!el && el.nodeType === 1 && (
      /(^|\\s)(tl-)?card(\\s|$)/.test(el.getAttribute('class') || '') ||
      el.hasAttribute('data-card') || el.getAttribute('data-role') === 'card');
  const box = el => {
    const b = el.getBBox(), m = el.getScreenCTM();
    const points = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
                    [b.x + b.width, b.y + b.height]].map(([x, y]) => {
      const p = root.createSVGPoint(); p.x = x; p.y = y; return p.matrixTransform(m); });
    const xs = points.map(p => p.x), ys = points.map(p => p.y);
    return {left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs),
            bottom: Math.max(...ys)};
  };
  const corners = (x, y, width, height, m) => {
    const points = [[x, y], [x + width, y], [x, y + height], [x + width, y + height]].map(
      ([px, py]) => { const p = root.createSVGPoint(); p.x = px; p.y = py;
                      return p.matrixTransform(m); });
    const xs = points.map(p => p.x), ys = points.map(p => p.y);
    return {left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs),
            bottom: Math.max(...ys)};
  };
  // The clip rectangle of a <g clip-path="url(#id)"> whose clipPath is one user-space <rect>.
  const clipBox = g => {
    const id = /url\(\s*#([^)\s]+)\s*\)/.exec(g.getAttribute('clip-path') || '');
    const clip = id && document.getElementById(id[1]);
    if (!clip || clip.getAttribute('clipPathUnits') === 'objectBoundingBox') return null;
    const shapes = clip.children;
    if (shapes.length !== 1 || shapes[0].localName !== 'rect') return null;
    const r = shapes[0];
    return corners(r.x.baseVal.value, r.y.baseVal.value, r.width.baseVal.value,
                   r.height.baseVal.value, g.getScreenCTM());
  };
  const cardOf = text => {
    for (let el = text.parentElement; el && el !== root.parentElement; el = el.parentElement) {
      if (el.localName === 'g' && isCard(el)) {
        const shape = el.querySelector(':scope > rect, :scope > path');
        if (shape) return {hook: 'class', box: box(shape)};
      }
      if (el.localName === 'rect' && isCard(el)) return {hook: 'class', box: box(el)};
    }
    for (let el = text.previousElementSibling; el; el = el.previousElementSibling)
      if ((el.localName === 'rect' || el.localName === 'path') && isCard(el))
        return {hook: 'class', box: box(el)};
    for (let el = text.parentElement; el && el !== root; el = el.parentElement)
      if (el.localName === 'g' && el.hasAttribute('clip-path')) {
        const clip = clipBox(el);
        if (clip) return {hook: 'clip-path', box: clip};
      }
    return null;
  };
  const r = root.getBoundingClientRect();
  const image = {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
  return [...root.querySelectorAll('text')].map(text => {
    const card = cardOf(text);
    return {text: text.textContent, box: box(text), card: card ? card.box : null,
            hook: card ? card.hook : null, image};
  });
}"""


def outside(inner: dict, outer: dict, slack: float = 0.5) -> list[str]:
    sides = []
    if inner["left"] < outer["left"] - slack:
        sides.append(f"left by {outer['left'] - inner['left']:.1f}px")
    if inner["right"] > outer["right"] + slack:
        sides.append(f"right by {inner['right'] - outer['right']:.1f}px")
    if inner["top"] < outer["top"] - slack:
        sides.append(f"top by {outer['top'] - inner['top']:.1f}px")
    if inner["bottom"] > outer["bottom"] + slack:
        sides.append(f"bottom by {inner['bottom'] - outer['bottom']:.1f}px")
    return sides


@pytest.mark.parametrize("view", ["render", "preview"])
@pytest.mark.parametrize(
    "script,length,every_field,locale", CASES,
    ids=[f"{s}-{n}{'-every-field' if e else ''}{'-rtl' if l == 'ar' else ''}"
         for s, n, e, l in CASES])
def test_out1_tl2_svg_text_stays_inside_its_card(open_page, workdir, view, script, length,
                                                 every_field, locale):
    name = f"svg-{view}-{script}-{length}{'-all' if every_field else ''}-{locale}"
    source = workdir / f"{name}.json"
    source.write_text(json.dumps(document(script, length, every_field), ensure_ascii=False),
                      encoding="utf-8")
    extra = ["--count", "1"] if view == "preview" else []
    svg = page_factory.render(source, workdir / f"{name}.svg", subcommand=view, fmt="svg",
                              extra=extra, locale=locale)
    page = open_page(svg, "tablet")
    root = page.locator(":root")
    assert page.evaluate("document.documentElement.localName") == "svg"
    texts = root.evaluate(MEASURE)
    assert texts, f"{name}: no <text> elements"
    problems = []
    in_cards = [t for t in texts if t["card"]]
    if not in_cards:
        pytest.fail(f"{name}: no <text> is inside a card the test can find. Needed hook: wrap "
                    "each card in <g class=\"tl-card\"> (or data-card) with the card's <rect> "
                    "first, give the card's <rect> class=\"tl-card\" before its texts, or clip "
                    "the card's texts with <g clip-path> to a clipPath holding the card's <rect>")
    title_start = text_of(script, length)[:8].strip()
    if not any(title_start in t["text"] for t in in_cards):
        problems.append(f"no text in a card starts the title {title_start!r}")
    for t in texts:
        sides = outside(t["box"], t["card"] or t["image"])
        if sides:
            where = "its card" if t["card"] else "the image"
            problems.append(f"{t['text'][:40]!r} leaves {where}: {', '.join(sides)}")
    assert not problems, f"{name}:\n" + "\n".join(problems)


def test_out1_svg_card_measurement_finds_cards_and_overflow(open_page, workdir):
    """The measurement itself, on a hand-written SVG: a text inside a `<g class="tl-card">`,
    one after a `<rect data-card>` overflowing it, and one before any card."""
    svg = workdir / "measure-self-check.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">'
        '<text x="10" y="150" font-size="14">free</text>'
        '<g class="tl-card" transform="translate(10 10)"><rect width="200" height="40"/>'
        '<text x="8" y="24" font-size="14">fits</text></g>'
        '<rect data-card="" x="10" y="60" width="100" height="40"/>'
        '<text x="18" y="84" font-size="14">this one is far too long for its card</text>'
        '</svg>', encoding="utf-8")
    page = open_page(svg, "tablet")
    texts = page.locator(":root").evaluate(MEASURE)
    assert [t["text"] for t in texts] == ["free", "fits", "this one is far too long for its card"]
    free, fits, long = texts
    assert fits["card"] and not outside(fits["box"], fits["card"])
    assert abs(fits["card"]["left"] - 10) < 0.01 and abs(fits["card"]["right"] - 210) < 0.01
    assert long["card"] and outside(long["box"], long["card"])[0].startswith("right by")
    assert free["card"] is None and not outside(free["box"], free["image"])


def test_out1_svg_card_measurement_uses_the_clip_path_of_a_card(open_page, workdir):
    """The hook the renderer emits today: card texts in `<g clip-path="url(#c)">` whose
    clipPath holds the card's rect; a text cut off by the clip is reported."""
    svg = workdir / "measure-clip-check.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 600 400">'
        '<defs><clipPath id="c0"><rect x="20" y="20" width="200" height="60" rx="8"/></clipPath>'
        '</defs><rect x="20.5" y="20.5" width="199" height="59" rx="8" fill="#fff"/>'
        '<g clip-path="url(#c0)"><text x="30" y="50" font-size="14">inside</text>'
        '<text x="30" y="70" font-size="14">cut off by the clip instead of being wrapped</text>'
        '</g></svg>', encoding="utf-8")
    page = open_page(svg, "tablet")
    inside, cut = page.locator(":root").evaluate(MEASURE)
    assert inside["hook"] == cut["hook"] == "clip-path"
    # viewBox 600×400 drawn at 300×200: the clip box is scaled by 0.5.
    assert abs(inside["card"]["left"] - 10) < 0.01 and abs(inside["card"]["right"] - 110) < 0.01
    assert not outside(inside["box"], inside["card"])
    assert outside(cut["box"], cut["card"])[0].startswith("right by")
