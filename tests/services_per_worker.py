"""Gives each pytest-xdist worker of the services run a Redis of its own.

Loaded with `-p tests.services_per_worker` (.ci/run's second stage): a `-p` plugin is imported
before pytest-django reads the settings, and xdist sets PYTEST_XDIST_WORKER before that, so the
environment changed here is what settings.py sees. PostgreSQL needs nothing: pytest-django gives
each worker its own test database. Redis does: the tests empty the cache before and after each
test (Django's Redis cache empties its whole database), rate-limit counters and presence marks
are keyed by ids that both workers' databases hand out, and pub/sub channels are shared by every
database of a server. So worker N uses Redis database 8 + N and its own channel and cache
prefixes.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

FIRST_WORKER_DATABASE = 8
REDIS_DATABASES = 16  # a default Redis server's


def _worker_number() -> int | None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker.removeprefix("gw")) if worker.startswith("gw") else None


def _with_database(url: str, database: int) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{database}"))


number = _worker_number()
if number is not None and os.environ.get("REDIS_URL"):
    database = FIRST_WORKER_DATABASE + number
    if database >= REDIS_DATABASES:
        raise SystemExit(f"services run: worker gw{number} has no Redis database left (-n ≤ 8)")
    os.environ["REDIS_URL"] = _with_database(os.environ["REDIS_URL"], database)
    for name in ("CHANNELS_PREFIX", "CACHE_PREFIX"):
        os.environ[name] = f"{os.environ.get(name, 'stpete')}-gw{number}"
