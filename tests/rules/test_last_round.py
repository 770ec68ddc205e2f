"""Rulebook "Game end": once a pile's last card is placed, finish the round, then score."""

from games.rules import is_over

from .builders import kinds, of_kind, pass_all, state


def test_placing_the_last_card_of_a_pile_makes_this_the_last_round():
    s = state(
        phase="worker", board={"upper": ["author#0"]}, piles={"building": ["market#0", "market#1"]}
    )
    s, events = pass_all(s)
    assert s.last_round
    assert of_kind(events, "last_round") == [{"kind": "last_round", "pile": "building", "round": 2}]
    assert s.upper == ("author#0", "market#0", "market#1")


def test_a_short_pile_places_what_it_has():
    s = state(phase="aristocrat", board={"upper": ["author#0"]}, piles={"trading": ["bank#0"]})
    s, _ = pass_all(s)
    assert s.upper == ("author#0", "bank#0")
    assert s.last_round


def test_the_last_round_is_played_through_the_trading_phase():
    s = state(phase="worker", board={"upper": ["author#0"]}, piles={"building": ["market#0"]})
    s, _ = pass_all(s)
    assert s.phase == "building" and not is_over(s)
    s, _ = pass_all(s)
    s, _ = pass_all(s)
    assert s.phase == "trading" and not is_over(s)
    s, events = pass_all(s)
    assert is_over(s)
    assert kinds(events)[-3:] == ["game_end", "final_score", "final_score"]


def test_emptying_the_worker_pile_at_round_end_makes_the_next_round_the_last():
    s = state(phase="trading", board={"upper": ["author#0"]}, piles={"worker": ["lumberjack#0"]})
    s, _ = pass_all(s)
    assert (s.round, s.phase, s.last_round) == (3, "worker", True)
    for _ in range(3):
        s, _ = pass_all(s)
    assert s.phase == "trading" and not is_over(s)
    s, _ = pass_all(s)
    assert is_over(s)
