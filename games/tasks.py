"""Celery interface of the games app: thin tasks that take ids and call services.

Each task re-reads the database and claims its item before acting (the turn may have moved
on, another worker may have been quicker), so running one twice or late is harmless.
"""

from celery import shared_task


@shared_task(acks_late=True)
def play_bot_turn(game_id: int, version: int) -> None:
    """Let the bot to act at `version` make its move (does nothing if the game moved on)."""
    from games.services.bots import bot_turn_play

    bot_turn_play(game_id=game_id, version=version)


@shared_task(acks_late=True)
def sweep_due() -> str:
    """Celery beat, every SWEEP_INTERVAL_SECONDS: queue a task for each due item."""
    from games.services.sweep import sweep

    return str(sweep())


@shared_task(acks_late=True)
def send_turn_email(seat_id: int) -> str:
    from games.notifications import turn_email_send

    return turn_email_send(seat_id)


@shared_task(acks_late=True)
def send_notification_email(notification_id: int) -> str:
    from games.notifications import notification_email_send

    return notification_email_send(notification_id)


@shared_task(acks_late=True)
def send_digest(user_id: int) -> str:
    from games.notifications import digest_send

    return digest_send(user_id)


@shared_task(acks_late=True)
def warn_deadline(game_id: int) -> str:
    from games.services.timeouts import deadline_warn

    return deadline_warn(game_id=game_id)


@shared_task(acks_late=True)
def expire_deadline(game_id: int) -> str:
    from games.services.timeouts import deadline_expire

    return deadline_expire(game_id=game_id)


@shared_task(acks_late=True)
def update_ratings() -> str:
    """After a game finished, or an admin voided or corrected one: take it into the ratings
    (the sweep queues this again while a game is still pending)."""
    from games.services.ratings import ratings_update

    return str(ratings_update())
