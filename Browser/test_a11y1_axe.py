"""A11Y-1: axe-core reports no violations on every generated page, light and dark, and
with the Sort & Filter dialog open."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import SCHEMES
from pages import PAGES

AXE = Axe()


def violations(page) -> str:
    results = AXE.run(page)
    found = results.response["violations"]
    lines = []
    for violation in found:
        for node in violation["nodes"]:
            lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at "
                         f"{node['target']}: {node.get('failureSummary', '').splitlines()[-1:]}")
    return "\n".join(lines)


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("name", PAGES)
def test_a11y1_axe_reports_no_violations(open_page, pages, name, scheme):
    page = open_page(pages[name], "tablet", scheme)
    report = violations(page)
    assert not report, f"axe-core on {name} ({scheme}):\n{report}"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a11y1_axe_reports_no_violations_with_dialog_open(open_page, pages, scheme):
    page = open_page(pages["feedback-bar"], "phone", scheme)
    page.locator(".tl-chip[data-kind=sort]").click()
    expect(page.locator("#tl-sort-filter")).to_be_visible()
    report = violations(page)
    assert not report, f"axe-core with the dialog open ({scheme}):\n{report}"


@pytest.mark.parametrize("scheme", SCHEMES)
def test_a11y1_axe_reports_no_violations_with_every_criterion_deselected(open_page, pages, scheme):
    """The error state of SORT-5 (error text color) must keep its contrast."""
    page = open_page(pages["feedback-bar"], "phone", scheme)
    page.locator(".tl-chip[data-kind=sort]").click()
    page.locator("#tl-sort-filter input[name=sort]:checked").uncheck()
    expect(page.locator("#tl-sort-help")).to_have_text("Select at least one criterion")
    report = violations(page)
    assert not report, f"axe-core with the sort error shown ({scheme}):\n{report}"
