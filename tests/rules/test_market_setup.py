"""The Market's setup and round (expansions.md §1.3, §2.3 "With the Market", §2.7 "Setup",
"Round", §3.6 MK-9, MK-10, MK-13): a market pile of 35, the market phase after the workers with
the sack as its start marker, five markers dealt, a board of ten, markers one seat on."""

from collections import Counter

import pytest

from games.rules import game_card_catalogue, new_game, player_view, ruleset

from .builders import market_state, moves_of, of_kind, pass_all, play


def market_game(players, seed=3):
    return new_game({"edition": "2nd", "players": players, "market": True}, seed)


def test_the_piles_are_31_35_28_27_30_and_the_market_pile_holds_the_35_market_cards():
    rules = ruleset({"edition": "2nd", "players": 3, "market": True})
    assert rules.pile_sizes == {
        "worker": 31,
        "market": 35,
        "building": 28,
        "aristocrat": 27,
        "trading": 30,
    }
    market = rules.catalogue.decks["market"]
    assert Counter(rules.cards[c].cost for c in market) == {1: 5, 5: 15, 4: 10, 3: 5}
    assert all(rules.cards[c].color == "market" for c in market)


def test_the_round_is_worker_market_building_aristocrat_trading():
    rules = ruleset({"edition": "2nd", "players": 3, "market": True})
    assert [p.name for p in rules.phases] == [
        "worker",
        "market",
        "building",
        "aristocrat",
        "trading",
    ]
    assert rules.markers == ("worker", "market", "building", "aristocrat", "trading")
    assert rules.board_size == 10
    assert rules.phase("market").after_scoring == ("upkeep",)


def test_without_the_market_nothing_changes():
    rules = ruleset({"edition": "2nd", "players": 3})
    assert "market" not in rules.piles
    assert rules.board_size == 8
    assert rules.on_place == ()


@pytest.mark.parametrize(
    ("players", "shares"), [(2, [2, 3]), (3, [1, 2, 2]), (4, [1, 1, 1, 2]), (5, [1] * 5)]
)
def test_mk10_the_five_markers_are_dealt_as_evenly_as_possible(players, shares):
    for seed in range(6):
        s = market_game(players, seed)
        assert sorted(Counter(s.markers)[seat] for seat in range(players)) == shares


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_first_worker_phase_lays_two_workers_per_player(players):
    s = market_game(players)
    assert len(s.upper) == 2 * players
    assert s.first_worker_phase


def test_mk9_after_the_worker_phase_the_board_is_refilled_to_ten_from_the_market_pile():
    s = market_state(
        phase="worker",
        board={"upper": ["author#0", "author#1"], "lower": []},
        piles={"market": [f"market_fish_1#{i}" for i in range(3)]
                         + [f"market_apple_1#{i}" for i in range(3)]
                         + [f"market_grain_1#{i}" for i in range(3)]},
    )  # fmt: skip
    s, events = pass_all(s)
    assert s.phase == "market"
    assert len(s.upper) == 10
    assert of_kind(events, "refill")[0]["pile"] == "market"
    assert of_kind(events, "phase")[0]["start_seat"] == s.marker("market")


def test_at_round_end_the_markers_move_one_seat_on_with_five_players():
    s = market_state(
        phase="trading",
        players=5,
        markers={"worker": 0, "market": 1, "building": 2, "aristocrat": 3, "trading": 4},
        piles={"worker": [f"lumberjack#{i}" for i in range(6)]},
    )
    s, events = pass_all(s)
    assert of_kind(events, "markers")[0]["markers"] == {
        "worker": 1,
        "market": 2,
        "building": 3,
        "aristocrat": 4,
        "trading": 0,
    }
    assert len(s.upper) + len(s.lower) == 7  # the Author moved down, six workers laid


def test_mk13_the_observatory_may_draw_from_the_market_pile_but_not_its_last_card():
    s = market_state(
        phase="building",
        players=[{"area": ["observatory#0"]}, {}],
        piles={"market": ["market_fish_1#0", "market_fish_1#1"]},
    )
    assert {"kind": "observatory", "observatory": "observatory#0", "pile": "market"} in moves_of(
        s, 0
    )
    s, events = play(s, 0, kind="observatory", observatory="observatory#0", pile="market")
    assert of_kind(events, "observatory")[0]["card"] == "market_fish_1#0"
    last = market_state(
        phase="building",
        players=[{"area": ["observatory#0"]}, {}],
        piles={"market": ["market_fish_1#0"]},
    )
    assert not any(m.get("pile") == "market" for m in moves_of(last, 0))


