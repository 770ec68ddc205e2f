"""The greedy bot with Module 6: it answers a bonus choice with the points that are not lost and
rubles for the rest, and values a card more when it meets the requirement of the real obstacle
the bot is held on (it stops losing points and gets the obstacle's bonus)."""

import pytest

from games.rules import greedy_bot, legal_moves, ruleset
from games.rules.bots import card_value, move_value
from games.rules.modules.obstacles_bots import future_gains

from .builders import obstacle_state, pass_all, passed

THREE_MARKETS = ["customs_house#0", "market#0", "market_apple_1#0", "market_fish_1#0"]
USED = {"library#0", "lumberjack#0", "market#1", "author#0", *THREE_MARKETS}


def twelve_a_pile(used):
    """Piles of the 2nd edition with the Market, 12 cards each (two rounds to play after this
    one), none of the cards `used` on the board or in the areas."""
    rules = ruleset({"edition": "2nd", "players": 2, "market": True, "obstacles": True})
    return {p: [c for c in rules.catalogue.decks[p] if c not in used][:12] for p in rules.piles}


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
    return obstacle_state(
        {20: "real_buildings"},
        phase="building",
        round=3,
        piles=twelve_a_pile(USED),
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


def test_the_greedy_bot_buys_no_trading_house_points_that_the_obstacle_it_sits_on_would_stop():
    """Held on the Real aristocrats (no aristocrat), the 2 points would be lost: it keeps its
    3 rubles; with no obstacle in the way it buys them (a ruble is worth 0.1 point now)."""

    def answer(track):
        s = obstacle_state(
            track,
            options={"in_good_company": True},
            phase="building",
            players=[{"area": ["trading_house#0"], "money": 20, "points": 10}, {}],
            board={"upper": []},
        )
        s = pass_all(s)[0]
        assert s.step == "trading_house"
        return greedy_bot(s, 0, 1).to_dict()

    assert answer({10: "real_aristocrats"}) == {"kind": "trading_house", "use": False}
    assert answer({}) == {"kind": "trading_house", "use": True}


def test_the_greedy_bot_takes_the_bonus_card_answer_worth_most():
    """The Bonus card on 10: a Customs House's 2 points beat a Market's 1 point and the
    rubles of a Lumberjack (3) or an Author (1), a ruble being worth 0.1 point now."""
    area = ["customs_house#0", "market#0", "lumberjack#0", "author#1"]
    s = obstacle_state(
        {10: "bonus_card"}, phase="building", players=[{"points": 7, "money": 0, "area": area}, {}]
    )
    s = pass_all(s)[0]
    assert s.step == "obstacle_bonus"
    best = {"kind": "obstacle_bonus", "card": "customs_house#0", "gain": "points"}
    assert [greedy_bot(s, 0, seed).to_dict() for seed in range(8)] == [best] * 8


def test_a_trading_card_brings_the_bot_nearer_an_obstacle_only_by_what_the_displaced_card_did_not():
    """The Real workers on 20 want four kinds of worker. A Wharf over one of two Lumberjacks
    adds a kind; over the only Lumberjack it replaces one, so it is worth less there."""

    def wharf_over_a_lumberjack(area):
        s = obstacle_state(
            {20: "real_workers"},
            phase="worker",
            round=3,
            piles=twelve_a_pile({"wharf#0", *area}),
            players=[{"points": 10, "area": area}, {}],
            board={"upper": ["wharf#0"]},
        )
        cards = s.rules.cards
        return card_value(s, 0, "wharf#0", cards["wharf#0"], cards["lumberjack#0"])

    two = wharf_over_a_lumberjack(["lumberjack#0", "lumberjack#1", "gold_miner#0"])
    one = wharf_over_a_lumberjack(["lumberjack#0", "shepherd#0", "gold_miner#0"])
    assert two > one


def test_the_greedy_bot_counts_the_rubles_of_a_far_obstacles_bonus_as_a_gain():
    """The Real buildings on 70, far beyond reach (no points lost there): its bonus is a ruble
    per blue card and the best blue card's points (none here), so a Market that brings the bot
    nearer it is worth more than with no obstacle on the track."""

    def market_worth(track):
        area = ["warehouse#0", "potjomkins_village#0"]
        s = obstacle_state(
            track,
            phase="building",
            round=3,
            piles=twelve_a_pile({"market#1", *area}),
            players=[{"points": 0, "area": area}, {}],
            board={"upper": ["market#1"]},
        )
        return card_value(s, 0, "market#1", s.rules.cards["market#1"], None)

    assert market_worth({70: "real_buildings"}) > market_worth({})


def held_on_the_real_exchange(area, board=(), **fields):
    """Seat 0 sitting on the Real exchange on 20 (two exchange cards wanted, none in his area)
    in round 2 of the worker phase, with 12 cards in each pile (two rounds to play after this
    one) and 25 rubles."""
    return obstacle_state(
        {20: "real_exchange"},
        phase="worker",
        round=2,
        piles=twelve_a_pile({*area, *board}),
        players=[{"points": 20, "money": 25, "area": list(area)}, {}],
        board={"upper": list(board)},
        **fields,
    )


def test_a_held_seat_is_guessed_to_lose_what_its_area_scores_growing_each_round_to_come():
    """Three rounds with this one: at least 8 points a round, else what the area's cards score
    a round (a Theatre, a Library and a Hospital: 15), and 10 more each round after the first."""
    small = held_on_the_real_exchange(["ship_builder#0", "library#0", "market#0"])
    rich = held_on_the_real_exchange(["theater#0", "library#0", "hospital#0"])
    last = held_on_the_real_exchange(["theater#0", "library#0", "hospital#0"], last_round=True)
    assert future_gains(small, 0) == 3 * 8 + 10 * (1 + 2)
    assert future_gains(rich, 0) == 3 * 15 + 10 * (1 + 2)
    assert future_gains(last, 0) == 15


def test_held_early_on_the_real_exchange_the_greedy_bot_buys_its_way_out_before_a_better_building():
    """A Wharf over the Ship Builder is his first exchange card of two; a Theatre (6 points a
    round for 20 rubles) would score more. Sitting on 20 for the rest of the game costs him
    every point to come, so the Wharf is worth more (a flat 4 points a round took the Theatre)."""
    s = held_on_the_real_exchange(
        ["ship_builder#0", "lumberjack#1", "library#0", "market#0"], ["wharf#0", "theater#0"]
    )
    best = {"kind": "buy", "card": "wharf#0", "displace": "ship_builder#0"}
    assert [greedy_bot(s, 0, seed).to_dict() for seed in range(4)] == [best] * 4


def obstacle_worth(track, area, board_card, displaced=None, *, phase="market", seat=0, **player):
    """What the real obstacles of `track` add to the worth of `board_card` for seat 0 (10
    points, round 3 with two rounds to play after it): its card value less the same card's
    with no obstacle on the track."""

    def value(track):
        s = obstacle_state(
            track,
            phase=phase,
            round=3,
            piles=twelve_a_pile({*area, board_card}),
            players=[{"points": 10, "money": 20, "area": list(area), **player}, {}],
            board={"upper": [board_card]},
        )
        cards = s.rules.cards
        return card_value(
            s, seat, board_card, cards[board_card], cards[displaced] if displaced else None
        )

    return value(track) - value({})


APPLE_AND_FISH = ["market_apple_1#0", "market_fish_1#0"]  # two markers, the highest on 1


def test_a_card_that_makes_up_three_of_the_four_missing_is_worth_three_quarters_of_the_stake():
    """The Real market on 20 wants 3 markers and one on 4: an apple and a fish are 4 short, 3
    grain make up 3 of them. The stake: the bonus (2 points for the markers, 1 ruble for the
    highest at 0.24 a point) and the points a seat held there loses (3 rounds of 8, 10 more in
    each of the last two: 54) less the 10 he keeps on the way to 20."""
    stake = 2 + 0.24 + 54 - 10
    worth = obstacle_worth({20: "real_market"}, APPLE_AND_FISH, "market_grain_3#0")
    assert worth == pytest.approx(stake * 3 / 4)


def test_an_obstacle_farther_than_the_points_to_come_is_worth_its_bonus_alone():
    """The Real market on 70 (5 markers, one on 7: 9 short, 6 after the grain) is 60 points
    away, more than the 54 guessed to come: nothing would be lost there, only the bonus won."""
    worth = obstacle_worth({70: "real_market"}, APPLE_AND_FISH, "market_grain_3#0")
    assert worth == pytest.approx((2 + 0.24) * 3 / 9)


def test_a_card_that_helps_towards_two_real_obstacles_is_worth_its_share_of_each():
    """A Wharf over one of two Lumberjacks is an exchange card (the Real exchange on 20 wants
    two) and a new kind of worker (the Real workers on 35 want five kinds)."""
    area = ["lumberjack#0", "lumberjack#1", "gold_miner#0"]

    def wharf(track):
        return obstacle_worth(track, area, "wharf#0", "lumberjack#0", phase="worker")

    exchange, workers = wharf({20: "real_exchange"}), wharf({35: "real_workers"})
    assert exchange > 0
    assert workers > 0
    assert wharf({20: "real_exchange", 35: "real_workers"}) == pytest.approx(exchange + workers)


def test_the_card_a_trading_card_displaces_is_taken_out_wherever_it_lies_in_the_area():
    def wharf(area):
        return obstacle_worth({35: "real_workers"}, area, "wharf#0", "lumberjack#0", phase="worker")

    first = wharf(["lumberjack#0", "lumberjack#1", "gold_miner#0"])
    last = wharf(["gold_miner#0", "lumberjack#1", "lumberjack#0"])
    assert first > 0
    assert last == first


def test_a_turned_cards_points_are_not_in_the_bonus_the_bot_expects():
    """The Real buildings on 35 pay a ruble per blue card and the best blue card's points; an
    Observatory turned this round counts no points, so the Market that meets the obstacle is
    worth a point less than beside an Observatory face up."""
    area = ["observatory#0", "warehouse#0"]
    turned = [{"card": "observatory#0", "kind": "turned", "clears": "round_end"}]

    def market(**player):
        return obstacle_worth({35: "real_buildings"}, area, "market#1", phase="building", **player)

    assert market() - market(marks=turned) == pytest.approx(1)


def test_the_bot_values_the_same_position_for_two_seats_each_against_its_own_obstacles():
    """Seat 1 (no area, 0 points) is asked right after seat 0 about the same state: the
    obstacles' worth is his own, as when he is asked alone."""

    def position():
        return obstacle_state(
            {20: "real_market"},
            phase="market",
            round=3,
            piles=twelve_a_pile({*APPLE_AND_FISH, "market_grain_3#0"}),
            players=[{"points": 10, "area": APPLE_AND_FISH}, {"points": 30}],
            board={"upper": ["market_grain_3#0"]},
        )

    def grain(s, seat):
        return card_value(s, seat, "market_grain_3#0", s.rules.cards["market_grain_3#0"], None)

    s = position()
    grain(s, 0)
    assert grain(s, 1) == grain(position(), 1)


def test_a_bonus_answer_that_reaches_the_next_bonus_obstacle_is_worth_its_bonus_too():
    """On 10 the Bonus market offers up to 3 points (the rest in rubles, 0.1 point each now);
    2 or 3 of them reach the Bonus card on 12, whose best answer (the Customs House's 2 points)
    counts as well."""
    s = bonus_market_question({10: "bonus_market", 12: "bonus_card"})
    values = [move_value(s, 0, move) for move in legal_moves(s, 0)]
    assert [move.get("points") for move in legal_moves(s, 0)] == [0, 1, 2, 3]
    assert values == pytest.approx([0.3, 1.2, 4.1, 5.0])
