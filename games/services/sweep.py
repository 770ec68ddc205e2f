"""The periodic sweep: find what has come due and hand each item to its (idempotent) task.

Due times live in the database: `Seat.remind_at` (turn e-mails), `Game.warn_at` (the 80 %
warning), `Game.deadline` (timeouts), pending e-mail rows (whose task was lost) and each
digest member's daily digest time. The sweep only finds; every task claims its item with a
conditional UPDATE before acting, so two sweeps at once, a lost task or a duplicated one
delay nothing and send nothing twice. Celery beat runs it every SWEEP_INTERVAL_SECONDS;
embedded, `manage.py sweep --loop` does.
"""

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts.models import EmailPreference
from games import notifications
from games.models import Game, Notification, NotificationStatus, Seat, Status, TimeoutPolicy

PENDING_GRACE = timedelta(minutes=2)


@dataclass
class SweepReport:
    turn_emails: list[int] = field(default_factory=list)
    warnings: list[int] = field(default_factory=list)
    deadlines: list[int] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    digests: list[int] = field(default_factory=list)

    def __str__(self) -> str:
        return (
            f"turn e-mails {len(self.turn_emails)}, warnings {len(self.warnings)}, "
            f"deadlines {len(self.deadlines)}, pending e-mails {len(self.pending)}, "
            f"digests {len(self.digests)}"
        )


def sweep_find(now: datetime) -> SweepReport:
    """The ids of everything due at `now` (reads only)."""
    running = Game.objects.filter(status=Status.RUNNING)
    report = SweepReport(
        turn_emails=list(
            Seat.objects.filter(remind_at__lte=now, game__status=Status.RUNNING)
            .order_by("remind_at")
            .values_list("pk", flat=True)
        ),
        warnings=list(running.filter(warn_at__lte=now).values_list("pk", flat=True)),
        deadlines=list(
            running.filter(deadline__lte=now)
            .exclude(timeout_policy=TimeoutPolicy.NONE)
            .order_by("deadline")
            .values_list("pk", flat=True)
        ),
        pending=list(
            Notification.objects.filter(
                status=NotificationStatus.PENDING, created_at__lte=now - PENDING_GRACE
            ).values_list("pk", flat=True)
        ),
    )
    digest_members = get_user_model().objects.filter(
        email_on_turn=EmailPreference.DIGEST, is_active=True, is_bot=False
    )
    report.digests = [u.pk for u in digest_members if notifications.digest_is_due(u, now)]
    return report


def sweep(now: datetime | None = None) -> SweepReport:
    """Find the due items and queue one task per item (run inline when tasks are eager)."""
    from games import tasks

    report = sweep_find(now or timezone.now())
    for seat_id in report.turn_emails:
        tasks.send_turn_email.delay(seat_id)
    for game_id in report.warnings:
        tasks.warn_deadline.delay(game_id)
    for game_id in report.deadlines:
        tasks.expire_deadline.delay(game_id)
    for notification_id in report.pending:
        tasks.send_notification_email.delay(notification_id)
    for user_id in report.digests:
        tasks.send_digest.delay(user_id)
    return report
