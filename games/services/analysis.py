"""The post-game analysis of finished games: the only writer of `GameAnalysis` (issue 17).

How a finished game gets its analysis, and why a slow one never slows a move:
- The transaction that finishes a game (`moves.snapshot_save`) calls `analysis_schedule`: it
  creates the game's row (pending) and, after the commit, queues the Celery task
  `analyse_game` when ANALYSIS_AFTER_GAME is set (a real worker). Where tasks run eagerly
  (the embedded run) it is not queued, or the last move's answer would wait for the whole
  analysis; `manage.py analyse_games` runs the pending ones there.
- `analysis_run` claims the row (a conditional UPDATE: pending, failed or outdated - a
  later `ANALYSIS_VERSION` changed its game's figures, `rules.analysis.outdated` - or
  running without progress for ANALYSIS_STALE_SECONDS: its worker died), counts the
  decisions, reviews them one by one with the pure `rules.analysis` and stores the
  progress after each, so the end screen shows "k of n";
  the result is stored when all are done. A failure marks the row failed (run again later).
- `analyses_outdated` lists the finished games whose analysis is missing, pending, failed or
  outdated: `manage.py analyse_games` re-runs them when the version changes.
- `analyses_claim_lost` is the periodic sweep's part where a worker runs the analyses: it
  claims a few games whose analysis was lost (pending or running without progress for
  ANALYSIS_STALE_SECONDS: the task or its worker died), failed (retried once it has failed
  that long ago), missing, or done and outdated, marks each pending again with a
  conditional UPDATE (so two sweeps never queue one game twice) and returns them for the
  sweep to queue; never while `ANALYSES_AT_ONCE` analyses are already waiting or running.

Only the seats of members are reviewed (a bot's play needs no lesson). Nothing here reads a
pile's order: the analysis replays the log from the deal, and its searches sample the orders.
"""

from __future__ import annotations

import logging
import operator
from datetime import datetime, timedelta
from functools import reduce

from django.conf import settings
from django.db import transaction
from django.db.models import Case, F, Q, QuerySet, Value, When
from django.utils import timezone

from games import actionlog
from games.models import AnalysisStatus, Game, GameAnalysis, Seat, Status
from games.queue import enqueue
from games.rules import analysis as pure

logger = logging.getLogger(__name__)


def analysis_schedule(game: Game) -> None:
    """In the transaction that finishes `game` (or an admin's restart): a pending analysis row
    with no attempts counted, queued after the commit where a worker runs it; embedded,
    `manage.py analyse_games --loop` takes it up."""
    GameAnalysis.objects.update_or_create(
        game=game,
        defaults={
            "status": AnalysisStatus.PENDING,
            "done": 0,
            "total": 0,
            "result": {},
            "attempts": 0,
        },
    )
    if settings.ANALYSIS_AFTER_GAME:
        game_id = game.pk
        transaction.on_commit(lambda: enqueue("analyse_game", game_id), robust=True)


def reviewed_seats(game: Game) -> list[int]:
    """The positions of the members' seats (a stand-in's moves still count for the member)."""
    return sorted(Seat.objects.filter(game=game, is_bot=False).values_list("position", flat=True))


def _stale_before() -> datetime:
    """A running analysis whose progress has not moved since then was lost (its worker died):
    it may be claimed again. One decision takes well under a second of the default budget."""
    return timezone.now() - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)


def _outdated() -> Q:
    """The analysis rows a later analysis version changed the figures of: `rules.analysis`'s
    `outdated` over the row's version and its game's options, as a query."""
    changes = [
        Q(version__lt=later) & (Q() if option is None else Q(**{f"game__options__{option}": True}))
        for later, option in pure.ANALYSIS_CHANGES
    ]
    return reduce(operator.or_, changes)


def _current_rows() -> QuerySet[GameAnalysis]:
    """The analysis rows no later version changed (not `_outdated`). Excluded by key: the
    option's test is NULL for a game without that option, and NOT NULL selects nothing."""
    return GameAnalysis.objects.exclude(
        pk__in=GameAnalysis.objects.filter(_outdated()).values("pk")
    )


def _claimable() -> Q:
    return (
        Q(status__in=[AnalysisStatus.PENDING, AnalysisStatus.FAILED])
        | _outdated()
        | Q(status=AnalysisStatus.RUNNING, updated_at__lt=_stale_before())
    )


