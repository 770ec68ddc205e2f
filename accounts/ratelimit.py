"""Limits on failed logins and on password-reset e-mails, kept in Django's cache.

Two limits, each a fixed window of LOGIN_WINDOW seconds that starts with its first failure:

- per username and client address: LOGIN_FAILURES_MAX failures, after which the login form
  refuses even the right password from that address until the window has passed;
- per username from anywhere: ACCOUNT_FAILURES_MAX failures, so a guesser spread over many
  addresses is stopped too. So that nobody can use it to lock a member out, it does not apply
  in a browser that has logged in with that name before (the signed KNOWN_BROWSER_COOKIE,
  set at each good login); elsewhere the member waits at most one window.

The client address is REMOTE_ADDR as set by `accounts.middleware.ClientAddressMiddleware`
(the real client behind TRUSTED_PROXY_COUNT proxies, never an address the client wrote).

The window's start is stored beside the count and checked against the clock here, not only
through the cache's expiry, so the rule holds the same on every cache backend.

If the cache cannot be reached the limits fail open (logins are counted again once it is back):
a Redis outage must not lock every member out.
"""

import functools
import hashlib
import logging
import time

from django.core import signing
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse

LOGIN_FAILURES_MAX = 10
ACCOUNT_FAILURES_MAX = 50
LOGIN_WINDOW = 15 * 60
RESET_PER_ADDRESS = 3  # password-reset e-mails to one address per RESET_WINDOW
RESET_PER_CLIENT = 10  # password-reset requests from one client address per RESET_WINDOW
RESET_WINDOW = 60 * 60
KNOWN_BROWSER_COOKIE = "stpete_known"
KNOWN_BROWSER_DAYS = 365
_KNOWN_SALT = "accounts.ratelimit.known-browser"

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


def _name(username: str) -> str:
    return username.strip().casefold()


def _address_key(username: str, request: HttpRequest | None) -> str:
    address = request.META.get("REMOTE_ADDR", "") if request is not None else ""
    raw = f"{_name(username)}|{address}".encode()
    return "login-failures:" + hashlib.sha256(raw).hexdigest()


def _account_key(username: str) -> str:
    return "login-failures-account:" + hashlib.sha256(_name(username).encode()).hexdigest()


def _used_up(key: str, most: int, window: int = LOGIN_WINDOW) -> bool:
    since = cache.get(key + ":since")
    if since is None or time.time() - since >= window:
        return False
    return cache.get(key, 0) >= most


def _count(key: str, window: int = LOGIN_WINDOW) -> None:
    since = cache.get(key + ":since")
    if since is not None and time.time() - since >= window:
        cache.delete_many([key, key + ":since"])
    if cache.add(key + ":since", time.time(), timeout=window):
        cache.set(key, 0, timeout=window)
    try:
        cache.incr(key)
    except ValueError:  # The entry expired between add() and incr(): start a new window.
        cache.set(key, 1, timeout=window)


def known_browser(username: str, request: HttpRequest | None) -> bool:
    """Whether this browser carries the signed mark of a good login with `username`."""
    if request is None:
        return False
    try:
        marked = request.get_signed_cookie(
            KNOWN_BROWSER_COOKIE, salt=_KNOWN_SALT, max_age=KNOWN_BROWSER_DAYS * 86400
        )
    except (KeyError, signing.BadSignature):
        return False
    return marked == _name(username)


def known_browser_mark(response: HttpResponse, username: str, *, secure: bool) -> None:
    """Mark the browser of a good login (see `known_browser`)."""
    response.set_signed_cookie(
        KNOWN_BROWSER_COOKIE,
        _name(username),
        salt=_KNOWN_SALT,
        max_age=KNOWN_BROWSER_DAYS * 86400,
        secure=secure,
        httponly=True,
        samesite="Lax",
    )


@_fail_open(False)
def login_blocked(username: str, request: HttpRequest | None) -> bool:
    """Whether this username has used up its failed attempts, from this address or overall
    (the overall limit not in a browser it logged in with before)."""
    if _used_up(_address_key(username, request), LOGIN_FAILURES_MAX):
        return True
    if known_browser(username, request):
        return False
    return _used_up(_account_key(username), ACCOUNT_FAILURES_MAX)


@_fail_open(None)
def login_failed(username: str, request: HttpRequest | None) -> None:
    """Count one failed login for this username, from this address and overall."""
    _count(_address_key(username, request))
    _count(_account_key(username))


@_fail_open(None)
def login_succeeded(username: str, request: HttpRequest | None) -> None:
    """Forget the failures of this username from this address after a good login (the overall
    count stays: one good login must not reset a distributed guesser's budget)."""
    key = _address_key(username, request)
    cache.delete_many([key, key + ":since"])


@_fail_open(True)
def reset_mail_allowed(email: str, request: HttpRequest | None) -> bool:
    """Count a password-reset request; whether its e-mail may go out: at most RESET_PER_ADDRESS
    to one address and RESET_PER_CLIENT requests from one client per RESET_WINDOW. The page
    answers the same either way, so the limit tells nobody whether an address is known."""
    address = request.META.get("REMOTE_ADDR", "") if request is not None else ""
    to_key = "reset-to:" + hashlib.sha256(_name(email).encode()).hexdigest()
    from_key = "reset-from:" + hashlib.sha256(address.encode()).hexdigest()
    if _used_up(from_key, RESET_PER_CLIENT, RESET_WINDOW):
        return False
    _count(from_key, RESET_WINDOW)
    if _used_up(to_key, RESET_PER_ADDRESS, RESET_WINDOW):
        return False
    _count(to_key, RESET_WINDOW)
    return True
