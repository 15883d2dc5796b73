"""WEB-1 with several app instances on one PostgreSQL database, live updates and a database
that goes away: a PATCH through instance B is seen through instance A (API and page) and
A refuses a stale If-Match with 412; a Server-Sent Events client on A hears of a change
made through B within 1 s, and one that reconnects with Last-Event-ID gets every change
after it, in order; the page on A redraws a row changed through B in place within 1 s
without moving the scroll position (also on SQLite, one instance), and drops a deleted row;
while PostgreSQL is paused every request answers 503 with Retry-After within 5 s and
/healthz 200, the app is ready again by itself once it is back, and no write it acknowledged
is lost.

The module starts its own throwaway cluster (Scripts/postgres in a fresh directory under
/tmp), so that pausing it cannot disturb anything else, and removes it at the end. Each test
imports its own copy of examples/project.json. Every wait is for an event (a line, an SSE
event, a DOM change, a response), bounded by a deadline."""

from __future__ import annotations

import concurrent.futures
from datetime import datetime, timedelta
import contextlib
import glob
import http.client
import json
import pathlib
import queue
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

import pytest
from playwright.sync_api import expect

import app

ROOT = pathlib.Path(__file__).resolve().parent.parent
POSTGRES = ROOT / "Scripts" / "postgres"
EXAMPLE = ROOT / "examples" / "project.json"
NOW = app.NOW
MERGE_PATCH = "application/merge-patch+json"
# No proxy for loopback, whatever the environment says.
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))
# A change made through one instance reaches a page or an event stream on another within this.
LIVE_SECONDS = 1.0
# While the database is away, every request is answered within this.
UNAVAILABLE_SECONDS = 5.0


# --- HTTP ------------------------------------------------------------------------------


def call(method: str, url: str, body: dict | bytes | None = None,
         headers: dict[str, str] | None = None, timeout: float = 30):
    """(status, headers, body bytes) of one request; error statuses are returned, not raised."""
    data = json.dumps(body).encode() if isinstance(body, dict) else body
    if isinstance(body, dict):
        headers = {"Content-Type": "application/json", **(headers or {})}
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with OPENER.open(request, timeout=timeout) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.headers, error.read()


def timed(method: str, url: str, *arguments, **options):
    """call(…) and the seconds it took: (status, headers, body, seconds)."""
    started = time.monotonic()
    status, headers, body = call(method, url, *arguments, **options)
    return status, headers, body, time.monotonic() - started


def get_item(url: str, timeline: str, item: str):
    status, headers, body = call("GET", f"{url}/api/timelines/{timeline}/items/{item}")
    assert status == 200, (status, body)
    return headers["ETag"], json.loads(body)


def patch_item(url: str, timeline: str, item: str, change: dict, tag: str):
    return call("PATCH", f"{url}/api/timelines/{timeline}/items/{item}", change,
                {"If-Match": tag, "Content-Type": MERGE_PATCH})


def rows(url: str, timeline: str) -> dict[str, dict]:
    """Every row of the timeline through the rows API, by item id."""
    status, _, body = call("GET", f"{url}/api/timelines/{timeline}/rows?limit=500&now={NOW}")
    assert status == 200, (status, body)
    return {row["id"]: row for section in json.loads(body)["sections"] for row in section["rows"]}


def exported_ids(url: str, timeline: str) -> set[str]:
    status, _, body = call("GET", f"{url}/api/timelines/{timeline}/export?format=json")
    assert status == 200, (status, body)
    return {item["id"] for item in json.loads(body)["items"]}


class Outcome:
    """What EventStream.next returns instead of a block: ENDED or TIMED_OUT."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


ENDED = Outcome("ENDED")  # the server closed the stream (end of file or a dropped connection)
TIMED_OUT = Outcome("TIMED_OUT")  # the deadline passed with the stream still open


class EventStream:
    """A text/event-stream read line by line in a thread; each block (fields up to a blank
    line) goes to a queue as a dict, ENDED when the stream ends. `end` says how it ended."""

    def __init__(self, url: str, headers: dict[str, str] | None = None):
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        self.connection.request("GET", path, headers={"Accept": "text/event-stream",
                                                      **(headers or {})})
        self.response = self.connection.getresponse()
        self.events: queue.Queue[dict | Outcome] = queue.Queue()
        self.ended = False
        self.end: str | None = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        block: dict[str, str] = {}
        end = "end of file"
        try:
            while line := self.response.readline():
                line = line.decode().rstrip("\n").rstrip("\r")
                if not line:
                    if block:
                        self.events.put(block)
                    block = {}
                elif not line.startswith(":"):
                    field, _, value = line.partition(":")
                    value = value.removeprefix(" ")
                    block[field] = f"{block[field]}\n{value}" if field in block else value
        except Exception as error:  # the stream broke off, or was shut down by close()
            end = f"{type(error).__name__}: {error}"
        finally:
            self.end = end
            self.events.put(ENDED)

    def next(self, deadline: float) -> dict | Outcome:
        """The next block; ENDED when the stream has ended (and on every call after that),
        TIMED_OUT when the deadline (monotonic) passes first."""
        if self.ended:
            return ENDED
        try:
            block = self.events.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return TIMED_OUT
        if block is ENDED:
            self.ended = True
        return block

    def changes(self, count: int, deadline: float) -> list[dict]:
        """The next `count` change events (their data parsed, with the event id as "event_id"),
        fewer when the deadline passes or the stream ends first; other blocks are passed over."""
        found = []
        while len(found) < count and isinstance(block := self.next(deadline), dict):
            if block.get("event") == "change":
                found.append(parse_change(block))
        return found

    def close(self) -> None:
        """Shuts the socket down (which ends the reader), then closes the connection."""
        with contextlib.suppress(OSError, AttributeError):
            self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(timeout=5)
        self.connection.close()


def parse_change(block: dict) -> dict:
    """A change event's data, with its event id as "event_id"."""
    return {**json.loads(block["data"]), "event_id": block.get("id")}


