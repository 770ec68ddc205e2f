"""Module 3, the Assistants (expansions.md §2.8, §3.7 M3-1..M3-7, decision 4.24, X-6): who gets
which assistant at the start, the discount each gives on every paid placement, and how they pass
one seat to the right at each round end but the last."""

from collections import Counter

import pytest

from games.rules import new_game, player_view
from games.rules.initial import new_game_with_events
from games.rules.modules.assistants import deal, held
from games.rules.rng import SplitMix64

from .builders import market_state, moves_of, of_kind, pass_all, play

ASSISTANTS = {"assistants": True}


def with_assistants(held_by_seat, **fields):
    """A Market position (market phase of round 2) whose seats hold these assistants."""
    fields["options"] = {**ASSISTANTS, **fields.get("options", {})}
    fields.setdefault("players", len(held_by_seat))
    fields["records"] = {"assistants": {"held": held_by_seat}, **fields.get("records", {})}
    return market_state(**fields)


def price_of(s, seat, kind, card, displace=None):
    """The price the view lists for this buy or play move of the seat."""
    view = player_view(s, seat)
    for move in view["moves"]:
        if move["kind"] == kind and move.get("card") == card and move.get("displace") == displace:
            return move["price"]
    raise AssertionError(f"{kind} {card} is not a legal move")


def game(players, seed):
    return new_game({"edition": "2nd", "players": players, "market": True, **ASSISTANTS}, seed)


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize(
    ("players", "dealt"),
    [
        (2, {"architect", "lawyer"}),
        (3, {"architect", "lawyer", "czars_daughter"}),
        (4, {"architect", "lawyer", "czars_daughter", "mistress_of_the_manor"}),
    ],
)
def test_m3_1_the_assistants_in_play_depend_on_the_number_of_players(players, dealt):
    for seed in range(5):
        assert set(held(game(players, seed))) == dealt
        assert len(held(game(players, seed))) == players


def test_m3_1_with_four_players_the_mistress_of_the_manor_sits_right_of_the_sacks_holder():
    for seed in range(12):
        s = game(4, seed)
        sack = s.marker("market")
        assert held(s)[(sack - 1) % 4] == "mistress_of_the_manor"


def test_m3_1_sack_at_seat_0_of_4_puts_the_mistress_of_the_manor_at_seat_3():
    s = with_assistants([], players=4, markers={"market": 0})
    s = deal(s, SplitMix64(5), [])
    assert held(s)[3] == "mistress_of_the_manor"


def test_m3_1_the_others_are_dealt_at_random():
    arrangements = {held(game(3, seed)) for seed in range(20)}
    assert len(arrangements) > 1


def test_m3_2_five_players_sack_at_2_worker_marker_at_4():
    s = with_assistants(
        [],
        players=5,
        markers={"worker": 4, "market": 2, "building": 0, "aristocrat": 1, "trading": 3},
    )
    seen = set()
    for seed in range(20):
        dealt = held(deal(s, SplitMix64(seed), []))
        assert dealt[1] == "mistress_of_the_manor"
        assert dealt[3] == "master_craftsman"
        assert {dealt[0], dealt[2], dealt[4]} == {"architect", "lawyer", "czars_daughter"}
        seen.add(dealt)
    assert len(seen) > 1  # the other three at random


def test_the_deal_is_told_and_comes_from_the_seed():
    options = {"edition": "2nd", "players": 3, "market": True, **ASSISTANTS}
    s, events = new_game_with_events(options, 8)
    told = of_kind(events, "assistants")
    assert told == [{"kind": "assistants", "round": 1, "held": list(held(s)), "dealt": True}]
    assert held(new_game(options, 8)) == held(s)


def test_the_assistants_do_not_change_the_piles_or_the_markers_of_a_seed():
    plain = new_game({"edition": "2nd", "players": 4, "market": True}, 21)
    s = game(4, 21)
    assert (s.piles, s.markers, s.upper) == (plain.piles, plain.markers, plain.upper)


