"""TL-6 "Jump to now": offered only where there is a now indicator (not on an empty timeline,
not when search or filters leave no rows), and never drawn over the text of a card: in the
app it rests on an opaque bar of its own at the bottom of the window, which stands below the
last row at the end of the page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import app
from pages import EXAMPLES, render

DEVICES = ["phone", "tablet"]
NOW = app.NOW


@pytest.fixture(scope="module")
def jump_server(tmp_path_factory):
    """`timeline serve` with 600 tasks (timeline 1) and an empty timeline (timeline 2)."""
    folder = tmp_path_factory.mktemp("jump")
    db = folder / "app.sqlite"
    app.import_file(app.tasks_csv(folder / "tasks.csv", 600), db, "Tasks")
    app.import_file(EXAMPLES / "empty.json", db, "Nothing planned")
    with app.serve(db) as (url, _):
        yield url


@pytest.mark.parametrize("javascript", [True, False])
def test_tl6_an_empty_timeline_in_the_app_offers_no_jump_to_now(open_page, jump_server,
                                                                  javascript):
    page = open_page(f"{jump_server}/timelines/2?now={NOW}", "phone",
                     java_script_enabled=javascript)
    expect(page.locator(".tl-empty")).to_be_visible()
    expect(page.locator(".tl-now")).to_have_count(0)
    expect(page.locator(".tl-jump")).to_have_count(0)
    expect(page.get_by_role("link", name="Jump to now")).to_have_count(0)
    # A search that leaves no rows: no indicator, so nothing to jump to either.
    page = open_page(f"{jump_server}/timelines/1?now={NOW}&q=no+such+words+anywhere", "phone",
                     java_script_enabled=javascript)
    expect(page.locator(".tl-row")).to_have_count(0)
    expect(page.locator(".tl-jump")).to_have_count(0)
    # The same timeline unfiltered has its indicator and the link to it.
    page = open_page(f"{jump_server}/timelines/1?now={NOW}", "phone",
                     java_script_enabled=javascript)
    expect(page.locator(".tl-now")).to_have_count(1)
    expect(page.get_by_role("link", name="Jump to now")).to_have_count(1)


# What is drawn in the bar's band of the viewport: every point of it must hit the bar (no row
# shows through or beside it), and the bar must be opaque and as wide as the rows.
BAND_PROBLEMS = """() => {
    const bar = document.querySelector('.tl-jump');
    if (!bar) return ['no .tl-jump'];
    const box = bar.getBoundingClientRect();
    const rows = document.querySelector('.tl-timeline').getBoundingClientRect();
    const problems = [];
    const background = getComputedStyle(bar).backgroundColor;
    const alpha = background.startsWith('rgba(') ? parseFloat(background.split(',')[3]) : 1;
    if (background === 'transparent' || alpha < 1) problems.push('the bar is not opaque: ' + background);
    if (box.left > rows.left + 0.5 || box.right < rows.right - 0.5)
        problems.push(`the bar (${box.left}-${box.right}) is narrower than the rows (${rows.left}-${rows.right})`);
    const top = Math.max(box.top, 0) + 1, bottom = Math.min(box.bottom, innerHeight) - 1;
    if (bottom <= top) return problems;
    for (let x = Math.ceil(rows.left) + 1; x < rows.right - 1; x += 6) {
        for (const y of [top, (top + bottom) / 2, bottom]) {
            const hit = document.elementFromPoint(x, y);
            if (hit && !bar.contains(hit)) {
                problems.push(`at ${Math.round(x)},${Math.round(y)}: ${hit.tagName.toLowerCase()}.${hit.className} `
                              + JSON.stringify(hit.textContent.trim().slice(0, 30)));
                return problems;
            }
        }
    }
    return problems;
}"""


@pytest.mark.parametrize("device", DEVICES)
def test_tl6_jump_to_now_draws_no_card_text_beside_or_under_it(open_page, jump_server, device):
    page = open_page(f"{jump_server}/timelines/1?now={NOW}", device)
    jump = page.get_by_role("link", name="Jump to now")
    expect(jump).to_be_in_viewport()
    for step in range(4):
        problems = page.evaluate(BAND_PROBLEMS)
        assert not problems, f"{device}, step {step}: " + "; ".join(problems)
        page.evaluate("window.scrollBy(0, innerHeight / 3)")
    jump.click()
    expect(page.locator(".tl-now")).to_be_in_viewport()
    problems = page.evaluate(BAND_PROBLEMS)
    assert not problems, f"{device}, after the jump: " + "; ".join(problems)
    assert not page.script_errors


@pytest.mark.parametrize("device", DEVICES)
def test_tl6_at_the_end_of_the_page_jump_to_now_stands_below_the_last_row(open_page, jump_server,
                                                                          device):
    """Without the script the page is one window: scrolled to its end, the bar keeps its own
    room below the rows and the "Later" link, covering none of them."""
    page = open_page(f"{jump_server}/timelines/1?now={NOW}", device, java_script_enabled=False)
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    covered = page.evaluate("""() => {
        const bar = document.querySelector('.tl-jump').getBoundingClientRect();
        return [...document.querySelectorAll('.tl-row, .tl-more')].filter(e => {
            const r = e.getBoundingClientRect();
            return r.bottom > bar.top + 0.5 && r.top < bar.bottom - 0.5; }).map(e => e.id || e.className);
    }""")
    assert not covered, f"{device}: the bar covers {covered}"


@pytest.mark.parametrize("device", DEVICES)
def test_tl6_filtering_the_page_to_nothing_hides_jump_to_now(open_page, tmp_path, device):
    """The standalone page: its "Jump to now" goes with the indicator when the search leaves
    no rows, and comes back with it."""
    page = open_page(render(EXAMPLES / "work-package.json", tmp_path / "jump.html"), device)
    jump = page.get_by_role("link", name="Jump to now")
    expect(jump).to_be_visible()
    search = page.get_by_role("searchbox", name="Search")
    search.fill("no such words anywhere")
    expect(page.locator(".tl-now")).to_be_hidden()
    expect(jump).to_be_hidden()
    search.fill("")
    expect(page.locator(".tl-now")).to_be_visible()
    expect(jump).to_be_visible()
