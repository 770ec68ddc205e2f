"""Telling members about their games: live notices, e-mails and the record of both.

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
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import EmailPreference
from games import digest_text, presence, realtime
from games.models import (
    Game,
    Notification,
    NotificationChannel,
    NotificationKind,
    NotificationStatus,
    Seat,
    Status,
    TimeoutPolicy,
)

logger = logging.getLogger(__name__)

Kind = NotificationKind
SETTINGS_SALT = "stpete.notification-settings"
SETTINGS_TOKEN_MAX_AGE = 60 * 60 * 24 * 90


# ---------------------------------------------------------------- helpers


def _language(user) -> str:
    return user.language or settings.LANGUAGE_CODE


def game_url(game: Game) -> str:
    return settings.SITE_URL + reverse("games:detail", args=[game.pk])


def settings_token(user) -> str:
    return signing.dumps(user.pk, salt=SETTINGS_SALT)


def user_from_settings_token(token: str):
    """The member a settings link was made for, or None if it is forged or too old."""
    try:
        user_id = signing.loads(token, salt=SETTINGS_SALT, max_age=SETTINGS_TOKEN_MAX_AGE)
    except signing.BadSignature:
        return None
    return get_user_model().objects.filter(pk=user_id, is_active=True).first()


def settings_url(user) -> str:
    return settings.SITE_URL + reverse("games:notify_settings", args=[settings_token(user)])


def when_text(moment: datetime | None, user) -> str:
    """`moment` in the member's time zone and the active language, with the zone's name."""
    if moment is None:
        return ""
    local = moment.astimezone(user.zone)
    return f"{formats.date_format(local, 'DATETIME_FORMAT')} ({user.time_zone})"


def _passed(deadline: datetime | None, now: datetime) -> bool:
    """Whether a deadline lies behind us: under timeout policy "none" a game stays past it, and
    a binding game waits up to a minute for the sweep to act."""
    return deadline is not None and deadline <= now


def _binding(game: Game | None) -> bool:
    """Whether the game acts when a deadline passes (with policy "none" it only shows it)."""
    return game is None or game.timeout_policy != TimeoutPolicy.NONE


def _headline(kind: str, game: Game | None) -> str:
    title = game.title if game else ""
    if kind == Kind.DEADLINE_WARNING and not _binding(game):
        return _(
            "Most of the agreed time for this move in “%(title)s” is used up. The game will "
            "not move for you when it runs out, but the others are waiting for you."
        ) % {"title": title}
    texts = {
        Kind.YOUR_TURN: _("It is your turn in “%(title)s”."),
        Kind.REMINDER: _("It is still your turn in “%(title)s”."),
        Kind.DEADLINE_WARNING: _(
            "Most of your time for this move in “%(title)s” is used up. Please move soon."
        ),
        Kind.TIMEOUT: _("Your time in “%(title)s” ran out, so the game passed for you."),
        Kind.BOT_TOOK_OVER: _(
            "You ran out of time three times in a row in “%(title)s”: a bot now plays your "
            "seat until you reclaim it at the table."
        ),
        Kind.GAME_FINISHED: _("“%(title)s” has ended."),
    }
    return texts.get(kind, "") % {"title": title}


def _subject(kind: str, game: Game | None) -> str:
    title = game.title if game else ""
    if kind == Kind.DEADLINE_WARNING and not _binding(game):
        return "[stpete] " + _("Your agreed time is nearly up in “%(title)s”") % {"title": title}
    texts = {
        Kind.YOUR_TURN: _("Your turn in “%(title)s”"),
        Kind.REMINDER: _("Reminder: your turn in “%(title)s”"),
        Kind.DEADLINE_WARNING: _("Time is running out in “%(title)s”"),
        Kind.TIMEOUT: _("You ran out of time in “%(title)s”"),
        Kind.BOT_TOOK_OVER: _("A bot plays for you in “%(title)s”"),
        Kind.GAME_FINISHED: _("“%(title)s” has ended"),
    }
    return "[stpete] " + texts[kind] % {"title": title}


def _record(user, game, kind, channel, status, reason="", text="") -> Notification:
    return Notification.objects.create(
        user=user,
        game=game,
        kind=kind,
        channel=channel,
        status=status,
        reason=reason,
        text=text[:200],
        sent_at=timezone.now() if status == NotificationStatus.SENT else None,
    )


def _live(user, game: Game, kind: str) -> None:
    """Record a live notice and push it to his open pages after the commit."""
    with translation.override(_language(user)):
        text = _headline(kind, game)
    _record(user, game, kind, NotificationChannel.LIVE, NotificationStatus.SENT, text=text)
    notice = {
        "kind": str(kind),
        "game": game.pk,
        "game_id": game.pk,  # the name the pages' notices.js reads
        "title": game.title,
        "text": text,
        "url": reverse("games:detail", args=[game.pk]),
    }
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


def _on_vacation(user, now: datetime) -> bool:
    from games.services.vacations import is_on_vacation

    return is_on_vacation(user, now)


def _deliver(user, subject: str, template: str, context: dict) -> bool:
    """Render text and HTML in the member's language and send; False if sending failed."""
    with translation.override(_language(user)):
        context = {**context, "user": user, "settings_url": settings_url(user)}
        text = render_to_string(f"emails/{template}.txt", context)
        html = render_to_string(f"emails/{template}.html", context)
    message = EmailMultiAlternatives(subject, text, settings.DEFAULT_FROM_EMAIL, [user.email])
    message.attach_alternative(html, "text/html")
    try:
        message.send()
    except Exception:
        logger.exception("could not send %s to user %s", template, user.pk)
        return False
    return True


