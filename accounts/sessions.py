"""Sessions read from the cache and written through to the database.

Every request and every socket reads its session, so it comes from the cache (Redis when
configured) rather than from PostgreSQL. Django's cached_db store already falls back to the
database when the cache cannot be read, but then re-fills the cache unguarded, so a Redis
outage turned every page into a 500; here re-filling is best effort, and skipped when the
cache has just failed to answer (a hung Redis costs one timeout, REDIS_SOCKET_TIMEOUT, not two).
Deleting (log out) still fails loudly when the cache is down: a session must not outlive its
logout in the cache.

The cached copy is signed with the SECRET_KEY (and stored as JSON by the cache): a session
written into the Redis by anyone else is not the site's, so it is ignored and the database's
copy is read instead. Whoever can write to the Redis can neither run code here nor log
himself in as another member by planting a session.

Its cache key is not the session id (Django's store uses the id itself, so reading the
Redis's keys handed out every signed-in member's cookie) but a keyed hash of it: whoever can
read the Redis learns no session id either.
"""

import functools
import hashlib
import hmac
import logging

from django.conf import settings
from django.contrib.sessions.backends import cached_db
from django.core import signing

logger = logging.getLogger(__name__)

_SALT = "accounts.sessions.cached"
_KEY_SALT = "accounts.sessions.cache-key"


@functools.cache
def _hash_key(secret: str) -> bytes:
    return hashlib.sha256(f"{_KEY_SALT}{secret}".encode()).digest()


def cache_key_of(session_key: str) -> str:
    """The cache key of a session: a keyed hash of its id (HMAC-SHA256 with a key derived from
    the SECRET_KEY, derived once), never the id (the cookie) itself."""
    digest = hmac.digest(_hash_key(settings.SECRET_KEY), session_key.encode(), "sha256")
    return cached_db.KEY_PREFIX + digest.hex()


def _sealed(data: dict) -> str:
    return signing.dumps(data, salt=_SALT)


def _opened(cached: object) -> dict | None:
    """The session data of a signed cache entry; None for a miss or anything not ours."""
    if not isinstance(cached, str):
        return None
    try:
        data = signing.loads(cached, salt=_SALT)
    except signing.BadSignature:
        logger.warning("a cached session without the site's signature was ignored")
        return None
    return data if isinstance(data, dict) else None


class SessionStore(cached_db.SessionStore):
    @property
    def cache_key(self) -> str:
        return cache_key_of(self._get_or_create_session_key())

    async def acache_key(self) -> str:
        return cache_key_of(await self._aget_or_create_session_key())

    def exists(self, session_key: str) -> bool:
        if session_key and cache_key_of(session_key) in self._cache:
            return True
        return super(cached_db.SessionStore, self).exists(session_key)

    async def aexists(self, session_key: str) -> bool:
        from asgiref.sync import sync_to_async

        return await sync_to_async(self.exists)(session_key)

    def delete(self, session_key: str | None = None) -> None:
        super(cached_db.SessionStore, self).delete(session_key)
        if session_key is None:
            if self.session_key is None:
                return
            session_key = self.session_key
        self._cache.delete(cache_key_of(session_key))

    async def adelete(self, session_key: str | None = None) -> None:
        from asgiref.sync import sync_to_async

        await sync_to_async(self.delete)(session_key)

    def load(self) -> dict:
        cache_answered = True
        try:
            data = _opened(self._cache.get(self.cache_key))
        except Exception:
            data, cache_answered = None, False
        if data is not None:
            return data
        stored = self._get_session_from_db()
        if not stored:
            return {}
        data = self.decode(stored.session_data)
        if not cache_answered:
            return data  # a hung Redis would cost the request its timeout a second time
        try:
            self._cache.set(
                self.cache_key, _sealed(data), self.get_expiry_age(expiry=stored.expire_date)
            )
        except Exception:
            logger.warning("session not cached (cache error)")
        return data

    async def aload(self) -> dict:
        from asgiref.sync import sync_to_async

        return await sync_to_async(self.load)()

    def save(self, must_create: bool = False) -> None:
        # The database's save, then the signed copy into the cache (best effort, as Django's).
        super(cached_db.SessionStore, self).save(must_create)
        try:
            self._cache.set(self.cache_key, _sealed(self._session), self.get_expiry_age())
        except Exception:
            logger.exception("Error saving to cache (%s)", self._cache)

    async def asave(self, must_create: bool = False) -> None:
        from asgiref.sync import sync_to_async

        await sync_to_async(self.save)(must_create)
