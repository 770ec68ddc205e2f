"""Every setting read from the environment stops the start with the variable's name when its
value is bad (README "Configuration"), instead of failing later in a request or a sweep.

Most cases execute `stpete_site/settings.py` in-process with a changed environment (the module
has no side effects); two start `manage.py check` to show what an operator sees.
"""

import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

SETTINGS = Path(__file__).resolve().parents[2] / "stpete_site" / "settings.py"
SERVICE_VARIABLES = ("DATABASE_URL", "REDIS_URL", "DATABASE_POOL", "DEBUG", "SECRET_KEY")


def load_settings(monkeypatch, **environment: str) -> dict:
    """The settings module's names under the embedded defaults plus `environment`."""
    for name in SERVICE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS))


def _check(env_extra):
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        capture_output=True,
        text=True,
        env={**env, **env_extra},
    )


BAD_VALUES = [
    ("DEBUG", "maybe"),
    ("EMAIL_PORT", "twenty-five"),
    ("EMAIL_PORT", "0"),
    ("EMAIL_PORT", "65536"),
    ("EMAIL_USE_TLS", "sometimes"),
    ("EMAIL_BACKEND", "smtp"),
    ("SIGNUP_MODE", "sometimes"),
    ("NOTIFICATION_KEEP_DAYS", "half a year"),
    ("NOTIFICATION_KEEP_DAYS", "-1"),
    ("MOVE_RATE_WINDOW", "0"),
    ("MOVE_RATE_LIMIT", "-1"),
    ("DIGEST_HOUR", "24"),
    ("DIGEST_HOUR", "-1"),
    ("SWEEP_INTERVAL_SECONDS", "0"),
    ("BOT_TURN_GRACE_SECONDS", "-1"),
    ("SOCKETS_PER_MEMBER", "0"),
    ("OPEN_GAMES_PER_MEMBER", "-1"),
    ("REDIS_SOCKET_TIMEOUT", "0"),
    ("REDIS_SOCKET_TIMEOUT", "61"),
    ("REDIS_CONNECT_TIMEOUT", "0"),
    ("REDIS_CONNECT_TIMEOUT", "forever"),
    ("TRUSTED_PROXY_COUNT", "-1"),
    ("TRUSTED_PROXY_COUNT", "6"),
    ("TRUSTED_PROXY_COUNT", "nginx"),
    ("BOT_TURN_GRACE_SECONDS", "soon"),
    ("VACATION_DAYS_PER_YEAR", "-1"),
    ("VACATION_DAYS_PER_YEAR", "367"),
    ("SECURE_HSTS_SECONDS", "-1"),
    ("SECURE_SSL_REDIRECT", "perhaps"),
    ("CELERY_TASK_ALWAYS_EAGER", "soon"),
    ("LOG_LEVEL", "LOUD"),
    ("REDIS_URL", "http://127.0.0.1:6379/0"),
    ("REDIS_URL", "localhost:6379"),
    ("REDIS_URL", "redis://"),
    ("DATABASE_URL", "nosuchdb://x/y"),
    ("DATABASE_POOL", "-1"),
    ("DATABASE_POOL", "eight"),
    ("DATABASE_POOL", "8"),  # without PostgreSQL there is no pool to keep
    ("SITE_URL", "stpete.example.org"),
    ("CSRF_TRUSTED_ORIGINS", "stpete.example.org"),
    ("CHANNELS_PREFIX", ""),
]


@pytest.mark.parametrize(("name", "value"), BAD_VALUES)
def test_a_bad_value_stops_the_start_naming_the_variable(monkeypatch, name, value):
    with pytest.raises(ImproperlyConfigured) as error:
        load_settings(monkeypatch, **{name: value})
    assert str(error.value).startswith(name)


