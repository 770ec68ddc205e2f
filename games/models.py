"""Games, the seats at them and the append-only log of accepted moves.

The action log is the truth; `Game.state` is a cache of replaying it. Only `games.services`
writes these rows.
"""

import secrets
from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, JSONField, Q, Value, Window
from django.db.models.functions import RowNumber
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


class TimeoutPolicy(models.TextChoices):
    AUTO_PASS = "auto_pass", _("pass for the player")
    AUTO_PASS_THEN_BOT = "auto_pass_then_bot", _("pass for the player; a bot after 3 timeouts")
    NONE = "none", _("nothing (the deadline is only shown)")


class BotLevel(models.TextChoices):
    """How well a bot plays: the engine's bots (games.rules.BOTS), weakest first."""

    RANDOM = "random", _("beginner (random)")
    GREEDY = "greedy", _("greedy")
    EXPERT = "expert", _("expert")


class ExpertThinking(models.TextChoices):
    """How long the expert bot thinks over a move, chosen per game: a share of its default
    budget of playouts (games.rules.expert.THINKING); even "deep" stays under 2 s of one core."""

    QUICK = "quick", _("quick")
    STANDARD = "standard", _("standard")
    DEEP = "deep", _("deep")


class Game(models.Model):
    """One table of Saint Petersburg.

    Invariants:
    - `status` moves open → running → finished, or open/running → aborted, or (an admin voiding
      a finished game) finished → aborted; never back.
    - While open, `seed`, `state` are null and `version` is 0; seats may come and go.
    - From the start on, `state` is the engine's `GameState.to_dict()` after exactly `version`
      accepted moves, and equals `rules.replay(options, seed, <the log>)`; the log holds actions
      with seq 1..version and no gaps (`manage.py verify_games` checks this).
    - `to_act` is `rules.to_act(state)` (seat positions), empty unless running.
    - `deadline` is set only while running and `days_per_move` is set; it is the end of the
      turn's time budget (`days_per_move` + `deadline_extension`) counted from `last_move_at`,
      skipping weekends (if `pause_weekends`, Saturday and Sunday in UTC) and the vacations of
      the seats to act (games.deadlines). `warn_at` is the 80 % point, cleared once warned.
    - `rating_pending` is set in the transaction that finishes the game (or in which an admin
      voids or corrects a finished one) and cleared once the ratings have taken it in
      (games.services.ratings); a set flag is work the sweep finds if the update was lost.
    - A finished game an admin voids becomes aborted and keeps its `finished_at`.
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
    warn_at = models.DateTimeField(_("deadline warning due"), null=True, blank=True)
    deadline_extension = models.DurationField(
        _("deadline extension of this turn"), default=timedelta(0)
    )
    pause_weekends = models.BooleanField(_("pause on weekends"), default=False)
    timeout_policy = models.CharField(
        _("when time runs out"),
        max_length=24,
        choices=TimeoutPolicy.choices,
        default=TimeoutPolicy.AUTO_PASS_THEN_BOT,
    )
    # The level of the bot that stands in for a seat after repeated timeouts (set by the host).
    stand_in_level = models.CharField(
        _("stand-in bot level"),
        max_length=16,
        choices=BotLevel.choices,
        default=BotLevel.GREEDY,
    )
    # How long an expert bot (a seat's, or the expert stand-in) thinks over each move.
    expert_thinking = models.CharField(
        _("expert's thinking"),
        max_length=16,
        choices=ExpertThinking.choices,
        default=ExpertThinking.STANDARD,
    )
    is_public = models.BooleanField(_("public"), default=True)
    invite_token = models.CharField(max_length=32, unique=True, default=new_invite_token)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    started_at = models.DateTimeField(null=True, blank=True)
    last_move_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    rating_pending = models.BooleanField(_("ratings to update"), default=False, db_default=False)
    rematch_of = models.ForeignKey(
        "self",
        verbose_name=_("rematch of"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematches",
    )

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        indexes = [
            models.Index(fields=["status", "is_public"]),
            models.Index(
                fields=["finished_at"], condition=Q(rating_pending=True), name="game_rating_pending"
            ),
        ]
        constraints = [
            # The engine's 1-5 players (rules.OPTIONS; five need an expansion, the engine checks).
            models.CheckConstraint(
                condition=Q(seats__gte=1) & Q(seats__lte=5), name="game_seats_1_to_5"
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

    `rank`, `score` and `cards` are the seat's result, written in the transaction that finishes
    the game (from the engine's `final_scores`): place (1 = won; equal places are ties), total
    points, and the card types in the seat's area at the end. Null/empty until then.
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
    stand_in = models.BooleanField(
        _("played by a stand-in bot"),
        default=False,
        help_text=_("Set after repeated timeouts, until the player reclaims the seat."),
    )
    timeouts_in_row = models.PositiveSmallIntegerField(_("timeouts in a row"), default=0)
    # The latest version the member has been shown (a table page, a fetched view, his own
    # move's answer): the next visit marks what came after it.
    seen_version = models.PositiveIntegerField(_("version last seen"), default=0)
    # The member's private note on this game (plans, reminders); nobody else reads it.
    note = models.TextField(_("private note"), max_length=2000, blank=True, default="")
    rank = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    score = models.IntegerField(_("points"), null=True, blank=True)
    cards = models.JSONField(
        _("cards at the end"), default=list, db_default=Value([], JSONField()), blank=True
    )

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
    STAND_IN = "stand_in", _("played by the stand-in bot")


class Action(models.Model):
    """One accepted move, append-only.

    Invariants: `seq` runs 1..game.version without gaps; `move` is the engine's `Move.to_dict()`
    as submitted for `seat`; `events` are what `apply_move` reported (automatic passes included).
    Rows are never updated or deleted by our code; the admin shows them read-only. A `client_id`
    identifies a submission so a retried POST is answered from the stored row; it is its
    submitter's own (unique per game and user), so nobody can take the id another member, or a
    bot with its predictable ids, will send next.
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
                fields=["game", "user", "client_id"],
                condition=Q(client_id__isnull=False),
                name="action_unique_user_client_id",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq}"


