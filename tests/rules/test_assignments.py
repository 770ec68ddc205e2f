"""Module 5, the Assignments (expansions.md §2.10, §2.12 step 2, §3.9 M5-1..M5-9, decisions 4.22,
4.30-4.32): three dealt to each player from the seed, what each of the fifteen counts, and the
best of a player's three scored between the aristocrats and the money."""

from collections import Counter

import pytest

from games.rules import final_scores, new_game, player_view
from games.rules.initial import new_game_with_events
from games.rules.modules.assignments import ASSIGNMENTS, best, catalogue_json, dealt, score

from .builders import market_state, of_kind, pass_all

ASSIGNMENTS_ON = {"assignments": True}
SIX_RED = [f"author#{i}" for i in range(6)]


def game(players, seed):
    return new_game({"edition": "2nd", "players": players, "market": True, **ASSIGNMENTS_ON}, seed)


def position(dealt_by_seat=None, **fields):
    """A Market position with the Assignments on, each seat's assignments as given."""
    fields["options"] = {**ASSIGNMENTS_ON, **fields.get("options", {})}
    players = fields.get("players", 2)
    n = players if isinstance(players, int) else len(players)
    hands = dealt_by_seat or [[1, 2, 3] for _ in range(n)]
    fields["records"] = {"assignments": {"dealt": hands}, **fields.get("records", {})}
    fields.setdefault("board", {"upper": ["theater#1"]})
    return market_state(**fields)


def points(area, number, players=2, **fields):
    """What assignment `number` gives seat 0 with this area."""
    others = [{} for _ in range(players - 1)]
    s = position(players=[{"area": area, **fields}, *others])
    return score(s, 0, number)


# ---------------------------------------------------------------- the deal


def test_m5_1_two_players_play_without_2_8_and_15_and_get_three_each():
    seen = set()
    for seed in range(30):
        hands = dealt(game(2, seed))
        assert [len(hand) for hand in hands] == [3, 3]
        numbers = [n for hand in hands for n in hand]
        assert len(set(numbers)) == 6
        seen.update(numbers)
    assert seen == set(range(1, 16)) - {2, 8, 15}


def test_m5_2_five_players_get_all_fifteen():
    for seed in range(5):
        hands = dealt(game(5, seed))
        assert sorted(n for hand in hands for n in hand) == list(range(1, 16))


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_get_three_different_ones_each(players):
    seen = Counter()
    for seed in range(20):
        hands = dealt(game(players, seed))
        numbers = [n for hand in hands for n in hand]
        assert [len(hand) for hand in hands] == [3] * players
        assert len(set(numbers)) == 3 * players
        seen.update(numbers)
    assert set(seen) == set(range(1, 16))  # 2, 8 and 15 are dealt with more than two


def test_the_deal_is_told_comes_from_the_seed_and_leaves_the_piles_as_they_were():
    options = {"edition": "2nd", "players": 3, "market": True, **ASSIGNMENTS_ON}
    s, events = new_game_with_events(options, 4)
    assert of_kind(events, "assignments") == [
        {"kind": "assignments", "dealt": [list(hand) for hand in dealt(s)]}
    ]
    assert dealt(new_game(options, 4)) == dealt(s)
    plain = new_game({"edition": "2nd", "players": 3, "market": True}, 4)
    assert (s.piles, s.markers, s.upper) == (plain.piles, plain.markers, plain.upper)


def test_the_deal_does_not_depend_on_which_other_modules_deal_too():
    both = {"edition": "2nd", "players": 4, "market": True, "assistants": True, **ASSIGNMENTS_ON}
    alone = {"edition": "2nd", "players": 4, "market": True, **ASSIGNMENTS_ON}
    assert len(dealt(new_game(both, 6))) == len(dealt(new_game(alone, 6))) == 4


def test_the_catalogue_lists_the_fifteen_with_their_words_in_both_languages():
    rows = catalogue_json()
    assert [row["id"] for row in rows] == list(range(1, 16))
    assert [row["id"] for row in rows if row["not_with_two"]] == [2, 8, 15]
    assert all(row["text_en"] and row["text_de"] for row in rows)


# ---------------------------------------------------------------- what each one counts


def test_m5_3_six_red_cards_one_market_two_yellow_cards_the_best_of_1_5_13_is_12():
    area = [*SIX_RED, "market#0", "market_fish_1#0", "market_fish_1#1"]
    s = position([[1, 5, 13], [2, 3, 4]], players=[{"area": area}, {}])
    assert [score(s, 0, n) for n in (1, 5, 13)] == [12, 3, 4]
    assert player_view(s, 0)["assignments"][0] == {
        "seat": 0,
        "assignments": [{"id": 1, "points": 12}, {"id": 5, "points": 3}, {"id": 13, "points": 4}],
        "best": 1,
    }


