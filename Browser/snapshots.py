"""Screenshot snapshots: record when missing, compare with a tolerance otherwise.

A pixel differs when one of its channels differs by more than PIXEL_THRESHOLD (0…255);
a snapshot matches when at most MAX_DIFF_RATIO of its pixels differ and the sizes agree.
RECORD=1 (re)records every snapshot and passes; without it a missing snapshot is recorded
and the test fails, so that a new snapshot is always looked at before it is trusted.
On a mismatch the actual image and a diff are written to Browser/test-results/.
"""

from __future__ import annotations

import io
import os
import pathlib

import pytest
from PIL import Image, ImageChops

HERE = pathlib.Path(__file__).resolve().parent
SNAPSHOTS = HERE / "__snapshots__"
RESULTS = HERE / "test-results"
PIXEL_THRESHOLD = 32
MAX_DIFF_RATIO = 0.005


def recording() -> bool:
    return os.environ.get("RECORD", "") not in ("", "0")


def assert_matches(name: str, png: bytes) -> None:
    expected_path = SNAPSHOTS / f"{name}.png"
    if recording() or not expected_path.exists():
        SNAPSHOTS.mkdir(exist_ok=True)
        expected_path.write_bytes(png)
        if not recording():
            pytest.fail(f"recorded new snapshot {expected_path.relative_to(HERE.parent)}: "
                        "look at it, then run again (RECORD=1 records without failing)")
        return
    actual = Image.open(io.BytesIO(png)).convert("RGB")
    expected = Image.open(expected_path).convert("RGB")
    if actual.size != expected.size:
        RESULTS.mkdir(exist_ok=True)
        actual.save(RESULTS / f"{name}.actual.png")
        pytest.fail(f"{name}: size {actual.size[0]}x{actual.size[1]} differs from the snapshot's "
                    f"{expected.size[0]}x{expected.size[1]} (actual: test-results/{name}.actual.png;"
                    " RECORD=1 to accept)")
    difference = ImageChops.difference(actual, expected)
    # The largest channel difference per pixel, then a mask of the pixels above the threshold.
    channels = difference.split()
    largest = channels[0]
    for channel in channels[1:]:
        largest = ImageChops.lighter(largest, channel)
    mask = largest.point(lambda value: 255 if value > PIXEL_THRESHOLD else 0)
    differing = mask.histogram()[255]
    total = actual.size[0] * actual.size[1]
    if differing > MAX_DIFF_RATIO * total:
        RESULTS.mkdir(exist_ok=True)
        actual.save(RESULTS / f"{name}.actual.png")
        highlight = Image.blend(expected, Image.new("RGB", expected.size, "white"), 0.7)
        highlight.paste(Image.new("RGB", expected.size, (255, 0, 0)), mask=mask)
        highlight.save(RESULTS / f"{name}.diff.png")
        pytest.fail(f"{name}: {differing} of {total} pixels ({differing / total:.2%}) differ by more "
                    f"than {PIXEL_THRESHOLD}/255 (tolerance {MAX_DIFF_RATIO:.1%}); see "
                    f"Browser/test-results/{name}.actual.png and .diff.png (RECORD=1 to accept)")
