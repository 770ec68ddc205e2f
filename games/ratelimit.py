"""A limit on move submissions per member, kept in Django's cache.

At most MOVE_RATE_LIMIT move POSTs per member within a fixed window of MOVE_RATE_WINDOW
seconds (settings); more are answered 429 `rate_limited` without touching the game. A
person clicking never comes near it; it stops a script hammering the endpoint.

The count lives in the cache (Redis in a deployment, so every web process shares it). If the
cache is unreachable the limit fails open: moves are the site's purpose, and a Redis outage
must not stop them (the database still serialises every game's writes).
"""

import logging
import time

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)


# The table chat: a few lines in a short while, so a conversation flows but a flood stops.
CHAT_RATE_LIMIT = 5
CHAT_RATE_WINDOW = 20


def move_rate_exceeded(user_id: int) -> bool:
    """Count one move submission of `user_id`; True if it is over this window's limit."""
    return _exceeded("move-rate", user_id, settings.MOVE_RATE_LIMIT, settings.MOVE_RATE_WINDOW)


def chat_rate_exceeded(user_id: int) -> bool:
    """Count one chat line of `user_id`; True if it is over this window's limit."""
    return _exceeded("chat-rate", user_id, CHAT_RATE_LIMIT, CHAT_RATE_WINDOW)


def _exceeded(name: str, user_id: int, limit: int, window: int) -> bool:
    if limit <= 0:
        return False
    key = f"{name}:{user_id}:{int(time.time() // window)}"
    try:
        cache.add(key, 0, timeout=window + 1)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add() and incr(): a new window
            cache.set(key, 1, timeout=window + 1)
            count = 1
    except Exception:
        logger.warning("%s limit unavailable (cache error); letting it through", name)
        return False
    return count > limit


def retry_after() -> int:
    """Seconds until the current window ends (for the Retry-After header)."""
    window = settings.MOVE_RATE_WINDOW
    return max(1, int(window - time.time() % window))
