"""Telling members about their games: who gets which notice when, and the record of each.

The service half of the notices: it decides, claims and writes (`Notification` rows, the
seats' and members' due times); `games.emails` renders and sends an e-mail and writes nothing.
Every decision is a `Notification` row (sent, or skipped with a reason), listed on the
member's notifications page and in the admin. Rules:

- A turn starts: a live notice at once; an e-mail per the member's preference (at once /
  after some hours / daily digest only / never), due at `Seat.remind_at` and sent only if he
  has no page of that game open, is not on vacation and it is still his turn.
- At most one turn e-mail (your turn, reminder, deadline warning, timeout, bot took over) per
  member per settings.TURN_EMAIL_MIN_MINUTES (`User.last_turn_email_at`, claimed with a
  conditional UPDATE): a due turn e-mail waits until then; other notices are skipped.
- Game ends go by `email_on_game_end`; the daily digest by the digest preference.

Due items are claimed with a conditional UPDATE before anything is sent, so a duplicated task
or two sweeps at once send nothing twice. Sending happens only after the commit.
"""

import logging
from datetime import datetime, time, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from accounts.models import EmailPreference
from games import emails, presence, realtime
from games.models import (
    Game,
    Notification,
    NotificationChannel,
    NotificationKind,
    NotificationStatus,
    Seat,
    Status,
)
from games.queue import enqueue
from games.statements import Writes
from games.vacation_calendar import is_on_vacation

Kind = NotificationKind
logger = logging.getLogger(__name__)


def _row(user, game, kind, channel, status, reason="", text="", params=None) -> Notification:
    """A notice's record, not yet saved."""
    return Notification(
        user=user,
        game=game,
        kind=kind,
        channel=channel,
        status=status,
        reason=reason,
        text=text[:200],
        params=params or {},
        sent_at=timezone.now() if status == NotificationStatus.SENT else None,
    )


def _record(user, game, kind, channel, status, reason="", text="", params=None) -> Notification:
    row = _row(user, game, kind, channel, status, reason, text, params)
    row.save()
    return row


def _live_notice(game: Game, kind: str, text: str) -> dict:
    """What a member's open pages show of a live notice (games/static notices.js)."""
    return {
        "kind": str(kind),
        "game": game.pk,
        "game_id": game.pk,  # the name the pages' notices.js reads
        "title": game.title,
        "text": text,
        "url": reverse("games:detail", args=[game.pk]),
    }


def _live(user, game: Game, kind: str) -> None:
    """Record a live notice and push it to his open pages after the commit."""
    text = emails.headline_for(user, kind, game)
    _record(user, game, kind, NotificationChannel.LIVE, NotificationStatus.SENT, text=text)
    notice = _live_notice(game, kind, text)
    user_id = user.pk
    transaction.on_commit(lambda: realtime.user_notify(user_id, notice), robust=True)


def _throttle_claim(user, now: datetime) -> datetime | None:
    """Claim the member's turn e-mail slot: None if claimed, else when it frees up."""
    gap = timedelta(minutes=settings.TURN_EMAIL_MIN_MINUTES)
    User = get_user_model()
    claimed = (
        User.objects.filter(pk=user.pk)
        .filter(Q(last_turn_email_at__isnull=True) | Q(last_turn_email_at__lte=now - gap))
        .update(last_turn_email_at=now)
    )
    if claimed:
        return None
    last = User.objects.filter(pk=user.pk).values_list("last_turn_email_at", flat=True).first()
    return (last or now) + gap


# ---------------------------------------------------------------- turns


def turn_started(
    game: Game, *, seats: list[Seat], now: datetime, writes: Writes | None = None
) -> None:
    """It became these seats' turn: live notices now, e-mails when due (inside the move's
    transaction; the caller passes only human seats, with their users, read under the lock).

    Works out every record and due time first, queues them in `writes` as one INSERT (and an
    UPDATE only for a seat whose `remind_at` changes; without `writes` they are written here),
    then leaves the rest to after the commit: the live notices, and an e-mail due at once
    handed to a task only if the member has no page
    of the game open (otherwise the sweep finds it due within a minute and asks again, so a
    player watching the table costs no task per move).
    """
    own_writes = writes is None
    writes = writes if writes is not None else Writes()
    rows: list[Notification] = []
    notices: list[tuple[int, dict]] = []
    due_now: list[tuple[int, int]] = []
    for seat in seats:
        user = seat.user
        text = emails.headline_for(user, Kind.YOUR_TURN, game)
        rows.append(
            _row(
                user,
                game,
                Kind.YOUR_TURN,
                NotificationChannel.LIVE,
                NotificationStatus.SENT,
                "",
                text,
            )
        )
        notices.append((user.pk, _live_notice(game, Kind.YOUR_TURN, text)))
        remind_at = _remind_at(user, now)
        if remind_at is None:
            rows.append(
                _row(
                    user,
                    game,
                    Kind.YOUR_TURN,
                    NotificationChannel.EMAIL,
                    NotificationStatus.SKIPPED,
                    reason="preference",
                )
            )
        if remind_at != seat.remind_at:
            seat.remind_at = remind_at
            writes.update(seat, ["remind_at"])
        if remind_at is not None and remind_at <= now:
            due_now.append((seat.pk, user.pk))
    writes.insert(rows)
    if own_writes:
        writes.run()
    game_id = game.pk

    def after_commit() -> None:
        realtime.users_notify(notices)
        for seat_id, user_id in due_now:
            try:
                _turn_email_queue(seat_id, user_id, game_id)
            except Exception:  # the sweep finds the due e-mail within a minute
                logger.exception("could not queue the turn e-mail of seat %s", seat_id)

    transaction.on_commit(after_commit, robust=True)