# At most this many analyses waiting in the queue or running at once, counting those the
# sweep queues: an analysis takes minutes of a worker's core (docs/benchmarks.md), so a backlog
# (every game after an ANALYSIS_VERSION change to every game's figures) is worked off a few
# at a time.
ANALYSES_AT_ONCE = 2


# A game whose analysis was lost or failed this many times under one analysis version is not
# queued again by the sweep (each run costs minutes of a worker's core; one that kills its
# worker or fails every time would cost them every ANALYSIS_STALE_SECONDS for ever). An admin
# runs it again with `manage.py analyse_games --game <id> --force`.
ANALYSIS_ATTEMPTS = 3


def _lost_or_due(stale_before: datetime) -> Q:
    """The rows the sweep queues again: lost (pending or running without progress since
    `stale_before`) or failed before then, fewer than `ANALYSIS_ATTEMPTS` times; or done
    under an older version."""
    return Q(
        status__in=[AnalysisStatus.PENDING, AnalysisStatus.RUNNING, AnalysisStatus.FAILED],
        updated_at__lt=stale_before,
    ) & (Q(attempts__lt=ANALYSIS_ATTEMPTS) | _outdated()) | (
        Q(status=AnalysisStatus.DONE) & _outdated()
    )


def analyses_claim_lost(now: datetime) -> list[int]:
    """The finished games whose analysis the sweep is to queue now, newest first, each marked
    pending (a fresh pending row is in flight: the next sweep leaves it alone); none while
    `ANALYSES_AT_ONCE` are waiting or running, and no more than make that many."""
    stale_before = now - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)
    in_flight = GameAnalysis.objects.filter(
        game__status=Status.FINISHED,
        status__in=[AnalysisStatus.PENDING, AnalysisStatus.RUNNING],
        updated_at__gte=stale_before,
    ).count()
    room = ANALYSES_AT_ONCE - in_flight
    if room <= 0:
        return []
    due = (
        Game.objects.filter(status=Status.FINISHED)
        .filter(
            Q(analysis__isnull=True)
            | Q(analysis__in=GameAnalysis.objects.filter(_lost_or_due(stale_before)))
        )
        .order_by(F("finished_at").desc(nulls_last=True), "-pk")
        .values_list("pk", flat=True)
    )
    claimed: list[int] = []
    for game_id in due[: room * 4]:  # a few more, for the ones another sweep claims first
        if len(claimed) == room:
            break
        if _claim_for_queue(game_id, stale_before, now):
            claimed.append(game_id)
    return claimed


def _claim_for_queue(game_id: int, stale_before: datetime, now: datetime) -> bool:
    """Mark the game's analysis pending as of `now` if it is still lost, failed, missing or
    outdated (a conditional UPDATE, or the row's creation): True if this call did it."""
    row, created = GameAnalysis.objects.get_or_create(
        game_id=game_id, defaults={"status": AnalysisStatus.PENDING}
    )
    if created:
        return True
    claimed = (
        GameAnalysis.objects.filter(pk=row.pk)
        .filter(_lost_or_due(stale_before))
        .update(status=AnalysisStatus.PENDING, updated_at=now)
    )
    return claimed == 1


def analysis_run(game_id: int, *, force: bool = False) -> str:
    """Analyse a finished game's member seats, storing progress as it goes; what it did.

    Does nothing unless the game is finished and its analysis is missing, pending, failed or
    outdated (or `force`: an admin re-running a stuck or finished one)."""
    game = Game.objects.filter(pk=game_id, status=Status.FINISHED).first()
    if game is None:
        return "not a finished game"
    GameAnalysis.objects.get_or_create(game=game)
    rows = GameAnalysis.objects.filter(game=game)
    if not force:
        rows = rows.filter(_claimable())
    # Failures under a version that read this game as the current one does were failures of
    # the same analysis: they count on, and a version that changed other games only does not
    # grant this one another `ANALYSIS_ATTEMPTS`.
    same_analysis = [
        version
        for version in range(pure.ANALYSIS_VERSION + 1)
        if not pure.outdated(version, game.options)
    ]
    claimed = rows.update(
        status=AnalysisStatus.RUNNING,
        attempts=Case(
            When(version__in=same_analysis, then=F("attempts") + 1),
            default=Value(1),
        ),
        version=pure.ANALYSIS_VERSION,
        done=0,
        total=0,
        result={},
        updated_at=timezone.now(),
    )
    if not claimed:
        return "nothing to do"
    row = GameAnalysis.objects.get(game=game)
    try:
        _analyse(game, row)
    except Exception:
        GameAnalysis.objects.filter(pk=row.pk).update(
            status=AnalysisStatus.FAILED, updated_at=timezone.now()
        )
        raise
    return f"{row.total} decisions reviewed"


