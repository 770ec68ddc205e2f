"""The periodic sweep: find what has come due and hand each item to its (idempotent) task.

Due times live in the database: `Seat.remind_at` (turn e-mails), `Game.warn_at` (the 80 %
warning), `Game.deadline` (timeouts), pending e-mail rows (whose task was lost) and each
digest member's daily digest time. The sweep only finds; every task claims its item with a
conditional UPDATE before acting, so two sweeps at once, a lost task or a duplicated one
delay nothing and send nothing twice. Celery beat runs it every SWEEP_INTERVAL_SECONDS;
embedded, `manage.py sweep --loop` does.

The sweep also finds every running game whose seat to act is a bot or a stand-in that has not
moved for BOT_TURN_GRACE_SECONDS since the last move: its task was refused (Redis down at the
commit), lost, or failed. The bot's task checks the version, so a late duplicate does nothing.

The sweep also queues the ratings update while a finished (or voided, or corrected) game is
still marked `rating_pending`: the update after its commit failed or was lost
(games.services.ratings).

Where a worker runs the post-game analyses (ANALYSIS_AFTER_GAME), the sweep also queues a few
finished games whose analysis was lost (its task or worker died), failed, is missing, or is of an
older analysis version (`analysis.analyses_claim_lost`: each claimed with a conditional UPDATE,
so none is queued twice, and none while ANALYSES_AT_ONCE are waiting or running). Embedded,
`manage.py analyse_games` runs them instead: inline, one analysis would hold up the sweep for
minutes.

The sweep also deletes `Notification` rows older than NOTIFICATION_KEEP_DAYS, a bounded number
of small batches per sweep, so a backlog is worked off over several sweeps without one long
DELETE holding locks.

One bad item never stops the others: when a task fails while it is handed over (embedded, tasks
run inline and their errors come back here; with Celery, the broker may refuse), the sweep
counts it in `SweepReport.failed` and goes on. The task has logged which game it was; the item
stays due, so the next sweep tries it again. A digest member whose digest time cannot even be
worked out (say, a damaged zone file for his time zone) is counted and logged the same way
while the sweep looks for what is due.
"""

import logging
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone

from accounts.models import EmailPreference
from games.models import Game, Notification, NotificationStatus, Seat, Status, TimeoutPolicy
from games.queue import enqueue
from games.services import analysis, notices, ratings

logger = logging.getLogger(__name__)

PENDING_GRACE = timedelta(minutes=2)
PRUNE_BATCH = 500
PRUNE_BATCHES_PER_SWEEP = 10


@dataclass
class SweepReport:
    turn_emails: list[int] = field(default_factory=list)
    warnings: list[int] = field(default_factory=list)
    deadlines: list[int] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)
    digests: list[int] = field(default_factory=list)
    bot_turns: list[tuple[int, int]] = field(default_factory=list)  # (game id, version)
    ratings_pending: bool = False
    analyses: list[int] = field(default_factory=list)  # games whose analysis was queued again
    pruned: int = 0
    failed: list[str] = field(default_factory=list)  # e.g. "deadline of game 12"

    def __str__(self) -> str:
        return (
            f"turn e-mails {len(self.turn_emails)}, warnings {len(self.warnings)}, "
            f"deadlines {len(self.deadlines)}, pending e-mails {len(self.pending)}, "
            f"digests {len(self.digests)}, old notifications deleted {self.pruned}, "
            f"failed {len(self.failed)}"
            + (f", bot turns {len(self.bot_turns)}" if self.bot_turns else "")
            + (", ratings to update" if self.ratings_pending else "")
            + (f", analyses queued {len(self.analyses)}" if self.analyses else "")
        )


def sweep_find(now: datetime) -> SweepReport:
    """The ids of everything due at `now` (reads only); a member whose digest time cannot be
    worked out is counted in `failed` and logged, and the others are still found."""
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
            )
            .order_by()
            .values_list("pk", flat=True)
        ),
    )
    digest_members = get_user_model().objects.filter(
        email_on_turn=EmailPreference.DIGEST, is_active=True, is_bot=False
    )
    for member in digest_members:
        try:
            due = notices.digest_is_due(member, now)
        except Exception:
            # e.g. a damaged zone file for his time zone: the others' digests still go out
            logger.exception(
                "sweep: could not tell whether the digest of member %s is due", member.pk
            )
            report.failed.append(f"digest of member {member.pk}")
            continue
        if due:
            report.digests.append(member.pk)
    report.bot_turns = bot_turns_due(now)
    report.ratings_pending = ratings.ratings_pending()
    return report


