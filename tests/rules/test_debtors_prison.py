"""Debtor's Prison (expansions.md §2.1, 3.1 NS-6, NS-7, 4.12): once per round, as the building
phase action, a card from the discard pile is bought, taken, or - with a full hand only - put
back; the used prison scores nothing and cannot be displaced until the building phase ends."""

import pytest

from games.rules import IllegalMove, default_move, legal_moves, to_act

from .builders import moves_of, of_kind, pass_all, play, state

NS1 = {"edition": "1st", "new_society": "full"}


def with_prison(hand=(), discard=("author#0",), money=25, options=NS1, **extra):
    extra.setdefault("board", {"upper": ["library#1"]})  # something to do: no automatic play
    return state(
        options=options,
        players=[{"area": ["debtors_prison#0"], "hand": list(hand), "money": money}, {}],
        discard=list(discard),
        **extra,
    )


def fetch(s, then, card="author#0", **more):
    return play(s, 0, kind="prison", prison="debtors_prison#0", card=card, then=then, **more)


def test_the_prison_buys_a_card_from_the_discard_pile_at_its_price_without_lower_row_discount():
    s, events = fetch(with_prison(), "buy")
    assert s.players[0].area == ("debtors_prison#0", "author#0")
    assert s.players[0].money == 21
    assert s.discard == ()
    assert of_kind(events, "prison")[0]["price"] == 4
    assert to_act(s) == (1,)


def test_the_prison_takes_a_card_into_the_hand():
    s, _ = fetch(with_prison(), "take")
    assert s.players[0].hand == ("author#0",)
    assert s.discard == ()


def test_with_room_in_the_hand_the_card_cannot_be_put_back():
    with pytest.raises(IllegalMove) as error:
        fetch(with_prison(), "return")
    assert error.value.code == "hand_not_full"


def test_with_a_full_hand_the_card_may_be_put_back_but_not_taken():
    full = with_prison(hand=["library#0", "theater#0", "library#2"])
    s, events = fetch(full, "return")
    assert s.discard == ("author#0",)
    assert of_kind(events, "prison")[0]["then"] == "return"
    with pytest.raises(IllegalMove) as error:
        fetch(full, "take")
    assert error.value.code == "hand_full"


def test_an_empty_discard_pile_offers_nothing_and_is_refused():
    s = with_prison(discard=())
    assert not [m for m in legal_moves(s, 0) if m.kind == "prison"]
    with pytest.raises(IllegalMove) as error:
        fetch(s, "take")
    assert error.value.code == "no_such_card"


def test_ns_7_with_only_purple_cards_in_the_discard_pile_the_prison_fetches_nothing():
    s = with_prison(discard=("jester#0", "golden_donkey#0"), options={**NS1, "banquet": True})
    assert not [m for m in legal_moves(s, 0) if m.kind == "prison"]
    for then in ("buy", "take"):
        with pytest.raises(IllegalMove) as error:
            fetch(s, then, card="jester#0")
        assert error.value.code == "no_such_card"
    beside_a_judge = s.evolve(discard=("jester#0", "judge#0"))
    assert {m.card for m in legal_moves(beside_a_judge, 0) if m.kind == "prison"} == {"judge#0"}


def test_a_used_prison_scores_nothing_and_cannot_be_used_again_this_round():
    s, _ = fetch(with_prison(), "take")
    s, _ = play(s, 1, kind="pass")
    with pytest.raises(IllegalMove) as error:
        fetch(s.evolve(discard=("author#1",)), "take", card="author#1")
    assert error.value.code == "prison_used"
    s, events = pass_all(s)
    score = next(e for e in of_kind(events, "score") if e["seat"] == 0)
    assert score["points_gain"] == 0


def test_a_used_prison_cannot_be_displaced_until_the_building_phase_ends():
    s, _ = fetch(with_prison(board={"upper": ["bank#0", "library#1"]}), "take")
    s, _ = play(s, 1, kind="pass")
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="bank#0", displace="debtors_prison#0")
    assert error.value.code == "cannot_displace"
    s, _ = pass_all(s)
    assert s.phase == "aristocrat"
    assert s.players[0].marks == ()


