"""Celery interface of the games app: thin tasks that take ids and call services.

Each task re-reads the database and claims its item before acting (the turn may have moved
on, another worker may have been quicker), so running one twice or late is harmless. A task
that fails logs which game (or member) it was about before Celery records the failure, so a
broken game can be found from the log; its due time stays set and the next sweep tries again.
"""

import logging
from collections.abc import Callable

from celery import shared_task

logger = logging.getLogger(__name__)


def _logged(what: str | Callable[[], str], work: Callable[[], str]) -> str:
    """Run one item's work; on an error log what it was about, then let the error go on."""
    try:
        return work()
    except Exception:
        logger.exception("%s failed", what() if callable(what) else what)
        raise


def _turn_email(seat_id: int) -> str:
    from games.models import Seat

    game_id = Seat.objects.filter(pk=seat_id).values_list("game_id", flat=True).first()
    return f"the turn e-mail of seat {seat_id} in game {game_id}"


@shared_task(acks_late=True)
def play_bot_turn(game_id: int, version: int) -> str:
    """Let the bot to act at `version` make its move (does nothing if the game moved on).

    Queued after the commit that made it the bot's turn, and again by the sweep while the bot
    has not moved, so a refused, lost or failed turn is retried, never dropped."""
    from games.services.bots import bot_turn_play

    return _logged(
        f"the bot turn of game {game_id} at version {version}",
        lambda: "moved" if bot_turn_play(game_id=game_id, version=version) else "nothing to do",
    )


@shared_task(acks_late=True)
def sweep_due() -> str:
    """Celery beat, every SWEEP_INTERVAL_SECONDS: queue a task for each due item."""
    from games.services.sweep import sweep

    return str(sweep())


@shared_task(acks_late=True)
def send_turn_email(seat_id: int) -> str:
    from games.services.notices import turn_email_send

    return _logged(lambda: _turn_email(seat_id), lambda: turn_email_send(seat_id))


@shared_task(acks_late=True)
def send_notification_email(notification_id: int) -> str:
    from games.services.notices import notification_email_send

    return _logged(
        f"the e-mail of notification {notification_id}",
        lambda: notification_email_send(notification_id),
    )


@shared_task(acks_late=True)
def send_digest(user_id: int) -> str:
    from games.services.notices import digest_send

    return _logged(f"the digest of member {user_id}", lambda: digest_send(user_id))


@shared_task(acks_late=True)
def warn_deadline(game_id: int) -> str:
    from games.services.timeouts import deadline_warn

    return _logged(
        f"the deadline warning of game {game_id}", lambda: deadline_warn(game_id=game_id)
    )


@shared_task(acks_late=True)
def expire_deadline(game_id: int) -> str:
    from games.services.timeouts import deadline_expire

    return _logged(f"the deadline of game {game_id}", lambda: deadline_expire(game_id=game_id))


@shared_task(acks_late=True)
def update_ratings() -> str:
    """After a game finished, or an admin voided or corrected one: take it into the ratings
    (the sweep queues this again while a game is still pending)."""
    from games.services.ratings import ratings_update

    return _logged("the ratings update", lambda: str(ratings_update()))


@shared_task(acks_late=True)
def analyse_game(game_id: int) -> str:
    """After a game finished (or its analysis version changed): the post-game analysis."""
    from games.services.analysis import analysis_run

    return _logged(f"the analysis of game {game_id}", lambda: analysis_run(game_id))
