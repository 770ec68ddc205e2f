"""Per-member language and time zone, following the member's profile."""

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation


class UserPreferencesMiddleware:
    """Activates the member's language (else the browser's, set by LocaleMiddleware) and zone.

    It runs after AuthenticationMiddleware, so it can read the profile; LocaleMiddleware has
    already chosen the browser's language for anonymous visitors.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            timezone.activate(user.zone)
            if user.language:
                translation.activate(user.language)
                request.LANGUAGE_CODE = user.language
        else:
            timezone.deactivate()
        return self.get_response(request)


CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "img-src 'self' data:",
        "style-src 'self' 'unsafe-inline'",
        "script-src 'self'",
        "connect-src 'self' ws: wss:",
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
            response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        return response
