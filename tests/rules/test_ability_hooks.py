"""Ability hooks that are functions receive the state and the seat (rules/abilities.py): a price
hook changes what the owner pays, a displacement rule decides seat by seat, a hand penalty hook
decides per seat at the end. Each test gives a card of the catalogue an ability made here."""

from dataclasses import replace

import pytest

from games.rules import Ability, final_scores, legal_moves, player_view, register_ability
from games.rules import prices as prices_module
from games.rules.abilities import ABILITIES

from .builders import of_kind, play, state


def with_ability(s, card_id, ability):
    """`s` with every copy of `card_id` carrying `ability` instead of its own."""
    cards = {
        name: replace(card, ability=ability) if card.id == card_id else card
        for name, card in s.rules.cards.items()
    }
    return s.evolve(rules=replace(s.rules, cards=cards))


@pytest.fixture
def fresh_profiles():
    """The area profiles are memoised by the area alone (an instance is the same card in every
    catalogue); a test that gives a card another ability starts and ends with none memoised."""
    prices_module._PROFILES.clear()
    yield
    prices_module._PROFILES.clear()


@pytest.mark.usefixtures("fresh_profiles")
def test_a_price_hook_of_a_card_in_the_area_gets_the_state_the_buyer_and_the_price_so_far():
    calls = []

    def one_less_per_point(s, seat, card, price):
        calls.append((seat, card.id, price))
        return price - s.players[seat].points

    s = state(
        players=[{"points": 2, "area": ["lumberjack#0"]}, {"points": 9, "area": ["lumberjack#1"]}],
        board={"upper": ["library#0"]},
    )
    s = with_ability(s, "lumberjack", Ability("test_price", price=one_less_per_point))
    assert player_view(s, 0)["prices"]["library#0"]["buy"] == 15  # 17, then 2 points less
    assert calls[-1] == (0, "library", 17)

    _after, events = play(s, 0, kind="buy", card="library#0")
    assert of_kind(events, "ledger")[0] == {
        "kind": "ledger", "seat": 0, "source": "price", "rubles": -15, "points": 0
    }  # fmt: skip
    # Seat 1's 9 points would take 17 below 1: the price never is.
    assert player_view(s.evolve(turn=1), 1)["prices"]["library#0"]["buy"] == 8
    assert player_view(s.evolve(turn=1), 1)["moves"][0]["price"] == 8
    s = s.with_player(1, s.players[1].evolve(points=20))
    assert player_view(s.evolve(turn=1), 1)["prices"]["library#0"]["buy"] == 1


def test_a_displacement_rule_gets_the_state_and_the_seat_of_the_trading_cards_buyer():
    calls = []

    def any_building_while_pointless(s, seat, trading, target):
        calls.append((seat, trading.id, target.id))
        return target.color == "building" and not target.trading and not s.players[seat].points

    s = state(
        players=[{"area": ["market#0", "lumberjack#0"]}, {"area": ["pub#0"], "points": 1}],
        board={"upper": ["bank#0"]},
    )
    s = with_ability(s, "bank", Ability("test_displaces", displaces=any_building_while_pointless))
    buys = [m for m in legal_moves(s, 0) if m.kind == "buy"]
    assert [(m.card, m.displace) for m in buys] == [("bank#0", "market#0")]  # 13 - 5 = 8 rubles
    assert {(seat, target) for seat, _bank, target in calls} == {(0, "market"), (0, "lumberjack")}

    calls.clear()
    assert [m for m in legal_moves(s.evolve(turn=1), 1) if m.kind == "buy"] == []
    assert calls == [(1, "bank", "pub")]


def test_a_hand_penalty_hook_decides_for_each_seat_whether_its_hand_costs_points():
    def costs_the_poor_only(s, seat, card):
        return s.players[seat].money < 3

    # The hand step sees the rubles the money step left: 2 stay 2, 15 become 5.
    s = state(
        phase="trading",
        last_round=True,
        players=[{"money": 2, "hand": ["author#0"]}, {"money": 15, "hand": ["author#1"]}],
    )
    s = with_ability(s, "author", Ability("test_hand", hand_penalty=costs_the_poor_only))
    hand = {row["seat"]: row["points"]["hand"] for row in final_scores(s)}
    assert hand == {0: -5, 1: 0}


@pytest.mark.usefixtures("fresh_profiles")
def test_a_seats_own_discount_comes_after_the_price_hooks_of_its_area():
    """The Assistants' discount is the seat's, not a card's: a price hook of the area sees the
    price without it, and the discount is taken off what the hook made."""

    def halved(s, seat, card, price):
        return price // 2

    s = state(
        options={"edition": "2nd", "market": True, "assistants": True},
        players=[{"area": ["lumberjack#0"]}, {}],
        board={"upper": ["library#0"]},
        records={"assistants": {"held": ["architect", "lawyer"]}},
    )
    s = with_ability(s, "lumberjack", Ability("test_halved", price=halved))
    assert player_view(s, 0)["prices"]["library#0"]["buy"] == 17 // 2 - 1


def test_an_ability_key_is_registered_once_so_no_module_overwrites_another():
    pub = ABILITIES["pub"]

    with pytest.raises(ValueError, match="ability 'pub' is registered twice"):
        register_ability(Ability("pub", hand_penalty=False))
    assert ABILITIES["pub"] is pub


def test_with_a_price_hook_a_seats_colour_discount_still_skips_trading_cards_of_other_colours():
    """The Architect takes a ruble off blue cards only: a green trading card bought by a seat
    whose area has a price hook (the slow price path) pays in full, as it does without one."""

    def unchanged(s, seat, card, price):
        return price

    s = state(
        options={"edition": "2nd", "market": True, "assistants": True},
        players=[{"area": ["shepherd#0", "lumberjack#0"]}, {}],
        board={"upper": ["weaving_mill#0"]},
        records={"assistants": {"held": ["architect", "lawyer"]}},
    )
    s = with_ability(s, "lumberjack", Ability("test_unchanged", price=unchanged))
    assert [
        m["price"]
        for m in player_view(s, 0)["moves"]
        if m["kind"] == "buy" and m.get("card") == "weaving_mill#0"
    ] == [8 - 5]
