"""Request middleware: the real client address, per-member language and zone, the CSP header."""

import functools
import ipaddress
from collections.abc import Callable
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import Resolver404, resolve
from django.utils import timezone

from accounts import members


def client_address(meta: dict, trusted_proxies: int) -> str:
    """The client's address: behind `trusted_proxies` proxies, the one the outermost proxy
    appended to X-Forwarded-For (that many entries from the right; the ones left of it were
    written by the client and mean nothing). Without proxies, or when the header is shorter
    than the chain or not an address, the socket's peer."""
    peer = meta.get("REMOTE_ADDR", "")
    if trusted_proxies <= 0:
        return peer
    entries = [e.strip() for e in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if e.strip()]
    if len(entries) < trusted_proxies:
        return peer
    candidate = entries[-trusted_proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return peer


class ClientAddressMiddleware:
    """Sets REMOTE_ADDR to the real client behind TRUSTED_PROXY_COUNT proxies (first in the
    chain, so the login limit and every other reader sees the same address). Daphne runs
    without `--proxy-headers`, which would take the leftmost, client-written address."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request.META["REMOTE_ADDR"] = client_address(request.META, settings.TRUSTED_PROXY_COUNT)
        return self.get_response(request)


class UserPreferencesMiddleware:
    """Activates the member's language (else the browser's, set by LocaleMiddleware) and zone.

    It runs after AuthenticationMiddleware, so it can read the profile; LocaleMiddleware has
    already chosen the browser's language for anonymous visitors. A view marked
    `accounts.members.reads_member_itself` reads the member's row with its own and activates
    his preferences then, so here `request.user` stays unread for it.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if _view_reads_member_itself(request):
            timezone.deactivate()  # until the view has confirmed its member
        else:
            members.activate_preferences(request, getattr(request, "user", None))
        return self.get_response(request)


def _view_reads_member_itself(request: HttpRequest) -> bool:
    try:
        match = resolve(request.path_info, getattr(request, "urlconf", None))
    except Resolver404:
        return False
    return getattr(match.func, "reads_member_itself", False)


def content_security_policy() -> str:
    """The policy: everything from the site itself. Sockets may connect to the site's own
    origin only ('self', and SITE_URL's ws/wss origin for browsers that do not count ws:
    as 'self'), never to any host."""
    return _policy_for(settings.SITE_URL)


@functools.lru_cache(maxsize=4)
def _policy_for(site_url: str) -> str:
    site = urlsplit(site_url)
    socket_origin = f"{'wss' if site.scheme == 'https' else 'ws'}://{site.netloc}"
    return "; ".join(
        [
            "default-src 'self'",
            "img-src 'self' data:",
            "style-src 'self' 'unsafe-inline'",
            "script-src 'self'",
            f"connect-src 'self' {socket_origin}",
            "frame-ancestors 'none'",
            "base-uri 'self'",
            "form-action 'self'",
        ]
    )


class ContentSecurityPolicyMiddleware:
    """Sends a Content-Security-Policy header whenever DEBUG is off.

    Scripts come only from our own static files, so templates must not use inline scripts or
    `on…=` attributes. With DEBUG on the header is left out, so the debug pages keep working.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not settings.DEBUG:
            response.headers.setdefault("Content-Security-Policy", content_security_policy())
        return response
