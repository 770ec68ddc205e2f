"""The ∑ table's market column (yucata "Hints for handling", seed 000 on the summary table;
expansions.md §2.7 "[yucata] the ∑ summary table assumes every upkeep is paid"): the yellow
cards' rubles, the majorities' points at the value tile in force and the orange cards' upkeep at
its first number, as if every orange card were kept."""

from games.rules import player_view

from .builders import market_state, state

# Round 4: tile 4/2. Seat 0: two orange cards (4 fish, 4 apples) and an Ear of Wheat (1 grain,
# 2 rubles); seat 1: a Caviar (3 fish) and a Grain Sack (2 grain, 1 ruble); seat 2: an Ear of
# Wheat (1 grain, 2 rubles). Seat 0 has 3 rubles: he could not pay 8, the table counts it paid.
AREAS = [
    ["market_fish_crate#0", "market_apple_crate#0", "market_grain_1#0"],
    ["market_fish_3#0", "market_grain_2#0"],
    ["market_grain_1#1"],
]


def summaries(round_=4):
    s = market_state(
        round=round_, phase="building", players=[{"area": a, "money": 3} for a in AREAS]
    )
    return [p["summary"] for p in player_view(s, None)["players"]]


def test_the_market_column_has_the_yellow_rubles_and_the_majorities_at_the_tile_in_force():
    # fish: seat 0 first (4), seat 1 second (2); apple: seat 0 alone first (4);
    # grain: seat 1 first (4), seats 0 and 2 tied second (2 each).
    market = [s["income"]["market"] for s in summaries()]
    assert market == [
        {"rubles": 2, "points": 4 + 4 + 2},
        {"rubles": 1, "points": 2 + 4},
        {"rubles": 2, "points": 2},
    ]


def test_the_upkeep_is_the_tiles_first_number_per_orange_card_as_if_all_were_paid():
    assert [s["upkeep"] for s in summaries()] == [{"market": 2 * 4}, {"market": 0}, {"market": 0}]


def test_the_total_income_is_net_of_the_upkeep():
    totals = [s["total_income"] for s in summaries()]
    assert totals[0] == {"rubles": 2 - 8, "points": 10}
    assert totals[2] == {"rubles": 2, "points": 2}


def test_round_1_scores_the_majorities_at_1_0_and_the_upkeep_at_1():
    summary = summaries(round_=1)[0]
    assert summary["income"]["market"] == {"rubles": 2, "points": 1 + 1}  # fish, apple; no 2nd
    assert summary["upkeep"] == {"market": 2}


def test_a_game_without_the_market_has_no_upkeep_column():
    s = state(options={"edition": "2nd"}, players=[{"area": ["market#0"]}, {}])
    summary = player_view(s, None)["players"][0]["summary"]
    assert summary["upkeep"] == {}
    assert "market" not in summary["income"]


def test_a_yellow_card_under_the_jester_pays_points_on_top_of_the_majorities():
    # The Jester swaps the Ear of Wheat's 2 rubles for 2 points; seat 2 is second in grain (2).
    players = [{"area": a, "money": 3} for a in AREAS]
    players[2]["marks"] = [{"card": "market_grain_1#1", "kind": "jester", "clears": "never"}]
    s = market_state(round=4, phase="building", players=players)
    market = player_view(s, None)["players"][2]["summary"]["income"]["market"]
    assert market == {"rubles": 0, "points": 2 + 2}
