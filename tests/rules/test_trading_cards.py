"""Rulebook "The trading cards" and "What does a trading card cost?"."""

import pytest

from games.rules import IllegalMove

from .builders import moves_of, of_kind, play, state


def test_a_trading_card_displacing_a_cheaper_card_costs_the_difference():
    s = state(players=[{"area": ["shepherd#0"]}, {}], board={"upper": ["weaving_mill#0"]})
    s, events = play(s, 0, kind="buy", card="weaving_mill#0", displace="shepherd#0")
    assert of_kind(events, "buy")[0]["price"] == 8 - 5
    assert s.players[0].area == ("weaving_mill#0",)


def test_a_trading_card_is_offered_to_who_can_pay_the_difference_though_not_its_full_cost():
    s = state(
        players=[{"area": ["shepherd#0"], "money": 3}, {}], board={"upper": ["weaving_mill#0"]}
    )
    assert {"kind": "buy", "card": "weaving_mill#0", "displace": "shepherd#0"} in moves_of(s, 0)


def test_a_trading_card_not_dearer_than_the_displaced_card_costs_one_ruble():
    s = state(players=[{"area": ["library#0"]}, {}], board={"upper": ["mariinsky_theater#0"]})
    _, events = play(s, 0, kind="buy", card="mariinsky_theater#0", displace="library#0")
    assert of_kind(events, "buy")[0]["price"] == 1


def test_the_displaced_card_goes_to_the_discard_pile():
    s = state(players=[{"area": ["shepherd#0"]}, {}], board={"upper": ["weaving_mill#0"]})
    s, events = play(s, 0, kind="buy", card="weaving_mill#0", displace="shepherd#0")
    assert s.discard == ("shepherd#0",)
    assert of_kind(events, "buy")[0]["displaced"] == "shepherd#0"


def test_reductions_apply_to_the_difference_as_in_the_st_isaacs_example():
    s = state(
        players=[{"area": ["market#0", "carpenter_workshop#0"]}, {}],
        board={"lower": ["st_isaacs_cathedral#0"]},
    )
    _, events = play(s, 0, kind="buy", card="st_isaacs_cathedral#0", displace="market#0")
    assert of_kind(events, "buy")[0]["price"] == 8


def test_a_green_trading_card_displaces_only_a_worker_with_the_same_symbol():
    s = state(
        players=[{"area": ["lumberjack#0", "shepherd#0"]}, {}], board={"upper": ["weaving_mill#0"]}
    )
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="weaving_mill#0", displace="lumberjack#0")
    assert error.value.code == "cannot_displace"
    assert {m.get("displace") for m in moves_of(s, 0) if m["kind"] == "buy"} == {"shepherd#0"}


def test_a_trading_card_never_displaces_another_trading_card():
    s = state(players=[{"area": ["bank#0", "market#0"]}, {}], board={"upper": ["harbor#0"]})
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="harbor#0", displace="bank#0")
    assert error.value.code == "cannot_displace"


def test_a_trading_card_must_name_the_card_it_displaces():
    s = state(players=[{"area": ["market#0"]}, {}], board={"upper": ["harbor#0"]})
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="harbor#0")
    assert error.value.code == "must_displace"


def test_a_trading_card_without_a_card_of_its_colour_cannot_be_bought_but_can_be_taken():
    s = state(players=[{"area": ["author#0"]}, {}], board={"upper": ["harbor#0"]})
    assert [m["kind"] for m in moves_of(s, 0) if m.get("card") == "harbor#0"] == ["take"]


def test_only_a_trading_card_may_displace_a_card():
    s = state(players=[{"area": ["market#0"]}, {}], board={"upper": ["library#0"]})
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="library#0", displace="market#0")
    assert error.value.code == "cannot_displace"


def test_a_trading_card_played_from_hand_displaces_like_a_bought_one():
    s = state(players=[{"area": ["author#0"], "hand": ["admiral#0"]}, {}])
    s, events = play(s, 0, kind="play", card="admiral#0", displace="author#0")
    assert of_kind(events, "play")[0]["price"] == 18 - 4
    assert s.players[0].area == ("admiral#0",)
    assert s.discard == ("author#0",)


def test_legal_moves_list_every_card_a_trading_card_can_displace():
    s = state(
        players=[{"area": ["market#0", "library#0", "author#0"]}, {}], board={"upper": ["bank#0"]}
    )
    buys = [m for m in moves_of(s, 0) if m["kind"] == "buy"]
    assert buys == [
        {"kind": "buy", "card": "bank#0", "displace": "market#0"},
        {"kind": "buy", "card": "bank#0", "displace": "library#0"},
    ]