def _game_context(user, game: Game, kind: str, position: int | None) -> dict:
    with translation.override(_language(user)):
        return {
            "game": game,
            "kind": str(kind),
            "headline": _headline(kind, game),
            "game_url": game_url(game),
            "deadline": when_text(game.deadline, user) if game.deadline else "",
            "deadline_passed": _passed(game.deadline, timezone.now()),
            "events": digest_text.since_last_move(game, position) if position is not None else [],
        }


# ---------------------------------------------------------------- turns


def turn_started(game: Game, *, seats: list[Seat], now: datetime) -> None:
    """It became these seats' turn: live notices now, e-mails when due (inside the move's
    transaction; the caller passes only human seats, with their users, read under the lock).

    An e-mail due at once is handed to a task after the commit only if the member has no
    page of the game open; otherwise the sweep finds it due within a minute and asks again,
    so a player watching the table costs no task per move.
    """
    for seat in seats:
        user = seat.user
        _live(user, game, Kind.YOUR_TURN)
        preference = user.email_on_turn
        if preference == EmailPreference.IMMEDIATELY:
            seat.remind_at = now
        elif preference == EmailPreference.DELAYED:
            seat.remind_at = now + timedelta(hours=user.email_delay_hours)
        else:
            seat.remind_at = None
            _record(
                user,
                game,
                Kind.YOUR_TURN,
                NotificationChannel.EMAIL,
                NotificationStatus.SKIPPED,
                reason="preference",
            )
        Seat.objects.filter(pk=seat.pk).update(remind_at=seat.remind_at)
        if seat.remind_at is not None and seat.remind_at <= now:
            transaction.on_commit(
                lambda seat_id=seat.pk, user_id=user.pk: _turn_email_queue(
                    seat_id, user_id, game.pk
                ),
                robust=True,
            )


def _turn_email_queue(seat_id: int, user_id: int, game_id: int) -> None:
    if presence.is_watching(user_id=user_id, game_id=game_id):
        return  # the sweep's turn: Seat.remind_at is due
    from games.tasks import send_turn_email

    send_turn_email.delay(seat_id)


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
    if _on_vacation(user, now):
        return "on_vacation"
    return ""


def _send_game_email(user, game: Game, kind: str, position: int | None) -> str:
    context = _game_context(user, game, kind, position)
    with translation.override(_language(user)):
        subject = _subject(kind, game)
    template = (
        "turn" if kind in (Kind.YOUR_TURN, Kind.REMINDER, Kind.DEADLINE_WARNING) else "notice"
    )
    sent = _deliver(user, subject, template, context)
    status = NotificationStatus.SENT if sent else NotificationStatus.FAILED
    _record(user, game, kind, NotificationChannel.EMAIL, status, text=context["headline"])
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
    from games.tasks import send_notification_email

    row_id = row.pk
    transaction.on_commit(lambda: send_notification_email.delay(row_id), robust=True)


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
    context = _game_context(user, game, row.kind, position)
    if row.kind == Kind.GAME_FINISHED:
        context["results"] = _results(game)
        context["events"] = []
    with translation.override(_language(user)):
        subject = _subject(row.kind, game)
    sent = _deliver(user, subject, "notice", context)
    Notification.objects.filter(pk=row.pk).update(
        text=context["headline"][:200],
        **({} if sent else {"status": NotificationStatus.FAILED, "sent_at": None}),
    )
    return "sent" if sent else "failed"


def _results(game: Game) -> list[dict]:
    from games import rules

    names = {
        seat.position: seat.user.public_name
        for seat in Seat.objects.filter(game=game).select_related("user")
    }
    rows = rules.final_scores(rules.GameState.from_dict(game.state))
    return sorted(
        (
            {"rank": row["rank"], "name": names.get(row["seat"], "?"), "total": row["total"]}
            for row in rows
        ),
        key=lambda r: r["rank"],
    )


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
    reason = "no_address" if not user.email else ("on_vacation" if _on_vacation(user, now) else "")
    if reason:
        _record(
            user, None, Kind.DIGEST, NotificationChannel.EMAIL, NotificationStatus.SKIPPED, reason
        )
        return reason
    with translation.override(_language(user)):
        count = len(waiting)
        subject = "[stpete] " + ngettext(
            "%(count)s game is waiting for your move",
            "%(count)s games are waiting for your move",
            count,
        ) % {"count": count}
        rows = [
            {
                "game": game,
                "url": game_url(game),
                "since": when_text(game.last_move_at, user),
                "deadline": when_text(game.deadline, user),
                "deadline_passed": _passed(game.deadline, now),
            }
            for game in waiting
        ]
    sent = _deliver(user, subject, "digest", {"rows": rows, "count": count})
    status = NotificationStatus.SENT if sent else NotificationStatus.FAILED
    _record(user, None, Kind.DIGEST, NotificationChannel.EMAIL, status, text=subject)
    return "sent" if sent else "failed"
