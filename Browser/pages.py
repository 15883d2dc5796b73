"""Generates the pages under test by running the `timeline` binary.

    python Browser/pages.py OUT_DIR      writes OUT_DIR/<name>.html for every page in PAGES

The tests import `render()` to generate their own documents (hostile strings, SVG titles).
The binary comes from $TIMELINE_BIN (default `.build/debug/timeline` in the repository);
another engineer may rebuild it while the suite runs, so a missing or busy binary is
retried for a while before giving up.
"""

from __future__ import annotations

import errno
import os
import pathlib
import subprocess
import sys
import time

BROWSER = pathlib.Path(__file__).resolve().parent
ROOT = BROWSER.parent
EXAMPLES = ROOT / "examples"

# Every page is rendered at the same instant and locale so that screenshots are stable.
NOW = "2026-11-21T10:00:00-08:00"
FAST_FILTERS = ["--fast-filters", "status=open,status=completed,status=inProgress",
                "--sort", "priority:desc"]

# name -> (subcommand, document, extra arguments)
PAGES: dict[str, tuple[str, str, list[str]]] = {
    "work-package": ("render", "work-package.json", []),
    "project": ("render", "project.json", []),
    "meetings": ("render", "meetings.json", []),
    "empty": ("render", "empty.json", []),
    "appointments-list": ("render", "appointments.json", ["--view", "list"]),
    # A window of the list (TL-11): its first row continues a day, and the note says so.
    "appointments-list-window": ("render", "appointments.json",
                                 ["--view", "list", "--limit", "3", "--select", "item-3"]),
    "feedback-bar": ("render", "work-package.json", FAST_FILTERS),
    "preview": ("preview", "work-package.json", []),
    "rtl-arabic": ("render", "work-package.json", FAST_FILTERS + ["--locale", "ar"]),
    "cards": ("render", "cards.json", ["--view", "cards", "--select", "0/2"]),
    "cards-horizontal": ("render", "cards.json", ["--view", "cards", "--layout", "horizontal"]),
    "cards-window": ("render", "cards.json", ["--view", "cards", "--limit", "2", "--select", "1/0"]),
}


def binary() -> pathlib.Path:
    value = os.environ.get("TIMELINE_BIN", ".build/debug/timeline")
    path = pathlib.Path(value)
    return path if path.is_absolute() else ROOT / path


def run(arguments: list[str], *, check: bool = True, stdin: bytes | None = None,
        patience: float = 180.0) -> subprocess.CompletedProcess:
    """Runs the binary with `arguments`; waits (polling) while it is missing or being
    rewritten by a concurrent build, up to `patience` seconds."""
    deadline = time.monotonic() + patience
    while True:
        exe = binary()
        try:
            result = subprocess.run([str(exe), *arguments], input=stdin, capture_output=True,
                                    timeout=120)
        except OSError as error:  # missing (ENOENT) or being written (ETXTBSY)
            if error.errno not in (errno.ENOENT, errno.ETXTBSY, errno.ENOEXEC, errno.EACCES) \
                    or time.monotonic() > deadline:
                raise RuntimeError(f"cannot run {exe}: {error} (set TIMELINE_BIN)") from error
            time.sleep(1)  # waiting for a file to reappear, not for the browser
            continue
        if check and result.returncode != 0:
            raise RuntimeError(
                f"{exe} {' '.join(arguments)} exited {result.returncode}:\n"
                f"{result.stderr.decode(errors='replace')}")
        return result


def render(document: pathlib.Path | str, out: pathlib.Path, *, subcommand: str = "render",
           fmt: str = "html", extra: list[str] | None = None, locale: str = "en_US") -> pathlib.Path:
    """Renders `document` to `out` and returns `out`."""
    extra = list(extra or [])
    arguments = [subcommand, str(document), "--format", fmt, "--now", NOW, "-o", str(out)]
    if "--locale" not in extra:
        arguments += ["--locale", locale]
    arguments += extra
    run(arguments)
    if not out.exists():
        raise RuntimeError(f"{binary()} {' '.join(arguments)} wrote nothing")
    return out


def generate(out_dir: pathlib.Path) -> dict[str, pathlib.Path]:
    """Writes every page of PAGES as OUT_DIR/<name>.html; returns name -> path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    result = {}
    for name, (subcommand, document, extra) in PAGES.items():
        result[name] = render(EXAMPLES / document, out_dir / f"{name}.html",
                              subcommand=subcommand, extra=extra)
    return result


def ensure(out_dir: pathlib.Path) -> dict[str, pathlib.Path]:
    """The pages in OUT_DIR, generating whichever is missing."""
    if all((out_dir / f"{name}.html").exists() for name in PAGES):
        return {name: out_dir / f"{name}.html" for name in PAGES}
    return generate(out_dir)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: pages.py OUT_DIR")
    for name, path in generate(pathlib.Path(sys.argv[1])).items():
        print(f"{name:20} {path}")


def core_model(document: pathlib.Path | str, extra: list[str] | None = None, *,
               subcommand: str = "render") -> dict:
    """The core's presentation model of `document` (`--format json` at NOW, in en_US unless
    `extra` names a locale), with `extra` arguments: what a test compares a page with."""
    import json
    arguments = list(extra or [])
    if "--locale" not in arguments:
        arguments += ["--locale", "en_US"]
    result = run([subcommand, str(document), "--format", "json", "--now", NOW, *arguments])
    return json.loads(result.stdout)


def model_rows(model: dict) -> list[dict]:
    """The rows of a core model, in order."""
    return [row for section in model["sections"] for row in section["rows"]]


def model_ids(model: dict) -> list[str]:
    """The row ids of a core model, in order."""
    return [row["id"] for row in model_rows(model)]


def core(name: str, extra: list[str] | None = None) -> dict:
    """The presentation model (`--format json`) of page `name`, with `extra` arguments."""
    subcommand, document, arguments = PAGES[name]
    return core_model(EXAMPLES / document, list(arguments) + list(extra or []),
                      subcommand=subcommand)


def apply_dialog(page) -> None:
    """Clicks Apply in the page's sort and filter dialog and returns once the page has
    applied it. A static page applies on the dialog's close event, which the browser fires
    a task after the dialog hides, so "hidden" alone does not mean "applied". The listener
    added here runs after the page's own (listeners run in the order they were added)."""
    page.evaluate("""() => {
      window.tlApplied = false;
      document.getElementById('tl-sort-filter').addEventListener(
        'close', () => { window.tlApplied = true; }, {once: true});
    }""")
    page.locator("#tl-sort-filter button[value=apply]").click()
    page.wait_for_function("window.tlApplied === true")
