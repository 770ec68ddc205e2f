"""Goods positions and '?' tiles (expansions.md §2.7 "Moving markers", "The '?' symbol", §3.6
MK-6, MK-7, MK-14, X-3): a position is the number of a good's symbols in the area, whichever
route placed the card; a displaced card's symbols leave; a '?' is covered with a free good's
tile chosen when placed, and the tile returns when the card leaves."""

import pytest

from games.rules import IllegalMove, default_move, to_act
from games.rules.modules.market import free_goods, jokers, positions

from .builders import market_state, moves_of, of_kind, play

CZAR = "czar_and_carpenter#0"  # 2nd edition: a '?' symbol
JOKER_SHIP_BUILDER = "ship_builder#5"  # the sixth Ship Builder shows the '?'


def test_buying_a_market_card_moves_its_good_forward_by_its_symbols():
    s = market_state(board={"upper": ["market_cabbage_2#0", "author#0"]})
    s, _ = play(s, 0, kind="buy", card="market_cabbage_2#0")
    assert positions(s, 0)["cabbage"] == 2


def test_playing_a_market_card_from_the_hand_counts_too():
    s = market_state(players=[{"hand": ["market_apple_3#0"]}, {}])
    assert positions(s, 0)["apple"] == 0
    s, _ = play(s, 0, kind="play", card="market_apple_3#0")
    assert positions(s, 0)["apple"] == 3


def test_the_base_cards_market_symbols_count():
    s = market_state(players=[{"area": ["market#1", "bank#0", "harbor#0", "ship_builder#4"]}, {}])
    assert positions(s, 0) == {"grain": 1, "chicken": 1, "apple": 0, "cabbage": 0, "fish": 2}


def test_mk7_a_bank_over_a_chicken_market_moves_chicken_back_and_grain_forward():
    s = market_state(
        phase="building",
        players=[{"area": ["market#1"], "money": 30}, {}],
        board={"upper": ["bank#0"]},
    )
    assert positions(s, 0)["chicken"] == 1
    s, _ = play(s, 0, kind="buy", card="bank#0", displace="market#1")
    assert (positions(s, 0)["chicken"], positions(s, 0)["grain"]) == (0, 1)


def test_mk14_owning_a_chick_another_chick_costs_4_and_3_from_the_lower_row():
    s = market_state(
        players=[{"area": ["market_chicken_1#0"]}, {}],
        board={"upper": ["market_chicken_1#1"], "lower": ["market_chicken_1#2"]},
    )
    _, events = play(s, 0, kind="buy", card="market_chicken_1#1")
    assert of_kind(events, "buy")[0]["price"] == 4
    _, events = play(s, 0, kind="buy", card="market_chicken_1#2")
    assert of_kind(events, "buy")[0]["price"] == 3


def test_a_placed_question_mark_asks_its_owner_for_a_good():
    s = market_state(board={"upper": [JOKER_SHIP_BUILDER, "author#0"]})
    s, _ = play(s, 0, kind="buy", card=JOKER_SHIP_BUILDER)
    assert to_act(s) == (0,)
    assert s.decisions[0].kind == "joker"
    assert [m["good"] for m in moves_of(s, 0)] == ["grain", "chicken", "apple", "cabbage", "fish"]
    s, events = play(s, 0, kind="joker", good="fish")
    assert of_kind(events, "joker") == [
        {"kind": "joker", "seat": 0, "card": JOKER_SHIP_BUILDER, "good": "fish", "automatic": False}
    ]
    assert positions(s, 0)["fish"] == 1
    assert to_act(s) == (1,)  # the buy was seat 0's action; the turn goes on


