"""Pub plans: the Pub decision given in advance during the building phase (docs/rules.md)."""

import pytest

from games.rules import IllegalMove, to_act

from .builders import moves_of, of_kind, pass_all, play, state

BOARD = {"upper": ["author#0", "author#1"]}


def test_on_his_turns_in_the_building_phase_a_pub_owner_is_offered_every_plan():
    s = state(players=[{"area": ["pub#0"]}, {}], board=BOARD)
    plans = [m for m in moves_of(s, 0) if m["kind"] == "pub_plan"]
    assert plans == [{"kind": "pub_plan", "points": k} for k in range(6)]


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
    assert s.phase == "aristocrat"
    assert s.step == "actions"
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


def too_poor_for_the_pub(**options):
    """Round 2, building phase: seat 0 has 1 ruble, a Pub and two Lumberjacks; a Library he
    cannot pay for lies on the board (so everybody keeps a choice: taking it)."""
    return state(
        options=options,
        players=[{"money": 1, "area": ["pub#0", "lumberjack#0", "lumberjack#1"]}, {}],
        board={"upper": ["library#0"]},
    )


def plan_3_and_pass_until_asked(s):
    """Seat 0 plans 3 points, then everybody passes until somebody is asked something."""
    s, events = play(s, 0, kind="pub_plan", points=3)
    for _ in range(40):
        if s.step != "actions":
            break
        s, more = play(s, to_act(s)[0], kind="pass")
        events += more
    return s, events


def test_a_pub_plan_that_its_scoring_cannot_use_lapses_there():
    s, events = plan_3_and_pass_until_asked(too_poor_for_the_pub())
    building = [e["seat"] for e in of_kind(events, "score") if e["phase"] == "building"]
    assert building == [0, 1, 0, 1]  # round 2's building scoring, then round 3's
    # Round 2's building scoring could not use the plan: no Pub purchase, and the plan is gone,
    # so at round 3's building scoring, with 7 rubles from his Lumberjacks, seat 0 is asked.
    assert of_kind(events, "pub") == []
    assert (s.round, s.phase, s.step, to_act(s)) == (3, "building", "pub", (0,))
    assert (s.players[0].pub_plan, s.players[0].money) == (None, 7)


def test_under_rules_version_1_such_a_plan_was_carried_out_a_round_later():
    _, events = plan_3_and_pass_until_asked(too_poor_for_the_pub(rules_version="1"))
    [pub] = of_kind(events, "pub")
    assert (pub["points"], pub["automatic"], pub["points_before"]) == (3, True, 0)
    building = [e for e in of_kind(events, "score") if e["phase"] == "building"]
    assert events.index(pub) > events.index(building[2])  # after round 3's building scoring
