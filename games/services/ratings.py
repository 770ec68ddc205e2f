"""Club ratings: the only writer of the seats' results, RatingChange and PlayerRating.

How a finished game gets rated, and why it is never lost:
- The transaction that finishes a game (`moves.snapshot_save`) calls `game_finished`, which
  stores each seat's result (place, points, cards) and sets `Game.rating_pending`. An admin
  who voids or corrects a finished game (`control`) calls `game_changed`, which sets it too.
- After that commit, `ratings_update` runs (Celery task `update_ratings`; inline when tasks
  are eager). It is a side effect: if it fails or is lost (an error, a crash between the
  commit and the task, a broker outage), the flag stays set, and the sweep (every
  SWEEP_INTERVAL_SECONDS) queues the update again. `manage.py rebuild_ratings` recomputes
  everything from scratch and says whether anything differed.

`ratings_update` re-rates from the earliest pending game on, in the order (finished_at, game
id), the same order the rebuild uses: normally the pending game is the newest and only it is
rated; a voided or corrected older game, or one whose update ran late, re-rates every game
after it. One ratings writer runs at a time (an advisory lock on PostgreSQL; SQLite's write
transactions queue anyway).

A game is rated when it finished with two or more seats and every seat is a member (no bot;
a member whose seat a stand-in bot played after timeouts still counts). Solo and aborted
games are never rated.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

from django.db import connection, transaction
from django.db.models import Count, Max, Q, Sum

from games import rules
from games.models import Game, PlayerRating, RatingChange, Seat, Status
from games.queue import enqueue
from games.rating_system import GameResult, RatingStep, Skill, fold

logger = logging.getLogger(__name__)

# pg_advisory_xact_lock key of the ratings writer (any constant unused elsewhere).
LOCK_KEY = 0x5354_5045_5241_54
CHUNK = 2000

Key = tuple[datetime, int]  # (finished_at, game id): the order games are rated in


@dataclass
class RatingsReport:
    """What an update or a rebuild did."""

    games: int = 0  # games rated
    rows: int = 0  # rating rows written
    differed: int = 0  # rebuild: rows that were missing, extra or had other numbers
    start: Key | None = None
    cleared: list[int] = field(default_factory=list)  # pending games taken in

    def __str__(self) -> str:
        return f"{self.games} games rated, {self.rows} rating rows, {self.differed} differed"


# ---------------------------------------------------------------- recording a result


def seat_results(state) -> list[tuple[int, int, list[str]]]:
    """(place, points, card types in the area) per seat of a finished game's state."""
    view = rules.player_view(state, None)
    scores = sorted(rules.final_scores(state), key=lambda row: row["seat"])
    return [
        (row["rank"], row["total"], sorted(card.split("#")[0] for card in player["area"]))
        for row, player in zip(scores, view["players"], strict=True)
    ]


def game_finished(game: Game, state, seats: list[Seat]) -> None:
    """Store each seat's result and mark the game for the ratings; in the finishing
    transaction, before the caller saves `game`."""
    results = seat_results(state)
    for seat in seats:
        seat.rank, seat.score, seat.cards = results[seat.position]
    Seat.objects.bulk_update(seats, ["rank", "score", "cards"])
    game.rating_pending = True
    schedule_update()


def game_changed(game: Game) -> None:
    """A finished game was voided or its seats corrected: re-rate from it on (after the
    commit). In the admin's transaction."""
    Game.objects.filter(pk=game.pk).update(rating_pending=True)
    game.rating_pending = True
    schedule_update()


def schedule_update() -> None:
    """Queue `ratings_update` once the current transaction commits (robust: a failure only
    delays the ratings until the sweep finds the pending flag)."""
    transaction.on_commit(lambda: enqueue("update_ratings"), robust=True)


def ratings_pending() -> bool:
    return Game.objects.filter(rating_pending=True).exists()


# ---------------------------------------------------------------- the writers