def test_the_round_in_which_the_market_piles_last_card_is_laid_out_is_the_last():
    s = market_state(
        phase="worker",
        board={"upper": ["author#0"], "lower": []},
        piles={"market": ["market_fish_1#0"]},
    )
    s, events = pass_all(s)
    assert of_kind(events, "last_round") == [{"kind": "last_round", "pile": "market", "round": 2}]


def test_the_view_shows_the_value_tiles_positions_places_and_tiles_to_everybody():
    s = market_state(
        round=5,
        players=[{"area": ["market_fish_2#0", "ship_builder#5"]}, {"area": ["market_fish_1#0"]}],
        records={"market": {"jokers": {"ship_builder#5": "apple"}}},
    )
    view = player_view(s, None)["market"]
    assert (view["value"], view["next_value"]) == ([5, 2], [6, 3])
    assert view["positions"][0] == {"grain": 0, "chicken": 0, "apple": 1, "cabbage": 0, "fish": 2}
    assert view["places"]["fish"] == {"first": [0], "second": [1]}
    assert view["places"]["grain"] == {"first": [], "second": []}
    assert view["jokers"] == {"ship_builder#5": "apple"}
    assert view["free_goods"] == ["grain", "chicken", "cabbage", "fish"]


def test_a_game_without_the_market_has_no_market_view():
    assert "market" not in player_view(new_game({"edition": "2nd", "players": 2}, 1), 0)


def test_a_market_games_card_catalogue_holds_the_market_cards():
    cards = game_card_catalogue({"edition": "2nd", "players": 3, "market": True})
    assert cards["market_fish_3"]["goods"] == ["fish", "fish", "fish"]
    assert cards["market_fish_crate"]["name_de"] == "Fisch zu verkaufen"
    assert "market_fish_3" not in game_card_catalogue({"edition": "2nd", "players": 3})


@pytest.mark.parametrize(
    ("options", "sizes"),
    [
        ({"in_good_company": True}, (31, 35, 31, 29, 37)),
        ({"in_good_company": True, "new_society": "full"}, (37, 35, 34, 34, 39)),
    ],
)
def test_the_pile_sizes_with_the_other_expansions(options, sizes):
    rules = ruleset({"edition": "2nd", "players": 4, "market": True, **options})
    assert tuple(rules.pile_sizes[p] for p in rules.piles) == sizes
    assert rules.piles == ("worker", "market", "building", "aristocrat", "trading")


def test_five_players_with_the_market_and_new_society_have_no_sack():
    rules = ruleset(
        {"edition": "2nd", "players": 5, "market": True, "in_good_company": True,
         "new_society": "full"}
    )  # fmt: skip
    assert rules.markers == ("worker", "market", "building", "aristocrat", "trading")
    assert (rules.marker_step, rules.board_size, rules.start_money) == (1, 10, 25)


def test_a_question_mark_card_bought_through_the_debtors_prison_asks_for_a_good():
    s = market_state(
        options={"in_good_company": True},
        phase="building",
        players=[{"area": ["debtors_prison#0"], "money": 30}, {}],
        discard=["ship_builder#5"],
    )
    s, _ = play(s, 0, kind="prison", prison="debtors_prison#0", card="ship_builder#5", then="buy")
    assert s.decisions[0].kind == "joker"


def test_at_round_end_a_full_worker_pile_fills_the_board_up_to_ten():
    s = market_state(
        phase="trading",
        players=3,
        markers={"worker": 0, "market": 1, "building": 2, "aristocrat": 0, "trading": 1},
        board={"upper": ["author#0", "author#1"], "lower": ["library#0"]},
        piles={"worker": [f"lumberjack#{i}" for i in range(6)]
                         + [f"gold_miner#{i}" for i in range(6)]},
    )  # fmt: skip
    s, _ = pass_all(s)
    assert s.round == 3
    assert s.lower == ("author#0", "author#1")  # the upper row moved down, the Library went
    assert len(s.upper) == 8
    assert len(s.piles[s.rules.piles.index("worker")]) == 12 - 8


def test_five_players_with_the_market_alone_start_with_25_rubles_each_and_no_sack_points():
    """§2.3 "With the Market": no sack bonus (the sack is the market phase's marker)."""
    s = market_game(5, seed=1)
    assert [(p.money, p.points) for p in s.players] == [(25, 0)] * 5
    assert s.rules.markers == ("worker", "market", "building", "aristocrat", "trading")
    assert (s.rules.marker_step, s.rules.board_size) == (1, 10)
    events = []
    while s.round < 3:  # into round 3's worker phase: no worker phase opens with a sack bonus
        seat = s.turn if not s.decisions else s.decisions[0].seat
        s, new = play(s, seat, **moves_of(s, seat)[0])
        events += new
    assert of_kind(events, "sack") == []
    assert [p.money for p in s.players] != [25] * 5  # the game went on
