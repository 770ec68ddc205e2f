"""Reading a game's log costs a fixed number of queries, however long the game is.

(`.only()` on a game's actions must keep the game's key: without it Django loads the missing
field row by row, one query per move, when it links each action back to its game.)
"""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import actionlog, gamelog, presence
from games.services import game_verify

from ..games.conftest import a_legal_move, play_until, to_act


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


def test_a_move_costs_a_fixed_handful_of_queries_and_its_pushes_none(
    started_game, client, django_capture_on_commit_callbacks
):
    """Session, member, game lock, seats, client id, log row, snapshot, the mover's pending
    reminder cleared, the next player's notice and reminder: ten, and none after the commit."""
    game = play_until(started_game, lambda g: g.version >= 20)
    user, position = to_act(game)
    for seat in game.seat_set.all():  # everyone has the table open: no e-mail task
        presence.presence_mark(user_id=seat.user_id, game_id=game.pk)
    client.force_login(user)
    body = {"move": a_legal_move(game, position), "expected_version": game.version}

    with (
        CaptureQueriesContext(connection) as move,
        django_capture_on_commit_callbacks(execute=False) as after_commit,
    ):
        response = client.post(
            f"/games/{game.pk}/moves", {**body, "client_id": "c1"}, content_type="application/json"
        )
    with CaptureQueriesContext(connection) as pushes:
        for callback in after_commit:
            callback()

    assert response.status_code == 200
    written = [q["sql"] for q in move.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(written) <= 10, "\n".join(written)
    assert not any("games_vacation" in sql for sql in written)  # nobody has a vacation
    assert after_commit, "the pushes wait for the commit"
    assert pushes.captured_queries == []