@contextlib.contextmanager
def event_stream(url: str, headers: dict[str, str] | None = None):
    stream = EventStream(url, headers)
    try:
        assert stream.response.status == 200, stream.response.status
        assert stream.response.headers["Content-Type"].startswith("text/event-stream")
        first = stream.next(time.monotonic() + 5)
        assert first == {"retry": "1000"}, first
        yield stream
    finally:
        stream.close()


# --- The cluster and the servers ----------------------------------------------------------


def postgres(command: str, directory: str, timeout: float = 60) -> str:
    """Scripts/postgres COMMAND DIRECTORY; its standard output (fails with its error output)."""
    done = subprocess.run([str(POSTGRES), command, directory], capture_output=True, text=True,
                          timeout=timeout)
    if done.returncode != 0:
        pytest.fail(f"Scripts/postgres {command} {directory} exited with {done.returncode}:\n"
                    f"{done.stderr}")
    return done.stdout.strip()


def postgres_installed() -> bool:
    """What Scripts/postgres looks for: initdb on the PATH or in /usr/lib/postgresql/*/bin."""
    return bool(shutil.which("initdb") or glob.glob("/usr/lib/postgresql/*/bin/initdb"))


class Cluster:
    def __init__(self, directory: str, url: str):
        self.directory, self.url = directory, url

    def pause(self) -> None:
        postgres("pause", self.directory)

    def resume(self) -> None:
        postgres("resume", self.directory)

    def running(self) -> bool:
        return (pathlib.Path(self.directory) / "data" / "postmaster.pid").exists()

    def import_example(self, title: str, path: pathlib.Path = EXAMPLE) -> str:
        """Imports `path` (examples/project.json) as a new timeline; its id."""
        done = subprocess.run([app.binary(), "import", str(path), "--database", self.url,
                               "--title", title], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def cluster():
    """A throwaway PostgreSQL cluster of this module's own, removed at the end."""
    if not postgres_installed():
        pytest.fail("PostgreSQL is not installed (no initdb on the PATH or in "
                    "/usr/lib/postgresql/*/bin): apt-get install postgresql (as .ci/run does)",
                    pytrace=False)
    # mktemp -d under /tmp: short enough for the unix socket, reachable by the user
    # `postgres` that the server runs as under root.
    directory = tempfile.mkdtemp(prefix="tl-pg.", dir="/tmp")
    try:
        url = postgres("start", directory)
        assert url.startswith("postgres://"), url
        yield Cluster(directory, url)
    finally:
        subprocess.run([str(POSTGRES), "stop", directory], capture_output=True, timeout=120)
        shutil.rmtree(directory, ignore_errors=True)


class Server:
    """A running `timeline serve`: its base URL, process and log (standard error)."""

    def __init__(self, url: str, process: subprocess.Popen, log: pathlib.Path):
        self.url, self.process, self.log = url, process, log

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


@contextlib.contextmanager
def serve(log: pathlib.Path, *arguments: str):
    """Runs `timeline serve --port 0 ARGUMENTS…` (its log to `log`) and yields a Server;
    stopped on exit (below)."""
    with open(log, "w") as errors:
        process = subprocess.Popen([app.binary(), "serve", "--port", "0", *arguments],
                                   stdout=subprocess.PIPE, stderr=errors, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://\S+", line)
        assert match, f"no URL in {line!r}; log:\n{log.read_text()}"
        yield Server(match.group(0).rstrip("/"), process, log)
    finally:
        stop(process)


def stop(process: subprocess.Popen, grace: float = 5) -> bool:
    """SIGTERM, then SIGKILL when the process has not exited within `grace` seconds (an open
    event stream keeps `timeline serve` from stopping: see the test of SIGTERM below).
    Whether it exited on SIGTERM."""
    if process.poll() is not None:
        return True
    process.terminate()
    try:
        process.wait(timeout=grace)
        return True
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
        return False


@pytest.fixture(scope="module")
def instances(cluster, tmp_path_factory):
    """Two app instances, A and B, on the one database (different ports)."""
    folder = tmp_path_factory.mktemp("instances")
    with serve(folder / "a.log", "--database", cluster.url) as a, \
            serve(folder / "b.log", "--database", cluster.url) as b:
        assert a.url != b.url
        yield a, b


# --- 1. Two instances, one database ------------------------------------------------------


def test_web1_a_patch_through_one_instance_is_seen_through_the_other(cluster, instances,
                                                                      open_page):
    a, b = instances
    timeline = cluster.import_example("Two instances")
    # A has read (and may have cached) the timeline, its page and the item before B changes it.
    before = rows(a.url, timeline)
    assert before["build"]["node"] == "inProgress"
    status, _, page = call("GET", f"{a.url}/timelines/{timeline}?now={NOW}")
    assert status == 200 and b'data-node="inProgress"' in page
    stale, item = get_item(a.url, timeline, "build")
    assert item["status"] == "inProgress"

    status, headers, body = patch_item(b.url, timeline, "build", {"status": "completed"}, stale)
    assert status == 200, body
    fresh = headers["ETag"]
    assert fresh != stale

    # Through A, at once (B answered after the change was committed).
    assert rows(a.url, timeline)["build"]["node"] == "completed", a.log_tail()
    tag, item = get_item(a.url, timeline, "build")
    assert (tag, item["status"]) == (fresh, "completed")
    page = open_page(f"{a.url}/timelines/{timeline}?now={NOW}")
    expect(page.locator("#item-build")).to_have_attribute("data-node", "completed")

    # A client of A that read the item before B's change cannot overwrite it.
    status, _, body = patch_item(a.url, timeline, "build", {"status": "open"}, stale)
    assert status == 412, body
    assert json.loads(body)["error"], body
    assert get_item(b.url, timeline, "build") == (fresh, item)


# --- 2. Server-Sent Events across instances ------------------------------------------------


def test_web1_an_event_stream_on_one_instance_hears_a_change_through_the_other(cluster,
                                                                                instances):
    a, b = instances
    timeline = cluster.import_example("Events")
    tag, _ = get_item(b.url, timeline, "content")
    with event_stream(f"{a.url}/api/timelines/{timeline}/events") as stream:
        status, _, body = patch_item(b.url, timeline, "content", {"status": "completed"}, tag)
        answered = time.monotonic()
        assert status == 200, body
        changes = stream.changes(1, answered + LIVE_SECONDS)
        waited = time.monotonic() - answered
        assert changes, (f"no change event on A within {LIVE_SECONDS} s of B's answer;\n"
                         f"A's log:\n{a.log_tail()}")
        change = changes[0]
        assert {key: change[key] for key in ("op", "id", "element")} == {
            "op": "update", "id": "content", "element": "item-content"}, change
        assert change["event_id"] == str(change["revision"]), change
        print(f"change through B heard on A after {waited * 1000:.0f} ms")
        before = change["revision"]

        # Three more changes through B: an update, an addition and a deletion.
        tag, _ = get_item(b.url, timeline, "a11y")
        status, _, body = patch_item(b.url, timeline, "a11y", {"title": "Audit"}, tag)
        assert status == 200, body
        status, _, body = call("POST", f"{b.url}/api/timelines/{timeline}/items",
                               {"id": "late", "title": "Late addition", "start": "2026-11-25"})
        assert status == 201, body
        status, _, body = call("DELETE", f"{b.url}/api/timelines/{timeline}/items/kickoff")
        assert status == 204, body
        expected = [("update", "a11y"), ("add", "late"), ("delete", "kickoff")]
        live = stream.changes(3, time.monotonic() + 5)
        assert [(c["op"], c["id"]) for c in live] == expected, live

    markers: list[dict] = []  # changes made after the three, each heard once as the latest

    def resumed(stream: EventStream, marker_title: str) -> list[dict]:
        """The three changes replayed in order, then exactly the changes made since (the
        markers), then nothing else: a change made now (a new marker) is the very next block,
        which proves that no other event is pending (no wait for silence)."""
        got = stream.changes(3, time.monotonic() + 5)
        assert [(c["op"], c["id"]) for c in got] == expected, got
        revisions = [c["revision"] for c in got]
        assert before < revisions[0] < revisions[1] < revisions[2], revisions
        assert [c["event_id"] for c in got] == [str(r) for r in revisions]
        for earlier in markers:  # in the log after `before` too
            block = stream.next(time.monotonic() + 5)
            assert isinstance(block, dict) and block.get("event") == "change", (earlier, block)
            assert parse_change(block) == earlier, (earlier, block)
        tag, _ = get_item(b.url, timeline, "research")
        status, _, body = patch_item(b.url, timeline, "research", {"title": marker_title}, tag)
        assert status == 200, body
        block = stream.next(time.monotonic() + 5)
        assert isinstance(block, dict) and block.get("event") == "change", (
            f"expected the marker change next, got {block} ({stream.end or 'stream open'})")
        marker = parse_change(block)
        assert (marker["op"], marker["id"]) == ("update", "research"), marker
        assert marker["revision"] > (markers[-1] if markers else got[-1])["revision"], marker
        markers.append(marker)
        return got

    # Reconnecting with the revision before the three changes gets the three, in order:
    # with Last-Event-ID on A, with ?since on B (both read the one log).
    with event_stream(f"{a.url}/api/timelines/{timeline}/events",
                      {"Last-Event-ID": str(before)}) as stream:
        again = resumed(stream, "Research (marker 1)")
    assert [c["revision"] for c in again] == [c["revision"] for c in live]
    with event_stream(f"{b.url}/timelines/{timeline}/events?since={before}") as stream:
        assert resumed(stream, "Research (marker 2)") == again


# --- 3. The live page ------------------------------------------------------------------------

VISIBLE_ROW = """() => {
  // A row of an item with a status, whole in the viewport below the sticky section header.
  const header = document.querySelector(".tl-header")?.offsetHeight ?? 0;
  const row = [...document.querySelectorAll(".tl-row[data-kind=event]")].find((row) => {
    const box = row.getBoundingClientRect();
    return ["open", "inProgress", "completed"].includes(row.dataset.node)
      && box.top >= header + 8 && box.bottom <= innerHeight - 8;
  });
  return row ? [row.id, row.dataset.node] : null;
}"""


def live_page_journey(open_page, page_url: str, change_url: str, timeline: str):
    """Opens the page at phone size, scrolls a bit, changes a visible row's status through
    `change_url` (the API of this or another instance): the row is redrawn within 1 s, the
    scroll position stays, the row keeps its link; a deletion removes the row."""
    page = open_page(f"{page_url}/timelines/{timeline}?now={NOW}", "phone")
    scroller = "document.scrollingElement"
    room = page.evaluate(f"{scroller}.scrollHeight - innerHeight")
    assert room > 60, f"the page does not scroll at phone size ({room} px to spare)"
    top = page.evaluate(f"{scroller}.scrollTop")
    step = -40 if top > room / 2 else 40
    page.evaluate(f"window.scrollTo({{top: {top + step}, behavior: 'instant'}})")
    scrolled = page.evaluate(f"{scroller}.scrollTop")
    assert scrolled == top + step, (top, step, scrolled)

    found = page.evaluate(VISIBLE_ROW)
    assert found, "no row with a status is whole in the viewport"
    element, node = found
    item = element.removeprefix("item-")
    new = "open" if node == "completed" else "completed"
    where = f"document.getElementById('{element}').getBoundingClientRect().top"
    seen_at = page.evaluate(where)
    tag, _ = get_item(change_url, timeline, item)
    status, _, body = patch_item(change_url, timeline, item, {"status": new}, tag)
    assert status == 200, body
    page.wait_for_function(
        "([element, node]) => document.getElementById(element)?.dataset.node !== node",
        arg=[element, node], timeout=LIVE_SECONDS * 1000)
    row = page.locator(f"#{element}")
    expect(row).to_have_attribute("data-node", new, timeout=0)
    # The changed row stays where the reader's eyes are, even though its height changed.
    assert page.evaluate(where) == seen_at, "the changed row moved in the viewport"
    assert page.evaluate(f"{scroller}.scrollTop") == scrolled, "the page scrolled"
    # Still a link named as the server names the row (the label is read through the page's
    # own server).
    label = rows(page_url, timeline)[item]["accessibilityLabel"]
    link = row.get_by_role("link")
    expect(link).to_have_count(1)
    expect(link).to_have_accessible_name(label)
    # The change is said in the page's polite live region, in the page's language.
    expect(page.locator("#tl-live")).to_have_text("An item was updated")
    assert page.script_errors == []

    status, _, body = call("DELETE", f"{change_url}/api/timelines/{timeline}/items/{item}")
    assert status == 204, body
    page.wait_for_function("(element) => !document.getElementById(element)", arg=element,
                           timeout=LIVE_SECONDS * 1000)
    expect(page.locator("#tl-live")).to_have_text("An item was deleted")
    assert page.script_errors == []
    page.context.close()  # ends its event stream before the server stops


def test_web1_the_page_redraws_a_row_changed_through_another_instance(cluster, instances,
                                                                       open_page):
    a, b = instances
    live_page_journey(open_page, a.url, b.url, cluster.import_example("Live page"))


def test_web1_the_page_redraws_a_row_changed_through_the_api_on_sqlite(open_page, tmp_path):
    db = tmp_path / "live.sqlite"
    timeline = app.import_file(EXAMPLE, db, "Live page")
    with serve(tmp_path / "server.log", "--db", str(db)) as server:
        live_page_journey(open_page, server.url, server.url, timeline)


ORDER = "() => [...document.querySelectorAll('.tl-timeline .tl-row')].map((row) => row.id)"
# The first row wholly below the sticky section header (what the reader looks at), and its top.
ANCHOR = """() => {
  const edge = document.querySelector('.tl-header')?.offsetHeight ?? 0;
  const row = [...document.querySelectorAll('.tl-timeline .tl-row')]
    .find((row) => row.getBoundingClientRect().top >= edge);
  return row ? [row.id, row.getBoundingClientRect().top] : null;
}"""
TOP = "(id) => document.getElementById(id).getBoundingClientRect().top"
LABELS = ("() => [...document.querySelectorAll('.tl-timeline .tl-row .tl-cell')]"
          ".map((cell) => cell.getAttribute('aria-label'))")
# Each row's node and line segments as drawn.
AXES = "(ids) => ids.map((id) => document.getElementById(id)?.querySelector('.tl-axis')?.outerHTML)"


def live_place_journey(open_page, page_url: str, change_url: str, timeline: str, device: str):
    """A live page keeps the reader's place while items are added, moved and deleted through
    `change_url` (this or another instance): each change lands at its place in the view's
    order with its neighbours' nodes and lines drawn as a fresh page draws them, the first
    row in sight stays within 2 px and the focus stays; an item added above the viewport is
    announced by "1 new above", which brings the reader to it; the view's count follows."""
    address = f"{page_url}/timelines/{timeline}?now={NOW}"
    page = open_page(address, device)
    page.evaluate("window.scrollTo({top: (document.scrollingElement.scrollHeight - innerHeight) / 2,"
                  " behavior: 'instant'})")
    ids = lambda: ["item-" + item for item in rows(change_url, timeline)]  # noqa: E731
    assert page.evaluate(ORDER) == ids()

    def settled(step: str, anchor: str, top: float):
        page.wait_for_function(f"(ids) => ({ORDER})().join() === ids.join()", arg=ids(),
                               timeout=LIVE_SECONDS * 1000 * 3)
        # Every row is named as the server names it now: "Item i of n" follows the change
        # (A11Y-1), for the rows drawn again and for the others.
        named = [row["accessibilityLabel"] for row in rows(change_url, timeline).values()]
        assert page.evaluate(LABELS) == named, f"{step}: stale row labels"
        moved = page.evaluate(TOP, anchor) - top
        moved = page.evaluate(TOP, anchor) - top
        assert abs(moved) <= 2, f"{step}: the row in sight moved {moved} px"
        assert page.evaluate("(id) => document.getElementById(id).contains(document.activeElement)",
                             anchor), f"{step}: the focus left the row"

    def drawn_as_fresh(step: str, elements: list[str]):
        fresh = open_page(address, device)
        assert page.evaluate(AXES, elements) == fresh.evaluate(AXES, elements), step
        fresh.close()

    # Added above the viewport, before the first row.
    anchor, top = page.evaluate(ANCHOR)
    page.evaluate("(id) => document.querySelector(`#${id} a`).focus({preventScroll: true})", anchor)
    first = page.evaluate(ORDER)[0].removeprefix("item-")
    _, item = get_item(change_url, timeline, first)
    start = item["start"].replace("T08:", "T07:")
    assert start != item["start"], item["start"]
    status, _, body = call("POST", f"{change_url}/api/timelines/{timeline}/items",
                           {"id": "arrived", "title": "Arrived above", "start": start,
                            "status": "open"})
    assert status == 201, body
    settled("added above", anchor, top)
    # The view's count follows (40 tasks, and the one added).
    expect(page.locator(".tl-matches")).to_have_text("41 results")
    news = page.locator("button.tl-news")
    expect(news).to_have_text("1 new above")
    # It is shown on the opaque bar of "Jump to now", so it covers no row's text.
    expect(page.locator(".tl-jump button.tl-news")).to_be_visible()
    drawn_as_fresh("added above", ["item-arrived", f"item-{first}"])
    news.click()
    expect(page.locator("#item-arrived")).to_be_in_viewport()
    expect(page.locator("#item-arrived a")).to_be_focused()
    expect(news).to_be_hidden()

    # Moved from below the viewport to just after the row in sight.
    anchor, top = page.evaluate(ANCHOR)
    order = page.evaluate(ORDER)
    last = order[-1].removeprefix("item-")
    before_last = order[-2]
    _, target = get_item(change_url, timeline, anchor.removeprefix("item-"))
    tag, _ = get_item(change_url, timeline, last)
    moved_start = target["start"].replace(":00:00Z", ":30:00Z")
    status, _, body = patch_item(change_url, timeline, last, {"start": moved_start}, tag)
    assert status == 200, body
    page.evaluate("(id) => document.querySelector(`#${id} a`).focus({preventScroll: true})", anchor)
    settled("moved", anchor, top)
    position = page.evaluate(ORDER).index(f"item-{last}")
    assert page.evaluate(ORDER)[position - 1] == anchor
    drawn_as_fresh("moved", [anchor, f"item-{last}", page.evaluate(ORDER)[position + 1], before_last])

    # Moved down past one row only: the rows above it keep their places (and labels).
    anchor, top = page.evaluate(ANCHOR)
    order = page.evaluate(ORDER)
    mover, passed = order[order.index(anchor) + 1], order[order.index(anchor) + 2]
    page.evaluate("(id) => document.querySelector(`#${id} a`).focus({preventScroll: true})", anchor)
    _, over = get_item(change_url, timeline, passed.removeprefix("item-"))
    when = datetime.fromisoformat(over["start"].replace("Z", "+00:00")) + timedelta(minutes=1)
    tag, _ = get_item(change_url, timeline, mover.removeprefix("item-"))
    status, _, body = patch_item(change_url, timeline, mover.removeprefix("item-"),
                                 {"start": when.strftime("%Y-%m-%dT%H:%M:%SZ")}, tag)
    assert status == 200, body
    settled("moved down by one", anchor, top)
    assert page.evaluate(ORDER).index(mover) == page.evaluate(ORDER).index(passed) + 1

    # Deleted: the row leaves, its neighbours close the line.
    order = page.evaluate(ORDER)
    position = order.index("item-arrived")
    neighbours = [order[position + 1]] + ([order[position - 1]] if position else [])
    status, _, body = call("DELETE", f"{change_url}/api/timelines/{timeline}/items/arrived")
    assert status == 204, body
    page.wait_for_function("() => !document.getElementById('item-arrived')",
                           timeout=LIVE_SECONDS * 1000 * 3)
    expect(page.locator(".tl-matches")).to_have_text("40 results")
    named = [row["accessibilityLabel"] for row in rows(change_url, timeline).values()]
    assert page.evaluate(LABELS) == named, "deleted: stale row labels"
    drawn_as_fresh("deleted", neighbours)

    # Added just before the row in sight: that row, its neighbour, is drawn again and stays.
    anchor, top = page.evaluate(ANCHOR)
    page.evaluate("(id) => document.querySelector(`#${id} a`).focus({preventScroll: true})", anchor)
    _, item = get_item(change_url, timeline, anchor.removeprefix("item-"))
    when = datetime.fromisoformat(item["start"].replace("Z", "+00:00")) - timedelta(minutes=1)
    status, _, body = call("POST", f"{change_url}/api/timelines/{timeline}/items",
                           {"id": "beside", "title": "Arrived beside",
                            "start": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "status": "open"})
    assert status == 201, body
    settled("added beside", anchor, top)
    drawn_as_fresh("added beside", ["item-beside", anchor])
    assert page.script_errors == []
    page.context.close()


def test_web1_a_ranked_live_page_says_new_above_on_a_bar_of_its_own(open_page, tmp_path):
    """A ranked order has no now indicator, so no "Jump to now": "1 new above" then rests on
    an opaque bar of its own at the foot, as wide as the rows (covering no row's text), shown
    only while it says something."""
    db = tmp_path / "ranked.sqlite"
    timeline = app.import_file(app.tasks_csv(tmp_path / "tasks.csv", 40), db, "Ranked")
    with serve(tmp_path / "server.log", "--db", str(db)) as server:
        page = open_page(f"{server.url}/timelines/{timeline}?now={NOW}&sort=priority:desc", "phone")
        expect(page.locator(".tl-jump")).to_have_count(0)
        expect(page.locator(".tl-float")).to_be_hidden()
        page.evaluate("window.scrollTo({top: document.scrollingElement.scrollHeight,"
                      " behavior: 'instant'})")
        status, _, body = call("POST", f"{server.url}/api/timelines/{timeline}/items",
                               {"id": "urgent", "title": "Urgent", "start": "2025-01-05T09:00:00Z",
                                "status": "open", "priority": 5})
        assert status == 201, body
        news = page.locator(".tl-float button.tl-news")
        expect(news).to_have_text("1 new above", timeout=LIVE_SECONDS * 1000 * 3)
        background, spans, on_top = page.evaluate("""() => {
            const bar = document.querySelector('.tl-float'), box = bar.getBoundingClientRect();
            const rows = document.querySelector('.tl-timeline').getBoundingClientRect();
            const hit = document.elementFromPoint(rows.left + 4, box.top + box.height / 2);
            return [getComputedStyle(bar).backgroundColor,
                    box.left <= rows.left + 0.5 && box.right >= rows.right - 0.5,
                    !!hit && bar.contains(hit)]; }""")
        assert background.startswith("rgb(") and spans and on_top, (background, spans, on_top)
        news.click()
        expect(page.locator("#item-urgent")).to_be_in_viewport()
        expect(page.locator(".tl-float")).to_be_hidden()
        assert page.script_errors == []
        page.context.close()


@pytest.mark.parametrize("device", ["phone", "tablet"])
def test_web1_a_live_page_keeps_the_readers_place_on_sqlite(open_page, tmp_path, device):
    db = tmp_path / "place.sqlite"
    timeline = app.import_file(app.tasks_csv(tmp_path / "tasks.csv", 40), db, "Live place")
    with serve(tmp_path / "server.log", "--db", str(db)) as server:
        live_place_journey(open_page, server.url, server.url, timeline, device)


def test_web1_a_live_page_keeps_the_readers_place_across_instances(cluster, instances, open_page,
                                                                   tmp_path):
    a, b = instances
    timeline = cluster.import_example("Live place", app.tasks_csv(tmp_path / "tasks.csv", 40))
    live_place_journey(open_page, a.url, b.url, timeline, "phone")


def test_web1_sigterm_stops_the_server_with_an_event_stream_open(tmp_path):
    """`timeline serve` stops cleanly on SIGTERM: an open event stream (every open timeline
    page has one, and EventSource reconnects by itself) ends, and the process exits within
    5 s rather than waiting for the client to leave."""
    db = tmp_path / "stop.sqlite"
    timeline = app.import_file(EXAMPLE, db, "Stop")
    with serve(tmp_path / "server.log", "--db", str(db)) as server:
        with event_stream(f"{server.url}/timelines/{timeline}/events") as stream:
            signalled = time.monotonic()
            exited = stop(server.process, grace=5)  # SIGTERM, SIGKILL after 5 s
            waited = time.monotonic() - signalled
            # Whatever the server still sent, then the end (the process is gone by now, so
            # the end is at most a read away: the deadline only bounds a broken reader).
            after = []
            while isinstance(block := stream.next(time.monotonic() + 5), dict):
                after.append(block)
        assert exited, (f"the server did not exit within 5 s of SIGTERM with an event stream "
                        f"open (then SIGKILL); log:\n{server.log_tail()}")
        assert block is ENDED, f"the stream did not end after the server exited: {block}"
        assert not after, f"the stream went on after SIGTERM: {after}"
        print(f"stream ended by {stream.end}")
        print(f"exited {waited:.2f} s after SIGTERM")


# --- 4. The database goes away and comes back ---------------------------------------------------


class Writer:
    """Threads that add items (unique ids) one after another until stopped, recording which
    additions were acknowledged (2xx) and how long each request took."""

    def __init__(self, url: str, timeline: str, threads: int = 8):
        self.url, self.timeline = url, timeline
        self.stop_ = threading.Event()
        self.lock = threading.Lock()
        self.attempted: list[str] = []
        self.acknowledged: set[str] = set()
        self.statuses: dict[str, int] = {}
        self.slowest = 0.0
        self.more = threading.Condition(self.lock)
        self.threads = [threading.Thread(target=self._run, args=(n,), daemon=True)
                        for n in range(threads)]

    def _run(self, thread: int) -> None:
        number = 0
        while not self.stop_.is_set():
            item = f"w{thread}-{number}"
            number += 1
            with self.lock:
                self.attempted.append(item)
            started = time.monotonic()
            try:
                status, _, _ = call("POST", f"{self.url}/api/timelines/{self.timeline}/items",
                                    {"id": item, "title": f"Written {item}",
                                     "start": f"2026-11-{21 + thread}T{number % 24:02d}:00:00Z"},
                                    timeout=30)
                outcome = str(status)
            except (OSError, http.client.HTTPException) as error:
                status, outcome = 0, type(error).__name__
            elapsed = time.monotonic() - started
            with self.lock:
                self.slowest = max(self.slowest, elapsed)
                self.statuses[outcome] = self.statuses.get(outcome, 0) + 1
                if 200 <= status < 300:
                    self.acknowledged.add(item)
                    self.more.notify_all()

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def wait_for(self, count: int, timeout: float) -> None:
        """Until `count` additions were acknowledged in all."""
        with self.lock:
            assert self.more.wait_for(lambda: len(self.acknowledged) >= count, timeout), (
                f"{len(self.acknowledged)} of {count} additions acknowledged after {timeout} s; "
                f"answers: {self.statuses}")

    def stop(self) -> None:
        self.stop_.set()
        for thread in self.threads:
            thread.join(timeout=35)
            assert not thread.is_alive()


def test_web1_a_database_away_answers_503_quickly_and_loses_no_acknowledged_write(
        cluster, instances, capsys):
    a, b = instances
    timeline = cluster.import_example("Faults")
    tag, _ = get_item(a.url, timeline, "build")
    slowest = 0.0
    writer = Writer(a.url, timeline)
    writer.start()
    try:
        writer.wait_for(20, timeout=20)
        cluster.pause()
        try:
            # While the database is away: each answers within 5 s, 503 with Retry-After
            # (the requests run side by side; each is timed on its own).
            probes = {
                "page": ("GET", f"{a.url}/timelines/{timeline}?now={NOW}", None, {}),
                "rows": ("GET", f"{a.url}/api/timelines/{timeline}/rows?limit=50", None, {}),
                "patch": ("PATCH", f"{a.url}/api/timelines/{timeline}/items/build",
                          {"status": "completed"}, {"If-Match": tag,
                                                    "Content-Type": MERGE_PATCH}),
                "readyz": ("GET", f"{a.url}/readyz", None, {}),
                "healthz": ("GET", f"{a.url}/healthz", None, {}),
            }
            with concurrent.futures.ThreadPoolExecutor(len(probes)) as pool:
                futures = {name: pool.submit(timed, method, url, body, headers, timeout=30)
                           for name, (method, url, body, headers) in probes.items()}
                answers = {name: future.result() for name, future in futures.items()}
            report = {name: (status, headers.get("Retry-After"), round(seconds, 2))
                      for name, (status, headers, _, seconds) in answers.items()}
            slowest = max(seconds for *_, seconds in answers.values())
            for name, (status, headers, body, seconds) in answers.items():
                assert seconds < UNAVAILABLE_SECONDS, (name, report)
                if name == "healthz":
                    assert status == 200, (name, report)
                    continue
                assert status == 503, (name, report, body[:300])
                assert headers.get("Retry-After", "").isdigit(), (name, report)
                if name != "page":  # the page answers an HTML page for people
                    assert headers.get_content_type() == "application/json", (name, report)
                    assert json.loads(body)["error"] == "unavailable", (name, body)
        finally:
            if not cluster.running():
                cluster.resume()
        # Back by itself: /readyz of both instances polled until 200, within a deadline.
        resumed = time.monotonic()
        for server in (a, b):
            while True:
                status, _, _, seconds = timed("GET", f"{server.url}/readyz", timeout=30)
                slowest = max(slowest, seconds)
                if status == 200:
                    break
                assert time.monotonic() - resumed < 20, (
                    f"not ready 20 s after the database came back; log:\n{server.log_tail()}")
                time.sleep(0.1)
        ready_after = time.monotonic() - resumed
        # Writing again: 20 more acknowledged additions.
        with writer.lock:
            acknowledged = len(writer.acknowledged)
        writer.wait_for(acknowledged + 20, timeout=20)
    finally:
        writer.stop()

    stored = exported_ids(a.url, timeline)
    attempted = set(writer.attempted)
    lost = writer.acknowledged - stored
    unacknowledged = (stored & attempted) - writer.acknowledged
    slowest = max(slowest, writer.slowest)
    with capsys.disabled():
        print(f"\n[instances] writes: {len(attempted)} tried, {len(writer.acknowledged)} "
              f"acknowledged, {len(lost)} acknowledged but lost, {len(unacknowledged)} stored "
              f"without acknowledgement; answers {writer.statuses}; ready "
              f"{ready_after:.2f} s after the database came back; slowest request "
              f"{slowest:.2f} s; while away: {report}")
    assert not lost, f"acknowledged but not stored: {sorted(lost)[:20]}"
    # Refused while away, never an error of another kind or a dropped connection.
    assert set(writer.statuses) <= {"201", "503"}, writer.statuses
    assert slowest < UNAVAILABLE_SECONDS, f"a request took {slowest:.2f} s"
    assert rows(a.url, timeline)  # the reads work again too


# --- 5. The API fuzzed on PostgreSQL --------------------------------------------------------


def test_web1_sec1_the_json_api_on_postgresql_answers_as_openapi_json_says(cluster, tmp_path):
    import test_web1_server
    tasks = app.tasks_csv(tmp_path / "tasks.csv", 50)
    done = subprocess.run([app.binary(), "import", str(tasks), "--database", cluster.url,
                           "--title", "Tasks"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    timeline = done.stdout.strip().splitlines()[-1]
    with serve(tmp_path / "server.log", "--database", cluster.url) as server:
        # The request parsing is the same on both stores and fuzzed with twice as many
        # examples on SQLite (test_web1_server.py); here every operation meets the store.
        test_web1_server.run_schemathesis(server.url, server.process, timeline, tmp_path,
                                          examples=test_web1_server.SCHEMATHESIS_EXAMPLES // 2)
