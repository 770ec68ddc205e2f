"""The table tests use the games tests' actors (alice…dave) and tables built by the services."""

import pytest

from games import services
from tests.web.games.conftest import (  # noqa: F401  (fixtures, re-exported for this folder)
    _predictable_tables,
    admin_user,
    alice,
    bob,
    carol,
    dave,
    finished_game,
    open_game,
    started_game,
)


@pytest.fixture
def two_player_game(alice, bob):  # noqa: F811  (the fixtures imported above)
    """alice and bob at a running 2-player game (bob's join started it); carol may watch."""
    game = services.game_create(
        host=alice,
        title="Two at the table",
        edition="1st",
        seats=2,
        days_per_move=3,
        is_public=True,
    )
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game
