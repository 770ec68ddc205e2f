"""The market scoring (expansions.md §2.7 "Market scoring", §3.6 MK-1, MK-2, MK-11, MK-15): the
yellow cards pay their rubles, then the majorities are scored good by good with the round's
value tile; ties for first give everybody first and nobody second; no symbol, no points."""

import pytest

from games.rules import final_scores
from games.rules.modules.market import SCORING_ORDER, market_points, value_tile

from .builders import kinds, market_state, of_kind, pass_all


def scored(s):
    """Pass the market phase to its end: (state, events, {good: market_score event})."""
    s, events = pass_all(s)
    return s, events, {e["good"]: e for e in of_kind(events, "market_score")}


def points(s):
    return [p.points for p in s.players]


def test_mk1_round_1_two_tied_firsts_score_one_each_and_the_third_nothing():
    s = market_state(
        round=1,
        players=[
            {"area": ["market_grain_2#0"]},
            {"area": ["market_grain_2#1"]},
            {"area": ["market_grain_1#0"]},
        ],
    )
    s, _, by_good = scored(s)
    assert by_good["grain"]["first"] == [0, 1]
    assert by_good["grain"]["second"] == []
    assert by_good["grain"]["value"] == [1, 0]
    assert points(s) == [1, 1, 0]


def test_each_seats_majority_points_are_kept_for_the_end_of_game_breakdown():
    s = market_state(
        round=4,
        players=[{"area": ["market_grain_3#0"], "points": 10}, {"area": ["market_grain_1#0"]}],
    )
    s, _, _ = scored(s)
    assert [market_points(p) for p in s.players] == [4, 2]
    s, _, _ = scored(s.evolve(phase="market", round=5, step="actions", passes=0))
    assert [market_points(p) for p in s.players] == [9, 4]
    assert s.players[0].points == 19


def test_mk1_round_4_one_first_and_two_tied_seconds():
    s = market_state(
        round=4,
        players=[
            {"area": ["market_grain_3#0"]},
            {"area": ["market_grain_1#0"]},
            {"area": ["market_grain_1#1"]},
        ],
    )
    s, _, by_good = scored(s)
    assert (by_good["grain"]["first"], by_good["grain"]["second"]) == ([0], [1, 2])
    assert points(s) == [4, 2, 2]


def test_mk2_a_good_only_one_seat_has_scores_first_place_and_no_second():
    s = market_state(round=3, players=[{"area": ["market_fish_1#0"]}, {}, {}])
    s, _, by_good = scored(s)
    assert (by_good["fish"]["first"], by_good["fish"]["second"]) == ([0], [])
    assert points(s) == [3, 0, 0]


def test_a_seat_without_a_symbol_of_a_good_never_scores_it_even_when_nobody_has_it():
    s = market_state(round=5, players=[{"area": ["market_apple_1#0"]}, {"area": ["library#0"]}])
    s, _, by_good = scored(s)
    assert all(by_good[good]["first"] == [] for good in ("grain", "chicken", "cabbage", "fish"))
    assert by_good["apple"]["second"] == []
    assert points(s) == [5, 0]


def test_a_tie_for_second_gives_each_tied_seat_the_second_number():
    s = market_state(
        round=2,
        players=[
            {"area": ["market_cabbage_3#0"]},
            {"area": ["market_cabbage_1#0"]},
            {"area": ["market_cabbage_1#1"]},
            {"area": ["library#0"]},
        ],
    )
    s, _, by_good = scored(s)
    assert by_good["cabbage"]["second"] == [1, 2]
    assert points(s) == [2, 1, 1, 0]


def test_positions_count_the_symbols_of_every_card_in_the_area_and_nothing_in_the_hand():
    s = market_state(
        round=6,
        players=[
            {"area": ["market#4", "market_fish_2#0"], "hand": ["market_fish_3#0"]},
            {"area": ["harbor#0", "market_fish_1#0"], "hand": []},
        ],
    )
    s, _, by_good = scored(s)
    assert by_good["fish"]["positions"] == [3, 2]
    assert (by_good["fish"]["first"], by_good["fish"]["second"]) == ([0], [1])


def test_the_yellow_cards_pay_their_rubles_before_the_majorities():
    s = market_state(
        round=1,
        players=[
            {"area": ["market_grain_1#0", "market_grain_2#0", "market_grain_3#0"], "money": 0},
            {"area": ["market_grain_crate#0"], "money": 0},
        ],
    )
    s, events = pass_all(s)
    assert [e["money_gain"] for e in of_kind(events, "score")] == [3, 0]
    order = kinds(events)
    assert order.index("score") < order.index("market_score")


def test_the_goods_are_scored_in_yucatas_order_each_with_its_ledger_source():
    s = market_state(round=1, players=[{"area": ["market_chicken_1#0", "market_apple_1#0"]}, {}])
    s, events, _ = scored(s)
    assert [e["good"] for e in of_kind(events, "market_score")] == list(SCORING_ORDER)
    assert [e["source"] for e in of_kind(events, "ledger") if e["points"]] == [
        "market:apple",
        "market:chicken",
    ]


def test_within_a_good_the_seats_are_listed_from_the_holder_of_the_sack():
    s = market_state(
        round=1,
        markers={"market": 2},
        players=[{"area": ["market_fish_1#0"]}, {}, {"area": ["market_fish_1#1"]}],
    )
    _, _, by_good = scored(s)
    assert by_good["fish"]["first"] == [2, 0]


@pytest.mark.parametrize(
    ("round_", "tile"), [(1, (1, 0)), (2, (2, 1)), (3, (3, 1)), (4, (4, 2)), (5, (5, 2)),
                         (6, (6, 3)), (7, (6, 3)), (9, (6, 3))],
)  # fmt: skip
def test_the_value_tile_of_a_round_and_the_last_one_stays(round_, tile):
    assert value_tile(round_) == tile


@pytest.mark.parametrize(("round_", "first", "second"), [(1, 1, 0), (6, 6, 3), (9, 6, 3)])
def test_the_majorities_use_the_value_tile_of_the_round(round_, first, second):
    s = market_state(
        round=round_, players=[{"area": ["market_grain_2#0"]}, {"area": ["market_grain_1#0"]}]
    )
    s, _, by_good = scored(s)
    assert by_good["grain"]["value"] == [first, second]
    assert points(s) == [first, second]


def test_the_market_phase_ends_with_the_board_refilled_to_ten_from_the_building_pile():
    buildings = [f"library#{i}" for i in range(2)] + [f"market#{i}" for i in range(5)]
    s = market_state(
        board={"upper": ["market_fish_1#0", "market_fish_1#1"], "lower": []},
        piles={"building": [*buildings, "firehouse#0", "firehouse#1", "hospital#0", "hospital#1"]},
    )
    s, events = pass_all(s)
    assert s.phase == "building"
    assert len(s.upper) + len(s.lower) == 10
    assert of_kind(events, "refill")[0]["pile"] == "building"


def test_mk15_the_final_scoring_has_no_market_scoring():
    s = market_state(players=[{"area": ["market_fish_3#0"], "money": 0}, {"money": 0}])
    rows = final_scores(s)
    assert [row["total"] for row in rows] == [0, 0]
    assert set(rows[0]["points"]) == {"cards", "aristocrats", "money", "hand"}
