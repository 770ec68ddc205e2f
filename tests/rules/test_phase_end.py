"""Rulebook "1. The actions" and "2. The scoring": turn order, passing, scoring lines."""

import pytest

from games.rules import IllegalMove, to_act

from .builders import kinds, of_kind, pass_all, play, state

BOARD = {"upper": ["author#0", "author#1", "author#2"]}


def test_the_phase_starts_with_the_holder_of_its_start_marker_and_goes_clockwise():
    s = state(players=3, phase="aristocrat", markers={"aristocrat": 2}, turn=2, board=BOARD)
    assert to_act(s) == (2,)
    s, _ = play(s, 2, kind="pass")
    assert to_act(s) == (0,)


def test_a_phase_ends_when_all_players_pass_in_succession():
    s = state(players=3, board=BOARD)
    s, _ = play(s, 0, kind="pass")
    s, _ = play(s, 1, kind="pass")
    assert s.phase == "building"
    s, events = play(s, 2, kind="pass")
    assert s.phase == "aristocrat"
    assert "actions_end" in kinds(events)


def test_a_player_who_passed_may_act_again_later():
    s = state(players=2, board=BOARD)
    s, _ = play(s, 0, kind="pass")
    s, _ = play(s, 1, kind="take", card="author#0")
    s, _ = play(s, 0, kind="take", card="author#1")
    assert s.players[0].hand == ("author#1",)
    assert s.phase == "building"


def test_an_action_in_between_restarts_the_count_of_passes():
    s = state(players=2, board=BOARD)
    s, _ = play(s, 0, kind="pass")
    s, _ = play(s, 1, kind="take", card="author#0")
    s, _ = play(s, 0, kind="pass")
    assert s.phase == "building"
    s, _ = play(s, 1, kind="pass")
    assert s.phase == "aristocrat"


def test_scoring_lines_show_money_and_points_before_gain_and_after():
    s = state(
        players=[{"money": 5, "points": 10, "area": ["market#0", "library#0", "author#5"]}, {}],
        board=BOARD,
    )
    _, events = pass_all(s)
    assert of_kind(events, "score")[0] == {
        "kind": "score",
        "phase": "building",
        "seat": 0,
        "money_before": 5,
        "money_gain": 0,
        "money_after": 5,
        "points_before": 10,
        "points_gain": 6,
        "points_after": 16,
    }


def test_the_worker_phase_scores_green_cards_including_green_trading_cards():
    s = state(
        phase="worker",
        players=[{"money": 0, "area": ["lumberjack#0", "fur_shop#0", "market#0"]}, {}],
        board=BOARD,
    )
    s, events = pass_all(s)
    line = of_kind(events, "score")[0]
    assert (line["money_gain"], line["points_gain"]) == (6, 2)


def test_the_aristocrat_phase_scores_red_cards():
    s = state(
        phase="aristocrat",
        players=[{"money": 0, "area": ["controller#0", "lumberjack#0"]}, {}],
        board=BOARD,
    )
    s, events = pass_all(s)
    line = of_kind(events, "score")[0]
    assert (line["money_gain"], line["points_gain"]) == (4, 1)


def test_the_trading_phase_has_no_scoring():
    s = state(
        phase="trading",
        players=[{"area": ["lumberjack#0", "market#0", "author#5"]}, {}],
        piles={"worker": ["lumberjack#1", "lumberjack#2"]},
        board=BOARD,
    )
    _, events = pass_all(s)
    assert of_kind(events, "score") == []


def test_a_seat_that_is_not_to_act_is_refused():
    s = state(players=2, board=BOARD)
    with pytest.raises(IllegalMove) as error:
        play(s, 1, kind="pass")
    assert error.value.code == "not_your_turn"