def _remind_at(user, now: datetime) -> datetime | None:
    """When the turn e-mail is due by the member's preference (None: he wants none)."""
    preference = user.email_on_turn
    if preference == EmailPreference.IMMEDIATELY:
        return now
    if preference == EmailPreference.DELAYED:
        return now + timedelta(hours=user.email_delay_hours)
    return None


def _turn_email_queue(seat_id: int, user_id: int, game_id: int) -> None:
    if presence.is_watching(user_id=user_id, game_id=game_id):
        return  # the sweep's turn: Seat.remind_at is due
    enqueue("send_turn_email", seat_id)


def turn_email_send(seat_id: int, now: datetime | None = None) -> str:
    """Send the turn e-mail of a seat whose `remind_at` is due; the outcome as a word.

    Claims `remind_at` first (conditional UPDATE), then re-checks that it is still the
    seat's turn, so a late, lost or repeated call sends at most one e-mail.
    """
    now = now or timezone.now()
    seat = Seat.objects.filter(pk=seat_id).select_related("user", "game").first()
    if seat is None or seat.remind_at is None or seat.remind_at > now:
        return "not_due"
    due = seat.remind_at
    if Seat.objects.filter(pk=seat.pk, remind_at=due).update(remind_at=None) != 1:
        return "claimed_elsewhere"
    game, user = seat.game, seat.user
    if (
        game.status != Status.RUNNING
        or seat.position not in game.to_act
        or seat.is_bot
        or seat.stand_in
    ):
        return "moved_on"
    kind = Kind.REMINDER if user.email_on_turn == EmailPreference.DELAYED else Kind.YOUR_TURN
    reason = _skip_reason(user, game, now, turn=True)
    if reason:
        _record(user, game, kind, NotificationChannel.EMAIL, NotificationStatus.SKIPPED, reason)
        return reason
    free_at = _throttle_claim(user, now)
    if free_at is not None:
        Seat.objects.filter(pk=seat.pk, remind_at=None).update(remind_at=free_at)
        return "postponed"
    outcome = _send_game_email(user, game, kind, seat.position)
    if outcome == "failed":  # e.g. the mail server is down: try again with the next free slot
        retry_at = now + timedelta(minutes=settings.TURN_EMAIL_MIN_MINUTES)
        Seat.objects.filter(pk=seat.pk, remind_at=None).update(remind_at=retry_at)
    return outcome


def _skip_reason(user, game: Game, now: datetime, *, turn: bool) -> str:
    if not user.email or not user.is_active:
        return "no_address"
    if turn and user.email_on_turn in (EmailPreference.NEVER, EmailPreference.DIGEST):
        return "preference"
    if presence.is_watching(user_id=user.pk, game_id=game.pk):
        return "watching"
    if is_on_vacation(user, now):
        return "on_vacation"
    return ""


def _send_game_email(user, game: Game, kind: str, position: int | None) -> str:
    sent, headline = emails.game_email_send(user, game, kind, position)
    status = NotificationStatus.SENT if sent else NotificationStatus.FAILED
    _record(user, game, kind, NotificationChannel.EMAIL, status, text=headline)
    return "sent" if sent else "failed"


def deadline_warning(game: Game, *, now: datetime) -> None:
    """The 80 % warning to the seats to act (the caller has claimed `Game.warn_at`)."""
    seats = Seat.objects.filter(
        game=game, position__in=game.to_act, is_bot=False, stand_in=False
    ).select_related("user")
    for seat in seats:
        user = seat.user
        _live(user, game, Kind.DEADLINE_WARNING)
        reason = _skip_reason(user, game, now, turn=False)
        if not reason and user.email_on_turn == EmailPreference.NEVER:
            reason = "preference"
        if not reason and _throttle_claim(user, now) is not None:
            reason = "throttled"
        if reason:
            _record(
                user,
                game,
                Kind.DEADLINE_WARNING,
                NotificationChannel.EMAIL,
                NotificationStatus.SKIPPED,
                reason,
            )
            continue
        _send_game_email(user, game, Kind.DEADLINE_WARNING, seat.position)