def test_assignment_2_gives_10_and_1_per_green_card():
    assert points(["lumberjack#0", "gold_miner#0", "weaving_mill#0", "author#0"], 2, 3) == 13


def test_assignment_3_two_per_marker_in_the_market_and_the_highest_position():
    area = ["market_fish_3#0", "market_apple_1#0", "market_grain_2#0"]  # fish 3, apple 1, grain 2
    assert points(area, 3) == 2 * 3 + 3
    assert points([], 3) == 0


def test_assignment_4_the_two_highest_positions_added():
    area = ["market_fish_3#0", "market_apple_1#0", "market_grain_2#0"]
    assert points(area, 4) == 3 + 2
    assert points(["market_apple_1#0"], 4) == 1


def test_assignment_5_three_per_market_customs_house_and_firehouse():
    assert points(["market#0", "market#1", "customs_house#0", "firehouse#0", "library#0"], 5) == 12


def test_assignment_6_ten_and_ten_more_for_the_most_rubles_ties_included():
    s = position([[6, 1, 4], [6, 2, 3]], players=[{"money": 30}, {"money": 29}])
    assert (score(s, 0, 6), score(s, 1, 6)) == (20, 10)
    tied = position([[6, 1, 4], [6, 2, 3]], players=[{"money": 30}, {"money": 30}])
    assert (score(tied, 0, 6), score(tied, 1, 6)) == (20, 20)


def test_assignment_7_three_per_different_green_card():
    area = ["lumberjack#0", "lumberjack#1", "gold_miner#0", "wharf#0"]
    assert points(area, 7) == 9


def test_m5_5_assignment_8_lumberjacks_and_two_markets_with_different_symbols_give_6():
    area = ["lumberjack#0", "lumberjack#1", "lumberjack#2", "market#0", "market#1"]
    assert points(area, 8, 3) == (2 + 1) * 2


def test_assignment_9_two_per_exchange_card():
    assert points(["wharf#0", "bank#0", "senator#0", "library#0"], 9) == 6


def test_m5_6_assignment_10_the_best_red_card_czarina_gives_24():
    assert points(["author#0", "czarina#0", "judge#0"], 10) == 24


def test_m5_6_assignment_10_with_only_a_sycophant_gives_0():
    s = position(options={"in_good_company": True}, players=[{"area": ["sycophant#0"]}, {}])
    assert score(s, 0, 10) == 0


def test_assignment_11_counts_a_turned_observatory_face_up():
    area = ["observatory#0"]
    turned = [{"card": "observatory#0", "kind": "turned", "clears": "round_end"}]
    assert points(area, 11, marks=turned) == 3


def test_assignment_11_a_card_under_the_money_collectors_chip_is_worth_no_points():
    s = position(
        options={"banquet": True},
        players=[
            {
                "area": ["library#0", "market#0"],
                "marks": [{"card": "library#0", "kind": "collected", "clears": "never"}],
            },
            {},
        ],
    )
    assert score(s, 0, 11) == 3  # the Market's 1 point, the Library's 5 lost to the chip


def test_m5_7_assignment_12_three_players_fourteen_cards_give_9():
    area = [*SIX_RED, *[f"lumberjack#{i}" for i in range(6)], "market#0", "market#1"]
    assert len(area) == 14
    assert points(area, 12, 3) == 5 + 4


@pytest.mark.parametrize(("players", "expected"), [(2, 5 + 3), (3, 5 + 4), (4, 5 + 6), (5, 5 + 6)])
def test_assignment_12_counts_per_4_3_2_2_cards_by_number_of_players(players, expected):
    area = [*SIX_RED, *[f"lumberjack#{i}" for i in range(6)], "market#0"]
    assert points(area, 12, players) == expected


def test_assignment_12_counts_the_area_not_the_hand():
    assert points(["author#0"], 12, 2, hand=["author#1", "author#2"]) == 5


def test_assignment_13_two_per_yellow_card_orange_ones_included():
    assert points(["market_fish_1#0", "market_fish_crate#0", "library#0"], 13) == 4


def test_assignment_14_two_per_different_blue_card():
    assert points(["library#0", "library#1", "market#0", "bank#0"], 14) == 6


def test_m5_9_assignment_15_catherine_palace_and_the_mariinsky_with_four_red_cards_give_18():
    area = ["catherine_the_great_palace#0", "mariinsky_theater#0", *SIX_RED[:4], "library#0"]
    assert points(area, 15, 3) == 2 * 5 + 2 * 4


