"""Nothing the web process reads back from Redis is pickled: the cache stores JSON, and a
session read from the cache must carry the site's signature.

So whoever can write to the Redis (a shared instance, a Redis without a password) can neither
run code in the web process nor log himself in as somebody else by planting a session there;
and whoever can read it finds no session id (the cookie) among its keys or values.
"""

import json
import pickle
from pathlib import Path

import pytest
import redis
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.urls import reverse

from accounts.sessions import SessionStore

from .accounts_helpers import member, session_key_for

needs_redis = pytest.mark.services


class Planted:
    """A pickle that creates a file when it is loaded: proof that loading runs code."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self):
        return (Path.touch, (self.path,))


def raw_redis() -> redis.Redis:
    return redis.Redis.from_url(settings.REDIS_URL)


def raw_key(key: str) -> str:
    return cache.make_and_validate_key(key)


def session_cache_key(session_key: str) -> str:
    return raw_key(SessionStore(session_key).cache_key)


@needs_redis
@pytest.mark.django_db
def test_the_cache_stores_json_not_pickles():
    cache.set("harden-probe", {"seat": 2, "names": ["anna"]})

    stored = raw_redis().get(raw_key("harden-probe"))

    assert stored == b'{"seat":2,"names":["anna"]}'
    assert cache.get("harden-probe") == {"seat": 2, "names": ["anna"]}


@needs_redis
@pytest.mark.django_db
def test_counters_still_count_in_redis():
    cache.set("harden-count", 0)
    cache.incr("harden-count")

    assert cache.get("harden-count") == 1


@needs_redis
@pytest.mark.django_db
def test_a_pickle_planted_as_a_session_runs_nothing_and_alice_stays_herself(client, tmp_path):
    alice = member("alice")
    key = session_key_for(alice)
    SessionStore(key).load()
    proof = tmp_path / "ran"
    raw_redis().set(session_cache_key(key), pickle.dumps(Planted(proof)))
    client.cookies[settings.SESSION_COOKIE_NAME] = key

    response = client.get(reverse("accounts:profile"))

    assert not proof.exists()
    assert response.status_code == 200
    assert response.wsgi_request.user == alice


@needs_redis
@pytest.mark.django_db
def test_a_session_written_into_redis_by_someone_else_logs_nobody_in(client):
    alice = member("alice")
    boss = member("boss", is_staff=True, is_superuser=True)
    key = session_key_for(alice)
    forged = json.dumps(
        {
            "_auth_user_id": str(boss.pk),
            "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
            "_auth_user_hash": boss.get_session_auth_hash(),
        }
    )
    raw_redis().set(session_cache_key(key), forged)
    client.cookies[settings.SESSION_COOKIE_NAME] = key

    response = client.get(reverse("accounts:profile"))

    assert response.wsgi_request.user == alice
    assert get_user_model().objects.filter(is_superuser=True).count() == 1


@needs_redis
@pytest.mark.django_db
def test_reading_the_redis_reveals_no_session_id(client):
    alice = member("alice")
    client.force_login(alice)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    redis_ = raw_redis()
    redis_.delete(session_cache_key(key))
    assert client.get(reverse("accounts:profile")).wsgi_request.user == alice  # cached again

    names = list(redis_.scan_iter())
    stored = {name: redis_.get(name) for name in names if redis_.type(name) == b"string"}

    assert redis_.exists(session_cache_key(key))
    assert not [name for name in names if key.encode() in name]
    assert not [name for name, value in stored.items() if value and key.encode() in value]


def test_celery_accepts_json_only():
    assert settings.CELERY_ACCEPT_CONTENT == ["json"]
    assert settings.CELERY_TASK_SERIALIZER == "json"


def test_the_compose_redis_requires_a_password():
    compose = (Path(settings.BASE_DIR) / "docker-compose.yml").read_text()
    assert "--requirepass" in compose
    assert "REDIS_URL: redis://:${REDIS_PASSWORD" in compose
