"""A member's open sockets close when his session ends or changes.

Sockets are authenticated once, at the handshake; without this a page left open would go on
hearing pushes after its member logged out, changed his password (which ends his other
sessions) or was deactivated. Each of those closes all of his sockets
(`realtime.user_sockets_close`, after the commit); every page then reconnects, and only a page
whose session is still valid gets back in (the others get 4401 and stop). Endings that send
no signal (expiry, sessions deleted in bulk, `QuerySet.update(is_active=False)`) are caught by
each socket's own periodic check of its session (games/consumers.py).
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.signals import user_logged_out
from django.db import transaction
from django.db.models.signals import post_save, pre_save

from games import realtime

WATCHED_FIELDS = ("password", "is_active")


def _close_after_commit(user_id: int) -> None:
    transaction.on_commit(lambda: realtime.user_sockets_close(user_id), robust=True)


def _on_logged_out(sender, request, user, **kwargs) -> None:
    if user is not None:
        _close_after_commit(user.pk)


def _remember_old_values(sender, instance, update_fields=None, **kwargs) -> None:
    """Before a member is saved: note whether his password or active flag is changing."""
    instance._sockets_close = False
    if instance.pk is None:
        return
    if update_fields is not None and not set(WATCHED_FIELDS) & set(update_fields):
        return  # e.g. last_login at each login: nothing to compare
    before = sender.objects.filter(pk=instance.pk).values(*WATCHED_FIELDS).first()
    if before is not None and any(before[f] != getattr(instance, f) for f in WATCHED_FIELDS):
        instance._sockets_close = True


def _close_if_changed(sender, instance, created=False, **kwargs) -> None:
    if getattr(instance, "_sockets_close", False):
        instance._sockets_close = False
        _close_after_commit(instance.pk)


def connect_signals() -> None:
    User = get_user_model()
    user_logged_out.connect(_on_logged_out, dispatch_uid="games.session_sockets.logout")
    pre_save.connect(_remember_old_values, sender=User, dispatch_uid="games.session_sockets.pre")
    post_save.connect(_close_if_changed, sender=User, dispatch_uid="games.session_sockets.post")
