"""The club's admin defines seasons and voids finished games from the admin site."""

import pytest

from games.models import Game, RatingChange, Season, Status
from games.services.ratings import ratings_update
from tests.web.ratings.conftest import at, finished_game

pytestmark = pytest.mark.django_db


def add_season(client, name: str, starts_on: str, ends_on: str):
    return client.post(
        "/admin/games/season/add/", {"name": name, "starts_on": starts_on, "ends_on": ends_on}
    )


def test_an_admin_defines_a_season_and_finds_its_table(client, admin_user):
    client.force_login(admin_user)
    response = add_season(client, "Winter 2026", "2026-01-01", "2026-03-31")
    assert response.status_code == 302
    season = Season.objects.get()
    assert (season.name, str(season.starts_on), str(season.ends_on)) == (
        "Winter 2026",
        "2026-01-01",
        "2026-03-31",
    )
    listing = client.get("/admin/games/season/").content.decode()
    assert f'<a href="/ratings/seasons/{season.pk}/">Show the table</a>' in listing


def test_a_season_must_not_end_before_it_starts(client, admin_user):
    client.force_login(admin_user)
    response = add_season(client, "Backwards", "2026-03-01", "2026-02-01")
    assert response.status_code == 200
    assert "Constraint “season_days_in_order” is violated." in response.content.decode()
    assert not Season.objects.exists()


def test_aborting_a_finished_game_in_the_admin_takes_it_out_of_the_ratings(
    client, admin_user, club, django_capture_on_commit_callbacks
):
    game = finished_game([(club["anna"], 1), (club["boris"], 2)], at=at(0))
    ratings_update()
    client.force_login(admin_user)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/admin/games/game/",
            {"action": "abort", "_selected_action": [game.pk]},
            follow=True,
        )

    assert f"#{game.pk} Rated table: aborted" in response.content.decode()
    game.refresh_from_db()
    assert (game.status, game.rating_pending) == (Status.ABORTED, False)
    assert not RatingChange.objects.exists()
    assert Game.objects.get(pk=game.pk).finished_at == at(0)
