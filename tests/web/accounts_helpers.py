"""Small helpers shared by the web tests (plain functions, so no fixture shadowing).

`member()` is the one way the web and integration tests make a club member.
"""

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from accounts.models import User

PASSWORD = "a quiet game of cards"


def member(username: str, **fields) -> User:
    """A club member with the test password, and an e-mail address and a display name of
    their name (e.g. alice@example.org, "Alice") unless `fields` say otherwise."""
    fields.setdefault("email", f"{username}@example.org")
    fields.setdefault("display_name", username.title())
    return User.objects.create_user(username=username, password=PASSWORD, **fields)


def session_key_for(user: User) -> str:
    """A stored login session of `user`: the value of the sessionid cookie a browser would hold."""
    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def signup_data(username: str = "carol", **extra) -> dict[str, str]:
    return {
        "username": username,
        "email": f"{username}@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **extra,
    }
