"""WEB-1: the journeys of `timeline serve` in Chromium, at phone and tablet sizes, with and
without JavaScript: scroll into the past and the future with a bounded DOM, toggle a fast
filter, drill down and mark complete, and axe on every page. The server runs on a temporary
database on a free loopback port and is stopped by the fixture that started it."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from playwright.sync_api import expect

from test_a11y1_axe import violations

NOW = "2026-11-21T12:00:00Z"
DEVICES = ["phone", "tablet"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("app")
    binary = os.environ["TIMELINE_BIN"]
    rows = ["id,title,start,status,priority,attributes"]
    for index in range(3000):
        day = index // 4
        month, mday = divmod(day, 28)
        year = 2025 + month // 12
        status = ["open", "completed", "inProgress"][index % 3]
        rows.append(f"r{index},Task {index},{year}-{month % 12 + 1:02d}-{mday + 1:02d}T{8 + index % 4 * 2:02d}:00:00Z,"
                    f"{status},{index % 5 + 1},Line {index % 4}")
    csv = folder / "tasks.csv"
    csv.write_text("\n".join(rows) + "\n")
    db = folder / "app.sqlite"
    subprocess.run([binary, "import", str(csv), "--db", str(db), "--title", "Tasks"], check=True,
                   capture_output=True)
    process = subprocess.Popen([binary, "serve", "--db", str(db), "--port", "0"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://[^\s]+", line)
        assert match, f"no URL in {line!r}"
        yield match.group(0).rstrip("/")
    finally:
        process.terminate()
        process.wait(timeout=10)


def row_count(page) -> int:
    return page.locator(".tl-row").count()


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_ffb4_ffb5_a_fast_filter_toggles_on_and_off(open_page, server, device, javascript):
    page = open_page(f"{server}/timelines/1?now={NOW}", device, java_script_enabled=javascript)
    page.locator(".tl-chip", has_text="Completed").click()
    expect(page).to_have_url(re.compile(r"filter=status%3Dcompleted"))
    chips = page.locator(".tl-bar .tl-chip[data-kind=filter]")
    expect(chips.first).to_have_text(re.compile("Completed"))
    expect(chips.first).to_have_attribute("aria-pressed", "true")
    nodes = page.locator(".tl-row").evaluate_all("rows => rows.map(r => r.dataset.node)")
    assert nodes and set(nodes) == {"completed"}
    page.locator(".tl-chip", has_text="Completed").click()
    expect(page).not_to_have_url(re.compile("filter="))
    expect(chips.last).to_have_text(re.compile("Completed"))
    expect(chips.last).to_have_attribute("aria-pressed", "false")


@pytest.mark.parametrize("javascript", [True, False])
@pytest.mark.parametrize("device", DEVICES)
def test_web1_tl8_tl9_drill_down_and_mark_complete(open_page, server, device, javascript):
    page = open_page(f"{server}/timelines/1?now={NOW}", device, java_script_enabled=javascript)
    row = page.locator(".tl-row[data-node=open]").first
    item = row.get_attribute("id")
    row.locator("a.tl-cell").click()
    expect(page.locator("aside h2")).to_be_visible()
    if device == "tablet":
        # The detail sits beside the timeline, whose row shows as selected.
        expect(page.locator(f"#{item} a.tl-cell")).to_have_attribute("aria-current", "true")
    page.get_by_role("form", name="State").get_by_role("button", name="Completed").click()
    expect(page).to_have_url(re.compile(rf"#{item}$"))
    expect(page.locator(f"#{item}")).to_have_attribute("data-node", "completed")


def test_web1_sort2_a_second_criterion_moved_first_reorders_the_rows(open_page, server):
    page = open_page(f"{server}/timelines/1?now={NOW}&sort=title", "tablet")
    page.locator('.tl-bar [data-kind="sort"]').click()
    dialog = page.locator("#tl-sort-filter")
    expect(dialog).to_be_visible()
    dialog.locator('li[data-field="priority"] input').check()
    handle = dialog.locator('li[data-field="priority"] .tl-handle')
    for _ in range(5):
        handle.focus()
        page.keyboard.press("ArrowUp")
    dialog.locator('li[data-field="priority"] .tl-direction').click()
    dialog.get_by_role("button", name="Apply").click()
    expect(page).to_have_url(re.compile(r"sort=priority%3Adesc%2Ctitle|sort=priority:desc,title"))
    priorities = page.locator(".tl-section").first.locator(".tl-row").evaluate_all(
        "rows => rows.map(r => +r.dataset.priority)")
    assert priorities == sorted(priorities, reverse=True)


def test_web1_pv3_see_all_opens_the_timeline(open_page, server):
    page = open_page(f"{server}/?now={NOW}", "phone")
    page.get_by_role("link", name=re.compile(r"See All \(3000\)")).first.click()
    expect(page).to_have_url(re.compile(r"/timelines/1$"))
    expect(page.locator(".tl-now")).to_have_count(1)


@pytest.mark.parametrize("device", DEVICES)
def test_web1_a11y1_axe_finds_nothing_on_the_app_pages(open_page, server, device):
    for path in [f"/?now={NOW}", f"/timelines/1?now={NOW}", f"/timelines/1?now={NOW}&dialog=1",
                 f"/timelines/1/items/r10?now={NOW}", "/timelines/1/new", "/timelines/1/cards"]:
        page = open_page(server + path, device)
        report = violations(page)
        assert not report, f"axe-core on {path} ({device}):\n{report}"
