"""A11Y-1 on the app's index (`/`): axe-core finds no violations, in particular no two
landmarks of one role and name (`landmark-unique`), also when timelines share a title."""

from __future__ import annotations

import pytest

import app
from test_a11y1_axe import violations

DEVICES = ["phone", "tablet"]
SCHEMES = ["light", "dark"]


@pytest.fixture(scope="module")
def twin_server(tmp_path_factory):
    """`timeline serve` with two timelines both titled "Tasks"."""
    folder = tmp_path_factory.mktemp("twins")
    db = folder / "app.sqlite"
    for count in (40, 60):
        app.import_file(app.tasks_csv(folder / f"tasks-{count}.csv", count), db, "Tasks")
    with app.serve(db) as (url, _):
        yield url


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("device", DEVICES)
def test_a11y1_the_index_of_timelines_sharing_a_title_has_unique_landmarks(
        open_page, twin_server, device, scheme):
    page = open_page(f"{twin_server}/?now={app.NOW}", device, scheme)
    assert page.locator(".tl-preview").count() == 2
    landmarks = page.evaluate("""() => [...document.querySelectorAll(
            'main, nav, aside, section[aria-label], section[aria-labelledby], [role=region]')]
        .map(e => e.tagName.toLowerCase() + ': ' + (e.getAttribute('aria-label')
            ?? document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''))""")
    assert len(landmarks) == len(set(landmarks)), landmarks
    report = violations(page)
    assert not report, f"axe-core on / ({device}, {scheme}):\n{report}"
