"""SEC-1: all user text is escaped in HTML and SVG. A document whose every string field
(JSON format v1) holds script, attribute, style, CDATA and URL injections, control
characters and 500-character strings is rendered to HTML (timeline, list, preview, with
chips from hostile filters and a hostile selection) and to SVG (light and dark), then
opened in Chromium: no dialog may open, nothing may run, no element may gain an event
handler, and the hostile text must read as literal text."""

from __future__ import annotations

import json
import pathlib
import re
import xml.dom.minidom

import pytest
from playwright.sync_api import expect

import nu
import pages as page_factory

SCRIPT = "<script>alert(1)</script>"
PAYLOADS = [
    SCRIPT,
    '" onmouseover="alert(1)',
    "'><img src=x onerror=alert(1)>",
    "</style><script>alert(1)</script>",
    "]]>",
    "javascript:alert(1)",
    "\u0001\u0007 control characters",
    "</title><script>window.__pwned.push('title')</script>",
    "<svg onload=alert(1)>",
    "<img src=x onerror=\"window.__pwned.push('img')\">",
    "<![CDATA[<script>alert(1)</script>]]>",
    "<!-- --><script>alert(1)</script>",
    "&lt;b&gt;not bold&lt;/b&gt; &amp;",
    "</textarea></noscript></template><script>alert(1)</script>",
    "<a href=\"javascript:alert(1)\">link</a>",
    "\u202eevil right-to-left override",
    "{{constructor.constructor('alert(1)')()}}",
    "<style>*{display:none!important}</style>",
    ("<script>alert(1)</script>" * 20 + "x" * 500)[:500],
    "é" * 500,
]
# What a literal payload looks like once XML-forbidden characters became U+FFFD.
VISIBLE = [p.replace("\u0001", "\ufffd").replace("\u0007", "\ufffd") for p in PAYLOADS]

PROBE = """
window.__pwned = [];
for (const name of ["alert", "confirm", "prompt", "print", "open"]) {
  const original = window[name];
  window[name] = function (...args) {
    window.__pwned.push(name + "(" + args.join(",") + ")");
    return original.apply(this, args);
  };
}
document.addEventListener("securitypolicyviolation",
  e => window.__pwned.push("csp " + e.violatedDirective + " " + e.blockedURI), true);
"""


def hostile_document() -> dict:
    items = []
    for index, payload in enumerate(PAYLOADS):
        other = PAYLOADS[(index + 1) % len(PAYLOADS)]
        items.append({
            "id": f"{payload}#{index}",
            "kind": ["event", "start", "end", "inactive", "earlyEnd"][index % 5]
            if index in (0, 5, 10, 15) else "event",
            "title": payload,
            "subtitle": other,
            "description": payload + " " + other,
            "supportingText": payload,
            "statusLabel": payload,
            "substatusLabel": other,
            "icon": payload,
            "attributes": [payload, SCRIPT],
            "status": ["open", "inProgress", "completed", "empty"][index % 4],
            "priority": index,
            "start": f"2026-11-{10 + index:02d}T09:{index:02d}:00Z",
            "end": f"2026-11-{10 + index:02d}T10:{index:02d}:00Z",
            "children": [{"id": f"child {payload} {index}", "title": other,
                          "subtitle": payload, "start": f"2026-11-{10 + index:02d}T09:30:00Z"}],
            payload: payload,  # an unknown key: ignored
        })
    return {"version": 1, "title": SCRIPT, "timeZone": "UTC", "headerUnit": "day",
            "items": items, "unknown </script>": SCRIPT}


@pytest.fixture(scope="module")
def hostile(workdir) -> dict[str, pathlib.Path]:
    document = workdir / "hostile.json"
    document.write_text(json.dumps(hostile_document(), ensure_ascii=False), encoding="utf-8")
    chips = ["--filter", f"attribute={SCRIPT}", "--fast-filters",
             "attribute=\" onmouseover=\"alert(1),status=open", "--sort", "title:desc,priority",
             "--select", f"{PAYLOADS[1]}#1"]
    out = {
        "timeline.html": page_factory.render(document, workdir / "hostile-timeline.html",
                                             extra=chips),
        "list.html": page_factory.render(document, workdir / "hostile-list.html",
                                         extra=["--view", "list"]),
        "preview.html": page_factory.render(document, workdir / "hostile-preview.html",
                                            subcommand="preview",
                                            extra=["--title", PAYLOADS[2], "--count", "4"]),
        "rtl.html": page_factory.render(document, workdir / "hostile-rtl.html",
                                        extra=["--locale", "ar"]),
    }
    for appearance in ("light", "dark"):
        out[f"timeline-{appearance}.svg"] = page_factory.render(
            document, workdir / f"hostile-timeline-{appearance}.svg", fmt="svg",
            extra=["--appearance", appearance])
    out["list.svg"] = page_factory.render(document, workdir / "hostile-list.svg", fmt="svg",
                                          extra=["--view", "list"])
    out["preview.svg"] = page_factory.render(document, workdir / "hostile-preview.svg",
                                             fmt="svg", subcommand="preview",
                                             extra=["--title", PAYLOADS[2], "--count", "4"])
    return out


