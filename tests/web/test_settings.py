import os
import subprocess
import sys

import pytest


def _check(env_extra):
    env = {**os.environ, **env_extra}
    return subprocess.run(
        [sys.executable, "manage.py", "check"], capture_output=True, text=True, env=env
    )


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DEBUG", "maybe"),
        ("EMAIL_PORT", "twenty-five"),
        ("SIGNUP_MODE", "sometimes"),
        ("NOTIFICATION_KEEP_DAYS", "half a year"),
        ("NOTIFICATION_KEEP_DAYS", "-1"),
    ],
)
def test_a_bad_setting_stops_the_start_naming_the_variable(name, value):
    result = _check({name: value})
    assert result.returncode != 0
    assert name in result.stderr


def test_the_site_starts_with_nothing_configured():
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], capture_output=True, text=True, env=env
    )
    assert result.returncode == 0, result.stderr
