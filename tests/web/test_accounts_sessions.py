"""Sessions come from the cache, and from the database when the cache is out of reach."""

import pytest
from django.contrib.sessions.models import Session
from django.core.cache.backends.locmem import LocMemCache
from django.urls import reverse

from accounts.sessions import SessionStore

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
