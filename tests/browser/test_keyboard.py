"""Playing by keyboard alone in Chromium: dave plays a whole first round of a fresh duel with
Tab and Enter (carol, with the mouse, is the other player). After each of his moves the focus
stays on the table where he was instead of dropping to the top of the page; the card dialog is
named and takes and gives back the focus; the live region reads out carol's moves."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import my_turn, open_table

pytestmark = [pytest.mark.browser, pytest.mark.services]

MAX_MOVES = 80  # a first round of two players takes far fewer
MAX_TABS = 200

FOCUSED = """() => {
    const a = document.activeElement;
    const slot = a.closest(".slot");
    return {
        onTable: a !== document.body && Boolean(a.closest("#table")),
        boardCard: Boolean(a.closest("#board")) && a.matches("button.card"),
        price: slot && slot.querySelector(".price") ? slot.querySelector(".price").className : "",
        pass: a.dataset.pass || "",
        inDialog: Boolean(a.closest("dialog")),
        primary: a.classList.contains("primary"),
        visibleOutline: getComputedStyle(a).outlineStyle !== "none",
    };
}"""


# The table's Tab stops as static/js/table/focus.js counts them, and the focused one's mark.
TAB_STOPS = """() => [...document.getElementById("table").querySelectorAll(
        "button:not([disabled]):not([tabindex='-1']), select, a[href], input, [tabindex='0']")]
    .filter((node) => node.offsetParent !== null && !node.closest("dialog"))"""
WHERE = f"""() => {{
    const stops = ({TAB_STOPS})(), a = document.activeElement;
    const mark = a.dataset.card !== undefined ? `[data-card="${{a.dataset.card}}"]`
        : a.dataset.pass !== undefined ? `[data-pass="${{a.dataset.pass}}"]` : null;
    return {{ mark, index: stops.indexOf(a) }};
}}"""
# After the move: the focus is on the control it was on (its new copy: the same card, now in
# the area, or the same pass button), or, if that is gone, on the Tab stop now at its place.
BACK_IN_PLACE = f"""(before) => {{
    const stops = ({TAB_STOPS})(), table = document.getElementById("table");
    const same = before.mark ? table.querySelector(before.mark) : null;
    const expected = same && same.offsetParent !== null
        ? same : stops[Math.min(before.index, stops.length - 1)];
    return document.activeElement === expected;
}}"""


def _tab_to(page: Page, wanted) -> dict:
    for _ in range(MAX_TABS):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if wanted(focused):
            return focused
    raise AssertionError("no such control is reachable with Tab")


def _settled(page: Page) -> None:
    """The move's POST has been answered and drawn (the table is busy until then)."""
    expect(page.locator("#table.busy")).to_have_count(0)


def _move_by_keyboard(page: Page) -> None:
    dialog = page.locator("#card-dialog")
    if page.locator("#board .price.ok").count():
        card = _tab_to(page, lambda f: f["boardCard"] and " ok" in f["price"])
        assert card["visibleOutline"], "the focused card shows that it has the focus"
        before = page.evaluate(WHERE)
        page.keyboard.press("Enter")
        expect(dialog).to_be_visible()
        expect(dialog).to_have_accessible_name(page.locator("#card-dialog-title").inner_text())
        _tab_to(page, lambda f: f["inDialog"] and f["primary"])
        page.keyboard.press("Enter")
        expect(dialog).to_be_hidden()
    else:
        _tab_to(page, lambda f: f["pass"] == "turn")
        before = page.evaluate(WHERE)
        page.keyboard.press("Enter")
    _settled(page)
    assert page.evaluate(FOCUSED)["onTable"], "the focus stays on the table after a move"
    assert page.evaluate(BACK_IN_PLACE, before), f"the focus is back in its place ({before})"


def _move_by_mouse(page: Page) -> None:
    buyable = page.locator("#board .slot:has(.price.ok) button.card")
    if buyable.count():
        buyable.first.click()
        page.locator("#card-dialog .dialog-actions button.primary").first.click()
        expect(page.locator("#card-dialog")).to_be_hidden()
    else:
        page.locator('#actions button.pass[data-pass="turn"]').click()
    _settled(page)


def test_a_whole_round_is_played_by_keyboard_alone(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['by_keyboard']}/"
    dave = open_table(signed_in("dave"), url)
    carol = open_table(signed_in("carol"), url)
    seat = dave.request.get(f"{url}view").json()["seat"]
    announced = dave.locator("#announce")
    moves = 0
    for moves in range(MAX_MOVES):  # noqa: B007  (counted for the message below)
        view = dave.request.get(f"{url}view").json()["view"]
        if view["round"] > 1:
            break
        if seat in view["to_act"]:
            expect(my_turn(dave)).to_be_visible()
            _move_by_keyboard(dave)
        else:
            expect(my_turn(carol)).to_be_visible()
            _move_by_mouse(carol)
            expect(announced).to_contain_text("Carol")
    else:
        raise AssertionError(f"the first round did not end in {moves + 1} moves")
    expect(dave.locator("#status .chip.round")).to_have_text("Round 2")
    assert (dave.errors, carol.errors) == ([], [])
