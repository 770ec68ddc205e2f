"""Warehouse (rulebook special cards; seeds/003 and README item 9 on displacing it)."""

import pytest

from games.rules import IllegalMove, player_view

from .builders import play, state


def test_the_warehouse_raises_the_hand_limit_to_four():
    hand = ["market#0", "market#1", "market#2"]
    s = state(players=[{"hand": hand, "area": ["warehouse#0"]}, {}], board={"upper": ["author#0"]})
    s, _ = play(s, 0, kind="take", card="author#0")
    assert len(s.players[0].hand) == 4


def test_without_a_warehouse_a_fourth_card_does_not_fit_in_the_hand():
    s = state(
        players=[{"hand": ["market#0", "market#1", "market#2"]}, {}], board={"upper": ["author#0"]}
    )
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="take", card="author#0")
    assert error.value.code == "hand_full"


def test_a_player_holding_four_cards_cannot_displace_his_warehouse():
    hand = ["market#0", "market#1", "market#2", "author#0"]
    s = state(players=[{"hand": hand, "area": ["warehouse#0"]}, {}], board={"upper": ["bank#0"]})
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="bank#0", displace="warehouse#0")
    assert error.value.code == "cannot_displace"


def test_a_player_holding_three_cards_may_displace_his_warehouse():
    hand = ["market#0", "market#1", "market#2"]
    s = state(players=[{"hand": hand, "area": ["warehouse#0"]}, {}], board={"upper": ["bank#0"]})
    s, _ = play(s, 0, kind="buy", card="bank#0", displace="warehouse#0")
    assert s.players[0].area == ("bank#0",)


def test_a_trading_card_played_from_a_hand_of_four_may_displace_his_warehouse():
    # Once the Bank leaves the hand, three cards are left: they fit without the Warehouse.
    hand = ["bank#0", "market#0", "market#1", "market#2"]
    s = state(players=[{"hand": hand, "area": ["warehouse#0"]}, {}], board={"upper": ["author#0"]})
    s, _ = play(s, 0, kind="play", card="bank#0", displace="warehouse#0")
    assert (s.players[0].area, s.players[0].hand) == (("bank#0",), tuple(hand[1:]))


def test_holding_four_cards_he_may_still_displace_another_card_than_his_warehouse():
    hand = ["market#1", "market#2", "author#0", "author#1"]
    area = ["warehouse#0", "market#0"]
    s = state(players=[{"hand": hand, "area": area}, {}], board={"upper": ["bank#0"]})
    s, _ = play(s, 0, kind="buy", card="bank#0", displace="market#0")
    assert s.players[0].area == ("warehouse#0", "bank#0")


def test_the_price_table_offers_the_warehouse_to_a_trading_card_played_from_a_hand_of_four():
    hand = ["bank#0", "market#0", "market#1", "market#2"]
    s = state(players=[{"hand": hand, "area": ["warehouse#0"]}, {}], board={"upper": ["author#0"]})
    assert player_view(s, 0)["prices"]["bank#0"] == {
        "play": 11,
        "displace": {"warehouse#0": 11},
        "can_play": True,
    }
