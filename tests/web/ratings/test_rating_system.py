"""The rating system's rules as plain numbers (games/rating_system.py): which pools a game
counts in, and what a rated game needs."""

import pytest

from games.rating_system import NEW, pools_for, rate


@pytest.mark.parametrize(
    ("players", "pools"),
    [(1, ()), (2, ("all", "2p")), (3, ("all", "3-5p")), (5, ("all", "3-5p"))],
)
def test_a_game_counts_in_all_games_and_its_table_size_and_a_solo_game_in_none(players, pools):
    assert pools_for(players) == pools


@pytest.mark.parametrize(("skills", "ranks"), [([NEW], [1]), ([NEW, NEW], [1]), ([NEW], [1, 2])])
def test_a_rated_game_needs_two_players_each_with_a_place(skills, ranks):
    with pytest.raises(
        ValueError, match="a rated game needs two or more players, each with a place"
    ):
        rate(skills, ranks)
