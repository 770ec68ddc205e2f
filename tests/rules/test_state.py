"""A stored state is checked when it is loaded: a position the rules cannot reach is refused
with a message that says what is wrong, instead of being played on."""

import json

import pytest

from games.rules import GameState, InvalidState, apply_move, greedy_bot, is_over, new_game, to_act


def with_library_marked(kind: str, clears: str) -> list[dict]:
    mark = {"card": "library#0", "kind": kind, "clears": clears}
    return [{"area": ["library#0"], "marks": [mark]}, {}]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        pytest.param(
            {"options": {"players": 3}},
            "the options and the players listed disagree",
            id="players-disagree",
        ),
        pytest.param(
            {"players": [{"standing": "forever"}, {}]},
            "unknown standing pass 'forever'",
            id="standing-pass",
        ),
        pytest.param(
            {"players": [{"marks": with_library_marked("turned", "never")[0]["marks"]}, {}]},
            "a marked card must lie in its owner's area",
            id="mark-off-the-area",
        ),
        pytest.param(
            {"players": with_library_marked("glued", "never")},
            "unknown mark 'glued' or moment 'never'",
            id="mark-kind",
        ),
        pytest.param(
            {"players": with_library_marked("turned", "tea_time")},
            "unknown mark 'turned' or moment 'tea_time'",
            id="mark-moment",
        ),
        pytest.param(
            {"decisions": [{"kind": "vote", "seat": 0}]},
            "unknown decision 'vote'",
            id="decision-kind",
        ),
        pytest.param({"step": "dancing"}, "unknown step 'dancing'", id="step"),
        pytest.param(
            {"options": {"edition": "3rd"}},
            "edition must be '1st' or '2nd', not '3rd'",
            id="options",
        ),
        pytest.param(
            {"players": [{"money": -1}, {}]}, "money cannot be negative", id="negative-money"
        ),
        pytest.param(
            {"players": [{"area": ["library#0"], "hand": ["library#0"]}, {}]},
            "card 'library#0' appears twice",
            id="card-twice",
        ),
        pytest.param(
            {"turn": 5}, "turn and markers must name seats of the game", id="turn-off-the-table"
        ),
        pytest.param(
            {"step": "pub", "decisions": [{"kind": "pub", "seat": 5}]},
            "decisions must name seats of the game",
            id="decision-seat",
        ),
        pytest.param(
            {"step": "pub", "decisions": []},
            "a pub step needs a pending decision",
            id="step-without-its-decision",
        ),
    ],
)
def test_a_stored_state_the_rules_cannot_reach_is_refused_with_the_reason(fields, message):
    data = {"round": 2, "phase": "building", "players": [{}, {}], **fields}
    with pytest.raises(InvalidState) as refused:
        GameState.from_dict(data)
    assert str(refused.value) == message


def test_a_state_written_with_nothing_is_the_first_turn_of_a_two_player_game():
    s = GameState.from_dict({})
    assert (s.n, s.round, s.phase, s.step, s.turn) == (2, 1, "worker", "actions", 0)
    assert (s.passes, s.actions_left, s.last_round) == (0, 1, False)


def test_a_stored_state_keeps_standing_passes_passes_and_open_actions():
    data = {
        "round": 3,
        "phase": "building",
        "passes": 1,
        "actions_left": 2,
        "last_round": True,
        "players": [{"standing": "board_change"}, {"standing": "phase"}],
    }
    s = GameState.from_dict(data)
    assert (s.passes, s.actions_left, s.last_round) == (1, 2, True)
    assert [p.standing for p in s.players] == ["board_change", "phase"]
    assert GameState.from_dict(s.to_dict()) == s


def test_a_finished_game_has_no_open_decision_and_its_state_round_trips_through_json():

    s = new_game({"edition": "1st", "players": 2}, 5)
    while not is_over(s):
        seat = to_act(s)[0]
        s, _ = apply_move(s, seat, greedy_bot(s, seat, 5))

    assert s.decisions == ()
    stored = json.loads(json.dumps(s.to_dict()))
    assert GameState.from_dict(stored).to_dict() == stored
