"""The WebSocket origin check: a socket is let in only from one of the site's own origins.

Channels' AllowedHostsOriginValidator compares only the host name with ALLOWED_HOSTS, so a
page on any port of an allowed host (another service on that machine) could open a member's
sockets. Here the whole origin (scheme, host and port) must be the one the socket was opened
to (the Host header, which the proxy keeps), SITE_URL's, or one of CSRF_TRUSTED_ORIGINS, and
its host must be allowed.
"""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def origin_allowed(origin: str, host: str) -> bool:
    """Whether a socket opened to `host` (the Host header) from `origin` may connect."""
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    domain, _port = split_domain_port(parts.netloc)
    if not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    trusted = {_origin_of(settings.SITE_URL), *map(_origin_of, settings.CSRF_TRUSTED_ORIGINS)}
    return parts.netloc.lower() == host.lower() or _origin_of(origin) in trusted


class SameOriginValidator:
    """ASGI middleware: refuses a WebSocket handshake whose Origin is not the site's own."""

    def __init__(self, application) -> None:
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket":
            headers = dict(scope.get("headers", []))
            origin = headers.get(b"origin", b"").decode("latin1")
            host = headers.get(b"host", b"").decode("latin1")
            if not origin or not origin_allowed(origin, host):
                return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
