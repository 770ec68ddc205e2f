"""Two people at one table in real Chromium, with the real Channels stack behind Daphne."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import OUTPUT
from tests.browser.pages import my_turn, open_table, rewrite_views

pytestmark = [pytest.mark.browser, pytest.mark.services]

FOUR_DAYS_MS = 4 * 24 * 60 * 60 * 1000


def _buy_first_card(page: Page) -> None:
    page.locator("#board .row-cards button.card").first.click()
    page.locator("#card-dialog .dialog-actions button.primary").first.click()
    expect(page.locator("#card-dialog")).not_to_be_visible()


def _my_area(page: Page):
    return page.locator(".player.me .area .card")


def _their_area(page: Page):
    return page.locator(".player:not(.me) .area .card")


def test_two_players_play_the_first_worker_phase_into_the_building_phase(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['duel']}/"
    anna = open_table(signed_in("anna"), url)
    boris = open_table(signed_in("boris"), url)
    expect(my_turn(anna)).to_be_visible()
    expect(my_turn(boris)).to_have_count(0)

    # The German member's table is in German.
    expect(boris.locator("html")).to_have_attribute("lang", "de")
    expect(boris.locator("#status .chip.phase")).to_have_text("Handwerkerphase")

    # An action the server refuses shows its reason.
    anna.locator("#board .row-cards button.card").first.click()
    anna.locator("#card-dialog .dialog-actions button.tryable").first.click()
    expect(anna.locator("#table-message")).to_contain_text("must buy a worker")

    # anna buys a worker: boris's page changes without a reload.
    _buy_first_card(anna)
    expect(_my_area(anna)).to_have_count(1)
    expect(_their_area(boris)).to_have_count(1)
    expect(my_turn(boris)).to_be_visible()
    expect(boris).to_have_title(re.compile("Du bist am Zug"))

    # boris buys one, takes it back, and buys again.
    _buy_first_card(boris)
    expect(_my_area(boris)).to_have_count(1)
    expect(_their_area(anna)).to_have_count(1)
    boris.locator("#actions button.undo").click()
    expect(_my_area(boris)).to_have_count(0)
    expect(_their_area(anna)).to_have_count(0)
    expect(my_turn(boris)).to_be_visible()
    _buy_first_card(boris)

    _buy_first_card(anna)
    _buy_first_card(boris)

    expect(anna.locator("#status .chip.phase")).to_have_text("Building phase")
    expect(boris.locator("#status .chip.phase")).to_have_text("Gebäudephase")
    # Two workers each (identical ones share a tile, so the colour's heading counts them).
    expect(anna.locator(".player.me .area .area-label")).to_have_text("Workers · 2")
    expect(anna.locator(".player:not(.me) .area .area-label")).to_have_text("Workers · 2")
    expect(anna.locator("#log-body")).to_contain_text("Anna: ")
    assert (anna.errors, boris.errors) == ([], [])


def test_a_member_who_is_not_seated_watches_without_actions(signed_in, live_site):
    carol = open_table(signed_in("carol"), f"{live_site['url']}/games/{live_site['duel']}/")

    expect(carol.locator(".table-head")).to_contain_text("You are watching")
    expect(carol.locator("#actions")).to_be_hidden()
    expect(carol.locator(".player.me")).to_have_count(0)


def test_a_page_brought_back_to_the_front_fetches_the_table_afresh(signed_in, live_site):
    """Pushes arrive at most once, so a page coming back does not trust it heard them all."""
    game = live_site["duel"]
    page = open_table(signed_in("carol"), f"{live_site['url']}/games/{game}/")
    page.wait_for_load_state("networkidle")

    with page.expect_request(lambda r: r.url.endswith(f"/games/{game}/view"), timeout=5_000):
        page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")


def test_a_player_waiting_for_the_others_sees_no_empty_action_bar(signed_in, live_site):
    boris = open_table(signed_in("boris"), f"{live_site['url']}/games/{live_site['big']}/")
    expect(boris.locator("#status .chip.turn")).to_contain_text("Anna")
    expect(boris.locator("#actions")).to_be_hidden()


def test_two_copies_to_replace_give_one_button(signed_in, live_site):
    game = live_site["big"]
    anna = signed_in("anna")
    offered = {}

    def two_copies(payload):
        view = payload["view"]
        offered["card"] = card = view["board"]["upper"][0]
        view["moves"] = [
            {"kind": "buy", "card": card, "price": 5, "displace": "lumberjack#1"},
            {"kind": "buy", "card": card, "price": 5, "displace": "lumberjack#2"},
        ]

    rewrite_views(anna, game, two_copies)
    open_table(anna, f"{live_site['url']}/games/{game}/")
    anna.locator(f'#board button.card[data-card="{offered["card"]}"]').click()

    buttons = anna.locator("#card-dialog .dialog-actions button", has_text="replacing")
    expect(buttons).to_have_count(1)
    expect(buttons).to_have_text("Buy for 5 ₽, replacing Lumberjack")


def test_the_table_runs_under_the_content_security_policy(signed_in, live_site):
    page = open_table(signed_in("anna"), f"{live_site['url']}/games/{live_site['duel']}/")

    assert "script-src 'self'" in page.response.headers["content-security-policy"]
    assert page.errors == []


def test_the_table_fits_a_phone_without_sideways_scrolling(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['big']}/"
    phone = open_table(signed_in("anna", width=360, height=740), url)
    expect(phone.locator("#log-body li").first).to_be_visible()

    width, inner = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")

    assert width <= inner
    phone.screenshot(path=str(OUTPUT / "table-phone.png"), full_page=True)
    assert phone.errors == []


def test_the_desktop_table_mid_game(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['big']}/"
    desktop = open_table(signed_in("anna"), url)
    expect(desktop.locator("#log-body li").first).to_be_visible()
    expect(my_turn(desktop)).to_be_visible()

    width, inner = desktop.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")

    assert width <= inner
    desktop.screenshot(path=str(OUTPUT / "table-desktop.png"), full_page=True)
    assert desktop.errors == []


def test_the_deadline_names_the_members_time_zone(signed_in, live_site):
    """Both live in Europe/Berlin (seed.py): the zone is named (CET / MEZ, or its offset to
    GMT where the language has no short name for it)."""
    url = f"{live_site['url']}/games/{live_site['duel']}/"
    anna, boris = open_table(signed_in("anna"), url), open_table(signed_in("boris"), url)
    expect(anna.locator("#status .chip.deadline")).to_have_text(re.compile(r" (CET|GMT\+1)$"))
    expect(boris.locator("#status .chip.deadline")).to_have_text(re.compile(r" (MEZ|GMT\+1)$"))


def test_the_deadline_reads_as_passed_once_it_has(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['duel']}/"
    anna, boris = signed_in("anna"), signed_in("boris")
    for page in (anna, boris):
        page.clock.install()
        open_table(page, url)
    expect(anna.locator("#status .chip.deadline")).to_have_text(re.compile(r"^Deadline: "))
    expect(boris.locator("#status .chip.deadline")).to_have_text(re.compile(r"^Frist: "))

    for page in (anna, boris):
        page.clock.fast_forward(FOUR_DAYS_MS)  # past the three days per move, the page open

    expect(anna.locator("#status .chip.deadline")).to_have_text(re.compile(r"^Deadline passed on "))
    expect(boris.locator("#status .chip.deadline")).to_have_text(
        re.compile(r"^Frist abgelaufen am ")
    )
    assert (anna.errors, boris.errors) == ([], [])