class NotificationKind(models.TextChoices):
    YOUR_TURN = "your_turn", _("your turn")
    REMINDER = "reminder", _("reminder")
    DEADLINE_WARNING = "deadline_warning", _("deadline warning")
    TIMEOUT = "timeout", _("timeout")
    BOT_TOOK_OVER = "bot_took_over", _("bot took over")
    GAME_FINISHED = "game_finished", _("game finished")
    DIGEST = "digest", _("daily digest")


class NotificationChannel(models.TextChoices):
    LIVE = "live", _("live")
    EMAIL = "email", _("e-mail")


class NotificationStatus(models.TextChoices):
    PENDING = "pending", _("pending")
    SENT = "sent", _("sent")
    SKIPPED = "skipped", _("skipped")
    FAILED = "failed", _("failed")


class Notification(models.Model):
    """One notice to one member, on one channel, as decided (sent, or skipped and why).

    Written only by games.services.notices. A pending e-mail row is an outbox entry: the task
    (or the sweep, if the task was lost) claims it with a conditional UPDATE before sending.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(_("kind"), max_length=20, choices=NotificationKind.choices)
    channel = models.CharField(_("channel"), max_length=8, choices=NotificationChannel.choices)
    status = models.CharField(
        _("status"),
        max_length=8,
        choices=NotificationStatus.choices,
        default=NotificationStatus.PENDING,
    )
    reason = models.CharField(_("reason"), max_length=32, blank=True)
    text = models.CharField(_("text"), max_length=200, blank=True)
    # What the words need besides the kind and the game (the digest's number of games), so the
    # notifications page can say them in the reader's language; `text` keeps what was sent.
    params = models.JSONField(_("params"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    sent_at = models.DateTimeField(_("sent"), null=True, blank=True)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["user", "-created_at"]),
            models.Index(fields=["status", "created_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.kind}/{self.channel}: {self.status}"


class Vacation(models.Model):
    """Days (in the member's time zone, both ends included) on which his deadlines pause.

    Written only by games.services.vacations, which keeps the yearly allowance
    (settings.VACATION_DAYS_PER_YEAR) and mirrors the current or next vacation onto
    `User.vacation_start`/`vacation_end`.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations"
    )
    first_day = models.DateField(_("first day"))
    last_day = models.DateField(_("last day"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["user", "first_day"]
        constraints = [
            models.CheckConstraint(
                condition=Q(last_day__gte=models.F("first_day")), name="vacation_days_in_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user}: {self.first_day}–{self.last_day}"

    @property
    def days(self) -> int:
        return (self.last_day - self.first_day).days + 1


class RatingPool(models.TextChoices):
    """The pools of games a rating counts (games.rating_system)."""

    ALL = "all", _("all games")
    TWO = "2p", _("two players")
    MULTI = "3-5p", _("three to five players")


class RatingChangeQuerySet(models.QuerySet):
    def newest_per(self, *fields: str) -> "RatingChangeQuerySet":
        """The newest row (in rating order) of each group of equal `fields`."""
        newest = Window(
            RowNumber(),
            partition_by=[F(field) for field in fields],
            order_by=[F("played_at").desc(), F("game_id").desc()],
        )
        return self.annotate(newest=newest).filter(newest=1)


class RatingChange(models.Model):
    """What one rated game did to one member's rating in one pool; the rating history.

    Written only by games.services.ratings, which keeps these rows equal to the fold of the
    rating system over the rated games in the order (`played_at`, `game`): rebuilding them from
    scratch (manage.py rebuild_ratings) gives the same rows. `played_at` is the game's
    `finished_at`; `rating_*` is the conservative `mu - 3 sigma`, kept for the tables' sums.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    pool = models.CharField(_("pool"), max_length=8, choices=RatingPool.choices)
    played_at = models.DateTimeField(_("played"))
    position = models.PositiveSmallIntegerField(_("seat"))
    players = models.PositiveSmallIntegerField(_("players"))
    rank = models.PositiveSmallIntegerField(_("place"))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    rating_before = models.FloatField(_("rating before"))
    rating_after = models.FloatField(_("rating after"))

    objects = RatingChangeQuerySet.as_manager()

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["played_at", "game_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "user", "pool"], name="rating_change_unique_per_game"
            ),
        ]
        indexes = [
            # Re-rating deletes from a (played_at, game) on; season tables read a span of it.
            models.Index(fields=["played_at", "game"]),
            models.Index(fields=["user", "pool", "played_at"]),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.game_id} ({self.pool}): {self.rating_after:.1f}"

    @property
    def change(self) -> float:
        return self.rating_after - self.rating_before


class PlayerRating(models.Model):
    """A member's current rating in one pool, with his totals: the leaderboard's rows.

    A cache of his RatingChange rows (the last one's skill; counts over all of them), kept by
    games.services.ratings in the same transaction as those rows.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_ratings"
    )
    pool = models.CharField(_("pool"), max_length=8, choices=RatingPool.choices)
    mu = models.FloatField()
    sigma = models.FloatField()
    rating = models.FloatField(_("rating"))
    games = models.PositiveIntegerField(_("games"))
    wins = models.PositiveIntegerField(_("wins"))
    rank_sum = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(_("last game"))

    class Meta:
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")
        constraints = [
            models.UniqueConstraint(fields=["user", "pool"], name="player_rating_unique_pool"),
        ]
        indexes = [models.Index(fields=["pool", "-rating"])]

    def __str__(self) -> str:
        return f"{self.user_id} ({self.pool}): {self.rating:.1f}"

    @property
    def average_rank(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0


class Season(models.Model):
    """A stretch of the club's calendar with its own table: games finished from `starts_on`
    to `ends_on` (both days included, UTC). Seasons may overlap; the club defines them in
    the admin."""

    name = models.CharField(_("name"), max_length=80)
    starts_on = models.DateField(_("first day"))
    ends_on = models.DateField(_("last day"))

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-starts_on", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")), name="season_days_in_order"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        """The admin's form says in words what the check constraint would only name."""
        if self.starts_on and self.ends_on and self.ends_on < self.starts_on:
            raise ValidationError(
                {"ends_on": _("A season cannot end before its first day.")}, code="days_in_order"
            )


class ChatMessage(models.Model):
    """One line of a game's table chat: written by a member seated at the game, read by
    everyone who may look at it, kept with the game.

    Written only by games.services.chat. Staff who may change chat messages hide an abusive
    line (`hidden`) rather than delete it, so the thread keeps its record of what was said.
    """

    MAX_LENGTH = 500

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    text = models.CharField(_("text"), max_length=MAX_LENGTH)
    created_at = models.DateTimeField(_("written"), auto_now_add=True)
    # The game's version when it was written: it places the line among the moves.
    version = models.PositiveIntegerField(_("version"), default=0)
    hidden = models.BooleanField(_("hidden"), default=False)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["game", "created_at", "pk"]
        indexes = [models.Index(fields=["game", "created_at"])]

    def __str__(self) -> str:
        return f"{self.game_id}: {self.text[:40]}"


class AnalysisStatus(models.TextChoices):
    PENDING = "pending", _("waiting")
    RUNNING = "running", _("running")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


class GameAnalysis(models.Model):
    """The post-game analysis of a finished game (issue 17; docs/analysis.md).

    Invariants: one row per game, created in the transaction that finishes the game (pending);
    only `games.services.analysis` writes it. `version` is the `rules.analysis.ANALYSIS_VERSION`
    the row was (or is being) computed with; a row of an older version is recomputed. While
    running, `done` of `total` decisions are reviewed; `result` is the pure analysis's JSON
    once done, empty before. `attempts` counts the runs started under `version`.
    """

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="analysis")
    version = models.PositiveSmallIntegerField(_("analysis version"), default=0)
    status = models.CharField(
        _("status"),
        max_length=16,
        choices=AnalysisStatus.choices,
        default=AnalysisStatus.PENDING,
    )
    done = models.PositiveIntegerField(_("decisions reviewed"), default=0)
    total = models.PositiveIntegerField(_("decisions"), default=0)
    result = models.JSONField(_("result"), default=dict, blank=True)
    # Runs started under this `version`: the sweep gives up on an analysis that was lost or
    # failed this many times (`services.analysis.ANALYSIS_ATTEMPTS`); a new version starts over.
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("game analysis")
        verbose_name_plural = _("game analyses")

    def __str__(self) -> str:
        return f"analysis of game {self.game_id}: {self.status} {self.done}/{self.total}"
