"""The greedy bot with Module 6: it answers a bonus choice with the points that are not lost and
rubles for the rest, and values a card more when it meets the requirement of the real obstacle
the bot is held on (it stops losing points and gets the obstacle's bonus)."""

from games.rules import greedy_bot, ruleset
from games.rules.bots import card_value

from .builders import obstacle_state, pass_all, passed

THREE_MARKETS = ["customs_house#0", "market#0", "market_apple_1#0", "market_fish_1#0"]
USED = {"library#0", "lumberjack#0", "market#1", "author#0", *THREE_MARKETS}


def bonus_market_question(track):
    s = obstacle_state(
        track, phase="building", players=[{"points": 7, "money": 0, "area": THREE_MARKETS}, {}]
    )
    return pass_all(s)[0]


def test_the_greedy_bot_takes_the_bonus_as_points_when_they_count():
    s = bonus_market_question({10: "bonus_market"})
    assert greedy_bot(s, 0, 1).to_dict() == {"kind": "obstacle_bonus", "points": 3}


def test_the_greedy_bot_takes_rubles_for_the_points_a_real_obstacle_would_stop():
    s = bonus_market_question({10: "bonus_market", 11: "real_aristocrats"})
    assert greedy_bot(s, 0, 1).to_dict() == {"kind": "obstacle_bonus", "points": 1}


def held_or_not(points, records=None):
    """Seat 0 with one blue card (a Library) and the Real buildings on 20; rounds to come."""
    rules = ruleset({"edition": "2nd", "players": 2, "market": True, "obstacles": True})
    piles = {p: [c for c in rules.catalogue.decks[p] if c not in USED][:12] for p in rules.piles}
    return obstacle_state(
        {20: "real_buildings"},
        phase="building",
        round=3,
        piles=piles,
        players=[
            {
                "points": points,
                "money": 12,
                "area": ["library#0", "lumberjack#0"],
                "records": records or {},
            },
            {},
        ],
        board={"upper": ["market#1"]},
    )


def test_the_greedy_bot_values_a_card_that_frees_it_from_the_obstacle_it_is_held_on():
    def worth(s):
        return card_value(s, 0, "market#1", s.rules.cards["market#1"], None)

    held, ahead, passed_it = held_or_not(20), held_or_not(10), held_or_not(20, passed(20))
    assert worth(held) > worth(ahead)
    assert worth(ahead) > worth(passed_it)


def test_the_greedy_bot_buys_no_points_at_the_pub_that_an_obstacle_would_stop():
    s = obstacle_state(
        {20: "real_buildings"},
        phase="building",
        last_round=True,  # rubles are worth little now: points at the Pub are a bargain
        players=[{"points": 18, "money": 30, "area": ["pub#0"]}, {}],
    )
    s = pass_all(s)[0]
    assert greedy_bot(s, 0, 1).to_dict() == {"kind": "pub", "points": 2}
    free = obstacle_state(
        {},
        phase="building",
        last_round=True,
        players=[{"points": 18, "money": 30, "area": ["pub#0"]}, {}],
    )
    free = pass_all(free)[0]
    assert greedy_bot(free, 0, 1).to_dict() == {"kind": "pub", "points": 5}
