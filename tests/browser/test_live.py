"""The table stays current: whatever order the answers and pushes of the server arrive in,
the page never draws a state older than the one it shows.

The races are made, not waited for: the page's network layer (Playwright's routes) sends a
request to the server at once but keeps its answer from the page until the test lets it
through, after the pushes of later versions have been drawn."""

import re
from datetime import UTC, datetime, timedelta
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import MAIL
from tests.browser.pages import my_turn, open_table

pytestmark = [pytest.mark.browser, pytest.mark.services]


class Held:
    """An answer the server has given and the page has not received yet."""

    def __init__(self, route):
        self.route, self.response = route, route.fetch()

    def release(self) -> None:
        self.route.fulfill(response=self.response)


class Holder:
    """Holds the answers to the page's requests ending in `path_end` whose count (0 for the
    page's first such request) is in `numbers`; the others pass. One holder per page.

    Playwright runs the handler, which waits for the server's answer, whenever the test waits
    on the page: the page may draw later pushes before that answer is held. So the handler
    marks on the page how many answers it holds (`data-held`), and `release_last` waits for it.
    """

    def __init__(self, page: Page, path_end: str, *, numbers) -> None:
        self.page = page
        self.held: list[Held] = []
        self.requests = 0
        self.answers = 0
        self.numbers = numbers
        page.context.route(lambda url: urlparse(url).path.endswith(path_end), self._handle)

    def _handle(self, route) -> None:
        self.requests += 1
        if self.requests - 1 in self.numbers:
            self.held.append(Held(route))
            self.answers += 1
            mark = "(n) => { document.documentElement.dataset.held = n; }"
            self.page.evaluate(mark, self.answers)
        else:
            route.continue_()

    def wait_held(self, held: int) -> None:
        """Wait until `held` answers have been held in all (the server has given them)."""
        expect(self.page.locator("html")).to_have_attribute("data-held", str(held))

    def release_last(self, held: int) -> None:
        """Once `held` answers have been held in all, let the last one through to the page."""
        self.wait_held(held)
        self.held.pop().release()


def mailed_link(address: str) -> str:
    """The link in the e-mail the site wrote to `address` (the browser tests' mail is files)."""
    for path in sorted(MAIL.glob("*.log")):
        text = path.read_text()
        if f"To: {address}" in text:
            return re.search(r"https?://\S+/accounts/signup/confirm/\S+", text).group(0)
    raise AssertionError(f"no e-mail to {address}")


def _url(live_site) -> str:
    return f"{live_site['url']}/games/{live_site['bots']}/"


def _buy_first_card(page: Page) -> None:
    page.locator("#board .row-cards button.card").first.click()
    page.locator("#card-dialog .dialog-actions button.primary").first.click()


def _drawn_version(page: Page) -> int:
    return int(page.locator("#table").get_attribute("data-version"))


def test_the_answer_to_a_move_arriving_after_the_bots_pushes_does_not_turn_the_table_back(
    signed_in, live_site
):
    anna = open_table(signed_in("anna"), _url(live_site))
    expect(my_turn(anna)).to_be_visible()
    before = _drawn_version(anna)
    moves = Holder(anna, f"/games/{live_site['bots']}/moves", numbers=range(10_000))

    _buy_first_card(anna)
    # Her move and both bots' moves are pushed and drawn: her turn again, three versions on.
    expect(anna.locator("#table")).to_have_attribute("data-version", str(before + 3))
    expect(my_turn(anna)).to_be_visible()

    moves.release_last(1)  # the answer to her move: the version right after `before`

    expect(anna.locator("#table")).not_to_have_class(re.compile(r"\bbusy\b"))
    expect(anna.locator("#table")).to_have_attribute("data-version", str(before + 3))
    expect(my_turn(anna)).to_be_visible()
    expect(anna).to_have_title(re.compile("Your turn"))
    turn_icon = anna.locator("#table").get_attribute("data-favicon-turn")
    expect(anna.locator("link#favicon")).to_have_attribute("href", turn_icon)
    assert anna.errors == []


def test_a_view_fetched_before_the_bots_moved_does_not_replace_the_table_drawn_after(
    signed_in, live_site
):
    page = signed_in("anna")
    # The page's second GET (the refetch when its socket opens) answers the state before her move.
    views = Holder(page, f"/games/{live_site['bots']}/view", numbers={1})
    anna = open_table(page, _url(live_site))
    expect(my_turn(anna)).to_be_visible()
    before = _drawn_version(anna)

    _buy_first_card(anna)
    expect(anna.locator("#table")).to_have_attribute("data-version", str(before + 3))
    expect(anna.locator("#table")).not_to_have_class(re.compile(r"\bbusy\b"))
    answers = int(anna.locator("#table").get_attribute("data-answers"))
    views.release_last(1)

    expect(anna.locator("#table")).to_have_attribute("data-answers", str(answers + 1))
    expect(anna.locator("#table")).to_have_attribute("data-version", str(before + 3))
    expect(my_turn(anna)).to_be_visible()