# ---------------------------------------------------------------- other notices (outbox)


def event_notice(user, game: Game, kind: str) -> None:
    """A live notice now and, if he wants e-mail, a pending e-mail sent after the commit."""
    if getattr(user, "is_bot", False):
        return
    _live(user, game, kind)
    wants = (
        user.email_on_game_end
        if kind == Kind.GAME_FINISHED
        else user.email_on_turn != EmailPreference.NEVER
    )
    if not wants:
        _record(
            user, game, kind, NotificationChannel.EMAIL, NotificationStatus.SKIPPED, "preference"
        )
        return
    row = _record(user, game, kind, NotificationChannel.EMAIL, NotificationStatus.PENDING)
    row_id = row.pk
    transaction.on_commit(lambda: enqueue("send_notification_email", row_id), robust=True)


def notification_email_send(notification_id: int, now: datetime | None = None) -> str:
    """Send a pending e-mail row once: the row is claimed pending → sent/skipped first."""
    now = now or timezone.now()
    row = Notification.objects.filter(pk=notification_id).select_related("user", "game").first()
    if row is None or row.status != NotificationStatus.PENDING:
        return "not_pending"
    user, game = row.user, row.game
    reason = _skip_reason(user, game, now, turn=False) if game is not None else ""
    if not reason and row.kind != Kind.GAME_FINISHED and _throttle_claim(user, now) is not None:
        reason = "throttled"
    status = NotificationStatus.SKIPPED if reason else NotificationStatus.SENT
    claimed = Notification.objects.filter(pk=row.pk, status=NotificationStatus.PENDING).update(
        status=status, reason=reason, sent_at=now if not reason else None
    )
    if claimed != 1 or reason:
        return reason or "claimed_elsewhere"
    position = Seat.objects.filter(game=game, user=user).values_list("position", flat=True).first()
    sent, headline = emails.game_end_email_send(user, game, row.kind, position)
    Notification.objects.filter(pk=row.pk).update(
        text=headline[:200],
        **({} if sent else {"status": NotificationStatus.FAILED, "sent_at": None}),
    )
    return "sent" if sent else "failed"


def game_finished(game: Game) -> None:
    """Tell every person at the table that the game has ended (inside the transaction)."""
    for seat in Seat.objects.filter(game=game, is_bot=False).select_related("user"):
        event_notice(seat.user, game, Kind.GAME_FINISHED)


# ---------------------------------------------------------------- the daily digest


def digest_due_at(user, now: datetime) -> datetime:
    """The latest digest time (settings.DIGEST_HOUR in his zone) at or before `now`."""
    local = now.astimezone(user.zone)
    today_at = datetime.combine(local.date(), time(settings.DIGEST_HOUR), tzinfo=user.zone)
    return today_at if local >= today_at else today_at - timedelta(days=1)


def digest_is_due(user, now: datetime) -> bool:
    """Due once per day from the digest hour on (and once at first, to start the clock)."""
    return user.last_digest_at is None or user.last_digest_at < digest_due_at(user, now)


def games_waiting_for(user) -> list[Game]:
    """Running games in which it is `user`'s turn, longest waiting first."""
    seats = Seat.objects.filter(
        user=user, is_bot=False, stand_in=False, game__status=Status.RUNNING
    ).select_related("game")
    games = [seat.game for seat in seats if seat.position in seat.game.to_act]
    return sorted(games, key=lambda g: (g.last_move_at or g.created_at, g.pk))


def digest_send(user_id: int, now: datetime | None = None) -> str:
    """The daily digest of a digest-preference member, once per day (claimed first)."""
    now = now or timezone.now()
    User = get_user_model()
    user = User.objects.filter(pk=user_id).first()
    if user is None or user.email_on_turn != EmailPreference.DIGEST or not digest_is_due(user, now):
        return "not_due"
    last = user.last_digest_at
    mine = User.objects.filter(pk=user.pk)
    mine = (
        mine.filter(last_digest_at__isnull=True)
        if last is None
        else mine.filter(last_digest_at=last)
    )
    if mine.update(last_digest_at=now) != 1:
        return "claimed_elsewhere"
    if last is None:
        return "started"  # a new digest member: his first digest comes at the next digest hour
    waiting = games_waiting_for(user)
    if not waiting:
        return "nothing_waiting"
    reason = "no_address" if not user.email else ""
    if not reason and is_on_vacation(user, now):
        reason = "on_vacation"
    if reason:
        _record(
            user, None, Kind.DIGEST, NotificationChannel.EMAIL, NotificationStatus.SKIPPED, reason
        )
        return reason
    sent, subject = emails.digest_email_send(user, waiting, now)
    status = NotificationStatus.SENT if sent else NotificationStatus.FAILED
    _record(
        user,
        None,
        Kind.DIGEST,
        NotificationChannel.EMAIL,
        status,
        text=subject,
        params={"count": len(waiting)},
    )
    return "sent" if sent else "failed"
