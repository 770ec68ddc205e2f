"""The move wire format (docs/moves.md) and the state's JSON form (docs/state.md)."""

import json

import pytest

from games.rules import GameState, IllegalMove, InvalidState, Move, apply_move, new_game, parse_move
from games.rules.errors import MESSAGES

from .builders import state


@pytest.mark.parametrize(
    "data",
    [
        {"kind": "buy", "card": "library#1", "displace": "market#2"},
        {"kind": "take", "card": "author#0"},
        {"kind": "play", "card": "bank#0", "displace": "market#0"},
        {"kind": "pass"},
        {"kind": "pass", "until": "board_change"},
        {"kind": "pass", "until": "phase"},
        {"kind": "observatory", "observatory": "observatory#0", "pile": "aristocrat"},
        {"kind": "discard", "card": "judge#0"},
        {"kind": "pub", "points": 3},
        {"kind": "pub", "points": 0},
        {"kind": "pub_plan", "points": 5},
        {"kind": "upkeep_plan", "keep": False},
    ],
)
def test_every_kind_of_move_reads_and_writes_the_same_dict(data):
    assert parse_move(data).to_dict() == data
    assert Move.from_dict(data) == parse_move(data)


@pytest.mark.parametrize(
    "data",
    [
        "pass",
        {},
        {"kind": "jump"},
        {"kind": "buy"},
        {"kind": "buy", "card": 3},
        {"kind": "take", "card": "author#0", "displace": "x#0"},
        {"kind": "pass", "until": "tomorrow"},
        {"kind": "observatory", "observatory": "observatory#0", "pile": "hand"},
        {"kind": "pub", "points": -1},
        {"kind": "pub", "points": True},
        {"kind": "pub", "points": 1.5},
        {"kind": "upkeep_plan", "keep": "yes"},
        {"kind": "upkeep_plan", "keep": 1},
    ],
)
def test_a_malformed_move_is_refused_with_malformed_move(data):
    with pytest.raises(IllegalMove) as error:
        apply_move(new_game({"players": 2}, 1), 0, data)
    assert error.value.code == "malformed_move"
    assert error.value.message.endswith(".")


def test_a_yes_or_no_field_takes_only_true_or_false_and_says_so():
    with pytest.raises(IllegalMove) as error:
        parse_move({"kind": "upkeep_plan", "keep": "yes"})
    assert (error.value.code, error.value.message) == (
        "malformed_move",
        "That move is not written correctly: keep must be true or false.",
    )


def test_a_refusal_without_a_sentence_of_its_own_reads_its_codes_or_a_general_one():
    # The English sentence is what the command line prints (a replay's illegal move) and what
    # the exception says in a log; the server words refusals from the code and params.
    known = IllegalMove("not_now")
    assert known.message == MESSAGES["not_now"]
    assert str(known) == f"not_now: {MESSAGES['not_now']}"
    unknown = IllegalMove("a_code_with_no_sentence")
    assert unknown.message == "That move is not allowed."
    assert str(unknown) == "a_code_with_no_sentence: That move is not allowed."


def test_a_move_after_the_game_is_over_is_refused():
    s = state(step="over")
    with pytest.raises(IllegalMove) as error:
        apply_move(s, 0, {"kind": "pass"})
    assert error.value.code == "game_over"


def test_the_state_survives_a_json_round_trip_exactly():
    s = new_game({"players": 3, "edition": "2nd"}, 4)
    assert GameState.from_dict(json.loads(json.dumps(s.to_dict()))) == s


def test_a_hand_written_state_needs_only_the_fields_it_cares_about():
    s = GameState.from_dict({"players": [{"money": 3}, {}], "phase": "aristocrat"})
    assert s.edition == "1st"
    assert [p.money for p in s.players] == [3, 25]
    assert s.turn == s.markers[2]
    assert s.upper == s.lower == ()


@pytest.mark.parametrize(
    "data",
    [
        {"players": [{"area": ["dragon#0"]}]},
        {"players": [{"area": ["author#0"], "hand": ["author#0"]}]},
        {"players": []},
        {"players": [{}], "phase": "dinner"},
        {"players": [{}], "turn": 3},
        {"players": [{"money": -1}]},
    ],
)
def test_a_state_that_cannot_happen_is_refused(data):
    with pytest.raises(InvalidState):
        GameState.from_dict(data)
