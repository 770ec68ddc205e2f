"""Reading a game's log costs a fixed number of queries, however long the game is.

(`.only()` on a game's actions must keep the game's key: without it Django loads the missing
field row by row, one query per move, when it links each action back to its game.)
"""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import actionlog, gamelog
from games.services import game_verify

from ..games.conftest import play_until


def test_reading_the_log_does_not_query_once_per_move(started_game):
    game = play_until(started_game, lambda g: g.version >= 40)

    with CaptureQueriesContext(connection) as moves:
        actionlog.effective_moves(game)
    with CaptureQueriesContext(connection) as verify:
        game_verify(game=game)
    with CaptureQueriesContext(connection) as log:
        gamelog.game_log(game)

    assert len(moves.captured_queries) == 1
    assert len(verify.captured_queries) <= 3
    assert len(log.captured_queries) <= 5
