"""What the browser tests look for on the table page (static/js/table.js draws it)."""

from playwright.sync_api import Page, expect

# The side column's log and chat come with the page; the chat is read again once the socket is
# open, and a line written meanwhile would push what is under it down (the private note's button):
# a click aimed before it lands could hit the wrong place.
_CHAT_READ = """() => {
    const chat = document.getElementById("chat-lines");
    return !chat || "reads" in chat.dataset;
}"""


def open_table(page: Page, url: str, *, chat_read: bool = True) -> Page:
    """Open the table and wait until the script has drawn it, its socket is live and (unless
    a test holds it back: `chat_read=False`) the chat beside it has been read again."""
    page.response = page.goto(url)
    expect(page.locator("#players .player").first).to_be_visible()
    expect(page.locator('#table[data-live="on"]')).to_have_count(1)
    if chat_read:
        page.wait_for_function(_CHAT_READ)
    return page


def my_turn(page: Page):
    return page.locator("#status .chip.turn.mine")


def my_tally(page: Page, what: str) -> int:
    """Her rubles (`money`) or points (`points`) as her panel shows them."""
    return int(page.locator(f".player.me .tally .{what} b").inner_text())


# Cards in her area: identical cards share one tile (a count on it), so the tiles are not the count;
# each colour's heading ("Workers · 2") is.
_AREA_SIZE = """() => [...document.querySelectorAll('.player.me .area .area-label')]
    .reduce((n, label) => n + Number(label.textContent.split('·').pop()), 0)"""


def my_area_size(page: Page) -> int:
    """How many cards lie in her area, identical ones counted one by one."""
    return page.evaluate(_AREA_SIZE)


def wait_for_my_area_size(page: Page, size: int, timeout: float) -> None:
    """Wait until her area holds `size` cards (identical ones counted one by one)."""
    page.wait_for_function(f"(size) => ({_AREA_SIZE})() === size", arg=size, timeout=timeout)


def buy_two_points_in_the_pub(page: Page, decision) -> None:
    """Click "2 points for 4 ₽" in the Pub `decision` box: it goes, her rubles and points
    change by -4 and +2, the log says so."""
    money, points = my_tally(page, "money"), my_tally(page, "points")

    decision.get_by_role("button", name="2 points for 4 ₽").click()

    expect(decision).to_have_count(0)
    expect(page.locator(".player.me .tally .money b")).to_have_text(str(money - 4))
    expect(page.locator(".player.me .tally .points b")).to_have_text(str(points + 2))
    expect(page.locator("#log-body")).to_contain_text(
        f"Anna buys 2 points at the Pub for 4 rubles: {points} + 2 = {points + 2} points"
    )


def rewrite_views(page: Page, game_id: int, change) -> list[dict]:
    """Let `change(payload)` edit every GET view of game `game_id` this page receives, to show
    the table a view the engine does not produce yet (an expansion's phase, a decision kind).
    Moves still go to the real server. Returns the edited payloads, latest last."""
    seen: list[dict] = []

    def edit(route):
        response = route.fetch()
        payload = response.json()
        change(payload)
        seen.append(payload)
        route.fulfill(response=response, json=payload)

    page.context.route(lambda url: url.endswith(f"/games/{game_id}/view"), edit)
    return seen


# The end screen's column headings in English: a part of the score sheet by its key.
PART_WORDS = {
    "scoring:worker": "Workers",
    "scoring:building": "Buildings",
    "scoring:aristocrat": "Aristocrats",
    "scoring:market": "Market cards",
    "pub": "Pub",
    "market": "Majorities",
    "final:aristocrats": "Aristocrats",
    "final:money": "Money",
    "final:hand": "Hand",
}


def expect_end_headings(end, parts: list[str]) -> None:
    """The end screen's two heading rows: rank, player, total, the groups of parts and rubles
    left; then under the groups each part (`parts`: the score sheet's keys, in order)."""
    head = end.locator("table.scores thead tr")
    groups = ["During the game"] if any(not p.startswith("final:") for p in parts) else []
    expect(head.nth(0).locator("th")).to_have_text(
        ["Rank", "Player", "Total", *groups, "Final scoring", "Rubles left"]
    )
    expect(head.nth(1).locator("th")).to_have_text([PART_WORDS[p] for p in parts])
