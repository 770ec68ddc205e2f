"""The member a request's session names, confirmed from a row the view reads anyway.

Why: Django's AuthenticationMiddleware reads the member's row the first time anything touches
`request.user`: a round trip to the database of its own, before the view has read anything.
The move POST reads every seated member's row under the game's lock in any case
(games.access), so a view marked `reads_member_itself` takes the session's claim instead (the
member's id, no query), lets its own reads bring the row, and confirms the claim there as
`django.contrib.auth.get_user` would: the model backend, an active member, the session's hash
of his password. Whatever that check cannot settle (another backend, a hash made with one of
the SECRET_KEY_FALLBACKS, an inactive member, a member the view's reads did not bring) goes
the ordinary way: `request.user`, which reads the row, verifies the session and ends a dead
one. Either way the member's language and zone are active afterwards, as
UserPreferencesMiddleware makes them for every other view.
"""

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.http import HttpRequest
from django.utils import timezone, translation
from django.utils.crypto import constant_time_compare

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def reads_member_itself(view: Callable) -> Callable:
    """Mark `view` as one that confirms its member from its own reads (`session_claim`):
    UserPreferencesMiddleware then leaves `request.user` unread."""
    view.reads_member_itself = True
    return view


def activate_preferences(request: HttpRequest, user) -> None:
    """The member's zone and language for the rest of the request (else no zone, and the
    browser's language that LocaleMiddleware chose)."""
    if user is not None and user.is_authenticated:
        timezone.activate(user.zone)
        if user.language:
            translation.activate(user.language)
            request.LANGUAGE_CODE = user.language
    else:
        timezone.deactivate()


class SessionClaim:
    """A request's member known only by the id his session names, until `confirm`."""

    def __init__(self, request: HttpRequest, pk: int) -> None:
        self.request = request
        self.pk = pk
        self.confirmed = False

    def confirm(self, row=None):
        """The request's member, with his preferences active: `row` (his row, read with the
        view's own reads) if the session is valid for it, else `request.user` read the
        ordinary way (an AnonymousUser for a session that no longer counts)."""
        request = self.request
        if row is not None and row.pk == self.pk and _session_valid_for(request, row):
            request._cached_user = row  # what AuthenticationMiddleware's lazy user returns
            user = row
        else:
            user = request.user  # Django's lazy user: read, verified (or ended) now
        activate_preferences(request, user)
        self.confirmed = True
        return user


def session_claim(request: HttpRequest) -> SessionClaim | None:
    """The claim of a request whose session names a member of the model backend (the one
    this site uses); None for a visitor, or a session `confirm` could not check."""
    session = request.session
    try:
        pk = get_user_model()._meta.pk.to_python(session[SESSION_KEY])
        backend = session[BACKEND_SESSION_KEY]
    except (KeyError, ValueError):
        return None
    if backend != MODEL_BACKEND or backend not in settings.AUTHENTICATION_BACKENDS:
        return None
    return SessionClaim(request, pk)


def _session_valid_for(request: HttpRequest, row) -> bool:
    """The checks of `django.contrib.auth.get_user` that need nothing but the row: an active
    member (ModelBackend.user_can_authenticate) whose password made the session's hash with
    the current SECRET_KEY."""
    if not getattr(row, "is_active", True):
        return False
    session_hash = request.session.get(HASH_SESSION_KEY)
    return bool(session_hash) and constant_time_compare(session_hash, row.get_session_auth_hash())
