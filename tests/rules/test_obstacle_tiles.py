"""What each of the ten obstacles asks and pays (expansions.md §2.11 tables, §0.3 "value of a
card"): the real obstacles' requirements by the space they lie on, have/need, and every bonus."""

import pytest

from games.rules.modules.obstacle_tiles import OBSTACLES, progress, requirement_met

from .builders import obstacle_state

GREENS = ["lumberjack#0", "gold_miner#0", "shepherd#0", "fur_trapper#0", "ship_builder#0"]


def position(area, **player):
    return obstacle_state({}, players=[{"area": area, **player}, {}], board={"upper": []})


def met(obstacle, space, area):
    s = position(area)
    return requirement_met(s, 0, OBSTACLES[obstacle], space)


def bonus(obstacle, area, final=False):
    b = OBSTACLES[obstacle].bonus(position(area), 0, final)
    return b.rubles, b.points, [(c.rubles, c.points, dict(c.answer)) for c in b.choices]


@pytest.mark.parametrize(("space", "needed"), [(10, 3), (20, 4), (35, 5), (50, 5), (70, 6)])
def test_the_real_workers_want_different_green_cards_by_space(space, needed):
    twice = ["lumberjack#1"]  # a second Lumberjack is no different green card
    assert met("real_workers", space, [*GREENS, "wharf#0"][:needed])
    assert not met("real_workers", space, [*GREENS[: needed - 1], *twice])


@pytest.mark.parametrize(
    ("space", "markers", "top"), [(10, 2, 3), (20, 3, 4), (35, 4, 5), (50, 5, 6), (70, 5, 7)]
)
def test_the_real_market_wants_markers_in_the_market_and_one_far_enough(space, markers, top):
    goods = ["market_apple_1#0", "market_fish_1#0", "market_grain_1#0", "market_cabbage_1#0"]
    chicken = ["market_chicken_crate#0", "market_chicken_3#0"]  # chicken at 4 + 3 = 7
    area = [*goods[: markers - 1], *chicken]
    s = position(area)
    items = progress(s, 0, OBSTACLES["real_market"], space)
    assert [(i.what, i.need) for i in items] == [("markers", markers), ("position", top)]
    assert requirement_met(s, 0, OBSTACLES["real_market"], space)
    assert not met("real_market", space, area[1:])  # one marker short


@pytest.mark.parametrize(("space", "needed"), [(10, 1), (20, 2), (35, 3), (50, 4), (70, 5)])
def test_the_real_buildings_and_aristocrats_count_blue_and_red_cards(space, needed):
    blue = ["customs_house#0", "firehouse#0", "hospital#0", "library#0", "bank#0"]
    red = ["author#0", "author#1", "judge#0", "senator#0", "administrator#0"]
    assert met("real_buildings", space, blue[:needed])
    assert not met("real_buildings", space, blue[: needed - 1])
    assert met("real_aristocrats", space, red[:needed])
    assert not met("real_aristocrats", space, red[: needed - 1])


@pytest.mark.parametrize(("space", "needed"), [(10, 1), (20, 2), (35, 3), (70, 4)])
def test_the_real_exchange_counts_exchange_cards(space, needed):
    exchange = ["wharf#0", "bank#0", "senator#0", "weaving_mill#0"]
    assert met("real_exchange", space, exchange[:needed])
    assert not met("real_exchange", space, exchange[: needed - 1])


def test_the_real_exchange_on_50_wants_a_green_a_red_and_a_blue_exchange_card():
    assert met("real_exchange", 50, ["wharf#0", "senator#0", "bank#0"])
    assert not met("real_exchange", 50, ["wharf#0", "weaving_mill#0", "senator#0", "admiral#0"])
    s = position(["wharf#0", "senator#0"])
    assert [(i.what, i.have, i.need) for i in progress(s, 0, OBSTACLES["real_exchange"], 50)] == [
        ("exchange_worker", 1, 1),
        ("exchange_aristocrat", 1, 1),
        ("exchange_building", 0, 1),
    ]


def test_a_bonus_obstacle_asks_nothing():
    assert progress(position([]), 0, OBSTACLES["bonus_card"], 10) == ()
    assert met("bonus_card", 10, [])


def test_the_bonus_obstacles_pay_per_card_or_offer_a_choice():
    area = ["author#0", "judge#0", "library#0", "wharf#0", "senator#0", "market_fish_1#0"]
    assert bonus("bonus_aristocrat", area)[:2] == (0, 3)  # 3 red cards (the Senator too)
    assert bonus("bonus_buildings", area)[:2] == (1, 0)
    assert bonus("bonus_exchange", area)[:2] == (2, 2)  # Wharf and Senator
    assert bonus("bonus_market", area)[2] == [
        (1, 0, {"points": 0}),
        (0, 1, {"points": 1}),
    ]
    assert bonus("bonus_market", ["library#0"]) == (0, 0, [])


def test_the_bonus_card_offers_each_cards_value_as_it_would_score_now():
    """§0.3: printed values plus the card's own income, never below 0; a turned Observatory is
    worth nothing during play but its point at the final scoring."""
    area = ["judge#0", "observatory#0"]
    s = obstacle_state(
        {},
        players=[
            {
                "area": area,
                "marks": [{"card": "observatory#0", "kind": "turned", "clears": "round_end"}],
            },
            {},
        ],
    )
    play = OBSTACLES["bonus_card"].bonus(s, 0, False)
    final = OBSTACLES["bonus_card"].bonus(s, 0, True)
    assert [(c.rubles, c.points, dict(c.answer)["card"]) for c in play.choices] == [
        (5, 0, "judge#0"),
        (0, 2, "judge#0"),
    ]
    assert (0, 1, "observatory#0") in [
        (c.rubles, c.points, dict(c.answer)["card"]) for c in final.choices
    ]


def test_the_real_obstacles_bonuses():
    area = ["customs_house#0", "hospital#0", "judge#0", "author#0", "lumberjack#0"]
    assert bonus("real_workers", area)[:2] == (0, 0)
    assert bonus("real_buildings", area)[:2] == (2, 4)  # 1 ruble per blue, the Hospital's 4
    assert bonus("real_aristocrats", area)[:2] == (5, 2)  # the Judge's 5 rubles, 1 per red
    assert bonus("real_exchange", ["wharf#0", "senator#0"])[:2] == (0, 4)
    market = ["market_fish_crate#0", "market_apple_1#0"]
    assert bonus("real_market", market)[:2] == (4, 2)  # the highest position, 1 per marker


def test_the_real_buildings_bonus_counts_a_turned_observatorys_point_at_the_final_scoring():
    """§0.3: a turned Observatory is worth nothing during play but its point at the final
    scoring, so passing the Real buildings there pays its point as the best blue card's."""
    turned = {"card": "observatory#0", "kind": "turned", "clears": "round_end"}
    s = obstacle_state({}, players=[{"area": ["observatory#0"], "marks": [turned]}, {}])
    during_play = OBSTACLES["real_buildings"].bonus(s, 0, False)
    at_the_end = OBSTACLES["real_buildings"].bonus(s, 0, True)
    assert (during_play.rubles, during_play.points, during_play.choices) == (1, 0, ())
    assert (at_the_end.rubles, at_the_end.points, at_the_end.choices) == (1, 1, ())
