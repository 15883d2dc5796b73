"""TL-2 (seed 002's status images): a status stack line is a label, an icon, or both. The
icons come from the event set, stand before their label on its line inside the card, and
look the same on a page written by `timeline render` and on the app's page, with and
without JavaScript, on phones and tablets."""

from __future__ import annotations

import pathlib

import pytest

import app

DEVICES = ["phone", "tablet"]
EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "examples" / "work-package.json"

# Each line of each row's status stack: its icon's name and box, its label's text and box,
# and the card's box.
MEASURE = """() => [...document.querySelectorAll('.tl-row')].filter(row =>
    row.querySelector('.tl-statuses')).map(row => {
  const card = row.querySelector('.tl-card').getBoundingClientRect();
  const lines = [...row.querySelectorAll('.tl-statuses li')].map(li => {
    const icon = li.querySelector('svg.tl-status-icon');
    const text = [...li.childNodes].filter(node => node.nodeType === Node.TEXT_NODE)
      .map(node => node.textContent).join('').trim();
    let label = null;
    if (text) {
      const range = document.createRange();
      range.selectNodeContents(li);
      if (icon) range.setStartAfter(icon);
      const box = range.getBoundingClientRect();
      label = {left: box.left, right: box.right, top: box.top, bottom: box.bottom};
    }
    const box = icon && icon.getBoundingClientRect();
    return {icon: icon && icon.dataset.icon, text,
            iconBox: box && {left: box.left, right: box.right, top: box.top,
                             bottom: box.bottom, width: box.width, height: box.height},
            label, drawn: icon ? icon.querySelector('path').getTotalLength() > 0 : false};
  });
  return {id: row.id, lines,
          card: {left: card.left, right: card.right, top: card.top, bottom: card.bottom}};
})"""

EXPECTED = {
    "item-survey": [("done", "Done")],
    "item-t1": [(None, "Active"), ("warning", "High")],
    "item-parts": [(None, "Waiting")],
    "item-replace": [("calendar", "")],
}


def check(page) -> None:
    rows = {row["id"]: row for row in page.evaluate(MEASURE)}
    assert {id: [(line["icon"], line["text"]) for line in row["lines"]]
            for id, row in rows.items()} == EXPECTED
    for id, row in rows.items():
        for line in row["lines"]:
            box = line["iconBox"]
            if not box:
                continue
            assert line["drawn"], (id, line)
            assert 14 <= box["width"] <= 18 and 14 <= box["height"] <= 18, (id, box)
            card = row["card"]
            assert card["left"] <= box["left"] and box["right"] <= card["right"], (id, box, card)
            assert card["top"] <= box["top"] and box["bottom"] <= card["bottom"], (id, box, card)
            label = line["label"]
            if label:
                # Before its label, on the label's line, not over it.
                assert box["right"] <= label["left"] + 0.5, (id, box, label)
                middle = (box["top"] + box["bottom"]) / 2
                assert label["top"] <= middle <= label["bottom"], (id, box, label)


@pytest.fixture(scope="module")
def work_package_app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("status-icons")
    timeline = app.import_file(EXAMPLE, folder / "app.sqlite", "Line 4")
    with app.serve(folder / "app.sqlite") as (url, _):
        yield f"{url}/timelines/{timeline}?now=2026-11-21T10:00:00-08:00"


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("device", DEVICES)
def test_tl2_status_icons_stand_before_their_labels_on_a_written_page(open_page, pages, device,
                                                                       script):
    check(open_page(pages["work-package"], device, java_script_enabled=script))


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("device", DEVICES)
def test_tl2_status_icons_stand_before_their_labels_in_the_app(open_page, work_package_app,
                                                                device, script):
    check(open_page(work_package_app, device, java_script_enabled=script))
