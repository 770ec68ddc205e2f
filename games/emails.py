"""Rendering and sending the e-mails about games; it never writes to the database.

`games.services.notices` decides who gets which notice and records it; this module says it in
the member's language (headlines, subjects, the templates under `templates/emails/`), builds
the links in it and hands the message to the mail server.
"""

import logging
from datetime import datetime

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.text import one_line
from games import rules
from games.models import (
    Action,
    ChatMessage,
    Game,
    Notification,
    NotificationKind,
    Seat,
    TimeoutPolicy,
)
from games.texts.mail import since_last_move

logger = logging.getLogger(__name__)

Kind = NotificationKind
SETTINGS_SALT = "stpete.notification-settings"
SETTINGS_TOKEN_MAX_AGE = 60 * 60 * 24 * 90
TURN_TEMPLATES = (Kind.YOUR_TURN, Kind.REMINDER, Kind.DEADLINE_WARNING)


def language_of(user) -> str:
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


def passed(deadline: datetime | None, now: datetime) -> bool:
    """Whether a deadline lies behind us: under timeout policy "none" a game stays past it, and
    a binding game waits up to a minute for the sweep to act."""
    return deadline is not None and deadline <= now


def _binding(game: Game | None) -> bool:
    """Whether the game acts when a deadline passes (with policy "none" it only shows it)."""
    return game is None or game.timeout_policy != TimeoutPolicy.NONE


def headline(kind: str, game: Game | None) -> str:
    """The notice's sentence in the active language (a live notice's text, a mail's lead)."""
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


def headline_for(user, kind: str, game: Game | None) -> str:
    """The headline in the member's language."""
    with translation.override(language_of(user)):
        return headline(kind, game)


def subject(kind: str, game: Game | None) -> str:
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


def deliver(user, subject_text: str, template: str, context: dict) -> bool:
    """Render text and HTML in the member's language and send; False if sending failed."""
    with translation.override(language_of(user)):
        context = {**context, "user": user, "settings_url": settings_url(user)}
        text = render_to_string(f"emails/{template}.txt", context)
        html = render_to_string(f"emails/{template}.html", context)
    # One line whatever a title holds: a header with a line break would refuse to send.
    message = EmailMultiAlternatives(
        one_line(subject_text), text, settings.DEFAULT_FROM_EMAIL, [user.email]
    )
    message.attach_alternative(html, "text/html")
    try:
        message.send()
    except Exception:
        logger.exception("could not send %s to user %s", template, user.pk)
        return False
    return True


def chat_since_last_move(game, position: int, *, limit: int = 5) -> list[dict]:
    """The latest lines the others wrote since `position`'s last own move, oldest first, as
    `{"name", "text"}` (for his turn e-mails: "Boris wrote: …")."""
    reader = Seat.objects.filter(game=game, position=position).values_list("user_id", flat=True)
    last_move = (
        Action.objects.filter(game=game, seat=position)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    lines = ChatMessage.objects.filter(game=game, hidden=False).exclude(user_id__in=reader)
    if last_move is not None:
        lines = lines.filter(version__gte=last_move)  # written after that move
    latest = list(lines.select_related("user").order_by("-created_at", "-pk")[:limit])
    return [{"name": m.user.public_name, "text": m.text} for m in reversed(latest)]


def game_context(user, game: Game, kind: str, position: int | None) -> dict:
    """What the e-mail templates of a game notice show, in the member's language."""
    with translation.override(language_of(user)):
        return {
            "game": game,
            "kind": str(kind),
            "headline": headline(kind, game),
            "game_url": game_url(game),
            "deadline": when_text(game.deadline, user) if game.deadline else "",
            "deadline_passed": passed(game.deadline, timezone.now()),
            "events": since_last_move(game, position) if position is not None else [],
            "chat": chat_since_last_move(game, position) if position is not None else [],
        }


def game_email_send(user, game: Game, kind: str, position: int | None) -> tuple[bool, str]:
    """Send a notice about `game`: (sent, its headline)."""
    context = game_context(user, game, kind, position)
    with translation.override(language_of(user)):
        subject_text = subject(kind, game)
    template = "turn" if kind in TURN_TEMPLATES else "notice"
    return deliver(user, subject_text, template, context), context["headline"]


def results(game: Game) -> list[dict]:
    """The final ranking of a finished game: rank, name and total of each seat."""
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


def game_end_email_send(user, game: Game, kind: str, position: int | None) -> tuple[bool, str]:
    """Send an outbox notice (a game end with its ranking, a timeout): (sent, its headline)."""
    context = game_context(user, game, kind, position)
    if kind == Kind.GAME_FINISHED:
        context["results"] = results(game)
        context["events"] = []
    with translation.override(language_of(user)):
        subject_text = subject(kind, game)
    return deliver(user, subject_text, "notice", context), context["headline"]


def digest_subject(count: int) -> str:
    """The digest's subject (in the active language)."""
    return "[stpete] " + ngettext(
        "%(count)s game is waiting for your move",
        "%(count)s games are waiting for your move",
        count,
    ) % {"count": count}


def notice_words(row: Notification) -> str:
    """What a notice said, in the active language: made from its kind and game (or params)
    when shown, since `row.text` holds the words in the language of the moment it was made."""
    if row.kind == NotificationKind.DIGEST:
        count = row.params.get("count")
        return digest_subject(count) if isinstance(count, int) else row.text
    if row.game is None:
        return row.text
    return headline(row.kind, row.game)


def digest_email_send(user, waiting: list[Game], now: datetime) -> tuple[bool, str]:
    """Send the daily digest of the games waiting for `user`: (sent, its subject)."""
    positions = dict(
        Seat.objects.filter(user=user, game__in=waiting).values_list("game_id", "position")
    )
    with translation.override(language_of(user)):
        count = len(waiting)
        subject_text = digest_subject(count)
        rows = [
            {
                "game": game,
                "url": game_url(game),
                "since": when_text(game.last_move_at, user),
                "deadline": when_text(game.deadline, user),
                "deadline_passed": passed(game.deadline, now),
                "chat": chat_since_last_move(game, positions[game.pk]),
            }
            for game in waiting
        ]
    sent = deliver(user, subject_text, "digest", {"rows": rows, "count": count})
    return sent, subject_text
