"""The Twin's pair (Module 4; expansions.md §2.9 "Twin", §3.8 M4-3, X-5, decision 4.26): the
pile's top card joins the card on the upper row's first space; the two are taken together, in
one action, or both go to the discard pile right after whatever else the player's action is."""

import json

import pytest

from games.rules import GameState, IllegalMove, default_move, event_reveals, player_view, to_act
from games.rules.modules.market import jokers

from .builders import market_state, moves_of, of_kind, play

BUILDINGS = ["market#0", "market#1"]


def twin_game(**fields):
    """Building phase of round 2 with the Events, Library on the upper row's first space."""
    fields["options"] = {"events": True, **fields.get("options", {})}
    fields.setdefault("phase", "building")
    fields.setdefault("board", {"upper": ["library#0", "author#0"]})
    fields.setdefault("piles", {"building": BUILDINGS})
    return market_state(**fields)


def after_twin(**fields):
    s, events = play(twin_game(**fields), 0, kind="event", event="twin")
    return s, events


def pair_moves(s, seat=0):
    return [m for m in moves_of(s, seat) if m["kind"] == "twin"]


def test_m4_3_the_twin_lays_the_piles_top_card_onto_the_first_space_of_the_upper_row():
    s, events = after_twin()
    assert of_kind(events, "event") == [
        {"kind": "event", "seat": 0, "event": "twin", "card": "market#0", "on": "library#0",
         "reveals": True}
    ]  # fmt: skip
    assert event_reveals(of_kind(events, "event")[0])
    assert s.pile("building") == ("market#1",)
    assert s.decisions[0].kind == "twin"
    assert to_act(s) == (0,)
    view = player_view(s, 0)
    assert view["events"]["pair"] == {"seat": 0, "on": "library#0", "card": "market#0"}
    assert view["drawn"] == "market#0"
    assert view["pending"] == {"kind": "twin", "seat": 0, "card": "market#0", "on": "library#0"}


def test_m4_3_buying_the_library_and_taking_the_market_is_one_action():
    s, _ = after_twin()
    move = {"kind": "twin", "card": "library#0", "then": "buy", "second": "take"}
    assert move in pair_moves(s)
    s, events = play(s, 0, **move)
    assert s.upper == ("author#0",)
    assert s.players[0].area == ("library#0",)
    assert s.players[0].hand == ("market#0",)
    assert s.players[0].money == 25 - 17
    assert to_act(s) == (1,)  # one action: the turn passes on
    assert [e["kind"] for e in events if e["kind"] != "ledger"] == ["twin", "buy", "take"]
    assert of_kind(events, "twin") == [
        {"kind": "twin", "seat": 0, "cards": ["library#0", "market#0"], "ways": ["buy", "take"]}
    ]
    assert of_kind(events, "buy")[0]["from"] == "twin"


def test_m4_3_doing_anything_else_discards_both_right_after_the_action():
    s, _ = after_twin()
    s, events = play(s, 0, kind="buy", card="author#0")
    assert s.upper == ()
    assert s.discard == ("library#0", "market#0")
    assert s.decisions == ()
    assert to_act(s) == (1,)
    kinds = [e["kind"] for e in events if e["kind"] != "ledger"]
    assert kinds == ["buy", "twin_discarded"]
    assert of_kind(events, "twin_discarded") == [
        {"kind": "twin_discarded", "seat": 0, "cards": ["library#0", "market#0"]}
    ]


def test_a_pass_discards_the_pair_too_and_is_what_a_timeout_plays():
    s, _ = after_twin()
    assert default_move(s, 0).to_dict() == {"kind": "pass"}
    s, events = play(s, 0, kind="pass")
    assert s.discard == ("library#0", "market#0")
    assert of_kind(events, "pass")[0]["seat"] == 0


def test_one_card_of_the_pair_is_never_taken_alone():
    s, _ = after_twin()
    moves = moves_of(s, 0)
    for alone in ("buy", "take"):
        assert {"kind": alone, "card": "library#0"} not in moves
        with pytest.raises(IllegalMove) as caught:
            play(s, 0, kind=alone, card="library#0")
        assert caught.value.code == "twin_together"
    assert {"kind": "take", "card": "author#0"} in moves


