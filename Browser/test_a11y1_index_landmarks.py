"""A11Y-1 on the app's index (`/`): axe-core finds no violations, in particular no two
landmarks of one role and name (`landmark-unique`), also when timelines share a title; a
document of cards only previews its first cards (2 on a phone, up to 4 on a tablet) and
"See All" opens its feed."""

from __future__ import annotations

import pytest

import app
from pages import EXAMPLES
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
    app.import_file(EXAMPLES / "cards.json", db, "Cards")
    with app.serve(db) as (url, _):
        yield url


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("device", DEVICES)
def test_a11y1_the_index_of_timelines_sharing_a_title_has_unique_landmarks(
        open_page, twin_server, device, scheme):
    page = open_page(f"{twin_server}/?now={app.NOW}", device, scheme)
    assert page.locator(".tl-preview").count() == 3
    cards = page.locator(".tl-preview", has=page.get_by_role("heading", name="Cards"))
    names = cards.locator(".tl-card-name:visible")
    assert names.all_inner_texts() == ["Release 2.0", "Onboarding", "東京オフィス"][
        :2 if device == "phone" else 3]
    assert cards.get_by_role("link", name="See All (3)").get_attribute("href").endswith("/cards")
    landmarks = page.evaluate("""() => [...document.querySelectorAll(
            'main, nav, aside, section[aria-label], section[aria-labelledby], [role=region]')]
        .map(e => e.tagName.toLowerCase() + ': ' + (e.getAttribute('aria-label')
            ?? document.getElementById(e.getAttribute('aria-labelledby') ?? '')?.textContent ?? ''))""")
    assert len(landmarks) == len(set(landmarks)), landmarks
    report = violations(page)
    assert not report, f"axe-core on / ({device}, {scheme}):\n{report}"
