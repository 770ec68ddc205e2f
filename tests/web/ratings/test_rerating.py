"""Ratings are recomputable: a rebuild from scratch equals the incremental updates, and an
admin who voids or corrects an earlier game re-rates every game after it."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games import services
from games.errors import GameError
from games.models import Game, PlayerRating, RatingChange, Status
from games.services.ratings import ROW_COLUMNS, ratings_rebuild, ratings_update
from games.services.sweep import sweep
from tests.web.accounts_helpers import member
from tests.web.ratings.conftest import at, finished_game, oracle_fold

pytestmark = pytest.mark.django_db

HISTORY = [  # (hours after START, [(name, place), ...]) in seat order
    (0, [("anna", 1), ("boris", 2)]),
    (2, [("clara", 2), ("anna", 1), ("dmitri", 2), ("boris", 4)]),
    (3, [("elena", 1), ("fyodor", 2), ("anna", 3), ("boris", 4), ("clara", 5)]),
    (7, [("boris", 1), ("clara", 1)]),
    (8, [("dmitri", 3), ("anna", 2), ("clara", 1)]),
]


def all_rows() -> list[tuple]:
    return list(
        RatingChange.objects.order_by("game_id", "user_id", "pool").values_list(*ROW_COLUMNS)
    )


def player_ratings() -> list[tuple]:
    return list(
        PlayerRating.objects.order_by("user_id", "pool").values_list(
            "user_id",
            "pool",
            "mu",
            "sigma",
            "rating",
            "games",
            "wins",
            "rank_sum",
            "last_played_at",
        )
    )


def skills(pool: str = "all") -> dict[str, tuple[float, float]]:
    return {
        row.user.username: (row.mu, row.sigma)
        for row in PlayerRating.objects.filter(pool=pool).select_related("user")
    }


def play_history(club, history=HISTORY) -> list[Game]:
    """Each game finishes and is rated before the next, as on the site."""
    games = []
    for hours, seats in history:
        games.append(finished_game([(club[name], place) for name, place in seats], at=at(hours)))
        ratings_update()
    return games


def test_a_rebuild_from_scratch_gives_the_same_numbers_as_the_updates_game_by_game(club, robot):
    games = play_history(club)
    finished_game([(club["anna"], 1), (robot, 2)], at=at(9))  # not rated
    finished_game([(club["boris"], 1)], at=at(10))  # solo: not rated
    ratings_update()
    incremental, current = all_rows(), player_ratings()
    assert len(incremental) == 2 * sum(len(seats) for _hours, seats in HISTORY)

    report = ratings_rebuild()

    assert report.differed == 0
    assert (report.games, report.rows) == (len(games), len(incremental))
    assert all_rows() == incremental
    assert player_ratings() == current
    assert skills() == oracle_fold([seats for _hours, seats in HISTORY])


def test_the_rebuild_command_checks_and_repairs_the_stored_ratings(club, capsys):
    play_history(club)
    good = all_rows()
    call_command("rebuild_ratings", "--check")
    assert "0 differed" in capsys.readouterr().out

    RatingChange.objects.filter(pk=RatingChange.objects.order_by("pk").last().pk).update(
        mu_after=99.0
    )
    RatingChange.objects.filter(pk=RatingChange.objects.order_by("pk").first().pk).delete()
    with pytest.raises(CommandError, match="2 differed"):
        call_command("rebuild_ratings", "--check")
    assert len(all_rows()) == len(good) - 1  # --check wrote nothing

    call_command("rebuild_ratings")
    assert "2 differed" in capsys.readouterr().out
    assert [row[:11] for row in all_rows()] == [row[:11] for row in good]
    call_command("rebuild_ratings", "--check")


def test_voiding_an_earlier_game_rates_the_rest_as_if_it_had_never_been_played(club, admin_user):
    games = play_history(club)
    voided = games[1]
    finished_at = voided.finished_at

    services.game_abort(game_id=voided.pk, by=admin_user)
    ratings_update()  # what the task after the admin's commit does

    voided.refresh_from_db()
    assert voided.status == Status.ABORTED
    assert voided.finished_at == finished_at
    assert not RatingChange.objects.filter(game=voided).exists()
    without = [seats for index, (_h, seats) in enumerate(HISTORY) if index != 1]
    assert skills() == oracle_fold(without)
    assert ratings_rebuild(write=False).differed == 0
    anna = PlayerRating.objects.get(user=club["anna"], pool="3-5p")
    assert (anna.games, anna.wins, anna.rank_sum) == (2, 0, 5)


def test_voiding_the_only_game_of_a_member_takes_him_off_the_tables(club, admin_user):
    games = play_history(club)
    services.game_abort(game_id=games[2].pk, by=admin_user)  # elena's and fyodor's only game
    ratings_update()
    rated = set(PlayerRating.objects.values_list("user__username", flat=True))
    assert rated == {"anna", "boris", "clara", "dmitri"}


def test_only_an_admin_may_void_a_finished_game(club):
    game = play_history(club)[0]
    with pytest.raises(GameError) as refused:
        services.game_abort(game_id=game.pk, by=club["anna"])
    assert refused.value.code == "not_admin"
    assert Game.objects.get(pk=game.pk).status == Status.FINISHED
    assert Game.objects.get(pk=game.pk).rating_pending is False


def test_a_voided_game_cannot_be_voided_again(club, admin_user):
    game = play_history(club)[0]
    services.game_abort(game_id=game.pk, by=admin_user)
    with pytest.raises(GameError) as refused:
        services.game_abort(game_id=game.pk, by=admin_user)
    assert refused.value.code == "game_not_running"


def test_correcting_who_played_a_seat_re_rates_from_that_game_on(club, admin_user):
    games = play_history(club)
    george = member("george")

    services.seat_replace_user(game_id=games[0].pk, position=1, new_user=george, by=admin_user)
    assert Game.objects.get(pk=games[0].pk).rating_pending is True
    ratings_update()

    history = [seats for _hours, seats in HISTORY]
    history[0] = [("anna", 1), ("george", 2)]
    assert skills() == oracle_fold(history)
    assert PlayerRating.objects.get(user=club["boris"], pool="all").games == 3
    assert ratings_rebuild(write=False).differed == 0


def test_a_game_whose_update_ran_late_re_rates_the_games_that_finished_after_it(club):
    anna, boris, clara = club["anna"], club["boris"], club["clara"]
    early = finished_game([(anna, 2), (boris, 1)], at=at(1))
    Game.objects.filter(pk=early.pk).update(rating_pending=False)  # its update was lost
    finished_game([(boris, 2), (clara, 1)], at=at(2))
    ratings_update()
    assert skills()["boris"] == oracle_fold([[("boris", 2), ("clara", 1)]])["boris"]

    Game.objects.filter(pk=early.pk).update(rating_pending=True)
    ratings_update()

    assert skills() == oracle_fold([[("anna", 2), ("boris", 1)], [("boris", 2), ("clara", 1)]])
    assert ratings_rebuild(write=False).differed == 0


def test_the_sweep_rates_a_finished_game_whose_update_never_ran(club):
    game = finished_game([(club["anna"], 1), (club["boris"], 2)], at=at(0))

    report = sweep()

    assert report.ratings_pending is True
    assert skills() == oracle_fold([[("anna", 1), ("boris", 2)]])
    assert Game.objects.get(pk=game.pk).rating_pending is False
    assert sweep().ratings_pending is False
