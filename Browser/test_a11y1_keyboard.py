"""A11Y-1 (everything works by keyboard) with FFB-2…FFB-5, FFB-9 (the filter feedback bar)
and SORT-1…SORT-5 (the Sort & Filter dialog), on the page rendered with
`--fast-filters status=open,status=completed,status=inProgress --sort priority:desc`."""

import pytest
from playwright.sync_api import expect

CHIPS = ".tl-bar .tl-chip"
DIALOG = "#tl-sort-filter"


def focused(page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)",
                         selector)


def tab_to(page, selector: str, limit: int = 40, backwards: bool = False):
    """Presses Tab (Shift+Tab) until the focused element matches `selector`."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        if focused(page, selector):
            return page.locator(":focus")
    pytest.fail(f"{selector} not reached with {limit} presses of {'Shift+' if backwards else ''}Tab")


def chip_texts(page) -> list[str]:
    return [text.replace("✓", "").replace("▾", "").strip()
            for text in page.locator(CHIPS).all_text_contents()]


def test_a11y1_ffb1_tab_reaches_every_chip_in_order(open_page, pages):
    page = open_page(pages["feedback-bar"])
    # The tools come first: the search field and Sort & Filter (the page is ranked by
    # priority, so it has no now indicator to jump to, SORT-6).
    tools = []
    for _ in range(2):
        page.keyboard.press("Tab")
        tools.append(page.evaluate(
            "() => { const e = document.activeElement; return e.placeholder || e.textContent }"))
    assert tools == ["Search", "Sort & Filter"]
    reached = []
    for _ in range(len(chip_texts(page))):
        page.keyboard.press("Tab")
        assert focused(page, CHIPS), "Tab from the top of the page does not go through the chips"
        reached.append(page.locator(":focus").inner_text().replace("✓", "").replace("▾", "").strip())
    assert reached == chip_texts(page) == ["Sort By: Priority, High to Low", "Open", "Completed", "In progress"]


@pytest.mark.parametrize("key", ["Space", "Enter"])
def test_a11y1_ffb4_ffb5_keyboard_toggles_filter_chips(open_page, pages, key):
    page = open_page(pages["feedback-bar"])
    status = page.locator(".tl-matches")
    expect(status).to_have_text("7 results")

    completed = tab_to(page, '.tl-chip[data-filter="status=completed"]')
    expect(completed).to_have_attribute("aria-pressed", "false")
    page.keyboard.press(key)
    expect(completed).to_have_attribute("aria-pressed", "true")
    expect(completed).to_be_focused()
    # FFB-2/FFB-4: the sort chip stays first, the active chip moves left of the inactive ones.
    assert chip_texts(page) == ["Sort By: Priority, High to Low", "Completed", "Open", "In progress"]
    expect(status).to_have_text("1 result")

    progress = tab_to(page, '.tl-chip[data-filter="status=inProgress"]')
    page.keyboard.press(key)
    expect(progress).to_have_attribute("aria-pressed", "true")
    assert chip_texts(page) == ["Sort By: Priority, High to Low", "Completed", "In progress", "Open"]
    expect(status).to_have_text("2 results")

    # FFB-5: deactivating returns the chip to its original position among the inactive ones.
    completed = tab_to(page, '.tl-chip[data-filter="status=completed"]', backwards=True)
    page.keyboard.press(key)
    expect(completed).to_have_attribute("aria-pressed", "false")
    expect(completed).to_be_focused()
    assert chip_texts(page) == ["Sort By: Priority, High to Low", "In progress", "Open", "Completed"]
    expect(status).to_have_text("1 result")
    assert not page.script_errors, page.script_errors


def open_dialog_by_keyboard(page):
    sort_chip = tab_to(page, ".tl-chip[data-kind=sort]")
    page.keyboard.press("Enter")
    dialog = page.locator(DIALOG)
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("open", "")
    return sort_chip, dialog


def criteria(page) -> list[str]:
    return page.locator(f"{DIALOG} .tl-sort > li").evaluate_all(
        "items => items.map(li => li.dataset.field)")


def test_a11y1_sort1_sort_chip_opens_the_dialog_and_escape_closes_it(open_page, pages):
    page = open_page(pages["feedback-bar"])
    sort_chip, dialog = open_dialog_by_keyboard(page)
    assert page.evaluate("document.activeElement.closest('dialog') !== null"), \
        "focus did not move into the dialog"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(sort_chip).to_be_focused()
    # SORT-5: nothing was applied, the sort chip still names the sort.
    expect(sort_chip).to_have_attribute("aria-label", "Sort By: Priority, High to Low")


def test_a11y1_sort2_arrow_keys_move_a_selected_criterion_and_announce_it(open_page, pages):
    page = open_page(pages["feedback-bar"])
    open_dialog_by_keyboard(page)
    live = page.locator("#tl-sort-live")
    assert criteria(page) == ["priority", "date", "title", "status", "kind"]

    # Select "Date" with the keyboard (SORT-1); it stays where it is (SORT-3) and gets a handle.
    date_box = tab_to(page, f'{DIALOG} input[value="date"]')
    page.keyboard.press("Space")
    expect(date_box).to_be_checked()
    assert criteria(page) == ["priority", "date", "title", "status", "kind"]
    date_item = page.locator(f'{DIALOG} li[data-field="date"]')
    expect(date_item).to_have_attribute("data-selected", "true")
    handle = tab_to(page, f'{DIALOG} li[data-field="date"] .tl-handle', backwards=True)
    expect(handle).to_have_accessible_name("Reorder Date")

    page.keyboard.press("ArrowUp")
    assert criteria(page) == ["date", "priority", "title", "status", "kind"]
    expect(handle).to_be_focused()
    expect(live).to_have_text("Date, position 1 of 5")

    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert criteria(page) == ["priority", "title", "date", "status", "kind"]
    expect(live).to_have_text("Date, position 3 of 5")
    expect(handle).to_be_focused()

    # SORT-2: an unselected criterion has no handle to focus or use.
    expect(page.locator(f'{DIALOG} li[data-field="title"] .tl-handle')).to_be_hidden()
    assert not page.script_errors, page.script_errors


def test_a11y1_sort5_deselecting_every_criterion_shows_the_error_and_disables_apply(open_page, pages):
    page = open_page(pages["feedback-bar"])
    _, dialog = open_dialog_by_keyboard(page)
    help_text = page.locator("#tl-sort-help")
    apply = dialog.get_by_role("button", name="Apply")
    # Nothing differs from what is applied yet (the core's canApply).
    expect(apply).to_be_disabled()
    priority = tab_to(page, f'{DIALOG} input[value="priority"]')
    page.keyboard.press("Space")
    expect(priority).not_to_be_checked()
    expect(help_text).to_have_text("Select at least one criterion")
    expect(help_text).to_have_attribute("data-error", "true")
    expect(apply).to_be_disabled()
    # The error is tied to the handles (aria-describedby) and visible.
    expect(help_text).to_be_visible()
    # Selecting one again clears the error; the sort is the applied one again, so Apply
    # stays off until something differs.
    page.keyboard.press("Space")
    expect(help_text).not_to_have_text("Select at least one criterion")
    expect(apply).to_be_disabled()
    tab_to(page, f'{DIALOG} input[value="title"]')
    page.keyboard.press("Space")
    expect(apply).to_be_enabled()
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()


def test_sort5_reset_after_deselecting_everything_restores_a_valid_state(open_page, pages):
    """Reset returns to the core's defaults (the date, oldest first); the error, Apply and
    the handles follow them."""
    page = open_page(pages["feedback-bar"])
    _, dialog = open_dialog_by_keyboard(page)
    tab_to(page, f'{DIALOG} input[value="priority"]')
    page.keyboard.press("Space")
    expect(dialog.get_by_role("button", name="Apply")).to_be_disabled()
    tab_to(page, f"{DIALOG} button[type=reset]")
    page.keyboard.press("Enter")
    expect(page.locator(f'{DIALOG} input[value="date"]')).to_be_checked()
    expect(page.locator(f'{DIALOG} input[value="priority"]')).not_to_be_checked()
    expect(page.locator("#tl-sort-help")).not_to_have_text("Select at least one criterion")
    # The defaults differ from the applied "priority, high to low": Apply is on, Reset off.
    expect(dialog.get_by_role("button", name="Apply")).to_be_enabled()
    expect(dialog.locator("button[type=reset]")).to_be_disabled()
    expect(page.locator(f'{DIALOG} li[data-field="date"] .tl-handle')).to_be_visible()