def test_every_assignment_counts_something_on_a_full_area():
    area = [*SIX_RED, "lumberjack#0", "market#0", "market_fish_3#0", "bank#0", "library#0",
            "customs_house#0", "czarina#0", "lumberjack#1", "st_isaacs_cathedral#0"]  # fmt: skip
    s = position(players=[{"area": area}, {}, {}])
    assert all(score(s, 0, n) > 0 for n in ASSIGNMENTS)


# ---------------------------------------------------------------- the final scoring


def final_position(dealt_by_seat, players, **fields):
    return position(dealt_by_seat, phase="trading", last_round=True, players=players, **fields)


def test_the_best_assignment_scores_between_the_aristocrats_and_the_money():
    s = final_position(
        [[1, 5, 13], [2, 3, 4]],
        [{"area": SIX_RED[:3], "money": 34, "hand": ["library#0"]}, {}],
    )
    s, events = pass_all(s)
    assert s.step == "over"
    sources = [e["source"] for e in of_kind(events, "ledger") if e["seat"] == 0]
    assert sources[-4:] == ["final:aristocrats", "final:assignment", "final:money", "final:hand"]
    row = next(e for e in of_kind(events, "final_score") if e["seat"] == 0)
    assert row["points"] == {
        "cards": 0,
        "aristocrats": 1,
        "assignment": 6,
        "money": 3,
        "hand": -5,
    }
    assert row["assignment"] == {"id": 1, "points": 6}
    assert row["total"] == 5


def test_assignment_6_compares_the_rubles_before_anybody_converts_money():
    s = final_position([[6, 1, 4], [6, 2, 3]], [{"money": 39}, {"money": 31}])
    rows = {row["seat"]: row for row in final_scores(s)}
    assert rows[0]["assignment"] == {"id": 6, "points": 20}
    assert rows[1]["assignment"] == {"id": 6, "points": 10}  # 9 left for seat 0, 1 for seat 1


def test_a_tie_between_assignments_names_the_first_dealt():
    s = final_position([[5, 13, 1], [2, 3, 4]], [{"area": ["market#0", "market_fish_1#0"]}, {}])
    assert final_scores(s)[0]["assignment"] == {"id": 5, "points": 3}


def test_the_end_screen_has_an_assignment_part_in_the_final_scoring():
    from games.rules import score_sheet
    from games.rules.bots import greedy_bot
    from games.rules.engine import apply_move, is_over, to_act
    from games.rules.initial import new_game_with_events

    options = {"edition": "2nd", "players": 2, "market": True, **ASSIGNMENTS_ON}
    s, events = new_game_with_events(options, 3)
    step = 0
    while not is_over(s):
        seat = to_act(s)[0]
        s, new = apply_move(s, seat, greedy_bot(s, seat, step))
        events += new
        step += 1
    sheet = score_sheet(s, events)
    keys = [part["key"] for part in sheet["parts"] if part["final"]]
    assert keys == ["final:aristocrats", "final:assignment", "final:money", "final:hand"]
    for row, final in zip(sheet["rows"], final_scores(s), strict=True):
        assert row["parts"]["final:assignment"] == final["assignment"]["points"]


def test_a_game_without_the_assignments_has_no_such_step_or_view():
    s = market_state(phase="trading", last_round=True)
    row = final_scores(s)[0]
    assert "assignment" not in row
    assert "assignment" not in row["points"]
    assert "assignments" not in player_view(s, 0)


def test_x1_with_new_society_the_aristocrats_with_their_bonus_come_before_the_assignment():
    eleven = [
        *("author#1", "administrator#0", "warehouse_manager#0", "secretary#0", "controller#0"),
        *("judge#0", "abbot#0", "admiral#0", "builder#0", "chamber_maid#0", "senator#0"),
    ]
    s = final_position(
        [[1, 5, 13], [2, 3, 4]],
        [{"area": eleven, "money": 20}, {}],
        options={"new_society": "full", "in_good_company": True},
    )
    s, events = pass_all(s)
    steps = [(e["source"], e["points"]) for e in of_kind(events, "ledger") if e["seat"] == 0]
    assert steps[-4:] == [
        ("final:aristocrats", 55 + 10),
        ("final:assignment", 2 * 11),
        ("final:money", 2),
        ("final:hand", 0),
    ]


def test_a_seat_dealt_no_assignments_has_no_best_one_and_scores_none():
    without = market_state(options={"market": True})

    assert best(without, 0) == (None, 0)


def test_assignments_10_and_11_give_nothing_without_a_card_of_their_colour():
    assert points(["lumberjack#0", "author#0"], 11) == 0
    assert points(["lumberjack#0", "library#0"], 10) == 0