def test_a_pair_move_must_name_a_card_of_the_pair():
    s, _ = after_twin()
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="twin", card="author#0", then="buy", second="take")
    assert (caught.value.code, caught.value.params) == ("twin_together", {"reason": "not_in_pair"})
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="twin", card="library#0", then="return", second="take")
    assert caught.value.params == {"reason": "way"}


def test_every_way_to_take_the_pair_is_listed():
    s, _ = after_twin()
    ways = {(m["card"], m["then"], m["second"]) for m in pair_moves(s)}
    assert ways == {
        (first, then, second)
        for first in ("library#0", "market#0")
        for then in ("buy", "take")
        for second in ("buy", "take")
    }


def test_the_pair_is_placed_card_by_card_a_second_identical_card_costs_less():
    s, _ = after_twin(
        players=[{"money": 40}, {}],
        board={"upper": ["library#0"]},
        piles={"building": ["library#1", "author#1"]},
    )
    both = {"kind": "twin", "card": "library#0", "then": "buy", "second": "buy"}
    listed = [
        m for m in player_view(s, 0)["moves"] if {**m, "price": None} == {**both, "price": None}
    ]
    assert [m["price"] for m in listed] == [17 + 16]
    s, events = play(s, 0, **both)
    assert [e["price"] for e in of_kind(events, "buy")] == [17, 16]
    assert s.players[0].money == 40 - 33
    assert s.upper == ()


def test_the_money_must_suffice_for_the_whole_pair():
    s, _ = after_twin(
        players=[{"money": 20}, {}],
        board={"upper": ["library#0"]},
        piles={"building": ["library#1", "author#1"]},
    )
    both = {"kind": "twin", "card": "library#0", "then": "buy", "second": "buy"}
    assert both not in pair_moves(s)
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, **both)
    assert caught.value.code == "cannot_afford"
    assert {"kind": "twin", "card": "library#0", "then": "buy", "second": "take"} in pair_moves(s)


def test_the_hand_must_have_room_for_every_card_taken():
    s, _ = after_twin(players=[{"hand": ["author#2", "author#3"]}, {}])
    both = {"kind": "twin", "card": "library#0", "then": "take", "second": "take"}
    assert both not in pair_moves(s)
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, **both)
    assert caught.value.code == "hand_full"
    assert {"kind": "twin", "card": "market#0", "then": "take", "second": "buy"} in pair_moves(s)


def test_x5_a_purple_card_in_the_pair_goes_to_the_hand_and_the_harbor_is_bought_or_taken():
    s, events = after_twin(
        options={"banquet": True},
        phase="aristocrat",
        players=[{"area": ["market#0"]}, {}],
        board={"upper": ["harbor#0"]},
        piles={"aristocrat": ["black_market#0", "author#1"]},
    )
    assert of_kind(events, "event")[0]["card"] == "black_market#0"
    ways = {
        (m["card"], m["then"], m.get("displace"), m["second"], m.get("second_displace"))
        for m in pair_moves(s)
    }
    assert ways == {
        ("harbor#0", "buy", "market#0", "take", None),
        ("harbor#0", "take", None, "take", None),
        ("black_market#0", "take", None, "buy", "market#0"),
        ("black_market#0", "take", None, "take", None),
    }
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="twin", card="black_market#0", then="buy", second="take")
    assert caught.value.code == "special_card"
    s, _ = play(s, 0, kind="twin", card="harbor#0", then="buy", displace="market#0", second="take")
    assert s.players[0].area == ("harbor#0",)
    assert s.players[0].hand == ("black_market#0",)
    assert s.discard == ("market#0",)