# ---------------------------------------------------------------- passing


def test_m3_3_at_round_end_each_assistant_moves_one_seat_to_the_right():
    before = ["architect", "lawyer", "czars_daughter", "mistress_of_the_manor"]
    s = with_assistants(
        before,
        phase="trading",
        piles={"worker": [f"lumberjack#{i}" for i in range(6)]},
    )
    s, events = pass_all(s)
    assert s.round == 3
    after = held(s)
    assert after[3] == "architect"  # seat 0's assistant is now seat 3's
    assert after[0] == "lawyer"  # seat 1's is now seat 0's
    assert after == ("lawyer", "czars_daughter", "mistress_of_the_manor", "architect")
    assert of_kind(events, "assistants") == [
        {"kind": "assistants", "round": 3, "held": list(after), "dealt": False}
    ]


def test_after_the_last_round_the_assistants_do_not_move():
    s = with_assistants(["architect", "lawyer"], phase="trading", last_round=True)
    s, events = pass_all(s)
    assert s.step == "over"
    assert held(s) == ("architect", "lawyer")
    assert of_kind(events, "assistants") == []


def test_the_view_shows_who_holds_which_and_who_holds_it_next_round():
    s = with_assistants(["architect", "lawyer", "czars_daughter"])
    assert player_view(s, None)["assistants"] == {
        "held": ["architect", "lawyer", "czars_daughter"],
        "next": ["lawyer", "czars_daughter", "architect"],
    }
    last = with_assistants(["architect", "lawyer"], last_round=True)
    assert player_view(last, 1)["assistants"]["next"] is None


def test_a_game_without_the_assistants_shows_none():
    assert "assistants" not in player_view(market_state(), 0)


# ---------------------------------------------------------------- the discounts


def test_m3_5_master_craftsman_wharf_over_a_ship_builder_costs_4():
    s = with_assistants(
        ["master_craftsman", "lawyer"],
        players=[{"area": ["ship_builder#0"]}, {}],
        board={"upper": ["wharf#0"]},
    )
    assert price_of(s, 0, "buy", "wharf#0", "ship_builder#0") == 12 - 7 - 1


def test_m3_5_the_master_craftsman_makes_every_green_card_cheaper():
    s = with_assistants(["master_craftsman", "lawyer"], board={"upper": ["lumberjack#0"]})
    assert price_of(s, 0, "buy", "lumberjack#0") == 2
    assert price_of(s.evolve(turn=1), 1, "buy", "lumberjack#0") == 3


def test_m3_6_mistress_of_the_manor_chick_costs_4_and_an_orange_crate_still_1():
    s = with_assistants(
        ["mistress_of_the_manor", "lawyer"],
        board={"upper": ["market_chicken_1#0", "market_chicken_crate#0"]},
    )
    assert price_of(s, 0, "buy", "market_chicken_1#0") == 4
    assert price_of(s, 0, "buy", "market_chicken_crate#0") == 1


def test_the_architect_makes_blue_cards_and_the_lawyer_red_cards_cheaper():
    s = with_assistants(["architect", "lawyer"], board={"upper": ["library#0", "judge#0"]})
    assert price_of(s, 0, "buy", "library#0") == 16
    assert price_of(s, 0, "buy", "judge#0") == 17
    lawyer = s.evolve(turn=1)
    assert price_of(lawyer, 1, "buy", "library#0") == 17
    assert price_of(lawyer, 1, "buy", "judge#0") == 16


def test_the_architect_makes_blue_trading_cards_cheaper_too():
    s = with_assistants(
        ["architect", "lawyer"],
        players=[{"area": ["market#0"]}, {}],
        board={"upper": ["bank#0"]},
    )
    assert price_of(s, 0, "buy", "bank#0", "market#0") == 13 - 5 - 1


