"""Ranking (rulebook "The player with the most points is the winner..."; seeds/README.md item 6)."""

from games.rules import final_scores

from .builders import state


def test_the_player_with_most_points_wins():
    rows = final_scores(state(players=[{"points": 30}, {"points": 31}]))
    assert [r["winner"] for r in rows] == [False, True]
    assert [r["rank"] for r in rows] == [2, 1]


def test_tied_players_are_separated_by_money_left_after_conversion():
    # 29 rubles: 2 points, 9 left; 21 rubles: 2 points, 1 left.
    rows = final_scores(state(players=[{"points": 30, "money": 21}, {"points": 30, "money": 29}]))
    assert [r["total"] for r in rows] == [32, 32]
    assert [r["winner"] for r in rows] == [False, True]


def test_players_tied_on_points_and_money_left_share_the_win():
    rows = final_scores(
        state(players=[{"points": 30, "money": 5}, {"points": 30, "money": 5}, {"points": 2}])
    )
    assert [r["rank"] for r in rows] == [1, 1, 3]
    assert [r["winner"] for r in rows] == [True, True, False]
