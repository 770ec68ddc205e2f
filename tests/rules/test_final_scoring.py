"""Rulebook "The final scoring" (seeds/001 table; seeds/README.md item 6 for money)."""

from games.rules import final_scores

from .builders import state

ARISTOCRATS = [
    "author#0", "administrator#0", "warehouse_manager#0", "secretary#0", "controller#0",
    "judge#0", "mistress_of_ceremonies#0", "pope#0", "senator#0", "czar#0", "admiral#0",
]  # fmt: skip


def score_of(**player):
    return final_scores(state(players=[player, {}]))[0]


def test_distinct_aristocrats_score_by_the_table():
    expected = [0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 55]
    for count, points in enumerate(expected):
        assert score_of(area=ARISTOCRATS[:count])["points"]["aristocrats"] == points


def test_duplicate_aristocrats_count_once_and_trading_aristocrats_count():
    row = score_of(area=["author#0", "author#1", "pope#0"])
    assert row["distinct_aristocrats"] == 2
    assert row["points"]["aristocrats"] == 3


def test_every_full_ten_rubles_is_a_point_and_the_rest_is_money_left():
    row = score_of(money=13)
    assert row["points"]["money"] == 1
    assert row["money_left"] == 3


def test_each_card_in_hand_costs_five_points():
    assert score_of(hand=["market#0", "author#0"])["points"]["hand"] == -10


def test_the_total_adds_points_from_play_aristocrats_money_and_hand():
    row = score_of(points=40, money=27, area=["author#0", "pope#0"], hand=["market#0"])
    assert row["points"] == {"cards": 40, "aristocrats": 3, "money": 2, "hand": -5}
    assert row["total"] == 40