def test_x5_with_room_for_one_card_the_purple_card_takes_it_and_the_harbor_must_be_bought():
    s, _ = after_twin(
        options={"banquet": True},
        phase="aristocrat",
        players=[{"area": ["market#0"], "hand": ["author#2", "author#3"]}, {}],
        board={"upper": ["harbor#0"]},
        piles={"aristocrat": ["black_market#0"]},
    )
    assert {(m["card"], m["then"], m["second"]) for m in pair_moves(s)} == {
        ("harbor#0", "buy", "take"),
        ("black_market#0", "take", "buy"),
    }
    poor, _ = after_twin(
        options={"banquet": True},
        phase="aristocrat",
        players=[{"area": ["market#0"], "hand": ["author#2", "author#3"], "money": 5}, {}],
        board={"upper": ["harbor#0"]},
        piles={"aristocrat": ["black_market#0"]},
    )
    assert pair_moves(poor) == []  # the pair cannot be taken: he acts otherwise or passes


def test_a_move_that_is_no_action_leaves_the_pair_waiting():
    s, _ = after_twin(
        phase="market",
        players=[{"area": ["market_fish_crate#0"]}, {}],
        board={"upper": ["library#0", "author#0"]},
        piles={"market": ["market_fish_1#0"]},
    )
    s, events = play(s, 0, kind="upkeep_plan", keep=True)
    assert s.decisions[0].kind == "twin"
    assert of_kind(events, "twin_discarded") == []
    assert to_act(s) == (0,)


def test_a_double_turn_as_the_action_discards_the_pair_and_its_two_actions_follow():
    s, _ = after_twin(
        options={"banquet": True},
        players=[{"hand": ["double_turn#0"]}, {}],
    )
    s, _events = play(s, 0, kind="special", card="double_turn#0")
    assert s.discard == ("library#0", "market#0")
    assert (to_act(s), s.actions_left) == ((0,), 2)


def test_the_twin_needs_a_card_in_the_upper_row_and_one_in_the_pile():
    for fields in ({"board": {"upper": [], "lower": ["author#0"]}}, {"piles": {"building": []}}):
        s = twin_game(**fields)
        assert not any(m.get("event") == "twin" for m in moves_of(s, 0))
        with pytest.raises(IllegalMove) as caught:
            play(s, 0, kind="event", event="twin")
        assert (caught.value.code, caught.value.params) == (
            "event_impossible",
            {"reason": "twin"},
        )


def test_a_position_with_the_pair_waiting_round_trips_and_holds_the_drawn_card():
    s, _ = after_twin()
    again = GameState.from_dict(json.loads(json.dumps(s.to_dict())))
    assert again == s
    assert s.drawn == "market#0"


def test_a_pair_move_without_a_pair_is_refused():
    s = twin_game()
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="twin", card="library#0", then="buy", second="take")
    assert (caught.value.code, caught.value.params) == ("not_now", {"move": "twin"})


def test_a_card_of_the_pair_taken_into_the_hand_displaces_nothing():
    s, _ = after_twin(
        options={"banquet": True},
        phase="aristocrat",
        players=[{"area": ["market#0"]}, {}],
        board={"upper": ["harbor#0"]},
        piles={"aristocrat": ["black_market#0", "author#1"]},
    )
    for move in (
        {"card": "harbor#0", "then": "take", "displace": "market#0", "second": "take"},
        {"card": "black_market#0", "then": "take", "second": "take", "second_displace": "market#0"},
    ):
        with pytest.raises(IllegalMove) as caught:
            play(s, 0, kind="twin", **move)
        assert (caught.value.code, caught.value.params) == (
            "cannot_displace",
            {"reason": "twin_not_bought"},
        )


def test_a_move_answering_another_question_is_refused_while_the_pair_waits():
    s, _ = after_twin()
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="joker", good="fish")
    assert (caught.value.code, caught.value.params) == ("not_now", {"move": "joker"})