def test_a_view_read_again_unchanged_leaves_the_table_as_drawn_so_a_click_in_flight_lands(
    signed_in, live_site
):
    page = signed_in("anna")
    # The refetch as the socket opens is held until her click is on its way to a pile button.
    views = Holder(page, f"/games/{live_site['bots']}/view", numbers={1})
    anna = open_table(page, _url(live_site))
    pile = anna.locator("#board button.pile").first.element_handle()
    answers = int(anna.locator("#table").get_attribute("data-answers"))
    views.release_last(1)

    expect(anna.locator("#table")).to_have_attribute("data-answers", str(answers + 1))
    assert pile.evaluate("(node) => node.isConnected")
    pile.click()
    expect(anna.locator("#card-dialog")).to_be_visible()
    assert anna.errors == []


def test_a_log_read_before_the_other_player_moved_does_not_replace_the_log_drawn_after(
    signed_in, live_site
):
    url = f"{live_site['url']}/games/{live_site['side']}/"
    page = signed_in("anna")
    logs = Holder(page, f"/games/{live_site['side']}/log", numbers={0})
    anna = open_table(page, url)
    before = _drawn_version(anna)
    expect(anna.locator("#log-body")).to_have_attribute("data-version", str(before))
    his_lines = anna.locator("#log-body .log-lines li", has_text="Boris buys")
    his_before = his_lines.count()

    _buy_first_card(anna)
    logs.wait_held(1)  # the log after her buy, read before Boris moves
    boris = open_table(signed_in("boris"), url)
    expect(my_turn(boris)).to_be_visible()
    _buy_first_card(boris)

    expect(anna.locator("#log-body")).to_have_attribute("data-version", str(before + 2))
    # Every log the page asked for has been read (the held one aside).
    expect(anna.locator("#log-body")).to_have_attribute("data-answers", str(logs.requests - 1))
    logs.release_last(1)

    expect(anna.locator("#log-body")).to_have_attribute("data-answers", str(logs.requests))
    expect(anna.locator("#log-body")).to_have_attribute("data-version", str(before + 2))
    expect(his_lines).to_have_count(his_before + 1)  # his buy, drawn and kept
    assert (anna.errors, boris.errors) == ([], [])


def test_the_log_and_the_chat_come_with_the_page_so_nothing_under_them_moves_as_it_settles(
    signed_in, live_site
):
    url = f"{live_site['url']}/games/{live_site['side']}/"
    page = signed_in("anna")
    log_reads = []
    page.on("request", lambda request: request.url.endswith("/log") and log_reads.append(request))
    reads = Holder(page, f"/games/{live_site['side']}/chat", numbers={0})
    anna = open_table(page, url, chat_read=False)
    save = anna.get_by_role("button", name="Save the note")
    drawn_at = save.bounding_box()

    # Neither the log nor the thread has been read: both came with the page.
    expect(anna.locator("#log-body .log-lines li", has_text="Boris")).not_to_have_count(0)
    expect(anna.locator("#chat-lines .chat-text")).to_have_text(["Your move, Anna."])
    reads.release_last(1)
    expect(anna.locator("#chat-lines[data-reads='1']")).to_have_count(1)

    expect(anna.locator("#chat-lines .chat-line")).to_have_count(1)
    assert save.bounding_box() == drawn_at
    assert log_reads == []
    assert anna.errors == []


def test_the_hosts_lobby_shows_who_joins_and_takes_everyone_seated_to_the_table_at_the_start(
    signed_in, live_site
):
    url = f"{live_site['url']}/games/{live_site['lobby']}/"
    carol = signed_in("carol")
    carol.goto(url)
    seats = carol.locator(".seat-table")
    expect(carol.locator("#seats-title")).to_have_text("Seats: 1 of 3 taken")
    expect(carol.locator("[data-live-page][data-reads]")).to_have_count(1)  # listening

    dave = signed_in("dave")
    dave.goto(url)
    dave.get_by_role("button", name="Join this game").click()

    expect(carol.locator("#seats-title")).to_have_text("Seats: 2 of 3 taken")
    expect(seats).to_contain_text("Dave")
    expect(dave.locator("[data-live-page][data-reads]")).to_have_count(1)

    boris = signed_in("boris")  # German
    boris.goto(url)
    boris.locator('form[action$="/join"] button').click()

    # The table is full and the game starts: the lobby pages become its table.
    for page in (carol, dave, boris):
        expect(page.locator("#table")).to_have_count(1)
        expect(page.locator("#players .player.me")).to_have_count(1)
    assert (carol.errors, dave.errors) == ([], [])


