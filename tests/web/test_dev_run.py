"""`scripts/dev.py run ADDRESS`: links in e-mails and the start banner name the port the site
was started on, not always 8000."""

import importlib.util
from pathlib import Path

import pytest

DEV = Path(__file__).resolve().parents[2] / "scripts" / "dev.py"


def _dev_script():
    spec = importlib.util.spec_from_file_location("dev_script", DEV)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    ("address", "url"),
    [
        ("127.0.0.1:8000", "http://127.0.0.1:8000"),
        ("8001", "http://127.0.0.1:8001"),
        ("0.0.0.0:8042", "http://127.0.0.1:8042"),
        ("localhost:9000", "http://localhost:9000"),
    ],
)
def test_the_site_url_follows_the_address_the_site_runs_on(address, url):
    assert _dev_script().site_url(address) == url


def _console_of_a_request_line(**environment: str) -> str:
    """What the console shows when the dev server (Daphne's runserver) logs one request."""
    import os
    import subprocess
    import sys

    code = (
        "import django, logging; django.setup(); "
        "logging.getLogger('django.channels.server').info('HTTP GET /rules/ 200 [0.01]')"
    )
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(DJANGO_SETTINGS_MODULE="stpete_site.settings", DEBUG="1", **environment)
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=DEV.parents[1], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


def test_each_request_line_is_printed_once_on_the_console():
    assert _console_of_a_request_line().count("HTTP GET /rules/ 200") == 1


def test_request_lines_follow_the_log_level():
    assert "HTTP GET /rules/" not in _console_of_a_request_line(LOG_LEVEL="WARNING")


def test_the_embedded_site_sweeps_and_analyses_finished_games_in_the_background():
    dev = _dev_script()
    assert dev.background_commands({}) == [
        (["sweep", "--loop"], False),
        (["analyse_games", "--loop"], True),  # minutes of a core each: after the site's requests
    ]
    assert dev.background_commands({"REDIS_URL": "redis://127.0.0.1:6379/0"}) == []  # Celery
