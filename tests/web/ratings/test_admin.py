"""The club's admin defines seasons and voids finished games from the admin site."""

import pytest

from accounts.models import User
from games.models import Game, PlayerRating, RatingChange, Season, Status
from games.services.ratings import ratings_rebuild, ratings_update
from tests.web.accounts_helpers import member
from tests.web.ratings.conftest import at, finished_game, oracle_fold

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


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "A season cannot end before its first day."),
        ("de", "Eine Saison kann nicht vor ihrem ersten Tag enden."),
    ],
)
def test_a_season_must_not_end_before_it_starts_and_the_form_says_so(
    client, admin_user, language, said
):
    User.objects.filter(pk=admin_user.pk).update(language=language)
    client.force_login(admin_user)
    response = add_season(client, "Backwards", "2026-03-01", "2026-02-01")
    assert response.status_code == 200
    content = response.content.decode()
    assert said in content
    assert "season_days_in_order" not in content
    assert not Season.objects.exists()


def test_a_season_of_one_day_is_fine(client, admin_user):
    client.force_login(admin_user)
    assert add_season(client, "One evening", "2026-03-01", "2026-03-01").status_code == 302


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


def test_correcting_a_seat_with_the_admins_form_re_rates_the_game(
    client, admin_user, club, django_capture_on_commit_callbacks
):
    anna, boris = club["anna"], club["boris"]
    game = finished_game([(anna, 1), (boris, 2)], at=at(0))
    ratings_update()
    member("george")  # who really played the second seat
    client.force_login(admin_user)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/admin/games/game/",
            {
                "action": "replace_seat_user",
                "_selected_action": [game.pk],
                "apply": "1",
                "position": "1",
                "username": "george",
            },
            follow=True,
        )

    assert f"#{game.pk} Rated table: seat replaced" in response.content.decode()
    rated = {
        row.user.username: (row.mu, row.sigma)
        for row in PlayerRating.objects.filter(pool="all").select_related("user")
    }
    assert rated == oracle_fold([[("anna", 1), ("george", 2)]])
    assert not RatingChange.objects.filter(game=game, user=boris).exists()
    assert Game.objects.get(pk=game.pk).rating_pending is False
    assert ratings_rebuild(write=False).differed == 0
