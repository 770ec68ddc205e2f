"""Per-member language and time zone, following the member's profile."""

from collections.abc import Callable

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
