"""A real Celery worker and beat against the real PostgreSQL and Redis: the turn e-mail is
written and an expired deadline becomes a timeout in the log, with nobody calling the sweep
but beat, while another game whose timeout fails every time is logged with its id and stops
nothing. Runs in .ci/run's second stage; bounded to well under a minute."""

import os
import subprocess
import sys
import time
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from games import services
from games.models import Action, Game
from stpete_site.celery import app
from stpete_site.devserver import stop_process

from . import stack

ROOT = Path(__file__).resolve().parents[2]
BOOT_SECONDS = 20
WAIT_SECONDS = 30


def _database_url() -> str:
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def _start(args: list[str], env: dict, log: Path) -> subprocess.Popen:
    with log.open("w") as handle:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "stpete_site", *args],
            cwd=ROOT,
            env=env,
            stdout=handle,
            stderr=subprocess.STDOUT,
        )


def _wait_for(condition, seconds: float, what: str, logs: list[Path]):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(0.25)
    tails = "\n".join(f"--- {log.name}\n{log.read_text()[-3000:]}" for log in logs)
    raise AssertionError(f"timed out waiting for {what}\n{tails}")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_worker_and_beat_send_the_turn_email_and_time_out_the_turn(tmp_path):
    assert connection.vendor == "postgresql"
    assert not app.conf.task_always_eager, "tasks must go through Redis to the worker"
    mail_dir = tmp_path / "mail"
    mail_dir.mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),  # the pytest-django test database
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(mail_dir),
        "SWEEP_INTERVAL_SECONDS": "1",
        "CELERY_TASK_ALWAYS_EAGER": "false",
    }
    logs = [tmp_path / "worker.log", tmp_path / "beat.log"]
    worker = _start(
        [
            "worker",
            "--pool=solo",
            "--purge",
            "--without-gossip",
            "--without-mingle",
            "--loglevel=INFO",
            "-n",
            f"test-{uuid.uuid4().hex[:8]}@%h",
        ],
        env,
        logs[0],
    )
    beat = _start(["beat", "--loglevel=INFO", "-s", str(tmp_path / "beat-schedule")], env, logs[1])
    try:
        _wait_for(lambda: "ready" in logs[0].read_text(), BOOT_SECONDS, "the worker", logs)
        User = get_user_model()
        anna = User.objects.create_user(username="anna", email="anna@example.com")
        boris = User.objects.create_user(username="boris", email="boris@example.com")
        game = services.game_create(
            host=anna, title="Real", edition="1st", seats=2, days_per_move=1, is_public=True
        )
        services.seat_join(game_id=game.pk, user=boris, first=anna)

        # The turn e-mail: queued after the commit, sent by the worker.
        wanted = ("anna@example.com", "[stpete] Your turn in “Real”")
        _wait_for(lambda: wanted in stack.mails_written(mail_dir), WAIT_SECONDS, "the e-mail", logs)

        # A damaged game (its seat to act does not exist) whose deadline has passed: every
        # sweep's task for it fails, and says which game it was.
        broken = services.game_create(
            host=boris, title="Broken", edition="1st", seats=2, days_per_move=1, is_public=True
        )
        services.seat_join(game_id=broken.pk, user=anna, first=boris)
        long_ago = timezone.now() - timedelta(days=2)
        Game.objects.filter(pk=broken.pk).update(
            to_act=[7], last_move_at=long_ago, deadline=long_ago + timedelta(days=1), warn_at=None
        )

        # Her turn began a day ago, less three seconds: beat's sweep must time it out.
        began = timezone.now() - timedelta(days=1) + timedelta(seconds=3)
        Game.objects.filter(pk=game.pk).update(
            last_move_at=began, deadline=began + timedelta(days=1), warn_at=None
        )
        action = _wait_for(
            lambda: Action.objects.filter(game=game, kind="timeout").first(),
            WAIT_SECONDS,
            "the timeout",
            logs,
        )
        assert action.user == anna
        assert action.seq == 1
        failure = f"the deadline of game {broken.pk} failed"
        _wait_for(lambda: failure in logs[0].read_text(), WAIT_SECONDS, "the failure", logs)
        assert not Action.objects.filter(game=broken).exists()
    finally:
        stop_process(beat)
        stop_process(worker)
    assert worker.returncode is not None
    assert beat.returncode is not None
