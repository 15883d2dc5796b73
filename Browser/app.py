"""Helpers for the tests of `timeline serve`: a CSV of tasks, `timeline import`, and a server
on a free loopback port that the caller stops (a context manager)."""

from __future__ import annotations

import contextlib
import os
import pathlib
import re
import subprocess

NOW = "2026-11-21T12:00:00Z"


def binary() -> str:
    return os.environ["TIMELINE_BIN"]


def tasks_csv(path: pathlib.Path, count: int) -> pathlib.Path:
    """`count` tasks, four a day from 2025-01-01 on (28-day months), cycling through the
    statuses open, completed and in progress, priorities 1…5 and the attribute "Line 0…3"."""
    rows = ["id,title,start,status,priority,attributes"]
    for index in range(count):
        day = index // 4
        month, mday = divmod(day, 28)
        year = 2025 + month // 12
        status = ["open", "completed", "inProgress"][index % 3]
        rows.append(f"r{index},Task {index},{year}-{month % 12 + 1:02d}-{mday + 1:02d}T"
                    f"{8 + index % 4 * 2:02d}:00:00Z,{status},{index % 5 + 1},Line {index % 4}")
    path.write_text("\n".join(rows) + "\n")
    return path


def import_file(path: pathlib.Path, db: pathlib.Path, title: str) -> str:
    """Imports `path` into `db` and returns the new timeline's id."""
    done = subprocess.run([binary(), "import", str(path), "--db", str(db), "--title", title],
                          check=True, capture_output=True, text=True)
    return done.stdout.strip().splitlines()[-1]


@contextlib.contextmanager
def serve(db: pathlib.Path, *arguments: str):
    """Runs `timeline serve --db DB --port 0 ARGUMENTS…` and yields (base URL, process);
    the server is terminated (and waited for) on exit."""
    process = subprocess.Popen([binary(), "serve", "--db", str(db), "--port", "0", *arguments],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://\S+", line)
        assert match, f"no URL in {line!r}"
        yield match.group(0).rstrip("/"), process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=10)