def ratings_update() -> RatingsReport:
    """Take in every pending game: re-rate from the earliest of them on."""
    with transaction.atomic():
        _lock()
        pending = list(
            Game.objects.filter(rating_pending=True).values_list("pk", "status", "finished_at")
        )
        report = RatingsReport(cleared=[pk for pk, _status, _at in pending])
        if not pending:
            return report
        _results_fill([pk for pk, status, _at in pending if status == Status.FINISHED])
        start = _earliest_key(pending)
        if start is not None:
            report = _rerate_from(start, report)
        Game.objects.filter(pk__in=report.cleared).update(rating_pending=False)
    return report


def ratings_rebuild(*, write: bool = True) -> RatingsReport:
    """Recompute every rating from the games alone and compare with the stored rows.

    With `write`, the stored rows are replaced (and every pending flag cleared); without,
    nothing is written and `differed` says how many rows a rebuild would change.
    """
    with transaction.atomic():
        _lock()
        if write:
            _results_fill(None)
        results = list(_rated_results(None))
        steps = fold(results, {})
        report = RatingsReport(games=len(results), rows=len(steps))
        stored = {row[:3]: row[3:] for row in RatingChange.objects.values_list(*ROW_FIELDS)}
        for step in steps:
            if stored.pop((step.game_id, step.user_id, step.pool), None) != _row_values(step):
                report.differed += 1
        report.differed += len(stored)  # rows of games that should not be rated
        if write:
            RatingChange.objects.all().delete()
            _rows_write(steps)
            PlayerRating.objects.all().delete()
            _player_ratings_refresh(None, {(s.user_id, s.pool): s.after for s in steps})
            report.cleared = list(
                Game.objects.filter(rating_pending=True).values_list("pk", flat=True)
            )
            Game.objects.filter(pk__in=report.cleared).update(rating_pending=False)
    return report


def _lock() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK_KEY])


ROW_FIELDS = (
    "game_id",
    "user_id",
    "pool",
    "played_at",
    "position",
    "players",
    "rank",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
)


def _row_values(step: RatingStep) -> tuple:
    """A step as the stored row's values after (game, user, pool), in ROW_FIELDS order."""
    return (
        step.played_at,
        step.position,
        step.players,
        step.rank,
        step.before.mu,
        step.before.sigma,
        step.after.mu,
        step.after.sigma,
    )


def _earliest_key(pending: list[tuple[int, str, datetime | None]]) -> Key | None:
    """Where re-rating starts: the earliest pending game, or the earliest row it left."""
    keys = [(at, pk) for pk, _status, at in pending if at is not None]
    earlier_rows = (
        RatingChange.objects.filter(game_id__in=[pk for pk, _s, _a in pending])
        .order_by("played_at", "game_id")
        .values_list("played_at", "game_id")
        .first()
    )
    if earlier_rows is not None:
        keys.append(earlier_rows)
    return min(keys) if keys else None


def _from_key(start: Key, *, at: str, game: str) -> Q:
    """Rows or games at or after `start` in rating order."""
    return Q(**{f"{at}__gt": start[0]}) | Q(**{at: start[0], f"{game}__gte": start[1]})


def _rerate_from(start: Key, report: RatingsReport) -> RatingsReport:
    later = RatingChange.objects.filter(_from_key(start, at="played_at", game="game_id"))
    touched = set(later.values_list("user_id", "pool").distinct())
    later.delete()
    results = list(_rated_results(start))
    users = {user_id for user_id, _pool in touched}
    users |= {user_id for result in results for user_id, _position, _rank in result.seats}
    # Each one's skill before `start`: his newest remaining row in each pool (NEW if none).
    known = {
        (user_id, pool): Skill(mu, sigma)
        for user_id, pool, mu, sigma in RatingChange.objects.filter(user_id__in=users)
        .newest_per("user_id", "pool")
        .values_list("user_id", "pool", "mu_after", "sigma_after")
    }
    steps = fold(results, known)
    _rows_write(steps)
    _player_ratings_refresh(touched | {(step.user_id, step.pool) for step in steps}, known)
    report.start, report.games, report.rows = start, len(results), len(steps)
    return report