HTML = ["timeline.html", "list.html", "preview.html", "rtl.html"]
SVG = ["timeline-light.svg", "timeline-dark.svg", "list.svg", "preview.svg"]


def assert_nothing_ran(page, dialogs, what):
    # Hover and focus everything once so that injected handlers would have had their chance.
    page.evaluate("""() => { for (const el of document.querySelectorAll('*')) {
        for (const type of ['mouseover', 'focus', 'click'])
          if (type !== 'click' || !el.closest('a,button,dialog')) el.dispatchEvent(new Event(type));
      } }""")
    pwned = page.evaluate("window.__pwned")
    assert dialogs == [] and pwned == [], f"{what}: dialogs {dialogs}, probe {pwned}"
    assert not page.script_errors, f"{what}: script errors {page.script_errors}"
    handlers = page.evaluate("""() => [...document.querySelectorAll('*')].flatMap(el =>
        [...el.attributes].filter(a => /^on/i.test(a.name) ||
          (/^(href|src|action|formaction|xlink:href|data)$/i.test(a.name) &&
           /^\\s*javascript:/i.test(a.value))).map(a => el.tagName + ' ' + a.name + '=' + a.value))""")
    assert handlers == [], f"{what}: injected attributes {handlers}"


@pytest.mark.parametrize("name", HTML)
def test_sec1_hostile_html_runs_nothing_and_shows_literal_text(open_page, hostile, name):
    dialogs = []
    page = open_page(hostile[name], "tablet", init_script=PROBE)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    assert_nothing_ran(page, dialogs, name)
    # Only the renderer's own script element; no injected elements.
    expect(page.locator("script")).to_have_count(1)
    expect(page.locator("main img, main iframe, main object, main embed, main style, "
                        "main template, main textarea, main noscript, main b")).to_have_count(0)
    expect(page.locator("main svg:not(.tl-node)")).to_have_count(0)
    # The page title and the heading show the payload as text.
    title = PAYLOADS[2] if name == "preview.html" else SCRIPT  # preview: --title
    assert page.title() == title
    expect(page.locator("h1")).to_have_text(title)
    text = page.locator("main").inner_text()
    missing = [v for v in VISIBLE[:18] if v not in text and name != "preview.html"]
    assert not missing, f"{name}: payloads not shown literally: {missing}"
    assert "\u0001" not in page.content() and "\u0007" not in page.content()


def test_sec1_hostile_html_visible_text_is_literal(open_page, hostile):
    page = open_page(hostile["timeline.html"], "tablet", init_script=PROBE)
    for payload in ["'><img src=x onerror=alert(1)>", "</style><script>alert(1)</script>",
                    "&lt;b&gt;not bold&lt;/b&gt; &amp;"]:
        expect(page.locator(".tl-title").filter(has_text=payload).first).to_be_visible()
    # The hostile chip texts too (FFB-7 text is the value).
    expect(page.locator(".tl-chip").filter(has_text=SCRIPT)).to_have_count(1)
    expect(page.locator(".tl-chip").filter(has_text=SCRIPT)).to_be_visible()


def test_sec1_hostile_page_chips_and_dialog_stay_inert_when_used(open_page, hostile):
    dialogs = []
    page = open_page(hostile["timeline.html"], "phone", init_script=PROBE)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    # Deactivating a filter that is not a fast filter removes its chip (FFB-6), so the chips
    # are clicked from the last one, each once.
    chips = page.locator(".tl-chip[data-kind=filter]")
    for index in reversed(range(chips.count())):
        chips.nth(index).click()
    page.locator(".tl-chip[data-kind=sort]").click()
    expect(page.locator("#tl-sort-filter")).to_be_visible()
    page.keyboard.press("Escape")
    assert_nothing_ran(page, dialogs, "timeline.html after using the chips")