def test_the_czars_daughter_makes_every_trading_card_2_cheaper_and_nothing_else():
    s = with_assistants(
        ["czars_daughter", "lawyer"],
        players=[{"area": ["market#0"]}, {}],
        board={"upper": ["bank#0", "library#0"]},
    )
    assert price_of(s, 0, "buy", "bank#0", "market#0") == 13 - 5 - 2
    assert price_of(s, 0, "buy", "library#0") == 17


def test_the_assistants_discount_adds_to_the_others_and_never_goes_below_1():
    s = with_assistants(
        ["lawyer", "architect"],
        players=[{"area": ["author#0", "author#1"]}, {}],
        board={"lower": ["author#2"]},
    )
    assert price_of(s, 0, "buy", "author#2") == 1  # 4 - 2 identical - 1 lower row - 1 lawyer


def test_m3_7_the_discount_applies_when_playing_from_the_hand():
    s = with_assistants(["architect", "lawyer"], players=[{"hand": ["library#0"]}, {}])
    assert price_of(s, 0, "play", "library#0") == 16
    s, events = play(s, 0, kind="play", card="library#0")
    assert of_kind(events, "play")[0]["price"] == 16
    assert s.players[0].money == 25 - 16


def test_m3_7_the_discount_applies_to_the_grabbers_buy():
    s = with_assistants(
        ["architect", "lawyer"],
        options={"events": True},
        discard=["library#0"],
    )
    s, events = play(s, 0, kind="event", event="grabber", card="library#0")
    assert of_kind(events, "buy")[0]["price"] == 16


def test_m3_7_the_discount_applies_to_the_black_markets_buy():
    s = with_assistants(
        ["architect", "lawyer"],
        options={"banquet": True},
        players=[{"hand": ["black_market#0"]}, {}],
        discard=["library#0"],
    )
    moves = moves_of(s, 0)
    buy = {"kind": "special", "card": "black_market#0", "target": "library#0", "then": "buy"}
    assert buy in moves
    s, events = play(s, 0, **buy)
    assert of_kind(events, "buy")[0]["price"] == 16


def test_the_money_collector_halves_the_price_after_the_assistants_discount():
    s = with_assistants(
        ["architect", "lawyer"],
        options={"banquet": True},
        players=[{"hand": ["money_collector#0"]}, {}],
        board={"upper": ["library#0"]},
    )
    s, events = play(s, 0, kind="special", card="money_collector#0", target="library#0")
    assert of_kind(events, "collect")[0]["price"] == (17 - 1) // 2


def test_x6_czars_daughter_czar_superstar_over_the_czar_and_carpenter_costs_1():
    s = with_assistants(
        ["czars_daughter", "lawyer"],
        options={"banquet": True},
        players=[{"area": ["czar_and_carpenter#0"]}, {}],
        board={"upper": ["czar_superstar#0"]},
    )
    assert price_of(s, 0, "buy", "czar_superstar#0", "czar_and_carpenter#0") == 1


def test_each_seat_pays_with_its_own_assistant_and_the_discount_moves_with_it():
    s = with_assistants(
        ["architect", "lawyer"],
        phase="trading",
        board={"upper": ["library#0"]},
        piles={"worker": [f"lumberjack#{i}" for i in range(6)]},
    )
    assert [player_view(s, seat)["prices"]["library#0"]["buy"] for seat in (0, 1)] == [16, 17]
    s, _ = pass_all(s)  # round 3: the Library lies in the lower row, seat 1 holds the Architect
    assert held(s) == ("lawyer", "architect")
    assert "library#0" in s.lower
    assert [player_view(s, seat)["prices"]["library#0"]["buy"] for seat in (0, 1)] == [16, 15]


def test_the_deal_spreads_each_assistant_over_the_seats():
    counts = Counter(held(game(2, seed))[0] for seed in range(30))
    assert set(counts) == {"architect", "lawyer"}