def test_ns_6_a_prison_used_in_the_building_phase_is_displaced_in_the_same_rounds_trading_phase():
    s, _ = fetch(with_prison(board={"upper": ["bank#0", "library#1"]}), "take")
    s, _ = play(s, 1, kind="pass")
    s, _ = pass_all(s)  # the building phase: its scoring, then the Prison turns face up
    s, _ = pass_all(s)  # the aristocrat phase
    assert (s.phase, s.round) == ("trading", 2)
    if to_act(s) == (1,):
        s, _ = play(s, 1, kind="pass")
    s, events = play(s, 0, kind="buy", card="bank#0", displace="debtors_prison#0")
    assert of_kind(events, "buy")[0]["displaced"] == "debtors_prison#0"
    assert s.players[0].area == ("bank#0",)


def test_an_unused_prison_in_the_trading_phase_may_be_displaced():
    s = with_prison(phase="trading", board={"upper": ["bank#0"]})
    s, events = play(s, 0, kind="buy", card="bank#0", displace="debtors_prison#0")
    assert of_kind(events, "buy")[0]["displaced"] == "debtors_prison#0"


def test_the_prison_is_used_in_the_building_phase_only():
    with pytest.raises(IllegalMove) as error:
        fetch(with_prison(phase="aristocrat"), "take")
    assert error.value.code == "not_now"


def test_a_trading_card_fetched_must_displace_and_may_not_displace_the_prison():
    s = with_prison(discard=["bank#0"], money=30)
    s2 = s.with_player(0, s.players[0].evolve(area=("debtors_prison#0", "library#0")))
    with pytest.raises(IllegalMove) as error:
        fetch(s2, "buy", card="bank#0", displace="debtors_prison#0")
    assert error.value.code == "cannot_displace"
    s3, _ = fetch(s2, "buy", card="bank#0", displace="library#0")
    assert s3.players[0].area == ("debtors_prison#0", "bank#0")
    assert s3.discard == ("library#0",)


def test_a_timeout_of_the_prison_owner_passes():
    assert default_move(with_prison(), 0).to_dict() == {"kind": "pass"}


def _prison_moves(s):
    return [m for m in moves_of(s, 0) if m["kind"] == "prison"]


def test_the_prison_offers_to_buy_or_take_with_room_and_to_buy_or_put_back_with_a_full_hand():
    offered = {(m["card"], m["then"]) for m in _prison_moves(with_prison())}
    assert offered == {("author#0", "buy"), ("author#0", "take")}
    full = with_prison(hand=["library#0", "theater#0", "library#2"])
    offered = {(m["card"], m["then"]) for m in _prison_moves(full)}
    assert offered == {("author#0", "buy"), ("author#0", "return")}


def test_a_trading_card_in_the_discard_pile_is_offered_over_each_card_it_may_displace():
    s = with_prison(discard=["bank#0"], money=30)
    s = s.with_player(0, s.players[0].evolve(area=("debtors_prison#0", "library#0")))
    bought = [m for m in _prison_moves(s) if m["then"] == "buy"]
    assert [(m["card"], m.get("displace")) for m in bought] == [("bank#0", "library#0")]


def test_each_refusal_of_the_prison_names_its_reason():
    base = with_prison()
    no_prison = base.with_player(0, base.players[0].evolve(area=()))
    cases = [
        (no_prison, {}, ("no_such_card", "no_prison")),
        (with_prison(), {"card": "library#9"}, ("no_such_card", "not_in_discard")),
        (with_prison(), {"displace": "debtors_prison#0"}, ("cannot_displace", "prison_not_bought")),
        (with_prison(phase="aristocrat"), {}, ("not_now", "prison_phase")),
    ]
    for s, more, expected in cases:
        with pytest.raises(IllegalMove) as error:
            fetch(s, "take", **more)
        assert (error.value.code, error.value.params.get("reason")) == expected