def test_a_lobby_read_that_changes_nothing_keeps_its_buttons_and_the_keyboards_place(
    signed_in, live_site
):
    """Each read brings the same forms with new CSRF tokens; swapping them anyway would drop
    a click under way and send the keyboard's focus back to the top of the page."""
    page = signed_in("carol")
    sockets: list = []
    page.route_web_socket(
        re.compile(r"/ws/games/\d+/$"), lambda ws: (ws.connect_to_server(), sockets.append(ws))
    )
    page.goto(f"{live_site['url']}/games/{live_site['waiting']}/")
    expect(page.locator("[data-live-page][data-reads='1']")).to_have_count(1)  # its first read
    page.get_by_role("button", name="Cancel the game").focus()
    page.evaluate("() => { window.focusedBefore = document.activeElement; }")

    sockets[-1].send('{"type": "lobby"}')  # as when a seat is taken and freed again

    expect(page.locator("[data-live-page][data-reads='2']")).to_have_count(1)
    kept = (
        "() => window.focusedBefore.isConnected && document.activeElement === window.focusedBefore"
    )
    assert page.evaluate(kept)
    expect(page.locator("#seats-title")).to_have_text("Seats: 1 of 3 taken")
    assert page.errors == []


def test_a_lobby_redrawn_as_someone_joins_and_leaves_keeps_the_keyboard_on_the_same_button(
    signed_in, live_site
):
    url = f"{live_site['url']}/games/{live_site['waiting']}/"
    carol = signed_in("carol")
    carol.goto(url)
    expect(carol.locator("[data-live-page][data-reads='1']")).to_have_count(1)
    cancel = carol.get_by_role("button", name="Cancel the game")
    cancel.focus()

    dave = signed_in("dave")
    dave.goto(url)
    dave.get_by_role("button", name="Join this game").click()
    expect(carol.locator("#seats-title")).to_have_text("Seats: 2 of 3 taken")
    expect(carol.get_by_role("button", name="Start now")).to_be_visible()  # redrawn
    expect(cancel).to_be_focused()

    dave.get_by_role("button", name="Leave").click()  # the lobby as the seed left it
    expect(carol.locator("#seats-title")).to_have_text("Seats: 1 of 3 taken")
    expect(cancel).to_be_focused()
    assert (carol.errors, dave.errors) == ([], [])


def test_my_games_moves_a_game_to_your_turn_when_the_notice_arrives_and_counts_it_in_the_title(
    signed_in, live_site
):
    anna = signed_in("anna")
    anna.goto(f"{live_site['url']}/games/mine")
    game = anna.locator(".game-card", has_text="Boris opens")
    expect(game).not_to_have_class(re.compile("is-my-turn"))
    count = re.match(r"\((\d+)\) ", anna.title())
    before = int(count.group(1)) if count else 0

    boris = open_table(signed_in("boris"), f"{live_site['url']}/games/{live_site['boris_first']}/")
    _buy_first_card(boris)

    expect(game).to_have_class(re.compile("is-my-turn"))
    expect(anna.locator("section[aria-labelledby=my-turn]")).to_contain_text("Boris opens")
    expect(anna).to_have_title(f"({before + 1}) My games · stpete")
    assert anna.errors == []


def test_a_game_that_ends_with_the_page_open_offers_its_replay_and_no_more_notifications(
    signed_in, live_site
):
    anna = open_table(signed_in("anna"), f"{live_site['url']}/games/{live_site['last_move']}/")
    expect(anna.locator("#replay-link")).to_be_hidden()
    expect(anna.locator("[data-action=notify]")).to_be_visible()

    anna.locator('#actions button.pass[data-pass="turn"]').click()

    expect(anna.locator("#end")).to_be_visible()
    expect(anna.get_by_role("link", name="Replay this game")).to_be_visible()
    expect(anna.locator("[data-action=notify]")).to_have_count(0)


