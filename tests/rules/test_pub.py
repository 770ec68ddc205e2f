"""Pub (rulebook special cards; seeds/README.md items 2 and 8): right after building scoring each
owner, from the building start player on, buys up to 5 points per Pub at 2 rubles each."""

import pytest

from games.rules import IllegalMove, legal_moves, to_act

from .builders import of_kind, pass_all, play, state

BOARD = {"upper": ["author#0"]}


def test_after_building_scoring_the_pub_owner_decides_before_anything_else():
    s = state(players=[{"area": ["pub#0"], "money": 20}, {}], board=BOARD)
    s, events = pass_all(s)
    assert s.step == "pub"
    assert to_act(s) == (0,)
    assert of_kind(events, "score")  # scoring came first
    assert [m.points for m in legal_moves(s, 0)] == [0, 1, 2, 3, 4, 5]


def test_each_pub_point_costs_two_rubles():
    s = state(players=[{"area": ["pub#0"], "money": 20, "points": 4}, {}], board=BOARD)
    s, _ = pass_all(s)
    s, events = play(s, 0, kind="pub", points=3)
    assert (s.players[0].money, s.players[0].points) == (14, 7)
    assert of_kind(events, "pub")[0]["price"] == 6
    assert s.phase == "aristocrat"


def test_a_pub_owner_buys_only_as_many_points_as_he_can_pay():
    s = state(players=[{"area": ["pub#0"], "money": 5}, {}], board=BOARD)
    s, _ = pass_all(s)
    assert [m.points for m in legal_moves(s, 0)] == [0, 1, 2]
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="pub", points=3)
    assert error.value.code == "too_many_points"


def test_the_owner_of_both_pubs_may_buy_up_to_ten_points():
    s = state(players=[{"area": ["pub#0", "pub#1"], "money": 30}, {}], board=BOARD)
    s, _ = pass_all(s)
    assert max(m.points for m in legal_moves(s, 0)) == 10


def test_pub_owners_decide_in_order_from_the_building_start_player():
    s = state(
        players=[{"area": ["pub#0"]}, {"area": ["pub#1"]}],
        markers={"building": 1},
        turn=1,
        board=BOARD,
    )
    s, _ = pass_all(s)
    assert to_act(s) == (1,)
    s, _ = play(s, 1, kind="pub", points=0)
    assert to_act(s) == (0,)


def test_a_pub_owner_who_cannot_afford_a_point_is_skipped():
    s = state(players=[{"area": ["pub#0"], "money": 1}, {}], board=BOARD)
    s, _ = pass_all(s)
    assert s.step == "actions" and s.phase == "aristocrat"


def test_while_a_pub_decision_is_pending_other_moves_are_refused():
    s = state(players=[{"area": ["pub#0"]}, {}], board=BOARD)
    s, _ = pass_all(s)
    with pytest.raises(IllegalMove) as error:
        play(s, 1, kind="pass")
    assert error.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="take", card="author#0")
    assert error.value.code == "not_now"


def test_a_pub_decision_outside_the_pub_step_is_refused():
    s = state(players=[{"area": ["pub#0"]}, {}], board=BOARD)
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="pub", points=1)
    assert error.value.code == "not_now"