def _rated_results(start: Key | None) -> Iterator[GameResult]:
    """The rated games (from `start` on, or all), in rating order, with their seats."""
    games = Game.objects.filter(status=Status.FINISHED, finished_at__isnull=False)
    if start is not None:
        games = games.filter(_from_key(start, at="finished_at", game="pk"))
    games = (
        games.annotate(
            n_seats=Count("seat_set"),
            n_unrated=Count(
                "seat_set",
                filter=Q(seat_set__is_bot=True) | Q(seat_set__rank__isnull=True),
            ),
        )
        .filter(n_seats__gte=2, n_unrated=0)
        .order_by("finished_at", "pk")
        .values_list("pk", "finished_at")
    )
    rows = list(games)
    for offset in range(0, len(rows), CHUNK):
        chunk = rows[offset : offset + CHUNK]
        seats: dict[int, list[tuple[int, int, int]]] = {}
        for game_id, user_id, position, rank in (
            Seat.objects.filter(game_id__in=[pk for pk, _at in chunk])
            .order_by("game_id", "position")
            .values_list("game_id", "user_id", "position", "rank")
        ):
            seats.setdefault(game_id, []).append((user_id, position, rank))
        for pk, finished_at in chunk:
            yield GameResult(game_id=pk, finished_at=finished_at, seats=tuple(seats[pk]))


ROW_COLUMNS = (*ROW_FIELDS, "rating_before", "rating_after")


def _row(step: RatingStep) -> tuple:
    """A step as the values of ROW_COLUMNS."""
    return (
        step.game_id,
        step.user_id,
        step.pool,
        *_row_values(step),
        step.before.rating,
        step.after.rating,
    )


def _rows_write(steps: list[RatingStep]) -> None:
    """Insert the steps' rows: with COPY on PostgreSQL (a rebuild writes hundreds of
    thousands; the ORM's INSERTs take ten times as long), else in ORM batches."""
    if connection.vendor == "postgresql":
        meta = RatingChange._meta
        columns = ", ".join(meta.get_field(name).column for name in ROW_COLUMNS)
        sql = f"COPY {meta.db_table} ({columns}) FROM STDIN"
        with connection.cursor() as cursor, cursor.copy(sql) as copy:
            for step in steps:
                copy.write_row(_row(step))
        return
    for offset in range(0, len(steps), CHUNK):
        RatingChange.objects.bulk_create(
            RatingChange(**dict(zip(ROW_COLUMNS, _row(step), strict=True)))
            for step in steps[offset : offset + CHUNK]
        )


def _player_ratings_refresh(
    touched: set[tuple[int, str]] | None, current: dict[tuple[int, str], Skill]
) -> None:
    """Rewrite the PlayerRating rows of the members in `touched` (None: everybody): totals
    from their history, skills from `current` (which has every pool they have rows in)."""
    rows = RatingChange.objects.all()
    if touched is not None:
        users = {user_id for user_id, _pool in touched}
        rows = rows.filter(user_id__in=users)
        PlayerRating.objects.filter(user_id__in=users).delete()
    totals = rows.values("user_id", "pool").annotate(
        games=Count("pk"),
        wins=Count("pk", filter=Q(rank=1)),
        rank_sum=Sum("rank"),
        last=Max("played_at"),
    )
    fresh = []
    for total in totals:
        key = (total["user_id"], total["pool"])
        skill = current[key]
        fresh.append(
            PlayerRating(
                user_id=key[0],
                pool=key[1],
                mu=skill.mu,
                sigma=skill.sigma,
                rating=skill.rating,
                games=total["games"],
                wins=total["wins"],
                rank_sum=total["rank_sum"],
                last_played_at=total["last"],
            )
        )
    PlayerRating.objects.bulk_create(fresh, batch_size=CHUNK)


def _results_fill(game_ids: list[int] | None) -> int:
    """Store the results of finished games that lack them (finished before results were
    recorded), from their snapshots. `game_ids`: only those; None: every finished game."""
    games = Game.objects.filter(
        status=Status.FINISHED, state__isnull=False, seat_set__rank__isnull=True
    )
    if game_ids is not None:
        games = games.filter(pk__in=game_ids)
    filled = 0
    for game in games.distinct().iterator():
        seats = list(Seat.objects.filter(game=game))
        results = seat_results(rules.GameState.from_dict(game.state))
        for seat in seats:
            seat.rank, seat.score, seat.cards = results[seat.position]
        Seat.objects.bulk_update(seats, ["rank", "score", "cards"])
        filled += 1
    return filled
