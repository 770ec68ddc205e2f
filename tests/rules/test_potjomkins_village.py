"""Potjomkin's Village (rulebook special cards): costs 2, counts 6 when displaced."""

from .builders import of_kind, play, state


def test_potjomkins_village_costs_two_rubles():
    s = state(board={"upper": ["potjomkins_village#0"]})
    s, events = play(s, 0, kind="buy", card="potjomkins_village#0")
    assert of_kind(events, "buy")[0]["price"] == 2


def test_potjomkins_village_counts_as_six_when_displaced():
    s = state(players=[{"area": ["potjomkins_village#0"]}, {}], board={"upper": ["bank#0"]})
    _, events = play(s, 0, kind="buy", card="bank#0", displace="potjomkins_village#0")
    assert of_kind(events, "buy")[0]["price"] == 13 - 6
