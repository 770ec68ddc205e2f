"""The queue of pending decisions: a kind registered here, with no dialog anywhere, is asked,
answered, defaulted and answered by a standing plan through the engine's ordinary entry points."""

import pytest

from games.rules import (
    DecisionKind,
    IllegalMove,
    Move,
    MoveKind,
    apply_move,
    default_move,
    legal_moves,
    player_view,
    register_decision,
    register_field,
    register_move_kind,
    to_act,
)
from games.rules.decisions import DECISIONS
from games.rules.moves import _READERS, FIELDS, MOVE_KINDS, choice_field

from .builders import kinds, of_kind, state

ANSWERS = ("yes", "no")


def vote(answer):
    return Move("vote", extra=(("answer", answer),))


def _apply(s, decision, move, events, planned):
    answer = move.get("answer")
    events.append({"kind": "voted", "seat": decision.seat, "answer": answer, "planned": planned})
    votes = s.records.get("vote", {})
    return s.evolve(records=s.records.set("vote", {**votes, str(decision.seat): answer}))


@pytest.fixture
def voting():
    """Registers the field `answer`, the move `vote` and the decision `vote`; removes them."""
    register_field(choice_field("answer", ANSWERS, "answer must be yes or no"))
    register_move_kind(MoveKind("vote", ("answer",)))
    register_decision(
        DecisionKind(
            "vote",
            answers=("vote",),
            moves=lambda s, d: [vote(a) for a in ANSWERS],
            apply=_apply,
            default=lambda s, d: vote("no"),
            plan=lambda s, d, value: vote(value),
        )
    )
    yield
    del DECISIONS["vote"], MOVE_KINDS["vote"], FIELDS["answer"]
    _READERS.clear()


def asked(*seats, plans=None):
    """Seat 0's turn in the building phase, and the seats asked to vote, first asked first."""
    players = [{}, {}, {}]
    for seat, plan in (plans or {}).items():
        players[seat] = {"plans": {"vote": plan}}
    decisions = [{"kind": "vote", "seat": s, "data": {"question": "rest?"}} for s in seats]
    return state(players=players, decisions=decisions, board={"upper": ["author#0"]})


def test_the_seat_asked_is_the_only_one_to_act_and_has_only_its_answers(voting):
    s = asked(1)
    assert to_act(s) == (1,)
    assert legal_moves(s, 1) == [vote("yes"), vote("no")]
    assert legal_moves(s, 0) == []
    with pytest.raises(IllegalMove) as caught:
        apply_move(s, 0, {"kind": "pass"})
    assert caught.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as caught:
        apply_move(s, 1, {"kind": "pass"})
    assert caught.value.code == "not_now"


def test_an_answer_takes_effect_and_the_turn_goes_back_to_the_seat_whose_turn_it_was(voting):
    s, events = apply_move(asked(1), 1, {"kind": "vote", "answer": "yes"})
    assert of_kind(events, "voted") == [
        {"kind": "voted", "seat": 1, "answer": "yes", "planned": False}
    ]
    assert s.records["vote"] == {"1": "yes"}
    assert s.decisions == ()
    assert to_act(s) == (0,)


def test_a_malformed_answer_is_refused_by_the_registered_field(voting):
    with pytest.raises(IllegalMove) as caught:
        apply_move(asked(1), 1, {"kind": "vote", "answer": "maybe"})
    assert caught.value.code == "malformed_move"
    assert "answer must be yes or no" in caught.value.message


def test_the_view_shows_the_pending_decision_and_one_move_per_answer(voting):
    view = player_view(asked(1), 1)
    assert view["pending"] == {"kind": "vote", "seat": 1, "question": "rest?"}
    assert view["decisions"] == [view["pending"]]
    assert view["moves"] == [{"kind": "vote", "answer": "yes"}, {"kind": "vote", "answer": "no"}]
    assert (view["your_turn"], view["has_choice"]) == (True, True)
    assert player_view(asked(1), None)["pending"] == view["pending"]


def test_a_timeout_gives_the_registered_default(voting):
    assert default_move(asked(1), 1) == vote("no")


def test_a_standing_plan_answers_when_its_seat_is_asked(voting):
    s, events = apply_move(asked(1, 2, plans={2: "yes"}), 1, {"kind": "vote", "answer": "no"})
    assert of_kind(events, "voted") == [
        {"kind": "voted", "seat": 1, "answer": "no", "planned": False},
        {"kind": "voted", "seat": 2, "answer": "yes", "planned": True},
    ]
    assert kinds(events) == ["voted", "voted"]
    assert s.records["vote"] == {"1": "no", "2": "yes"}
    assert to_act(s) == (0,)


def test_the_state_with_a_decision_survives_the_json_round_trip(voting):
    s = asked(1, 2, plans={2: "yes"})
    assert type(s).from_dict(s.to_dict()) == s
    assert s.to_dict()["decisions"][0] == {"kind": "vote", "seat": 1, "data": {"question": "rest?"}}