def test_mk6_two_question_marks_never_share_a_good_and_the_tile_returns_when_its_card_leaves():
    s = market_state(
        players=[{"hand": [CZAR], "money": 40}, {"money": 40}],
        board={"upper": [JOKER_SHIP_BUILDER, "wharf#0", "author#0"]},
    )
    s, _ = play(s, 0, kind="play", card=CZAR)
    s, _ = play(s, 0, kind="joker", good="fish")
    s, _ = play(s, 1, kind="buy", card=JOKER_SHIP_BUILDER)
    assert "fish" not in [m["good"] for m in moves_of(s, 1)]
    with pytest.raises(IllegalMove) as error:
        play(s, 1, kind="joker", good="fish")
    assert error.value.code == "good_taken"
    s, _ = play(s, 1, kind="joker", good="apple")
    assert dict(jokers(s)) == {CZAR: "fish", JOKER_SHIP_BUILDER: "apple"}
    s, events = play(s, 0, kind="buy", card="wharf#0", displace=CZAR)
    assert of_kind(events, "joker_returned") == [
        {"kind": "joker_returned", "seat": 0, "card": CZAR, "good": "fish"}
    ]
    assert positions(s, 0)["fish"] == 0
    assert "fish" in free_goods(s)


def test_the_last_free_tile_is_laid_without_asking():
    taken = {"jokers": {"market#0": "grain", "market#1": "chicken", "market#2": "apple",
                        "market#3": "cabbage"}}  # fmt: skip
    s = market_state(records={"market": taken}, board={"upper": [JOKER_SHIP_BUILDER, "author#0"]})
    s, events = play(s, 0, kind="buy", card=JOKER_SHIP_BUILDER)
    assert of_kind(events, "joker")[0]["good"] == "fish"
    assert of_kind(events, "joker")[0]["automatic"] is True
    assert not s.decisions


def test_a_question_mark_with_no_tile_left_counts_nothing():
    taken = {"jokers": {f"market#{i}": g for i, g in
                        enumerate(["grain", "chicken", "apple", "cabbage", "fish"])}}  # fmt: skip
    s = market_state(records={"market": taken}, board={"upper": [JOKER_SHIP_BUILDER, "author#0"]})
    s, _ = play(s, 0, kind="buy", card=JOKER_SHIP_BUILDER)
    assert not s.decisions
    assert sum(positions(s, 0).values()) == 0


def test_a_timeout_lays_the_first_free_good():
    s = market_state(board={"upper": [JOKER_SHIP_BUILDER, "author#0"]})
    s, _ = play(s, 0, kind="buy", card=JOKER_SHIP_BUILDER)
    assert default_move(s, 0).to_dict() == {"kind": "joker", "good": "grain"}


def test_x3_an_observatory_draw_from_the_market_pile_bought_asks_for_a_good():
    s = market_state(
        phase="building",
        players=[{"area": ["observatory#0"]}, {}],
        piles={"worker": [JOKER_SHIP_BUILDER, "lumberjack#0"]},
    )
    s, _ = play(s, 0, kind="observatory", observatory="observatory#0", pile="worker")
    s, _ = play(s, 0, kind="buy", card=JOKER_SHIP_BUILDER)
    assert s.decisions[0].kind == "joker"


def test_a_question_mark_card_in_the_hand_lays_no_tile():
    s = market_state(board={"upper": [CZAR, "author#0"]})
    s, _ = play(s, 0, kind="take", card=CZAR)
    assert not s.decisions


def test_the_track_has_no_upper_limit():
    """Decision 4.5: a position is a count of symbols, however high."""
    fish = ["market_fish_crate#0", "market_fish_3#0", "market_fish_2#0", "market_fish_2#1",
            "market_fish_1#0", "market_fish_1#1", "market_fish_1#2", "harbor#0"]  # fmt: skip
    s = market_state(players=[{"area": fish}, {}])
    assert positions(s, 0)["fish"] == 4 + 3 + 2 + 2 + 1 + 1 + 1 + 1


def test_an_orange_card_is_a_yellow_card():
    """Decision 4.39 (§0.3): the orange cards count as yellow (market) cards."""
    s = market_state()
    assert s.rules.cards["market_fish_crate#0"].color == s.rules.cards["market_fish_1#0"].color
    assert s.rules.cards["market_fish_crate#0"].color == "market"