def _analyse(game: Game, row: GameAnalysis) -> None:
    log = actionlog.effective_moves(game)
    seats = reviewed_seats(game)
    worlds, width = settings.ANALYSIS_WORLDS, settings.ANALYSIS_WIDTH
    row.total = pure.decisions_total(game.options, game.seed, log, seats)
    GameAnalysis.objects.filter(pk=row.pk).update(total=row.total, updated_at=timezone.now())
    reviews = []
    for review in pure.game_reviews(game.options, game.seed, log, seats, worlds, width):
        reviews.append(review)
        GameAnalysis.objects.filter(pk=row.pk).update(done=len(reviews), updated_at=timezone.now())
    result = pure.summarise(reviews, seats, worlds)
    GameAnalysis.objects.filter(pk=row.pk).update(
        status=AnalysisStatus.DONE, done=len(reviews), result=result, updated_at=timezone.now()
    )
    row.done = len(reviews)


def analyses_outdated() -> QuerySet[Game]:
    """Finished games whose analysis is missing, pending, failed or of an older version."""
    current = (
        _current_rows()
        .filter(
            Q(status=AnalysisStatus.DONE)
            | Q(status=AnalysisStatus.RUNNING, updated_at__gte=_stale_before())
        )
        .values("game_id")
    )
    return Game.objects.filter(status=Status.FINISHED).exclude(pk__in=current).order_by("pk")


def analyses_due_here() -> QuerySet[Game]:
    """`analyses_outdated`, less those that failed `ANALYSIS_ATTEMPTS` times under this
    version: what a process that runs the analyses itself takes on (the embedded site's
    `manage.py analyse_games --loop`). One that fails every time would otherwise cost minutes
    of the machine at every round for ever; an admin runs it again with `--game <id> --force`."""
    given_up = (
        _current_rows()
        .filter(status=AnalysisStatus.FAILED, attempts__gte=ANALYSIS_ATTEMPTS)
        .values("game_id")
    )
    return analyses_outdated().exclude(pk__in=given_up)


def analysis_payload(game: Game) -> dict:
    """What the end screen reads: the progress while it runs, the figures once done.

    Only for a finished game (the caller checks): the moves played are public by then, and
    the best moves were legal moves of public positions; no state, seed or pile is included."""
    row = GameAnalysis.objects.filter(game=game).first()
    if row is None:
        return {"status": "none", "done": 0, "total": 0, "seats": {}}
    outdated = row.status == AnalysisStatus.DONE and pure.outdated(row.version, game.options)
    status = AnalysisStatus.PENDING if outdated else row.status
    done = status == AnalysisStatus.DONE
    seats = row.result.get("seats", {}) if done else {}
    return {
        "status": str(status),
        "done": row.done,
        "total": row.total,
        "accurate_within": pure.ACCURATE_WITHIN,
        "seats": {seat: _with_steps(figures) for seat, figures in seats.items()},
    }


def _with_steps(figures: dict) -> dict:
    """A seat's figures with each decision's and turning point's replay step: the step that
    shows its move (`index` moves came before it, so the step after `index + 1` moves)."""
    return {
        **figures,
        "moves": [{**move, "step": move["index"] + 1} for move in figures.get("moves", [])],
        "turning_points": [
            {**point, "step": point["index"] + 1} for point in figures.get("turning_points", [])
        ],
    }


def turning_points_at(game: Game, step: int) -> list[dict]:
    """The turning points whose move the replay's `step` shows (each with its `seat`), from a
    done analysis of the current version; none otherwise. For a finished game only (the
    caller checks), like `analysis_payload`."""
    payload = analysis_payload(game)
    return [
        {"seat": int(seat), **point}
        for seat, figures in sorted(payload["seats"].items(), key=lambda item: int(item[0]))
        for point in figures["turning_points"]
        if point["step"] == step
    ]
