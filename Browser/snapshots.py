"""Screenshot snapshots: record when missing, compare tightly otherwise.

A pixel differs when one of its channels differs by more than PIXEL_THRESHOLD (0…255: room
for anti-aliasing that moves by a shade); a snapshot matches when the sizes agree and at most
MAX_DIFF_PIXELS pixels differ, wherever they are. A fresh render on the project's machine
differs from the committed snapshots in no pixel; one word with its letters reversed makes
200 ('Stop', 14 px) to 575 ('Project', a 16 px title) differing pixels, which the self-test in
test_tl12_screenshots.py checks.
(The former rule, 0.5 % of the page, let 1,645 pixels of a one-screen phone shot change.)
RECORD=1 (re)records every snapshot and skips the comparison (reported as a skip); without
it a missing snapshot is recorded and the test fails, so that a new snapshot is always looked
at before it is trusted. On a mismatch the actual image and a diff are written to
Browser/test-results/.
"""

from __future__ import annotations

import dataclasses
import io
import os
import pathlib

import pytest
from PIL import Image, ImageChops

HERE = pathlib.Path(__file__).resolve().parent
SNAPSHOTS = HERE / "__snapshots__"
RESULTS = HERE / "test-results"
PIXEL_THRESHOLD = 32
MAX_DIFF_PIXELS = 24


def recording() -> bool:
    return os.environ.get("RECORD", "") not in ("", "0")


@dataclasses.dataclass
class Difference:
    differing: int  # pixels with a channel off by more than PIXEL_THRESHOLD
    total: int
    box: tuple[int, int, int, int] | None  # left, top, right, bottom of the differing pixels
    mask: Image.Image

    @property
    def matches(self) -> bool:
        return self.differing <= MAX_DIFF_PIXELS


def difference(actual: Image.Image, expected: Image.Image) -> Difference:
    """The pixels of two images of one size that differ by more than PIXEL_THRESHOLD."""
    channels = ImageChops.difference(actual.convert("RGB"), expected.convert("RGB")).split()
    # The largest channel difference per pixel, then a mask of the pixels above the threshold.
    largest = channels[0]
    for channel in channels[1:]:
        largest = ImageChops.lighter(largest, channel)
    mask = largest.point(lambda value: 255 if value > PIXEL_THRESHOLD else 0)
    return Difference(differing=mask.histogram()[255], total=actual.size[0] * actual.size[1],
                      box=mask.getbbox(), mask=mask)


def assert_matches(name: str, png: bytes, *, snapshots: pathlib.Path = SNAPSHOTS,
                   results: pathlib.Path = RESULTS, record: bool | None = None) -> None:
    """Fails unless `png` matches the snapshot `name` in `snapshots` (record: as RECORD=1)."""
    record = recording() if record is None else record
    expected_path = snapshots / f"{name}.png"
    if record or not expected_path.exists():
        snapshots.mkdir(parents=True, exist_ok=True)
        expected_path.write_bytes(png)
        if record:
            pytest.skip(f"RECORD=1: recorded {expected_path.name}, not compared")
        pytest.fail(f"recorded new snapshot {expected_path}: look at it, then run again "
                    "(RECORD=1 records without comparing)")
    actual = Image.open(io.BytesIO(png)).convert("RGB")
    expected = Image.open(expected_path).convert("RGB")
    if actual.size != expected.size:
        results.mkdir(parents=True, exist_ok=True)
        actual.save(results / f"{name}.actual.png")
        pytest.fail(f"{name}: size {actual.size[0]}x{actual.size[1]} differs from the snapshot's "
                    f"{expected.size[0]}x{expected.size[1]} (actual: {results / name}.actual.png;"
                    " RECORD=1 to accept)")
    found = difference(actual, expected)
    if not found.matches:
        results.mkdir(parents=True, exist_ok=True)
        actual.save(results / f"{name}.actual.png")
        highlight = Image.blend(expected, Image.new("RGB", expected.size, "white"), 0.7)
        highlight.paste(Image.new("RGB", expected.size, (255, 0, 0)), mask=found.mask)
        highlight.save(results / f"{name}.diff.png")
        pytest.fail(f"{name}: {found.differing} pixels differ by more than {PIXEL_THRESHOLD}/255 "
                    f"(at most {MAX_DIFF_PIXELS} may), within {found.box} (left, top, right, "
                    f"bottom); see {results / name}.actual.png and .diff.png (RECORD=1 to accept)")
