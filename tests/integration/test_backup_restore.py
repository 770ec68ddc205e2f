"""Backup and restore as docs/operations.md describes: pg_dump, pg_restore into a fresh
database, and `manage.py verify_games` there finds every game intact."""

import subprocess
import sys
import uuid
from urllib.parse import urlparse

import psycopg
import pytest
from django.db import connection

from games.models import Action, Game
from tests.web.accounts_helpers import member

from ..web.games.conftest import play_until
from . import stack
from .conftest import four_player_game


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_tasks")
def test_a_dump_restores_into_a_fresh_database_that_verifies_clean(tmp_path):
    assert connection.vendor == "postgresql"
    users = [member(f"b{n}") for n in range(8)]
    finished = play_until(four_player_game(users[0], users[1:4], title="Done"), lambda g: False)
    running = four_player_game(users[4], users[5:8], title="Half way")
    play_until(running, lambda g: g.version >= 60)
    games, actions = Game.objects.count(), Action.objects.count()
    assert finished.status == "finished"

    source = stack.database_url_of_tests()
    dump = tmp_path / "stpete.dump"
    subprocess.run(
        ["pg_dump", "--format=custom", "--no-owner", f"--file={dump}", source],
        check=True,
        timeout=120,
    )
    name = f"stpete_restore_{uuid.uuid4().hex[:8]}"
    admin = urlparse(source)._replace(path="/postgres").geturl()
    target = urlparse(source)._replace(path=f"/{name}").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        subprocess.run(
            ["pg_restore", "--no-owner", "--exit-on-error", f"--dbname={target}", str(dump)],
            check=True,
            timeout=120,
        )
        env = stack.server_env(redis_url="", DATABASE_URL=target)
        verified = subprocess.run(
            [sys.executable, "manage.py", "verify_games"],
            cwd=stack.ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        with psycopg.connect(target) as conn:
            restored = (
                conn.execute("SELECT count(*) FROM games_game").fetchone()[0],
                conn.execute("SELECT count(*) FROM games_action").fetchone()[0],
            )
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.strip().endswith(f"{games} games checked, 0 differ from their log")
    assert restored == (games, actions)
