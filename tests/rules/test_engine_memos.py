"""The engine keeps a little of what it worked out for the last state it was asked about (the
card moves `has_real_choice` listed up to its first real move, the last position's moves, the
last seat's prices, the final scoring of the last state): a state asked again gets the same
answer as a fresh copy of it, whatever was asked in between, and nothing a caller changes in an
answer reaches the next one."""

import pytest

from games.rules import BOTS, GameState, apply_move, final_scores, is_over, legal_moves, to_act
from games.rules.engine import has_real_choice
from games.rules.initial import new_game
from games.rules.scoring import final_scoring

ALL_FOUR = {
    "edition": "2nd",
    "market": True,
    "assistants": True,
    "events": True,
    "assignments": True,
    "obstacles": True,
}
OPTION_SETS = [
    {"edition": "1st"},
    {"edition": "2nd", "banquet": True},
    {"edition": "1st", "new_society": "full"},
    ALL_FOUR,
]


def fresh(state: GameState) -> GameState:
    """An equal state that no memo has seen."""
    return GameState.from_dict(state.to_dict())


def play(options: dict, seed: int) -> list[GameState]:
    """The positions a random game stops at, in order, with the last (over) state."""
    state = new_game({"players": 4, **options}, seed)
    positions = [state]
    step = 0
    while not is_over(state):
        seat = to_act(state)[0]
        state, _ = apply_move(state, seat, BOTS["random"](state, seat, seed * 7919 + step))
        positions.append(state)
        step += 1
    return positions


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: ",".join(map(str, o.values())))
def test_legal_moves_after_has_real_choice_equal_a_fresh_listing(options: dict) -> None:
    positions = play(options, 3)[:-1]  # every position with a seat to act
    others = positions[1:] + positions[:1]
    for state, other in zip(positions, others, strict=True):
        seat = to_act(state)[0]
        choice = has_real_choice(state, seat)
        assert choice == has_real_choice(fresh(state), seat)
        assert legal_moves(state, seat) == legal_moves(fresh(state), seat)
        # Another position asked in between: the first one's answer is still its own.
        has_real_choice(state, seat)
        other_seat = to_act(other)[0]
        has_real_choice(other, other_seat)
        assert legal_moves(other, other_seat) == legal_moves(fresh(other), other_seat)
        assert legal_moves(state, seat) == legal_moves(fresh(state), seat)


def test_a_changed_legal_move_list_changes_no_later_answer() -> None:
    state = play({"edition": "2nd"}, 5)[30]
    seat = to_act(state)[0]
    first = legal_moves(state, seat)
    expected = list(first)
    first.clear()
    assert legal_moves(state, seat) == expected


def test_final_scores_rows_are_the_callers_own() -> None:
    over = play(ALL_FOUR, 2)[-1]
    expected = final_scores(fresh(over))
    rows = final_scores(over)
    assert rows == expected
    for row in rows:
        row["assignment"]["points"] = -99
        row["points"].clear()
    assert final_scores(over) == expected
    scored = final_scoring(over)
    scored.events.clear()
    scored.details[0]["assignment"]["points"] = -99
    assert final_scores(over) == expected
