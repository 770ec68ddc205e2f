"""Migrations that drop a column keep the rows of its table."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

WITH_SEAT_VACATION = [("games", "0002_playing_over_days")]
WITHOUT_SEAT_VACATION = [("games", "0003_remove_seat_vacation")]


def migrate(targets):
    """Migrate the test database to `targets`; the models as they were there."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def back_to_the_latest_schema():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_the_latest_schema")
def test_dropping_the_unused_seat_vacation_flag_keeps_every_seat():
    old = migrate(WITH_SEAT_VACATION)
    anna = old.get_model("accounts", "User").objects.create(username="anna", password="-")
    game = old.get_model("games", "Game").objects.create(
        title="Nevsky", host=anna, invite_token="t1"
    )
    old.get_model("games", "Seat").objects.create(game=game, user=anna, position=0, vacation=True)

    new = migrate(WITHOUT_SEAT_VACATION)

    seats = new.get_model("games", "Seat").objects.all()
    assert [(seat.game_id, seat.user_id, seat.position) for seat in seats] == [
        (game.pk, anna.pk, 0)
    ]
    assert not hasattr(seats[0], "vacation")


BEFORE_RATINGS = [("games", "0004_pin_rules_version_of_stored_games")]
WITH_RATINGS = [("games", "0005_ratings")]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_the_latest_schema")
def test_the_ratings_migration_marks_the_finished_games_for_rating():
    old = migrate(BEFORE_RATINGS)
    anna = old.get_model("accounts", "User").objects.create(username="anna", password="-")
    Game = old.get_model("games", "Game")
    done = Game.objects.create(title="Done", host=anna, invite_token="t1", status="finished")
    running = Game.objects.create(title="Going", host=anna, invite_token="t2", status="running")
    seat = old.get_model("games", "Seat").objects.create(game=done, user=anna, position=0)

    new = migrate(WITH_RATINGS)

    games = new.get_model("games", "Game").objects
    assert games.get(pk=done.pk).rating_pending is True
    assert games.get(pk=running.pk).rating_pending is False
    fresh = new.get_model("games", "Seat").objects.get(pk=seat.pk)
    assert (fresh.rank, fresh.score, fresh.cards) == (None, None, [])
