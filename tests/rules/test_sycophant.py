"""Sycophant (expansions.md §2.1, 3.1 NS-1..NS-3, 4.13): -1 ruble at aristocrat scoring after the
other income; discarded automatically when it cannot be paid; may be given up during the
aristocrat phase (a free move)."""

import pytest

from games.rules import IllegalMove, default_move, final_scores, legal_moves, to_act

from .builders import of_kind, pass_all, play, state

NS1 = {"edition": "1st", "new_society": "full"}
IGC = {"edition": "2nd", "in_good_company": True}
BOARD = {"upper": ["library#0"]}  # something to do, so the game does not run on by itself


def aristocrat_scoring(area, money, options=NS1):
    s = state(options=options, phase="aristocrat", board=BOARD,
              players=[{"area": area, "money": money}, {}])  # fmt: skip
    return pass_all(s)


def test_a_sycophant_is_paid_from_what_the_other_aristocrats_bring():
    s, events = aristocrat_scoring(["author#0", "sycophant#0"], 0)
    assert s.players[0].money == 0
    assert s.players[0].area == ("author#0", "sycophant#0")
    assert of_kind(events, "sycophant_discard") == []


def test_sycophants_nobody_can_pay_for_are_discarded_automatically():
    s, events = aristocrat_scoring(["sycophant#0", "sycophant#1"], 0, IGC)
    assert s.players[0].money == 0
    assert s.players[0].area == ()
    assert s.discard[-2:] == ("sycophant#0", "sycophant#1")
    assert [e["automatic"] for e in of_kind(events, "sycophant_discard")] == [True, True]


def test_with_one_ruble_one_of_two_sycophants_is_paid_and_the_other_discarded():
    s, events = aristocrat_scoring(["sycophant#0", "sycophant#1"], 1)
    assert s.players[0].money == 0
    assert s.players[0].area == ("sycophant#0",)
    assert [e["card"] for e in of_kind(events, "sycophant_discard")] == ["sycophant#1"]


def test_a_sycophant_that_can_be_paid_costs_one_ruble():
    s, _ = aristocrat_scoring(["sycophant#0"], 5)
    assert s.players[0].money == 4


def test_a_sycophant_may_be_given_up_in_the_aristocrat_phase_without_ending_the_turn():
    s = state(options=NS1, phase="aristocrat", board=BOARD, players=[{"area": ["sycophant#0"]}, {}])
    assert {"kind": "discard_sycophant", "card": "sycophant#0"} in [
        m.to_dict() for m in legal_moves(s, 0)
    ]
    s, events = play(s, 0, kind="discard_sycophant", card="sycophant#0")
    assert s.players[0].area == ()
    assert s.discard == ("sycophant#0",)
    assert of_kind(events, "sycophant_discard")[0]["automatic"] is False
    assert to_act(s) == (0,)


def test_a_sycophant_cannot_be_given_up_outside_the_aristocrat_phase():
    s = state(options=NS1, phase="building", players=[{"area": ["sycophant#0"]}, {}])
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="discard_sycophant", card="sycophant#0")
    assert error.value.code == "not_now"


def test_only_a_sycophant_can_be_given_up_this_way():
    s = state(options=NS1, phase="aristocrat", players=[{"area": ["author#0"]}, {}])
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="discard_sycophant", card="author#0")
    assert error.value.code == "no_such_card"


def test_a_seat_whose_only_move_is_giving_up_a_sycophant_passes_automatically():
    s = state(options=NS1, phase="aristocrat", turn=1,
              players=[{"area": ["sycophant#0"], "money": 3}, {}])  # fmt: skip
    s, events = play(s, 1, kind="pass")
    first = of_kind(events, "pass")[1]
    assert (first["seat"], first["forced"]) == (0, True)


def test_a_timeout_keeps_the_sycophant():
    s = state(options=NS1, phase="aristocrat", board=BOARD, players=[{"area": ["sycophant#0"]}, {}])
    assert default_move(s, 0).to_dict() == {"kind": "pass"}


def test_a_sycophant_counts_as_an_aristocrat_type_at_the_final_scoring():
    """§2.1: "It counts as an aristocrat type for the final table while it is in the area":
    an Author and a Sycophant are two types (3 points), two Sycophants one type."""
    for options in (NS1, IGC):
        assert final_aristocrat_points(options, ["author#0", "sycophant#0"]) == 3
        assert final_aristocrat_points(options, ["author#0", "sycophant#0", "sycophant#1"]) == 3
        assert final_aristocrat_points(options, ["sycophant#0"]) == 1


def final_aristocrat_points(options, area):
    s = state(options=options, phase="trading", last_round=True, players=[{"area": area}, {}])
    return final_scores(s)[0]["points"]["aristocrats"]


def test_a_sycophant_given_up_or_discarded_unpaid_is_told_in_full():
    s = state(options=NS1, phase="aristocrat", board=BOARD, players=[{"area": ["sycophant#0"]}, {}])
    _, events = play(s, 0, kind="discard_sycophant", card="sycophant#0")
    assert of_kind(events, "sycophant_discard") == [
        {"kind": "sycophant_discard", "seat": 0, "card": "sycophant#0", "automatic": False}
    ]
    _, events = aristocrat_scoring(["sycophant#0"], 0)
    assert of_kind(events, "sycophant_discard") == [
        {"kind": "sycophant_discard", "seat": 0, "card": "sycophant#0", "automatic": True}
    ]