def test_without_debug_a_secret_key_and_the_host_names_are_required(monkeypatch):
    with pytest.raises(ImproperlyConfigured) as error:
        load_settings(monkeypatch, DEBUG="false")
    assert str(error.value) == "SECRET_KEY must be set when DEBUG is off."
    with pytest.raises(ImproperlyConfigured) as error:
        load_settings(monkeypatch, DEBUG="false", SECRET_KEY="k" * 50, ALLOWED_HOSTS="")
    assert str(error.value).startswith("ALLOWED_HOSTS")
    production = load_settings(
        monkeypatch, DEBUG="false", SECRET_KEY="k" * 50, ALLOWED_HOSTS="stpete.example.org"
    )
    assert (production["SECRET_KEY"], production["ALLOWED_HOSTS"]) == (
        "k" * 50,
        ["stpete.example.org"],
    )
    assert (production["SECURE_SSL_REDIRECT"], production["SECURE_HSTS_SECONDS"]) == (
        True,
        31536000,
    )


@pytest.mark.parametrize(
    ("name", "value", "setting", "expected"),
    [
        ("DIGEST_HOUR", "0", "DIGEST_HOUR", 0),
        ("DIGEST_HOUR", "23", "DIGEST_HOUR", 23),
        ("MOVE_RATE_WINDOW", "1", "MOVE_RATE_WINDOW", 1),
        ("MOVE_RATE_LIMIT", "0", "MOVE_RATE_LIMIT", 0),
        ("BOT_TURN_GRACE_SECONDS", "0", "BOT_TURN_GRACE_SECONDS", 0),
        ("TRUSTED_PROXY_COUNT", "1", "TRUSTED_PROXY_COUNT", 1),
        ("TRUSTED_PROXY_COUNT", "5", "TRUSTED_PROXY_COUNT", 5),
        ("NOTIFICATION_KEEP_DAYS", "0", "NOTIFICATION_KEEP_DAYS", 0),
        ("EMAIL_PORT", "587", "EMAIL_PORT", 587),
        ("REDIS_URL", "unix:///run/redis.sock", "REDIS_URL", "unix:///run/redis.sock"),
        ("REDIS_URL", "rediss://cache:6380/2", "CELERY_BROKER_URL", "rediss://cache:6380/2"),
        ("LOG_LEVEL", "WARNING", "LOGGING", "WARNING"),
        ("SITE_URL", "https://stpete.example.org/", "SITE_URL", "https://stpete.example.org"),
    ],
)
def test_the_edges_of_each_range_are_accepted(monkeypatch, name, value, setting, expected):
    loaded = load_settings(monkeypatch, **{name: value})[setting]
    if setting == "LOGGING":
        loaded = loaded["root"]["level"]
    assert loaded == expected


def test_a_pool_is_kept_only_for_postgresql(monkeypatch):
    loaded = load_settings(
        monkeypatch, DATABASE_URL="postgres://u@db:5432/stpete", DATABASE_POOL="8"
    )
    database = loaded["DATABASES"]["default"]
    assert database["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 8, "timeout": 10}
    assert database["CONN_MAX_AGE"] == 0


def test_a_bad_setting_stops_manage_py_naming_the_variable():
    result = _check({"MOVE_RATE_WINDOW": "0"})
    assert result.returncode != 0
    assert "MOVE_RATE_WINDOW must be 1 or more, not '0'." in result.stderr


def test_the_site_starts_with_nothing_configured():
    result = _check({})
    assert result.returncode == 0, result.stderr


def test_every_redis_client_has_connect_and_socket_timeouts(monkeypatch):
    loaded = load_settings(
        monkeypatch,
        REDIS_URL="redis://127.0.0.1:6379/9",
        REDIS_CONNECT_TIMEOUT="3",
        REDIS_SOCKET_TIMEOUT="4",
    )
    timeouts = {"socket_connect_timeout": 3, "socket_timeout": 4}

    [host] = loaded["CHANNEL_LAYERS"]["default"]["CONFIG"]["hosts"]
    assert {k: host[k] for k in timeouts} == timeouts
    options = loaded["CACHES"]["default"]["OPTIONS"]
    assert {k: options[k] for k in timeouts} == timeouts
    broker = loaded["CELERY_BROKER_TRANSPORT_OPTIONS"]
    assert {k: broker[k] for k in timeouts} == timeouts
    assert loaded["CELERY_BROKER_CONNECTION_TIMEOUT"] == 3
    assert (
        loaded["CELERY_REDIS_SOCKET_CONNECT_TIMEOUT"],
        loaded["CELERY_REDIS_SOCKET_TIMEOUT"],
    ) == (
        3,
        4,
    )