def test_sec1_hostile_html_passes_the_nu_checker(hostile):
    paths = [hostile[name] for name in HTML]
    messages = nu.check(paths)
    errors = [f"{path.name} {nu.describe(m)}" for path in paths for m in messages[path]
              if m["type"] == "error"]
    assert not errors, f"Nu checker {nu.version()}:\n" + "\n".join(errors)


@pytest.mark.parametrize("name", SVG)
def test_sec1_hostile_svg_is_well_formed_and_inert(open_page, hostile, name):
    source = hostile[name].read_text(encoding="utf-8")
    xml.dom.minidom.parseString(source.encode("utf-8"))  # raises on malformed XML
    dialogs = []
    page = open_page(hostile[name], "tablet", init_script=PROBE)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    assert page.evaluate("document.documentElement.namespaceURI") == "http://www.w3.org/2000/svg"
    assert_nothing_ran(page, dialogs, name)
    assert page.locator("script, foreignObject, iframe, image, a").count() == 0
    # The title shows as literal text (in <title>, and drawn in a <text>).
    text = page.evaluate("document.documentElement.textContent")
    literal = PAYLOADS[2] if name == "preview.svg" else SCRIPT  # preview: --title
    assert literal in text, f"{literal!r} not in the text of {name}: {text[:300]!r}"
    # Drawn too (an image with no <text>, as the placeholder renderer was, fails here).
    drawn = page.locator("text").evaluate_all(
        "ts => ts.map(t => t.textContent.replace(/[\\u2066-\\u2069]/g, ''))")
    assert drawn, f"{name}: no <text> drawn"
    assert any(literal in line for line in drawn), \
        f"{name}: {literal!r} is not drawn as literal text: {drawn[:5]}"


@pytest.mark.parametrize("embedding", ["img", "object"])
@pytest.mark.parametrize("name", SVG)
def test_sec1_hostile_svg_embedded_in_a_page_is_inert(open_page, hostile, workdir, name,
                                                      embedding):
    svg = hostile[name]
    wrapper = workdir / f"embed-{embedding}-{svg.stem}.html"
    element = (f'<img id="image" alt="hostile" src="{svg.name}">' if embedding == "img"
               else f'<object id="image" type="image/svg+xml" data="{svg.name}"></object>')
    wrapper.write_text(f"<!DOCTYPE html><html lang=en><title>embed</title>{element}",
                       encoding="utf-8")
    dialogs = []
    page = open_page(wrapper, "tablet", init_script=PROBE)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    if embedding == "img":
        # A malformed SVG does not decode: naturalWidth stays 0.
        page.wait_for_function("document.getElementById('image').complete")
        assert page.evaluate("document.getElementById('image').naturalWidth") > 0, \
            f"{name} did not decode as an image (malformed SVG?)"
    else:
        # The SVG document gets its own frame (the probe is installed in every frame); the
        # page's load event waited for it.
        frames = [frame for frame in page.frames if frame.url.endswith(svg.name)]
        assert len(frames) == 1, [frame.url for frame in page.frames]
        frame = frames[0]
        frame.wait_for_load_state()
        assert frame.evaluate("document.documentElement.localName") == "svg"
        frame_probe = frame.evaluate("window.__pwned || []")
        assert frame_probe == [], f"{name} in <object>: {frame_probe}"
    page.mouse.move(200, 20)
    assert dialogs == [] and page.evaluate("window.__pwned") == [], \
        f"{name} in <{embedding}>: dialogs {dialogs}"


@pytest.mark.parametrize("field", ["kind", "status", "start", "end", "timeZone", "headerUnit",
                                   "version"])
def test_sec1_io4_hostile_values_of_checked_fields_are_rejected(workdir, field):
    document = {"version": 1, "items": [{"title": "ok", "start": "2026-11-21T09:00:00Z"}]}
    if field in ("timeZone", "headerUnit", "version"):
        document[field] = SCRIPT
    else:
        document["items"][0][field] = SCRIPT
    path = workdir / f"reject-{field}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = workdir / f"reject-{field}.html"
    result = page_factory.run(["render", str(path), "--format", "html", "-o", str(out)],
                              check=False)
    assert result.returncode == 65, (field, result.returncode, result.stderr)
    assert re.search(rf"{re.escape(path.name)}:\d+:\d+: ", result.stderr.decode()), result.stderr
    assert not out.exists(), "a rejected document must not leave output behind"
