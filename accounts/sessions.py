"""Sessions read from the cache and written through to the database.

Every request and every socket reads its session, so it comes from the cache (Redis when
configured) rather than from PostgreSQL. Django's cached_db store already falls back to the
database when the cache cannot be read, but then re-fills the cache unguarded, so a Redis
outage turned every page into a 500; here re-filling is best effort. Deleting (log out) still
fails loudly when the cache is down: a session must not outlive its logout in the cache.
"""

import logging

from django.contrib.sessions.backends import cached_db

logger = logging.getLogger(__name__)


class SessionStore(cached_db.SessionStore):
    def load(self) -> dict:
        try:
            data = self._cache.get(self.cache_key)
        except Exception:
            data = None
        if data is not None:
            return data
        stored = self._get_session_from_db()
        if not stored:
            return {}
        data = self.decode(stored.session_data)
        try:
            self._cache.set(self.cache_key, data, self.get_expiry_age(expiry=stored.expire_date))
        except Exception:
            logger.warning("session not cached (cache error)")
        return data
