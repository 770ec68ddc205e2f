"""Redis is down at the moment a bot's turn is handed to Celery: the bot moves once Redis is back.

A private redis-server is the broker of a real Daphne, Celery worker and beat. A member moves
over HTTP while Redis is stopped, so the bot's task cannot be queued after the commit (the move
is still accepted). Redis then returns and nobody does anything more: beat's sweep finds the
bot that has not moved and hands it its turn again.
"""

import logging
import time
import uuid

import httpx
import pytest
from django.db import connection

from games import services
from games.models import Action, Game, Seat
from games.services import game_verify
from stpete_site.devserver import free_port
from tests.web.accounts_helpers import member, session_key_for

from . import stack

logging.getLogger("httpx").setLevel(logging.WARNING)

WAIT_SECONDS = 60  # bound on the worker's start and on the bot's move after Redis returns


def wait_until(condition, seconds, what, processes):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.25)
    logs = "\n".join(p.tail() for p in processes)
    raise AssertionError(f"timed out waiting for {what}\n{logs}")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_tasks")
def test_a_bot_whose_turn_could_not_be_queued_moves_after_redis_returns(tmp_path):
    assert connection.vendor == "postgresql"
    anna = member("anna")
    game = services.game_create(
        host=anna,
        title="Bot in the dark",
        edition="1st",
        seats=2,
        days_per_move=None,
        is_public=True,
        bots=["greedy"],
    )  # eager here: if the bot is first, it has moved already
    game.refresh_from_db()
    bot = Seat.objects.get(game=game, is_bot=True)
    [anna_seat] = Seat.objects.filter(game=game, user=anna)
    assert game.to_act == [anna_seat.position]
    session = session_key_for(anna)
    redis_port, port = free_port(), free_port()
    redis = stack.redis_server(redis_port, tmp_path / "redis.log")
    env = stack.server_env(
        redis_url=f"redis://127.0.0.1:{redis_port}/0",
        SWEEP_INTERVAL_SECONDS="1",
        BOT_TURN_GRACE_SECONDS="1",
    )
    server = stack.daphne(port, env, tmp_path / "daphne.log")
    worker = stack.celery(
        [
            "worker",
            "--pool=solo",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=INFO",
            "-n",
            f"bots-{uuid.uuid4().hex[:8]}@%h",
        ],
        env,
        tmp_path / "worker.log",
    )
    beat = stack.celery(
        ["beat", "--loglevel=INFO", "-s", str(tmp_path / "beat-schedule")],
        env,
        tmp_path / "beat.log",
    )
    processes = [server, worker, beat]
    try:
        with httpx.Client(timeout=30) as client:
            view = stack.get_view(client, port, game.pk, session)
            redis.stop()
            body = {
                "move": stack.plain_move(view["view"]["moves"][0]),
                "expected_version": view["version"],
                "client_id": uuid.uuid4().hex,
            }
            answer = stack.post_move(client, port, game.pk, session, body)
            assert answer.status_code == 200, answer.text
            game.refresh_from_db()
            stuck_at = game.version
            assert bot.position in game.to_act  # the bot is to move and its task is lost

            redis = stack.redis_server(redis_port, tmp_path / "redis.log")
            wait_until(
                lambda: Action.objects.filter(game=game, seq=stuck_at + 1).exists(),
                WAIT_SECONDS,
                "the bot's move",
                processes,
            )
    finally:
        for process in (beat, worker, server, redis):
            process.stop()

    [moved] = Action.objects.filter(game=game, seq=stuck_at + 1)
    assert moved.user == bot.user
    assert game_verify(game=Game.objects.get(pk=game.pk)) == []
