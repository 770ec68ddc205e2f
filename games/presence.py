"""Who is looking at a game right now, kept in the cache with a short time to live.

The table's socket marks its user present while it is open (and refreshes the mark with
a heartbeat); reminders ask `is_watching` before e-mailing, so a player who has the game
open gets no e-mail about it. With REDIS_URL the cache is Redis and shared by every
process; embedded, it is the one process's memory, which is where eager tasks run too.
"""

import logging

from django.core.cache import cache

PRESENCE_SECONDS = 90

logger = logging.getLogger(__name__)


def _key(user_id: int, game_id: int | None) -> str:
    return f"presence:{user_id}:{game_id if game_id is not None else 'site'}"


def presence_mark(*, user_id: int, game_id: int | None) -> None:
    """Record that `user_id` has a page of `game_id` (None: any page of the site) open."""
    try:
        cache.set(_key(user_id, game_id), 1, timeout=PRESENCE_SECONDS)
    except Exception:  # presence is a courtesy; a cache outage must not break a page
        logger.warning("presence not recorded (cache error)")


def presence_clear(*, user_id: int, game_id: int | None) -> None:
    try:
        cache.delete(_key(user_id, game_id))
    except Exception:
        logger.warning("presence not cleared (cache error)")


def is_watching(*, user_id: int, game_id: int) -> bool:
    """Whether the user has the game open; False when the cache cannot say (mail goes out)."""
    try:
        return cache.get(_key(user_id, game_id)) is not None
    except Exception:
        logger.warning("presence unknown (cache error)")
        return False
