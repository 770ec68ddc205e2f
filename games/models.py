"""Games, the seats at them and the append-only log of accepted moves.

The action log is the truth; `Game.state` is a cache of replaying it. Only `games.services`
writes these rows.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


class Status(models.TextChoices):
    OPEN = "open", _("open")
    RUNNING = "running", _("running")
    FINISHED = "finished", _("finished")
    ABORTED = "aborted", _("aborted")


class Edition(models.TextChoices):
    FIRST = "1st", _("1st edition")
    SECOND = "2nd", _("2nd edition")


DAYS_PER_MOVE_CHOICES = [
    (1, _("1 day")),
    (2, _("2 days")),
    (3, _("3 days")),
    (5, _("5 days")),
    (7, _("7 days")),
]


class Game(models.Model):
    """One table of Saint Petersburg.

    Invariants:
    - `status` moves open → running → finished, or open/running → aborted; never back.
    - While open, `seed`, `state` are null and `version` is 0; seats may come and go.
    - From the start on, `state` is the engine's `GameState.to_dict()` after exactly `version`
      accepted moves, and equals `rules.replay(options, seed, <the log>)`; the log holds actions
      with seq 1..version and no gaps (`manage.py verify_games` checks this).
    - `to_act` is `rules.to_act(state)` (seat positions), empty unless running.
    - `deadline` is set only while running and `days_per_move` is set.
    """

    title = models.CharField(_("title"), max_length=80)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_hosted"
    )
    options = models.JSONField(_("options"), default=dict)
    seats = models.PositiveSmallIntegerField(_("seats"), default=4)
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    rules_version = models.CharField(_("rules version"), max_length=32, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.OPEN
    )
    version = models.PositiveIntegerField(_("version"), default=0)
    state = models.JSONField(_("state"), null=True, blank=True)
    to_act = models.JSONField(_("seats to act"), default=list, blank=True)
    days_per_move = models.PositiveSmallIntegerField(
        _("days per move"), null=True, blank=True, choices=DAYS_PER_MOVE_CHOICES
    )
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    is_public = models.BooleanField(_("public"), default=True)
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        indexes = [models.Index(fields=["status", "is_public"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(seats__gte=1) & Q(seats__lte=4), name="game_seats_1_to_4"
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.title}"

    @property
    def edition(self) -> str:
        return self.options.get("edition", "")

    @property
    def is_open(self) -> bool:
        return self.status == Status.OPEN

    @property
    def is_running(self) -> bool:
        return self.status == Status.RUNNING


class Seat(models.Model):
    """A user (or a bot user) sitting at a game.

    Invariants: one seat per position, one seat per human per game. Positions are renumbered
    once, at the start (the seating is shuffled); afterwards they are the engine's seat numbers
    and never change. Replacing a seat's user keeps the position.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_set")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    joined_at = models.DateTimeField(auto_now_add=True)
    is_bot = models.BooleanField(_("bot"), default=False)
    bot_kind = models.CharField(_("bot kind"), max_length=16, blank=True)
    remind_at = models.DateTimeField(_("remind at"), null=True, blank=True)
    vacation = models.BooleanField(_("on vacation"), default=False)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=Q(is_bot=False), name="seat_unique_human"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}/{self.position}: {self.user}"


class ActionKind(models.TextChoices):
    NORMAL = "normal", _("move")
    TIMEOUT = "timeout", _("timeout")
    FORCED_BY_ADMIN = "forced_by_admin", _("forced by an admin")
    UNDO = "undo", _("undo")


class Action(models.Model):
    """One accepted move, append-only.

    Invariants: `seq` runs 1..game.version without gaps; `move` is the engine's `Move.to_dict()`
    as submitted for `seat`; `events` are what `apply_move` reported (automatic passes included).
    Rows are never updated or deleted by our code; the admin shows them read-only. A `client_id`
    identifies a submission so a retried POST is answered from the stored row.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="actions")
    seq = models.PositiveIntegerField(_("number"))
    seat = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="actions"
    )
    kind = models.CharField(
        _("kind"), max_length=16, choices=ActionKind.choices, default=ActionKind.NORMAL
    )
    move = models.JSONField(_("move"))
    events = models.JSONField(_("events"), default=list)
    # NULL, not "", for "no id": the unique constraint must ignore submissions without one.
    client_id = models.CharField(max_length=64, null=True, blank=True)  # noqa: DJ001
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("action")
        verbose_name_plural = _("actions")
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="action_unique_seq"),
            models.UniqueConstraint(
                fields=["game", "client_id"],
                condition=Q(client_id__isnull=False),
                name="action_unique_client_id",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq}"
