"""A scratch PostgreSQL database for a benchmark that drives the services in-process.

`django_on_scratch_database` drops and creates the database, migrates it and sets Django up
on it (embedded Redis-less settings: tasks run inline, e-mails go nowhere).
"""

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
LOCAL = {"127.0.0.1", "localhost", "::1"}


def django_on_scratch_database(postgres: str, database: str) -> None:
    """`postgres`: a local server's URL (any database on it); `database`: the scratch name."""
    if urlparse(postgres).hostname not in LOCAL:
        raise SystemExit("only a local PostgreSQL")
    import psycopg

    with psycopg.connect(postgres, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{database}"')
    os.environ.update(
        {
            "DATABASE_URL": urlparse(postgres)._replace(path=f"/{database}").geturl(),
            "REDIS_URL": "",
            "EMAIL_BACKEND": "django.core.mail.backends.dummy.EmailBackend",
            "DJANGO_SETTINGS_MODULE": "stpete_site.settings",
            "LOG_LEVEL": "WARNING",
        }
    )
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, check=True)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