def test_the_card_of_the_pair_taken_into_the_hand_counts_so_a_full_hand_keeps_the_warehouse():
    """Hand room suffices for the whole pair, and a Warehouse is not displaced while its owner
    holds 4 cards (README-9: the hand counted after the action): with 3 in the hand, the pair's
    card taken makes 4, whichever of the two is taken first; both bought leave 3."""
    s, _ = after_twin(
        players=[
            {"area": ["warehouse#0"], "hand": ["author#2", "author#3", "author#4"], "money": 60},
            {},
        ],
        board={"upper": ["bank#0", "author#0"]},
        piles={"building": ["library#0", "market#1"]},
    )
    ways = {
        (m["card"], m["then"], m.get("displace"), m["second"], m.get("second_displace"))
        for m in pair_moves(s)
    }
    assert ways == {
        ("bank#0", "buy", "warehouse#0", "buy", None),
        ("bank#0", "take", None, "buy", None),
        ("library#0", "buy", None, "buy", "warehouse#0"),
        ("library#0", "buy", None, "buy", "library#0"),
        ("library#0", "buy", None, "take", None),
    }
    for move in (
        {"card": "bank#0", "then": "buy", "displace": "warehouse#0", "second": "take"},
        {"card": "library#0", "then": "take", "second": "buy", "second_displace": "warehouse#0"},
    ):
        with pytest.raises(IllegalMove) as caught:
            play(s, 0, kind="twin", **move)
        assert (caught.value.code, caught.value.params) == ("cannot_displace", {})
    s, events = play(
        s, 0, kind="twin", card="library#0", then="buy", second="buy", second_displace="warehouse#0"
    )
    assert [e for e in events if e["kind"] != "ledger"] == [
        {"kind": "twin", "seat": 0, "cards": ["library#0", "bank#0"], "ways": ["buy", "buy"]},
        {"kind": "buy", "seat": 0, "card": "library#0", "from": "twin", "price": 17,
         "displaced": None},
        {"kind": "buy", "seat": 0, "card": "bank#0", "from": "twin", "price": 13 - 2,
         "displaced": "warehouse#0"},
    ]  # fmt: skip
    me = s.players[0]
    assert (me.area, me.hand, me.money) == (
        ("library#0", "bank#0"),
        ("author#2", "author#3", "author#4"),
        60 - 17 - 11,
    )
    assert (s.upper, s.discard, to_act(s)) == (("author#0",), ("warehouse#0",), (1,))


def test_each_card_of_the_pair_bought_is_placed_a_question_mark_asks_and_a_displaced_tile_returns():
    """The placement of each card bought runs as for any placement (the Market's '?' tiles):
    the '?' card bought first asks for its good, the card the second displaced gives its tile
    back."""
    czar = "czar_and_carpenter#0"  # 2nd edition: a '?' symbol, its tile fish
    s, _ = after_twin(
        phase="worker",
        players=[{"area": [czar]}, {}],
        records={"market": {"jokers": {czar: "fish"}}},
        board={"upper": ["ship_builder#5", "author#0"]},  # the sixth Ship Builder shows the '?'
        piles={"worker": ["wharf#0", "lumberjack#0"]},
    )
    s, events = play(
        s, 0, kind="twin", card="ship_builder#5", then="buy", second="buy", second_displace=czar
    )
    assert [e for e in events if e["kind"] != "ledger"] == [
        {"kind": "twin", "seat": 0, "cards": ["ship_builder#5", "wharf#0"], "ways": ["buy", "buy"]},
        {"kind": "buy", "seat": 0, "card": "ship_builder#5", "from": "twin", "price": 7,
         "displaced": None},
        {"kind": "buy", "seat": 0, "card": "wharf#0", "from": "twin", "price": 4,
         "displaced": czar},
        {"kind": "joker_returned", "seat": 0, "card": czar, "good": "fish"},
    ]  # fmt: skip
    assert [(d.kind, d.seat, dict(d.data)) for d in s.decisions] == [
        ("joker", 0, {"card": "ship_builder#5"})
    ]
    assert (to_act(s), dict(jokers(s)), s.discard) == ((0,), {}, (czar,))
    assert [m["good"] for m in moves_of(s, 0)] == ["grain", "chicken", "apple", "cabbage", "fish"]
