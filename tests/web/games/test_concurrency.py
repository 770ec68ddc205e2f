"""Row locks only mean something on a real database: these run against PostgreSQL in CI."""

import threading

import pytest
from django.db import connection

from games import services
from games.errors import GameError
from games.models import Action

from .conftest import a_legal_move, to_act


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_submissions_at_one_version_accept_exactly_one(started_game):
    assert connection.vendor == "postgresql"
    user, position = to_act(started_game)
    move = a_legal_move(started_game, position)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def submit(client_id: str) -> None:
        try:
            barrier.wait(timeout=10)
            services.move_submit(
                game_id=started_game.pk,
                user=user,
                move=move,
                expected_version=0,
                client_id=client_id,
            )
            outcomes.append("accepted")
        except GameError as exc:
            outcomes.append(exc.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit, args=(f"tab-{n}",)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(outcomes) == ["accepted", "stale_version"]
    assert Action.objects.filter(game=started_game).count() == 1
    started_game.refresh_from_db()
    assert started_game.version == 1
