"""Real processes for the fault tests: Daphne, Celery, a private redis-server; and players.

Everything listens on 127.0.0.1 only, on free ports, and every wait is bounded. The processes
share the pytest-django test database (tests using them are `transaction=True`).
"""

import email
import email.policy
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
from django.db import connection

from stpete_site.devserver import daphne_command, stop_process, wait_for_port

ROOT = Path(__file__).resolve().parents[2]
MOVE_FIELDS = ("kind", "card", "displace", "until", "observatory", "pile", "points")
CSRF = "a" * 32  # a valid unmasked CSRF secret, sent as cookie and header


def database_url_of_tests() -> str:
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


def server_env(*, redis_url: str, **extra: str) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": database_url_of_tests(),
        "REDIS_URL": redis_url,
        "DEBUG": "true",
        "MOVE_RATE_LIMIT": "0",
        "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        **extra,
    }


class Process:
    """A child process with its output in a log file; stopped for sure at the end."""

    def __init__(self, args: list[str], env: dict, log: Path) -> None:
        self.log = log
        with log.open("a") as handle:
            self.popen = subprocess.Popen(
                args, cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT
            )

    def kill(self) -> None:
        """SIGKILL: no goodbye, as when the machine or the OOM killer ends it."""
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGKILL)
            self.popen.wait(timeout=10)

    def stop(self) -> None:
        stop_process(self.popen)

    def tail(self, size: int = 3000) -> str:
        return self.log.read_text(errors="replace")[-size:]


def daphne(port: int, env: dict, log: Path) -> Process:
    process = Process(daphne_command(port), env, log)
    wait_for_port(port)
    return process


def redis_server(port: int, log: Path) -> Process:
    process = Process(
        [
            "redis-server",
            "--bind",
            "127.0.0.1",
            "--port",
            str(port),
            "--save",
            "",
            "--appendonly",
            "no",
        ],
        dict(os.environ),
        log,
    )
    wait_for_port(port)
    return process


def celery(args: list[str], env: dict, log: Path) -> Process:
    return Process([sys.executable, "-m", "celery", "-A", "stpete_site", *args], env, log)


def headers(session: str, port: int) -> dict:
    return {
        "Cookie": f"sessionid={session}; csrftoken={CSRF}",
        "X-CSRFToken": CSRF,
        "Origin": f"http://127.0.0.1:{port}",
    }


def plain_move(move: dict) -> dict:
    """A move from a view's `moves` list, without the price fields the POST refuses."""
    return {k: v for k, v in move.items() if k in MOVE_FIELDS and v is not None}


def get_view(client: httpx.Client, port: int, game_id: int, session: str) -> dict:
    response = client.get(
        f"http://127.0.0.1:{port}/games/{game_id}/view", headers=headers(session, port)
    )
    response.raise_for_status()
    return response.json()


def post_move(
    client: httpx.Client, port: int, game_id: int, session: str, body: dict
) -> httpx.Response:
    return client.post(
        f"http://127.0.0.1:{port}/games/{game_id}/moves", json=body, headers=headers(session, port)
    )


def mails_written(folder: Path) -> list[tuple[str, str]]:
    """(recipient, subject) of every message Django's file e-mail backend wrote to `folder`
    (messages in one file are 79 dashes apart)."""
    found = []
    for path in folder.glob("*"):
        for part in path.read_text().split("-" * 79):
            if part.strip():
                message = email.message_from_string(part.strip(), policy=email.policy.default)
                found.append((str(message["to"]), str(message["subject"])))
    return found
