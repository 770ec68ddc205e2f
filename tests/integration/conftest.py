"""Integration tests: real PostgreSQL, Redis, and where needed real server processes.

All are marked `services` (skipped in the embedded run, required in CI's second run) and
bounded in time. The games tests' actors and tables are shared from tests/web/games.
"""

import pytest
from django.core.cache import cache

from games import services
from tests.web.games.conftest import (  # noqa: F401  (fixtures, used by name)
    _predictable_tables,
    alice,
    bob,
    carol,
    dave,
    open_game,
    started_game,
)


@pytest.fixture(autouse=True)
def _fast_and_clean(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def eager_tasks(settings):
    """Tasks queued by the services in this process run here (not in the shared CI Redis).

    Not autouse: tests/integration/test_celery_real.py needs tasks to go to a real worker.
    """
    settings.CELERY_TASK_ALWAYS_EAGER = True
    # As in the embedded run (settings: ANALYSIS_AFTER_GAME follows the eagerness), a finished
    # game's analysis is never run inside the move that finishes it: minutes of search there.
    settings.ANALYSIS_AFTER_GAME = False


def four_player_game(host, others, *, title: str = "Race table"):
    """A running 4-player game of people (no bots), `host` first at the table."""
    game = services.game_create(
        host=host, title=title, edition="1st", seats=4, days_per_move=None, is_public=True
    )
    for user in others:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game
