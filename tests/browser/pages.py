"""What the browser tests look for on the table page (static/js/table.js draws it)."""

from playwright.sync_api import Page, expect


def open_table(page: Page, url: str) -> Page:
    """Open the table and wait until the script has drawn it and its socket is live."""
    page.response = page.goto(url)
    expect(page.locator("#players .player").first).to_be_visible()
    expect(page.locator('#table[data-live="on"]')).to_have_count(1)
    return page


def my_turn(page: Page):
    return page.locator("#status .chip.turn.mine")


def my_tally(page: Page, what: str) -> int:
    """Her rubles (`money`) or points (`points`) as her panel shows them."""
    return int(page.locator(f".player.me .tally .{what} b").inner_text())
