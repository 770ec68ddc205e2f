"""New Society in Chromium (issue 11): in one five-player game anna fetches a card with her
Debtor's Prison, answers her Trading House and gives up a Sycophant; a five-player table fits a
phone; and a five-player game anna creates with the lobby's form (New Society, four greedy
bots) plays its first round.

The lobby form in the browser deals at random, so the round with the three is a game created
through the form's service path by tests/browser/seed.py (`five_player_round`): a scripted
deal plays it to anna's turn in that round's building phase, the bots choosing as the server
does. The other five-player table is anna and four greedy bots, waiting for her.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    my_area_size,
    my_tally,
    my_turn,
    open_table,
    wait_for_my_area_size,
)

pytestmark = [pytest.mark.browser, pytest.mark.services]
USED = re.compile(r"\bused\b")
# After anna's move the bots play theirs inside the same request (eager Celery), so what she
# waits for after it may take some seconds on a busy machine (a wait, not a timing check).
BOTS_MOVE = 30_000  # ms


def test_a_five_player_round_with_a_prison_fetch_a_trading_house_and_a_sycophant(
    signed_in, live_site
):
    """anna's game for five (the lobby form's service path, four greedy bots) at her turn in
    the building phase: she takes a card with her Debtor's Prison, passes for the phase, pays
    at her Trading House after the building scoring, and gives up a Sycophant when the
    aristocrat phase comes to her; the bots play between, on the live site."""
    url = f"{live_site['url']}/games/{live_site['five_round']}/"
    anna = open_table(signed_in("anna"), url)
    expect(anna.locator("#players .player")).to_have_count(5)
    expect(anna.locator('#players .marker[data-color="sack"]')).to_have_count(1)
    expect(anna.locator("#status .chip.phase")).to_have_text("Building phase")
    expect(my_turn(anna)).to_have_text("Your turn")
    log = anna.locator("#log-body")

    # The Debtor's Prison: a card from the discard pile into her hand; the Prison turns over.
    prison = anna.locator('.player.me .area [data-card^="debtors_prison#"]')
    expect(prison).not_to_have_class(USED)
    hand = anna.locator(".player.me .hand [data-card]")
    held = hand.count()
    anna.get_by_role("button", name="Use the Debtor's Prison").click()
    dialog = anna.locator("#card-dialog")
    expect(dialog.get_by_role("heading")).to_have_text("Use the Debtor's Prison")
    fetched = live_site["five_round_fetch"]
    take = f"Debtor's Prison: take {fetched} into your hand"
    dialog.get_by_role("button", name=take, exact=True).first.click()
    expect(dialog).not_to_be_visible(timeout=BOTS_MOVE)
    expect(hand).to_have_count(held + 1)
    expect(prison).to_have_class(USED)
    expect(log).to_contain_text(f"Anna uses the Debtor's Prison and takes {fetched} into the hand")

    # The rest of the building phase: she passes for it whenever it is her turn again.
    trading_house = anna.get_by_role("group", name="Trading House", exact=True)
    for _ in range(3):
        expect(my_turn(anna)).to_be_visible(timeout=BOTS_MOVE)
        if my_turn(anna).inner_text() == "Trading House":
            break
        _pass_for_this_phase(anna)

    # The Trading House, right after the building scoring.
    expect(trading_house).to_contain_text("Pay 3 rubles for 2 points?")
    money, points = my_tally(anna, "money"), my_tally(anna, "points")
    trading_house.get_by_role("button", name="Pay 3 ₽ for 2 points").click()
    expect(trading_house).to_have_count(0, timeout=BOTS_MOVE)
    expect(anna.locator(".player.me .tally .money b")).to_have_text(str(money - 3))
    expect(anna.locator(".player.me .tally .points b")).to_have_text(str(points + 2))
    expect(log).to_contain_text("Anna pays 3 rubles at the Trading House for 2 points")

    # The aristocrat phase: the Prison is face up again; she gives up a Sycophant (a free
    # move: still her turn).
    expect(anna.locator("#status .chip.phase")).to_have_text("Aristocrat phase", timeout=BOTS_MOVE)
    expect(my_turn(anna)).to_have_text("Your turn", timeout=BOTS_MOVE)
    expect(prison).not_to_have_class(USED)
    sycophants = anna.locator('.player.me .area [data-card^="sycophant#"]')
    count = sycophants.count()
    assert count >= 1
    sycophants.first.click()
    dialog.get_by_role("button", name="Give up this Sycophant").click()
    expect(sycophants).to_have_count(count - 1)
    expect(log).to_contain_text("Anna gives up Sycophant")
    expect(my_turn(anna)).to_be_visible()
    assert anna.errors == []


@pytest.mark.parametrize("width", [390, 360])
def test_a_five_player_table_fits_a_phone_without_sideways_scrolling(signed_in, live_site, width):
    phone = signed_in("anna", width=width, height=844)
    anna = open_table(phone, f"{live_site['url']}/games/{live_site['five']}/")
    expect(anna.locator("#players .player")).to_have_count(5)
    expect(anna.locator('#players .marker[data-color="sack"]')).to_have_count(1)
    overflow = anna.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    assert anna.errors == []


def _buy_the_first_worker(anna) -> None:
    owned = my_area_size(anna)  # a second copy of a worker stacks on the first one's tile
    anna.locator("#board .row-cards button.card").first.click()
    anna.locator("#card-dialog .dialog-actions button.primary").first.click()
    wait_for_my_area_size(anna, owned + 1, timeout=BOTS_MOVE)


def _pass_for_this_phase(anna) -> None:
    passes = anna.locator("#log-body .log-lines li", has_text="Anna passes for this phase")
    before = passes.count()
    anna.locator('#actions button.pass[data-pass="phase"]').click()
    expect(passes).to_have_count(before + 1, timeout=BOTS_MOVE)


def test_a_five_player_new_society_game_from_the_lobby_form_plays_a_full_round(
    signed_in, live_site
):
    anna = signed_in("anna")
    anna.goto(f"{live_site['url']}/games/new")
    anna.locator("input[name=title]").fill("Five from the lobby")
    form = {
        "edition": "1st",
        "seats": "5",
        "new_society": "full",
        "bots": "4",
        "bot_kind": "greedy",
    }
    for name, value in form.items():
        anna.locator(f"select[name={name}]").select_option(value)
    with anna.expect_navigation():
        anna.locator("form.game-form button[type=submit]").click()
    open_table(anna, anna.url)
    expect(anna.locator("h1")).to_contain_text("Five from the lobby")
    expect(anna.locator(".expansions")).to_contain_text("New Society")
    expect(anna.locator("#players .player")).to_have_count(5)
    expect(anna.locator('#players .marker[data-color="sack"]')).to_have_count(1)
    expect(anna.locator("#log-body")).to_contain_text("holds the sack and gets")
    expect(anna.locator("#summary-body table.summary tbody tr")).to_have_count(5)  # the ∑ table

    # The whole first round: anna buys her two workers, then passes for each later phase;
    # the four greedy bots play in between.
    round_two = anna.locator("#status .chip.round", has_text="Round 2")
    for _ in range(10):
        expect(my_turn(anna).or_(round_two).first).to_be_visible(timeout=BOTS_MOVE)
        if round_two.count():
            break
        if anna.locator("#status .chip.phase").inner_text() == "Worker phase":
            _buy_the_first_worker(anna)
        else:
            _pass_for_this_phase(anna)
    expect(round_two).to_be_visible(timeout=BOTS_MOVE)
    played = {
        group.get_attribute("data-phase")
        for group in anna.locator('#log-body .log-group[data-round="1"]').all()
    }
    assert {"worker", "building", "aristocrat", "trading"} <= played
    assert my_area_size(anna) == 2  # her two workers (the sack is beside the area)
    assert anna.errors == []

    phone = open_table(signed_in("anna", width=360, height=800), anna.url)
    expect(phone.locator("#players .player")).to_have_count(5)
    overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    assert phone.errors == []


def _split(points: int) -> str:
    """The Guild Hall's split in the panel's words."""
    unit = "point" if points == 1 else "points"
    return f"Guild Hall split: {points} {unit} + {4 - points} ₽"


def test_the_guild_halls_split_and_the_wool_symbol_are_on_the_table(signed_in, live_site):
    """anna's Guild Hall shows its split beside her area on both pages and she changes it on
    her turn (a free move); the cards a Textile Factory counts show the wool symbol."""
    url = f"{live_site['url']}/games/{live_site['guild_hall']}/"
    anna = open_table(signed_in("anna"), url)
    dave = open_table(signed_in("dave"), url)
    points = live_site["guild_hall_points"]
    expect(my_turn(anna)).to_be_visible()
    expect(anna.locator(".player.me .guild-hall-split")).to_have_text(_split(points))
    annas_panel = dave.locator('.player[data-seat="0"] .guild-hall-split')
    expect(annas_panel).to_have_text(_split(points))
    expect(dave.locator('.player[data-seat="1"] .guild-hall-split')).to_have_count(0)

    chosen = 1 if points != 1 else 3
    anna.locator("select.guild-hall-plan").select_option(label=_split(chosen).split(": ")[1])

    expect(anna.locator(".player.me .guild-hall-split")).to_have_text(_split(chosen))
    expect(annas_panel).to_have_text(_split(chosen))
    expect(my_turn(anna)).to_be_visible()  # a free move: still her turn

    wool = live_site["guild_hall_wool"]
    symbol = anna.locator(f'[data-card^="{wool}#"] .card-symbols .g-wool').first
    expect(symbol).to_be_visible()
    expect(symbol).to_have_attribute("title", "wool")
    assert anna.errors == []
    assert dave.errors == []
