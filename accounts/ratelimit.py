"""A small limit on failed logins, kept in Django's cache.

At most LOGIN_FAILURES_MAX failed logins per username and IP address within LOGIN_WINDOW
seconds; after that the login form refuses even the right password until the window has
passed. The window starts with the first failure (a fixed window, not a sliding one).

The window's start is stored beside the count and checked against the clock here, not only
through the cache's expiry, so the rule holds the same on every cache backend.

The default cache is per process (LocMem); a club running several web processes should
configure a shared cache (e.g. Redis) so the count is shared too. If the cache cannot be
reached the limit fails open (logins are counted again once it is back): a Redis outage
must not lock every member out.
"""

import functools
import hashlib
import logging
import time

from django.core.cache import cache
from django.http import HttpRequest

LOGIN_FAILURES_MAX = 10
LOGIN_WINDOW = 15 * 60

logger = logging.getLogger(__name__)


def _fail_open(default):
    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            try:
                return func(*args, **kwargs)
            except Exception:
                logger.warning("login limit unavailable (cache error) in %s", func.__name__)
                return default

        return wrapper

    return decorate


def _key(username: str, request: HttpRequest | None) -> str:
    address = request.META.get("REMOTE_ADDR", "") if request is not None else ""
    raw = f"{username.strip().casefold()}|{address}".encode()
    return "login-failures:" + hashlib.sha256(raw).hexdigest()


@_fail_open(False)
def login_blocked(username: str, request: HttpRequest | None) -> bool:
    """Whether this username and address have used up their failed attempts."""
    key = _key(username, request)
    since = cache.get(key + ":since")
    if since is None or time.time() - since >= LOGIN_WINDOW:
        return False
    return cache.get(key, 0) >= LOGIN_FAILURES_MAX


@_fail_open(None)
def login_failed(username: str, request: HttpRequest | None) -> None:
    """Count one failed login for this username and address."""
    key = _key(username, request)
    since = cache.get(key + ":since")
    if since is not None and time.time() - since >= LOGIN_WINDOW:
        cache.delete_many([key, key + ":since"])
    if cache.add(key + ":since", time.time(), timeout=LOGIN_WINDOW):
        cache.set(key, 0, timeout=LOGIN_WINDOW)
    try:
        cache.incr(key)
    except ValueError:  # The entry expired between add() and incr(): start a new window.
        cache.set(key, 1, timeout=LOGIN_WINDOW)


@_fail_open(None)
def login_succeeded(username: str, request: HttpRequest | None) -> None:
    """Forget the failures of this username and address after a good login."""
    key = _key(username, request)
    cache.delete_many([key, key + ":since"])
