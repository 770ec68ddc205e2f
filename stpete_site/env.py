"""Small readers for environment variables that fail loudly with the variable's name."""

import os
from urllib.parse import urlparse

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def env_str(name: str, *, default: str) -> str:
    return os.environ.get(name, default)


def env_bool(name: str, *, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false, not {raw!r}.")


def env_int(name: str, *, default: int, least: int | None = None, most: int | None = None) -> int:
    """A whole number within [least, most] (either bound may be open)."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {raw!r}.") from None
    if (least is not None and value < least) or (most is not None and value > most):
        if most is None:
            bounds = f"{least} or more"
        elif least is None:
            bounds = f"{most} or less"
        else:
            bounds = f"from {least} to {most}"
        raise ImproperlyConfigured(f"{name} must be {bounds}, not {raw!r}.")
    return value


def env_url(name: str, *, default: str, schemes: set[str]) -> str:
    """A URL with one of `schemes` and a host (unix sockets: a path), or the empty default."""
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    parsed = urlparse(raw)
    if parsed.scheme not in schemes or not (parsed.netloc or parsed.path.strip("/")):
        wanted = ", ".join(f"{scheme}://" for scheme in sorted(schemes))
        raise ImproperlyConfigured(f"{name} must be a URL starting with {wanted}, not {raw!r}.")
    return raw


def env_list(name: str, *, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_choice(name: str, *, choices: list[str], default: str) -> str:
    raw = os.environ.get(name)
    if raw is None or raw == "":
        return default
    if raw not in choices:
        raise ImproperlyConfigured(f"{name} must be one of {', '.join(choices)}, not {raw!r}.")
    return raw
