"""A golden Market game (tests/rules/fixtures/random_3p_2nd_market_seed3.json, 3 players, random
bots): its final scores are pinned by test_replay.py; here two of its market scorings are
checked against numbers worked out by hand from the cards in the areas (expansions.md §2.7)."""

import json
from pathlib import Path

from games.rules import apply_move, new_game

LOG = json.loads(
    (Path(__file__).parent / "fixtures" / "random_3p_2nd_market_seed3.json").read_text("utf-8")
)


def replay_until(index):
    """The state before move `index`, and the events of that move."""
    s = new_game(LOG["options"], LOG["seed"])
    for entry in LOG["moves"][:index]:
        s, _ = apply_move(s, entry["seat"], entry["move"])
    entry = LOG["moves"][index]
    after, events = apply_move(s, entry["seat"], entry["move"])
    return s, after, events


def points(s):
    return [p.points for p in s.players]


def test_round_2_the_yellow_cards_pay_and_seat_0_keeps_his_fish_crate():
    # Seat 0: Apple (2) + Cabbage (2) + Vegetable Basket (1) + Fish for Sale (0) = 5 rubles;
    # seat 1: Ear of Wheat (2) + Fish Basket (1) + Caviar (0) = 3; seat 2: Fish (2) + Ear (2) = 4.
    _before, after, events = replay_until(55)
    scores = [e for e in events if e["kind"] == "score" and e["phase"] == "market"]
    assert [e["money_gain"] for e in scores] == [5, 3, 4]
    assert after.step == "upkeep"
    assert after.decisions[0].data["price"] == 2


def test_round_2_majorities_worked_out_by_hand():
    # Positions: seat 0 apple 1, cabbage 4 (Ship Builder#3, Cabbage, Vegetable Basket), chicken 1
    # (Market#1), fish 4 (the crate); seat 1 grain 2 (Ear of Wheat, Bank), fish 5; seat 2 grain 2
    # (Ear of Wheat, Market#0), fish 1. Tile 2/1: apple 0:+2; grain 1 and 2 tie: +2 each, no
    # second; fish 1:+2, 0:+1; cabbage 0:+2; chicken 0:+2. Seat 0 pays 2 upkeep.
    before, after, events = replay_until(56)
    assert LOG["moves"][56]["move"] == {"kind": "upkeep", "keep": True}
    by_good = {e["good"]: e for e in events if e["kind"] == "market_score"}
    assert by_good["grain"]["first"] == [1, 2]
    assert by_good["grain"]["second"] == []
    assert (by_good["fish"]["first"], by_good["fish"]["second"]) == ([1], [0])
    assert [b - a for a, b in zip(points(before), points(after), strict=True)] == [7, 4, 2]
    assert after.players[0].money == before.players[0].money - 2


def test_round_4_a_planned_give_up_and_three_ties_worked_out_by_hand():
    # Seat 1's plan (move 105) gives his Chicken for Sale up. Tile 4/2: apple 0 and 1 tie (+4
    # each); grain 2:+4, 1:+2; fish 1:+4, 0 and 2 tie second (+2 each); cabbage 0:+4; chicken
    # 0 and 1 tie (+4 each): seat 0 +14, seat 1 +14, seat 2 +6.
    before, after, events = replay_until(110)
    upkeep = [e for e in events if e["kind"] == "upkeep"]
    assert [(e["seat"], e["kept"], e["automatic"]) for e in upkeep] == [(1, False, True)]
    assert [b - a for a, b in zip(points(before), points(after), strict=True)] == [14, 14, 6]
