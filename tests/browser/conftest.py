"""A live stpete for the browser tests: its own PostgreSQL database, Redis, and Daphne serving
the real ASGI application (HTTP and the Channels sockets), seeded through the services.

Needs the machine's PostgreSQL and Redis (DATABASE_URL / REDIS_URL point at them in CI's
third stage); without them the tests skip, and CI's STPETE_REQUIRE_SERVICES turns that into
a failure.
"""

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

from stpete_site.devserver import free_port, start_daphne, stop_process

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = ROOT / "test-output"
MAIL = OUTPUT / "mail"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _admin_sql(database_url: str, statement: str) -> None:
    import psycopg

    url = urlparse(database_url)
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(statement)


def _forget_earlier_runs(redis_url: str, prefix: str) -> None:
    """Delete what an earlier run of the live site left in Redis under `prefix`: its cache
    outlives it (an hour for the e-mail limits), so the fourth run within an hour would find
    the sign-up mails of the last three counted and send none."""
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        for key in client.scan_iter(match=f"{prefix}:*", count=1000):
            client.delete(key)
    finally:
        client.close()


def _wait_for(url: str, deadline: float) -> None:
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=1):  # noqa: S310  (our own local server)
                return
        except urllib.error.HTTPError:
            return  # it answers
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the server at {url} did not come up")


_SITE_ENV: dict[str, str] = {}  # the live site's environment, for site_facts


@pytest.fixture(scope="session")
def live_site():
    """The url of a running server with seeded games, the games' ids and facts (seed.py)."""
    base_db, redis = os.environ.get("DATABASE_URL"), os.environ.get("REDIS_URL")
    if not base_db or not redis:
        pytest.skip("needs DATABASE_URL and REDIS_URL (real PostgreSQL and Redis)")
    # Named after the database given, so runs from different checkouts never share one.
    database = f"{urlparse(base_db).path.lstrip('/')}_browser"
    database_url = urlparse(base_db)._replace(path=f"/{database}").geturl()
    OUTPUT.mkdir(exist_ok=True)
    shutil.rmtree(MAIL, ignore_errors=True)
    _admin_sql(base_db, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    _admin_sql(base_db, f"CREATE DATABASE {database}")
    site_redis = urlparse(redis)._replace(path="/3").geturl()
    _forget_earlier_runs(site_redis, f"stpete-{database}")
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": site_redis,
        "CHANNELS_PREFIX": f"stpete-{database}",
        "CACHE_PREFIX": f"stpete-{database}",
        "CELERY_TASK_ALWAYS_EAGER": "true",
        # The seeded game's post-game analysis on a small budget (seed.py runs it).
        "ANALYSIS_WORLDS": "2",
        "ANALYSIS_WIDTH": "2",
        # As in production: DEBUG off, so the Content-Security-Policy header is sent and the
        # pages must run on our static scripts alone. Plain HTTP on localhost (a secure context
        # for the browser, so the Secure cookies still work).
        "DEBUG": "false",
        "SECRET_KEY": "browser-tests-only-" + "x" * 40,
        "ALLOWED_HOSTS": "localhost,127.0.0.1",
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_HSTS_SECONDS": "0",
        "STATIC_ROOT": str(OUTPUT / "static"),
        # The site's e-mails as files, so a test can follow a mailed link (tests/browser/mail.py).
        "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
        "EMAIL_FILE_PATH": str(MAIL),
        # The site's settings plus a test app registering a decision kind with no dialog.
        "DJANGO_SETTINGS_MODULE": "tests.browser.settings",
        "PYTHONPATH": str(ROOT),
    }
    python = sys.executable
    subprocess.run([python, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [python, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    seeded = subprocess.run(
        [python, "-m", "tests.browser.seed"],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    ids = json.loads(seeded.stdout.strip().splitlines()[-1])
    _SITE_ENV.update(env)
    port = free_port()
    server = start_daphne(port, env, OUTPUT / "daphne.log")
    try:
        url = f"http://localhost:{port}"
        _wait_for(f"{url}/accounts/login/", time.monotonic() + 30)
        yield {"url": url, **ids}
    finally:
        stop_process(server)
        _admin_sql(base_db, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")


@pytest.fixture
def site_facts(live_site):
    """`site_facts("ratings")` → facts the seed script reads from the live site's database now
    (tests/browser/seed.py), for pages that earlier tests may have changed."""

    def read(kind: str) -> dict:
        done = subprocess.run(
            [sys.executable, "-m", "tests.browser.seed", kind],
            cwd=ROOT,
            env=_SITE_ENV,
            check=True,
            capture_output=True,
            text=True,
        )
        return json.loads(done.stdout.strip().splitlines()[-1])

    return read


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def signed_in(browser, live_site):
    """`signed_in(username, viewport=…)` → a page of a fresh browser context, logged in."""
    contexts = []

    def open_page(username: str, *, width: int = 1280, height: int = 900, locale: str = "en-GB"):
        context = browser.new_context(viewport={"width": width, "height": height}, locale=locale)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on(
            "console",
            lambda message: (
                "Content Security Policy" in message.text and errors.append(message.text)
            ),
        )
        page.errors = errors
        page.goto(f"{live_site['url']}/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", live_site["password"])
        with page.expect_navigation():
            page.press("input[name=password]", "Enter")
        return page

    yield open_page
    for context in contexts:
        context.unroute_all(behavior="ignoreErrors")  # a rewritten view may still be in flight
        context.close()
