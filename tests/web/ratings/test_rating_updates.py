"""What a finished game does to the ratings: the numbers, ties, table sizes, who is rated."""

import pytest

from games.models import Game, PlayerRating, RatingChange
from games.services.ratings import ratings_update
from tests.web.ratings.conftest import at, finished_game, oracle_fold

pytestmark = pytest.mark.django_db


def skills(pool: str = "all") -> dict[str, tuple[float, float]]:
    return {
        row.user.username: (row.mu, row.sigma)
        for row in PlayerRating.objects.filter(pool=pool).select_related("user")
    }


def test_a_two_player_win_moves_the_winner_up_and_the_loser_down_by_the_same_amount(club):
    anna, boris = club["anna"], club["boris"]
    game = finished_game([(anna, 2), (boris, 1)], at=at(0))

    report = ratings_update()

    assert report.games == 1
    assert report.rows == 4  # two members in the pool of all games and in the two-player pool
    boris_row = PlayerRating.objects.get(user=boris, pool="all")
    anna_row = PlayerRating.objects.get(user=anna, pool="all")
    assert boris_row.mu == pytest.approx(27.635389493140497, abs=1e-12)
    assert anna_row.mu == pytest.approx(22.364610506859503, abs=1e-12)
    assert boris_row.sigma == anna_row.sigma == pytest.approx(8.06590141354368, abs=1e-12)
    # The shown number is the conservative mu - 3 sigma: 0 for a newcomer, 3.44 after a win.
    assert boris_row.rating == pytest.approx(27.635389493140497 - 3 * 8.06590141354368)
    assert anna_row.rating == pytest.approx(22.364610506859503 - 3 * 8.06590141354368)
    assert (boris_row.games, boris_row.wins, boris_row.rank_sum) == (1, 1, 1)
    assert (anna_row.games, anna_row.wins, anna_row.rank_sum) == (1, 0, 2)
    changes = {
        row.user_id: row
        for row in RatingChange.objects.filter(game=game, pool="all").order_by("position")
    }
    assert changes[anna.pk].rating_before == changes[boris.pk].rating_before == pytest.approx(0)
    # mu moves by the same amount both ways; both grow surer, so both shown numbers rise
    # less (or fall more) than mu alone says.
    assert changes[boris.pk].mu_after - 25 == pytest.approx(25 - changes[anna.pk].mu_after)
    assert changes[boris.pk].change == pytest.approx(3.437685252509457)
    assert changes[anna.pk].change == pytest.approx(-1.8330937337715376)
    assert changes[boris.pk].rank == 1
    assert changes[anna.pk].position == 0
    assert skills("2p") == skills("all")
    assert not PlayerRating.objects.filter(pool="3-5p").exists()
    assert Game.objects.get(pk=game.pk).rating_pending is False


def test_a_shared_second_place_rates_both_players_alike_between_first_and_last(club):
    anna, boris, clara, dmitri = (club[n] for n in ("anna", "boris", "clara", "dmitri"))
    finished_game([(anna, 1), (boris, 2), (clara, 2), (dmitri, 4)], at=at(0))

    ratings_update()

    got = skills()
    assert got["anna"] == pytest.approx((27.795252672501135, 8.263571791259416), abs=1e-12)
    assert got["boris"] == got["clara"]
    assert got["boris"] == pytest.approx((24.689416369722096, 8.17961798837266), abs=1e-12)
    assert got["dmitri"] == pytest.approx((22.825914588054673, 8.17961798837266), abs=1e-12)
    assert got == oracle_fold([[("anna", 1), ("boris", 2), ("clara", 2), ("dmitri", 4)]])
    assert skills("3-5p") == got
    assert not PlayerRating.objects.filter(pool="2p").exists()
    wins = dict(PlayerRating.objects.filter(pool="all").values_list("user__username", "wins"))
    assert wins == {"anna": 1, "boris": 0, "clara": 0, "dmitri": 0}


def test_a_five_player_game_orders_the_ratings_by_place_and_counts_in_the_big_table(club):
    names = ["elena", "anna", "fyodor", "boris", "clara"]  # seats 0..4
    places = [3, 1, 5, 2, 4]
    finished_game(
        [(club[name], place) for name, place in zip(names, places, strict=True)],
        at=at(0),
        options={"edition": "2nd", "players": 5, "market": True},
    )

    ratings_update()

    got = skills()
    assert got == oracle_fold([list(zip(names, places, strict=True))])
    by_place = sorted(got, key=lambda name: -got[name][0])
    assert by_place == ["anna", "boris", "elena", "clara", "fyodor"]
    assert skills("3-5p") == got
    rows = RatingChange.objects.filter(pool="all")
    assert sorted(rows.values_list("players", flat=True)) == [5] * 5
    assert dict(rows.values_list("user__username", "position")) == {
        name: seat for seat, name in enumerate(names)
    }


def test_ratings_carry_from_game_to_game_in_the_order_the_games_finished(club):
    anna, boris, clara = club["anna"], club["boris"], club["clara"]
    finished_game([(anna, 1), (boris, 2)], at=at(0))
    ratings_update()
    finished_game([(boris, 1), (clara, 2), (anna, 3)], at=at(5))
    finished_game([(clara, 1), (anna, 1)], at=at(9))
    ratings_update()

    assert skills() == oracle_fold(
        [
            [("anna", 1), ("boris", 2)],
            [("boris", 1), ("clara", 2), ("anna", 3)],
            [("clara", 1), ("anna", 1)],
        ]
    )
    two = oracle_fold([[("anna", 1), ("boris", 2)], [("clara", 1), ("anna", 1)]])
    assert skills("2p") == two
    anna_all = PlayerRating.objects.get(user=anna, pool="all")
    assert (anna_all.games, anna_all.wins, anna_all.rank_sum) == (3, 2, 5)
    assert anna_all.average_rank == pytest.approx(5 / 3)


def test_bots_are_never_rated_and_neither_are_the_members_they_played(club, robot):
    anna, boris = club["anna"], club["boris"]
    with_bot = finished_game([(anna, 1), (robot, 2), (boris, 3)], at=at(0))

    report = ratings_update()

    assert report.games == 0
    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.exists()
    assert Game.objects.get(pk=with_bot.pk).rating_pending is False


def test_solo_and_aborted_games_are_never_rated(club):
    finished_game([(club["anna"], 1)], at=at(0))
    aborted = finished_game([(club["anna"], 1), (club["boris"], 2)], at=at(1))
    Game.objects.filter(pk=aborted.pk).update(status="aborted")

    ratings_update()

    assert not RatingChange.objects.exists()
    assert not PlayerRating.objects.exists()
    assert not Game.objects.filter(rating_pending=True).exists()


def test_an_update_with_nothing_pending_changes_nothing(club):
    finished_game([(club["anna"], 1), (club["boris"], 2)], at=at(0))
    ratings_update()
    before = list(RatingChange.objects.values_list())

    report = ratings_update()

    assert (report.games, report.rows, report.cleared) == (0, 0, [])
    assert list(RatingChange.objects.values_list()) == before
