"""Sessions come from the cache, and from the database when the cache is out of reach."""

import logging

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.models import Session
from django.core import signing
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.urls import reverse

from accounts.sessions import SessionStore, cache_key_of

from .accounts_helpers import member


class UnreachableCache(LocMemCache):
    """A cache whose server is down: every read and write fails as redis-py's would."""

    def get(self, *args, **kwargs):
        raise ConnectionError("cache down")

    def set(self, *args, **kwargs):
        raise ConnectionError("cache down")


@pytest.fixture
def alice(db):
    return member("alice")


def test_a_session_is_read_from_the_cache_once_it_is_there(alice, client, settings):
    client.force_login(alice)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    SessionStore(key).load()  # fills the cache
    Session.objects.filter(session_key=key).update(session_data="")  # the database is bypassed

    assert SessionStore(key).load()["_auth_user_id"] == str(alice.pk)


def test_with_the_cache_down_a_member_stays_logged_in(alice, client, settings):
    client.force_login(alice)
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": f"{__name__}.UnreachableCache"},
    }

    response = client.get(reverse("accounts:profile"))

    assert response.status_code == 200
    assert response.wsgi_request.user == alice


class CacheTakingNoWrites(LocMemCache):
    """A cache that answers reads but refuses writes (a Redis out of memory, or read-only)."""

    def set(self, *args, **kwargs):
        raise ConnectionError("OOM command not allowed when used memory > 'maxmemory'")


def test_with_a_cache_that_takes_no_writes_a_member_logs_in_and_stays_logged_in(
    alice, client, settings, caplog
):
    settings.CACHES = {**settings.CACHES, "default": {"BACKEND": f"{__name__}.CacheTakingNoWrites"}}

    with caplog.at_level(logging.WARNING, logger="accounts.sessions"):
        client.force_login(alice)  # the session is saved to the database, not to the cache
        response = client.get(reverse("accounts:profile"))  # read from the database

    assert response.status_code == 200
    assert response.wsgi_request.user == alice
    assert {record.getMessage() for record in caplog.records} == {
        f"Error saving to cache ({caches['default']})",  # each save
        "session not cached (cache error)",  # the read that found no cached copy
    }


def test_a_session_planted_in_the_cache_without_the_sites_signature_is_ignored(
    alice, client, settings, caplog
):
    boss = member("boss", is_staff=True, is_superuser=True)
    client.force_login(alice)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    as_boss = {
        SESSION_KEY: str(boss.pk),
        BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
        HASH_SESSION_KEY: boss.get_session_auth_hash(),
    }
    forged = signing.dumps(as_boss, salt="accounts.sessions.cached", key="not the site's key")
    cache.set(cache_key_of(key), forged)

    with caplog.at_level(logging.WARNING, logger="accounts.sessions"):
        response = client.get(reverse("accounts:profile"))

    assert response.wsgi_request.user == alice
    assert [record.getMessage() for record in caplog.records] == [
        "a cached session without the site's signature was ignored"
    ]


def test_a_session_id_whose_copy_is_in_the_cache_is_not_handed_out_again(alice, client, settings):
    client.force_login(alice)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    SessionStore(key).load()  # fills the cache
    Session.objects.filter(session_key=key).delete()

    assert SessionStore().exists(key)


def test_a_session_ended_through_its_own_store_leaves_neither_its_row_nor_its_cached_copy(
    alice, client, settings
):
    client.force_login(alice)
    key = client.cookies[settings.SESSION_COOKIE_NAME].value
    store = SessionStore(key)
    store.load()  # fills the cache

    store.delete()
    SessionStore().delete()  # a store without a session has nothing to end

    assert not Session.objects.filter(session_key=key).exists()
    assert cache.get(cache_key_of(key)) is None


def test_the_async_session_calls_keep_the_signed_cached_copy_too(alice):
    # Django's own async versions would read and write the cache unsigned, under the session
    # id: whoever calls them (Channels saves a socket's session with `asave`) gets ours.
    store = SessionStore()
    store[SESSION_KEY] = str(alice.pk)
    async_to_sync(store.asave)()
    key = store.session_key

    assert async_to_sync(store.acache_key)() == cache_key_of(key)
    assert signing.loads(cache.get(cache_key_of(key)), salt="accounts.sessions.cached") == {
        SESSION_KEY: str(alice.pk)
    }
    cache.set(cache_key_of(key), {SESSION_KEY: "planted"})  # unsigned
    assert async_to_sync(SessionStore(key).aload)() == {SESSION_KEY: str(alice.pk)}
    assert async_to_sync(SessionStore().aexists)(key)

    async_to_sync(SessionStore().adelete)(key)

    assert not Session.objects.filter(session_key=key).exists()
    assert cache.get(cache_key_of(key)) is None
    assert not async_to_sync(SessionStore().aexists)(key)


def test_a_session_read_from_the_database_is_cached_only_until_it_expires(
    alice, time_machine, settings
):
    # An in-process cache, whose entries expire by the test's clock (Redis keeps its own).
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    }
    time_machine.move_to("2026-03-02 09:00:00+00:00", tick=False)
    store = SessionStore()
    store[SESSION_KEY] = str(alice.pk)
    store.set_expiry(60)
    store.save()
    cache.delete(store.cache_key)  # the cached copy is gone (evicted, say)
    assert SessionStore(store.session_key).load() == {
        SESSION_KEY: str(alice.pk),
        "_session_expiry": 60,
    }

    time_machine.move_to("2026-03-02 09:01:01+00:00", tick=False)

    assert SessionStore(store.session_key).load() == {}
