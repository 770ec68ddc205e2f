"""Small helpers shared by the accounts tests (plain functions, so no fixture shadowing)."""

from accounts.models import User

PASSWORD = "a quiet game of cards"


def member(username: str, **fields) -> User:
    """A club member with the test password and an e-mail address of their name."""
    fields.setdefault("email", f"{username}@example.org")
    return User.objects.create_user(username=username, password=PASSWORD, **fields)


def signup_data(username: str = "carol", **extra) -> dict[str, str]:
    return {
        "username": username,
        "email": f"{username}@example.org",
        "password1": PASSWORD,
        "password2": PASSWORD,
        **extra,
    }