def test_the_table_says_it_is_reconnecting_while_the_server_is_away_and_catches_up_after(
    signed_in, live_site
):
    page = signed_in("anna")
    sockets: list = []
    away = [False]

    def handle(ws):
        if away[0]:
            ws.close(code=1012)  # the server restarts
        else:
            ws.connect_to_server()
            sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/games/\d+/$"), handle)
    anna = open_table(page, _url(live_site))
    message = anna.locator("#table-message")

    away[0] = True
    sockets[-1].close(code=1012)
    expect(message).to_have_text("The connection to the server was lost; reconnecting…")
    expect(message).to_be_visible()

    with anna.expect_request(lambda r: r.url.endswith("/view"), timeout=40_000):
        away[0] = False  # back: the next attempt gets through and the page reads the table again
    expect(message).to_be_hidden()
    expect(anna.locator('#table[data-live="on"]')).to_have_count(1)


def test_the_cannot_be_reached_line_clears_once_the_socket_is_back(signed_in, live_site):
    """A move sent while the server is away fails: "cannot be reached". The page's clock is
    held, so its next attempt to reconnect waits for the test: nothing else can replace the
    line before the socket opens again."""
    page = signed_in("anna")
    page.clock.install()
    sockets: list = []
    page.route_web_socket(
        re.compile(r"/ws/games/\d+/$"), lambda ws: (ws.connect_to_server(), sockets.append(ws))
    )
    anna = open_table(page, _url(live_site))
    expect(my_turn(anna)).to_be_visible()
    anna.clock.pause_at(datetime.now(UTC) + timedelta(seconds=5))  # no timer fires unless told
    message = anna.locator("#table-message")

    sockets[-1].close(code=1012)  # the server goes away
    expect(anna.locator('#table[data-live="off"]')).to_have_count(1)
    anna.context.route(lambda url: url.endswith("/moves"), lambda route: route.abort())
    _buy_first_card(anna)
    expect(message).to_have_text("The server cannot be reached. Check your connection.")

    anna.clock.run_for(1_000)  # the first reconnect attempt: the server is back
    expect(anna.locator('#table[data-live="on"]')).to_have_count(1)
    expect(message).to_be_hidden()
    assert len(sockets) == 2


def test_a_chat_line_reaches_the_watching_member_at_once_as_plain_text(signed_in, live_site):
    anna = open_table(signed_in("anna"), _url(live_site))
    page = signed_in("boris")
    # His page's first read of the thread answers before anna writes, and arrives after.
    reads = Holder(page, f"/games/{live_site['bots']}/chat", numbers={0})
    boris = open_table(page, _url(live_site), chat_read=False)  # watching: no seat here
    expect(boris.locator("#chat-form")).to_have_count(0)

    line = "<img src=x onerror=alert(1)> Good luck, bots!"
    anna.locator("#chat-text").fill(line)
    anna.locator("#chat-text").press("Enter")

    expect(anna.locator("#chat-lines .chat-text")).to_have_text([line])
    expect(anna.locator("#chat-text")).to_have_value("")
    expect(boris.locator("#chat-lines .chat-line")).to_have_count(1)
    reads.release_last(1)
    expect(boris.locator("#chat-lines[data-reads='1']")).to_have_count(1)
    expect(boris.locator("#chat-lines .chat-line")).to_have_count(1)
    expect(boris.locator("#chat-lines .chat-text")).to_have_text([line])
    expect(boris.locator("#chat-lines .chat-name")).to_have_text(["Anna"])
    expect(boris.locator("#chat-lines img")).to_have_count(0)
    assert (anna.errors, boris.errors) == ([], [])


def test_a_newcomer_following_an_invitation_is_told_why_to_sign_up_and_lands_at_its_table(
    browser, live_site
):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto(f"{live_site['url']}{live_site['invitation']}")

        expect(page.locator("#invitation-note")).to_contain_text("You were invited to a game")
        page.get_by_role("link", name="New here? Sign up").click()
        expect(page.locator("#invitation-note")).to_be_visible()
        page.fill("input[name=username]", "newcomer")
        page.fill("input[name=email]", "newcomer@example.com")
        page.fill("input[name=password1]", live_site["password"])
        page.fill("input[name=password2]", live_site["password"])
        page.get_by_role("button", name="Sign up").click()
        expect(page.locator("main")).to_contain_text("Follow the link in it")

        page.goto(mailed_link("newcomer@example.com"))
        page.get_by_role("button", name="Create my account").click()
        expect(page.locator("h1")).to_have_text("Dave's private table")
        page.get_by_role("button", name="Join this game").click()
        expect(page.locator("#table")).to_have_count(1)  # the table was full: it started
    finally:
        context.close()


