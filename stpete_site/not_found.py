"""The friendly "page not found" for any address no pattern matches, also with DEBUG on.

Django shows its technical 404 page (the URL patterns) whenever DEBUG is on, and the default
`scripts/dev.py run` has DEBUG on, so a member following a stale link saw a debugging page.
This view is the last URL pattern: it answers what nothing else does with the site's 404 page.
Being a catch-all, it also does CommonMiddleware's APPEND_SLASH redirect itself (that
middleware only redirects when the address does not resolve at all).
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.shortcuts import render
from django.urls import Resolver404, resolve


def _with_slash(request: HttpRequest) -> str | None:
    """The same address with a slash added, if that is a real page."""
    if not settings.APPEND_SLASH or request.path_info.endswith("/"):
        return None
    try:
        match = resolve(request.path_info + "/")
    except Resolver404:
        return None
    return None if match.func is not_found else request.get_full_path(force_append_slash=True)


def not_found(request: HttpRequest, path: str = "") -> HttpResponse:
    """The site's 404 page (templates/404.html), or a redirect to the address with a slash."""
    redirect = _with_slash(request)
    if redirect is not None and request.method in {"GET", "HEAD"}:
        return HttpResponsePermanentRedirect(redirect)
    return render(request, "404.html", status=404)
