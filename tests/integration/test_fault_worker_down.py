"""The Celery worker is stopped for a while: turn e-mails arrive late, but not lost, not twice.

A private redis-server is the broker of a real Daphne, Celery worker and beat (never the
machine's shared Redis, so no other test's worker can take our tasks). Moves are made over
HTTP; the turn e-mail is queued after each commit. While the worker is down, nothing is sent;
once it runs, the queued task and beat's sweep (which finds the due reminder again) both try,
and the seat's conditional claim lets exactly one e-mail out.

No step waits for a while to see that nothing happens: while no worker runs, the task is shown
waiting in the broker's queue; once one runs, "still one e-mail" is checked after the worker
has finished a few more of beat's sweeps, each of which would have sent a second one.
"""

import logging
import time
import uuid

import httpx
import pytest
import redis as redis_client
from django.contrib.auth import get_user_model
from django.db import connection

from games import services
from games.models import Game
from stpete_site.devserver import free_port
from tests.web.accounts_helpers import member, session_key_for

from . import stack

logging.getLogger("httpx").setLevel(logging.WARNING)

WAIT_SECONDS = 40  # bound on the worker's start, each e-mail and the sweeps after it
SWEEPS_AFTER = 3  # beat's sweeps that must find nothing more to send


def wait_until(condition, seconds, what, processes):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.25)
    logs = "\n".join(p.tail() for p in processes if p is not None)
    raise AssertionError(f"timed out waiting for {what}\n{logs}")


def sweeps_done(worker) -> int:
    return worker.log.read_text(errors="replace").count("games.tasks.sweep_due[") // 2


def after_more_sweeps(worker, processes) -> None:
    """Wait until the worker has finished SWEEPS_AFTER more sweeps (received + succeeded)."""
    target = sweeps_done(worker) + SWEEPS_AFTER + 1  # the one running now may have begun early
    wait_until(lambda: sweeps_done(worker) >= target, WAIT_SECONDS, "more sweeps", processes)


def move_until_turn_passes(client, port, game_id, sessions) -> int:
    """Play moves until a different seat is to act; that seat."""
    first = None
    for _ in range(10):
        view = stack.get_view(client, port, game_id, sessions[0])
        seat = view["to_act"][0]
        first = seat if first is None else first
        if seat != first:
            return seat
        mine = stack.get_view(client, port, game_id, sessions[seat])
        body = {
            "move": stack.plain_move(mine["view"]["moves"][0]),
            "expected_version": mine["version"],
            "client_id": uuid.uuid4().hex,
        }
        assert stack.post_move(client, port, game_id, sessions[seat], body).status_code == 200
    raise AssertionError("the turn never passed")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_tasks")
def test_turn_emails_wait_for_the_worker_and_go_out_once(tmp_path):
    assert connection.vendor == "postgresql"
    anna, boris = member("anna"), member("boris")
    User = get_user_model()
    User.objects.filter(pk__in=[anna.pk, boris.pk]).update(email_on_turn="never")
    game = services.game_create(
        host=anna, title="Late mail", edition="1st", seats=2, days_per_move=3, is_public=True
    )
    services.seat_join(game_id=game.pk, user=boris)
    User.objects.filter(pk__in=[anna.pk, boris.pk]).update(email_on_turn="immediately")
    users = {s.position: s.user for s in game.seat_set.select_related("user")}
    sessions = {position: session_key_for(user) for position, user in users.items()}
    mail_dir = tmp_path / "mail"
    mail_dir.mkdir()
    redis_port, port = free_port(), free_port()
    redis = stack.redis_server(redis_port, tmp_path / "redis.log")
    env = stack.server_env(
        redis_url=f"redis://127.0.0.1:{redis_port}/0",
        EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
        EMAIL_FILE_PATH=str(mail_dir),
        SWEEP_INTERVAL_SECONDS="1",
    )
    server = stack.daphne(port, env, tmp_path / "daphne.log")
    worker = beat = None

    def start_worker():
        return stack.celery(
            [
                "worker",
                "--pool=solo",
                "--without-gossip",
                "--without-mingle",
                "--loglevel=INFO",
                "-n",
                f"late-{uuid.uuid4().hex[:8]}@%h",
            ],
            env,
            tmp_path / "worker.log",
        )

    def to(user):
        return [m for m in stack.mails_written(mail_dir) if m[0] == user.email]

    broker = redis_client.Redis.from_url(env["REDIS_URL"])

    def queued_turn_emails() -> int:
        return sum(b"send_turn_email" in message for message in broker.lrange("celery", 0, -1))

    try:
        with httpx.Client(timeout=30) as client:
            # 1. The worker is not running: the turn e-mail waits in the queue.
            first_target = users[move_until_turn_passes(client, port, game.pk, sessions)]
            assert queued_turn_emails() == 1
            assert to(first_target) == []

            # 2. Worker and beat start: the e-mail arrives, late, once.
            worker = start_worker()
            beat = stack.celery(
                ["beat", "--loglevel=INFO", "-s", str(tmp_path / "beat-schedule")],
                env,
                tmp_path / "beat.log",
            )
            wait_until(lambda: to(first_target), WAIT_SECONDS, "the late e-mail", [worker, beat])
            after_more_sweeps(worker, [worker, beat])  # each would have found a second one
            assert len(to(first_target)) == 1

            # 3. The worker dies (SIGKILL) and the turn passes while it is gone.
            worker.kill()
            second_target = users[move_until_turn_passes(client, port, game.pk, sessions)]
            assert second_target != first_target
            assert queued_turn_emails() == 1  # waiting for a worker
            assert to(second_target) == []

            # 4. A new worker: that e-mail arrives once, and the first one is not repeated.
            worker = start_worker()
            wait_until(lambda: to(second_target), WAIT_SECONDS, "the second e-mail", [worker])
            after_more_sweeps(worker, [worker, beat])
    finally:
        for process in (beat, worker, server, redis):
            if process is not None:
                process.stop()

    assert len(to(first_target)) == 1
    assert len(to(second_target)) == 1
    subjects = {subject for _to, subject in stack.mails_written(mail_dir)}
    assert subjects == {"[stpete] Your turn in “Late mail”"}
    assert Game.objects.get(pk=game.pk).status == "running"
