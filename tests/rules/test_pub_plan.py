"""Pub plans: the Pub decision given in advance during the building phase (docs/rules.md)."""

import pytest

from games.rules import IllegalMove, to_act

from .builders import of_kind, pass_all, play, state

BOARD = {"upper": ["author#0", "author#1"]}


def test_a_pub_plan_does_not_end_the_turn():
    s = state(players=[{"area": ["pub#0"]}, {}], board=BOARD)
    s, events = play(s, 0, kind="pub_plan", points=4)
    assert to_act(s) == (0,)
    assert s.players[0].pub_plan == 4
    assert of_kind(events, "pub_plan") == [{"kind": "pub_plan", "seat": 0, "points": 4}]


def test_a_pub_plan_is_carried_out_at_building_scoring_without_waiting():
    s = state(players=[{"area": ["pub#0"], "money": 20}, {}], board=BOARD)
    s, _ = play(s, 0, kind="pub_plan", points=4)
    s, events = pass_all(s)
    assert s.phase == "aristocrat" and s.step == "actions"
    pub = of_kind(events, "pub")[0]
    assert (pub["points"], pub["automatic"]) == (4, True)
    assert (s.players[0].money, s.players[0].points) == (12, 4)


def test_a_pub_plan_buys_no_more_than_the_player_can_pay():
    s = state(players=[{"area": ["pub#0"], "money": 5}, {}], board=BOARD)
    s, _ = play(s, 0, kind="pub_plan", points=5)
    s, events = pass_all(s)
    assert of_kind(events, "pub")[0]["points"] == 2
    assert s.players[0].money == 1


def test_a_pub_plan_is_used_once_and_then_cleared():
    s = state(players=[{"area": ["pub#0"], "money": 20}, {}], board=BOARD)
    s, _ = play(s, 0, kind="pub_plan", points=1)
    s, _ = pass_all(s)
    assert s.players[0].pub_plan is None


def test_a_pub_plan_needs_a_pub():
    s = state(board=BOARD)
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="pub_plan", points=1)
    assert error.value.code == "no_pub"


def test_a_pub_plan_is_limited_to_five_points_per_pub():
    s = state(players=[{"area": ["pub#0"]}, {}], board=BOARD)
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="pub_plan", points=6)
    assert error.value.code == "too_many_points"


def test_a_pub_plan_is_made_only_in_the_building_phase():
    s = state(phase="worker", players=[{"area": ["pub#0"]}, {}], board=BOARD)
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="pub_plan", points=1)
    assert error.value.code == "not_now"
