"""Fixtures of the browser suite: the generated pages and Debian's Chromium via Playwright."""

from __future__ import annotations

import os
import pathlib
import shutil

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

import pages as page_factory

expect.set_options(timeout=5_000)

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "tablet": {"width": 1024, "height": 1366}}
SCHEMES = ["light", "dark"]


def chromium_executable() -> str:
    """$CHROMIUM, else Debian's `chromium` on the PATH (Playwright's download is not used)."""
    for candidate in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        if candidate and (path := shutil.which(candidate)):
            return path
    pytest.exit("Chromium not found: apt-get install chromium (or set CHROMIUM)", returncode=3)


@pytest.fixture(scope="session")
def pages_dir(tmp_path_factory) -> pathlib.Path:
    """Where the pages under test are: $TIMELINE_PAGES (written by Browser/run), else a
    temporary directory filled now."""
    given = os.environ.get("TIMELINE_PAGES")
    return pathlib.Path(given) if given else tmp_path_factory.mktemp("pages")


@pytest.fixture(scope="session")
def pages(pages_dir) -> dict[str, pathlib.Path]:
    return page_factory.ensure(pages_dir)


@pytest.fixture(scope="session")
def workdir(tmp_path_factory) -> pathlib.Path:
    """A scratch directory for documents the tests write themselves."""
    return tmp_path_factory.mktemp("documents")


@pytest.fixture(scope="session")
def browser() -> Browser:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_executable(),
            args=["--no-sandbox", "--font-render-hinting=none", "--disable-gpu",
                  "--force-color-profile=srgb", "--hide-scrollbars"])
        yield browser
        browser.close()


@pytest.fixture
def open_page(browser):
    """open_page(url_or_path, device="phone", scheme="light", **context_options) -> Page.
    Every page gets its own context, closed after the test."""
    contexts = []
    pages = []

    def open_(target, device: str = "phone", scheme: str = "light", init_script: str | None = None,
              **options) -> Page:
        context = browser.new_context(
            viewport=VIEWPORTS[device], device_scale_factor=1, color_scheme=scheme,
            reduced_motion="reduce", locale="en-US", timezone_id="UTC", **options)
        contexts.append(context)
        if init_script:
            context.add_init_script(init_script)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda error: errors.append(error))
        page.script_errors = errors
        # Every console error fails the test (after it ran), but the browser's note that a
        # page the test went to on purpose answered 4xx (a refused form, an error page).
        console = []
        page.on("console", lambda message: console.append(message)
                if message.type == "error" else None)
        refused = set()
        page.on("response", lambda response: refused.add(response.url)
                if response.request.is_navigation_request() and 400 <= response.status < 500
                else None)
        page.console_errors = lambda: [
            f"{message.text} ({message.location.get('url')})" for message in console
            if not (message.text.startswith("Failed to load resource")
                    and message.location.get("url") in refused)]
        pages.append(page)
        url = target.as_uri() if isinstance(target, pathlib.Path) else target
        page.goto(url)
        return page

    yield open_
    errors = [error for page in pages for error in page.console_errors()]
    for context in contexts:
        context.close()
    assert not errors, "console errors:\n" + "\n".join(errors)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`timeline serve` on a database of 3,000 tasks (Browser/app.py), one per test module
    (the journeys change items), stopped when the module's tests are done."""
    import app
    folder = tmp_path_factory.mktemp("app")
    db = folder / "app.sqlite"
    app.import_file(app.tasks_csv(folder / "tasks.csv", 3000), db, "Tasks")
    with app.serve(db) as (url, _):
        yield url
