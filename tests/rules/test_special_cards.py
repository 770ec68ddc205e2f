"""Rulebook "The special cards": Mariinskij Theater, Tax Man, Warehouse, Potjomkin's Village
(Pub and Observatory have their own files; Czar and Carpenter is in test_trading_cards.py)."""

import pytest

from games.rules import IllegalMove

from .builders import of_kind, pass_all, play, state


def scoring_line(events, seat):
    return next(e for e in of_kind(events, "score") if e["seat"] == seat)


def test_first_edition_mariinskij_theater_pays_a_ruble_per_aristocrat_at_building_scoring():
    s = state(
        players=[{"area": ["mariinsky_theater#0", "author#0", "senator#0", "market#0"]}, {}],
        board={"upper": ["author#1"]},
    )
    _, events = pass_all(s)
    line = scoring_line(events, 0)
    assert (line["money_gain"], line["points_gain"]) == (2, 1)


def test_second_edition_mariinsky_theater_scores_a_point_per_aristocrat_instead():
    s = state(
        edition="2nd",
        players=[{"area": ["mariinsky_theater#0", "author#0", "abbot#0", "market#0"]}, {}],
        board={"upper": ["author#1"]},
    )
    _, events = pass_all(s)
    line = scoring_line(events, 0)
    assert (line["money_gain"], line["points_gain"]) == (0, 3)


def test_second_edition_mariinsky_theater_costs_fifteen():
    s = state(
        edition="2nd",
        players=[{"area": ["market#0"]}, {}],
        board={"upper": ["mariinsky_theater#0"]},
    )
    _, events = play(s, 0, kind="buy", card="mariinsky_theater#0", displace="market#0")
    assert of_kind(events, "buy")[0]["price"] == 15 - 5


def test_the_tax_man_pays_a_ruble_per_worker_at_aristocrat_scoring():
    s = state(
        phase="aristocrat",
        players=[{"area": ["tax_man#0", "lumberjack#0", "weaving_mill#0", "author#0"]}, {}],
        board={"upper": ["author#1"]},
    )
    _, events = pass_all(s)
    line = scoring_line(events, 0)
    assert line["money_gain"] == 2 + 1  # two green cards, the Author's ruble
    assert line["money_before"] + line["money_gain"] == line["money_after"]


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


def test_potjomkins_village_costs_two_rubles():
    s = state(board={"upper": ["potjomkins_village#0"]})
    s, events = play(s, 0, kind="buy", card="potjomkins_village#0")
    assert of_kind(events, "buy")[0]["price"] == 2


def test_potjomkins_village_counts_as_six_when_displaced():
    s = state(players=[{"area": ["potjomkins_village#0"]}, {}], board={"upper": ["bank#0"]})
    _, events = play(s, 0, kind="buy", card="bank#0", displace="potjomkins_village#0")
    assert of_kind(events, "buy")[0]["price"] == 13 - 6
