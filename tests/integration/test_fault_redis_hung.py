"""A hung Redis (the process stopped with SIGSTOP: connections are accepted, nothing answers)
stalls nothing for long: every Redis client gives up after its socket timeout.

The clients are built from what `stpete_site/settings.py` makes of a REDIS_URL that points at
a private redis-server, which the test stops. Each call runs in a thread with a generous bound;
a call still running after it is a stall (the clients have no timeouts). The bound is a
watchdog, not a measurement: how long a call took is not asserted.
"""

import os
import runpy
import signal
import threading
import types
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from celery import Celery
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.db import connection
from django.test import override_settings
from django.urls import reverse
from django.utils.module_loading import import_string

from stpete_site.devserver import free_port
from tests.web.accounts_helpers import member, session_key_for

from . import stack

SETTINGS = Path(__file__).resolve().parents[2] / "stpete_site" / "settings.py"
WATCHDOG_SECONDS = 30


def outcome(call) -> str:
    """'returned' or 'raised' if `call` finished within the watchdog's bound, else 'stalled'."""
    result = []

    def run():
        try:
            call()
        except Exception:
            result.append("raised")
        else:
            result.append("returned")
        finally:
            connection.close()  # the thread's own database connection

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(WATCHDOG_SECONDS)
    return result[0] if result else "stalled"


@pytest.fixture
def hung_redis(tmp_path, monkeypatch):
    """The settings module's values for a Redis that is then stopped (SIGSTOP)."""
    port = free_port()
    server = stack.redis_server(port, tmp_path / "redis.log")
    monkeypatch.setenv("REDIS_URL", f"redis://127.0.0.1:{port}/0")
    loaded = runpy.run_path(str(SETTINGS))
    yield types.SimpleNamespace(
        loaded=loaded, stop=lambda: os.kill(server.popen.pid, signal.SIGSTOP)
    )
    os.kill(server.popen.pid, signal.SIGCONT)
    server.stop()


def cache_from(loaded: dict):
    config = dict(loaded["CACHES"]["default"])
    backend = import_string(config.pop("BACKEND"))
    return backend(config.pop("LOCATION"), config)


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_signed_in_page_answers_from_the_database_while_redis_hangs(hung_redis, client):
    alice = member("alice")
    answers = []
    with override_settings(CACHES=hung_redis.loaded["CACHES"]):
        client.cookies["sessionid"] = session_key_for(alice)
        hung_redis.stop()

        fetched = outcome(lambda: answers.append(client.get(reverse("accounts:profile"))))

    assert fetched == "returned"
    assert answers[0].status_code == 200
    assert answers[0].wsgi_request.user == alice


@pytest.mark.services
def test_the_cache_gives_up_on_a_hung_redis(hung_redis):
    cache = cache_from(hung_redis.loaded)
    hung_redis.stop()

    assert outcome(lambda: cache.get("anything")) == "raised"


@pytest.mark.services
def test_the_channel_layer_gives_up_on_a_hung_redis(hung_redis):
    config = hung_redis.loaded["CHANNEL_LAYERS"]["default"]["CONFIG"]
    layer = RedisPubSubChannelLayer(**config)
    hung_redis.stop()

    sent = outcome(lambda: async_to_sync(layer.group_send)("game-1", {"type": "game.view"}))

    assert sent == "raised"


@pytest.mark.services
def test_celery_gives_up_publishing_to_a_hung_redis(hung_redis):
    app = Celery("hung-probe")
    celery_settings = {k: v for k, v in hung_redis.loaded.items() if k.startswith("CELERY_")}
    app.config_from_object(types.SimpleNamespace(**celery_settings), namespace="CELERY")
    hung_redis.stop()

    assert outcome(lambda: app.send_task("games.tasks.play_bot_turn", args=(1, 1))) == "raised"