def test_my_games_shows_a_finished_games_result_and_its_rematch_reaches_the_other_player(
    signed_in, live_site
):
    carol = signed_in("carol")
    carol.goto(f"{live_site['url']}/games/mine")
    # Her page listens for notices before anna offers the rematch (one sent earlier is not kept).
    expect(carol.locator('body[data-notices="live"]')).to_have_count(1)
    anna = signed_in("anna")
    anna.goto(f"{live_site['url']}/games/mine")
    ended = anna.locator(".game-card", has_text="A game that ended")
    winner = next(row for row in live_site["finished_scores"] if row[0] == 1)
    expect(ended.locator(".game-result li").first).to_contain_text(f"1. {winner[1]}")
    expect(ended.get_by_role("link", name="Replay this game")).to_be_visible()

    ended.get_by_role("button", name="Rematch").click()

    expect(anna.locator("h1")).to_have_text("A game that ended")
    expect(anna.locator("#seats-title")).to_have_text("Seats: 1 of 2 taken")
    notice = carol.locator("#live-notices a")
    expect(notice).to_have_text("Anna offers a rematch of “A game that ended”.")
    notice.click()
    # The lobby reads itself once its socket is open and redraws its seats: a click during that
    # redraw may be lost (mouse down on the old button, up on the new), so she waits for it.
    expect(carol.locator("[data-live-page][data-reads]")).to_have_count(1)
    carol.get_by_role("button", name="Join this game").click()
    expect(carol.locator("#table")).to_have_count(1)


def test_the_table_marks_what_happened_since_the_members_last_visit(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['away']}/"
    lines = "#log-body .log-lines li"
    anna = open_table(signed_in("anna"), url)
    _buy_first_card(anna)
    expect(anna.locator(lines).first).to_contain_text("Anna")
    expect(anna.locator(f"{lines}.is-new")).to_have_count(0)  # her first visit
    anna.close()

    boris = open_table(signed_in("boris"), url)
    _buy_first_card(boris)
    expect(boris.locator(lines, has_text="Boris")).not_to_have_count(0)

    anna = open_table(signed_in("anna"), url)
    new = anna.locator(f"{lines}.is-new")
    expect(new.first).to_contain_text("Boris")
    expect(new.first).to_contain_text("New since your last visit")  # said to screen readers too
    expect(anna.locator(f"{lines}.is-new", has_text="Anna")).to_have_count(0)
    expect(anna.locator(f"{lines}:not(.is-new)", has_text="Anna")).not_to_have_count(0)


def test_a_long_log_of_new_lines_scrolls_in_its_box_and_leaves_the_page_its_height(
    signed_in, live_site
):
    """Each new line carries words for screen readers only, taken out of the flow: they must
    stay inside the log's scrolling box, or the page grows by the whole log's height."""
    carol = open_table(signed_in("carol"), f"{live_site['url']}/games/{live_site['finished']}/")
    new = carol.locator("#log-body .log-lines li.is-new")
    expect(new.first).to_contain_text("New since your last visit")
    assert new.count() >= live_site["finished_moves"] // 2  # nearly every line
    log = carol.locator("#log-body")
    assert log.evaluate("(box) => box.scrollHeight > 3 * box.clientHeight")  # a long log
    for newest_first in (True, False):
        expect(log).to_have_class(re.compile("newest-first") if newest_first else "log-body")
        sizes = carol.evaluate(
            """() => [document.documentElement.scrollHeight,
                document.querySelector('.site-footer').getBoundingClientRect().bottom + scrollY]"""
        )
        assert abs(sizes[0] - sizes[1]) < 1  # the page ends with its footer (to the rounding)
        carol.locator("#log-order").click()


def test_the_replay_says_what_each_step_was(signed_in, live_site):
    anna = signed_in("anna")
    anna.goto(f"{live_site['url']}/games/{live_site['finished']}/replay")
    step = anna.locator("#replay-step li")
    expect(anna.locator("#replay-position")).to_contain_text("0")
    expect(step).to_have_count(0)  # the deal

    anna.get_by_role("button", name="Forward").click()

    expect(step.first).to_be_visible()
    expect(step.first).to_contain_text(re.compile("Anna|Carol"))


def test_a_player_keeps_a_private_note_at_the_table(signed_in, live_site):
    anna = open_table(signed_in("anna"), _url(live_site))
    anna.locator("#note-text").fill("Keep 10 rubles for an aristocrat")
    anna.get_by_role("button", name="Save the note").click()
    expect(anna.locator("#note-state")).to_have_text("Saved.")

    anna = open_table(signed_in("anna"), _url(live_site))
    expect(anna.locator("#note-text")).to_have_value("Keep 10 rubles for an aristocrat")
    boris = open_table(signed_in("boris"), _url(live_site))  # watching
    expect(boris.locator("#note-text")).to_have_count(0)
