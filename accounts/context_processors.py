"""Template context every page needs from accounts: the club's sign-up mode."""

from typing import Any

from django.conf import settings
from django.http import HttpRequest


def club(request: HttpRequest) -> dict[str, Any]:
    return {"signup_mode": settings.SIGNUP_MODE}