def bot_turns_due(now: datetime) -> list[tuple[int, int]]:
    """(game, version) of each running game whose seat to act is a bot or a stand-in and whose
    last move is at least BOT_TURN_GRACE_SECONDS old, the longest waiting first."""
    cutoff = now - timedelta(seconds=settings.BOT_TURN_GRACE_SECONDS)
    seats = (
        Seat.objects.filter(game__status=Status.RUNNING, game__last_move_at__lte=cutoff)
        .filter(Q(is_bot=True) | Q(stand_in=True))
        .order_by("game__last_move_at", "game_id")
        .values_list("game_id", "game__version", "game__to_act", "position")
    )
    due: list[tuple[int, int]] = []
    for game_id, version, to_act, position in seats:
        if position in (to_act or []) and (game_id, version) not in due:
            due.append((game_id, version))
    return due


def notifications_prune(now: datetime) -> int:
    """Delete up to PRUNE_BATCHES_PER_SWEEP batches of notifications older than the keep time.

    Each batch is its own short statement. A pending e-mail deleted here is only reported as
    "not_pending" by its task, so pruning never races a send into an error.
    """
    if not settings.NOTIFICATION_KEEP_DAYS:
        return 0
    cutoff = now - timedelta(days=settings.NOTIFICATION_KEEP_DAYS)
    # Every status, so the (status, created_at) index finds the old rows.
    old = (
        Notification.objects.filter(status__in=NotificationStatus.values, created_at__lt=cutoff)
        .order_by()
        .values_list("pk", flat=True)
    )
    deleted = 0
    for _batch in range(PRUNE_BATCHES_PER_SWEEP):
        ids = list(old[:PRUNE_BATCH])
        if ids:
            deleted += Notification.objects.filter(pk__in=ids).delete()[0]
        if len(ids) < PRUNE_BATCH:
            break
    return deleted


def sweep(now: datetime | None = None) -> SweepReport:
    """Find the due items and queue one task per item (run inline when tasks are eager);
    then prune old notifications."""
    now = now or timezone.now()
    report = sweep_find(now)
    work = [
        ("send_turn_email", "turn e-mail of seat", report.turn_emails),
        ("warn_deadline", "deadline warning of game", report.warnings),
        ("expire_deadline", "deadline of game", report.deadlines),
        ("send_notification_email", "e-mail of notification", report.pending),
        ("send_digest", "digest of member", report.digests),
    ]
    for task, what, ids in work:
        for item_id in ids:
            try:
                enqueue(task, item_id)
            except Exception as exc:
                # The task logged its traceback with the game; say here that the sweep went on.
                logger.warning("sweep: the %s %s failed (%r); going on", what, item_id, exc)
                report.failed.append(f"{what} {item_id}")
    for game_id, version in report.bot_turns:
        try:
            enqueue("play_bot_turn", game_id, version)
        except Exception as exc:
            logger.warning("sweep: the bot turn of game %s failed (%r); going on", game_id, exc)
            report.failed.append(f"bot turn of game {game_id}")
    if report.ratings_pending:
        try:
            enqueue("update_ratings")
        except Exception as exc:
            logger.warning("sweep: the ratings update failed (%r); going on", exc)
            report.failed.append("ratings update")
    if settings.ANALYSIS_AFTER_GAME:
        report.analyses = analysis.analyses_claim_lost(now)
        for game_id in report.analyses:
            try:
                enqueue("analyse_game", game_id)
            except Exception as exc:
                # Still marked pending: queued again once that is ANALYSIS_STALE_SECONDS old.
                logger.warning("sweep: the analysis of game %s failed (%r); going on", game_id, exc)
                report.failed.append(f"analysis of game {game_id}")
    report.pruned = notifications_prune(now)
    return report
