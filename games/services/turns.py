"""Whose turn it is, over days: deadlines, warning times and the due times of turn e-mails.

`moves.snapshot_save` calls `turn_times_set` before it saves a new snapshot (so the deadline
goes out in the same UPDATE) and `turn_changed` after it, inside the move's transaction; both
work on what the move read at its start (the seats under the game's lock, their vacations) and
call nothing that reads again. They write due times only; the notices
themselves go out after the commit (games.services.notices), and the sweep
(games.services.sweep) finds what has come due.
"""

from datetime import datetime, timedelta

from django.db import transaction

from games import deadlines
from games.models import Game, Seat, Status
from games.services import notices
from games.statements import Writes
from games.vacation_calendar import Pauses, vacation_pauses_by_user


def _acting_humans(game: Game, seats: list[Seat] | None = None) -> list[Seat]:
    if seats is None:
        seats = list(Seat.objects.filter(game=game).select_related("user"))
    return [
        seat
        for seat in seats
        if seat.position in game.to_act and not seat.is_bot and not seat.stand_in
    ]


def turn_times(
    game: Game, seats: list[Seat] | None = None, pauses: Pauses | None = None
) -> tuple[datetime, datetime] | None:
    """(warning due, deadline) of the current turn, or None without a time limit.

    `seats` (with their users) and `pauses` (the vacations of those users from the turn's
    start, `vacation_pauses_by_user`) may be passed when the caller has read them already.
    """
    if not game.days_per_move or game.status != Status.RUNNING or not game.last_move_at:
        return None
    start = game.last_move_at
    budget = timedelta(days=game.days_per_move) + game.deadline_extension
    users = [seat.user for seat in _acting_humans(game, seats)]
    if pauses is None:
        pauses = vacation_pauses_by_user(users, start)
    return deadlines.turn_times(
        start,
        budget,
        pause_weekends=game.pause_weekends,
        vacations=[span for user in users for span in pauses.get(user.pk, ())],
    )


def turn_times_set(game: Game, seats: list[Seat], pauses: Pauses | None = None) -> None:
    """A new turn's deadline and warning time on `game` (the caller saves it).

    Precondition: `game` has its new `to_act`/`status`; a running game's extension ends here.
    """
    if game.status != Status.RUNNING:
        return
    game.deadline_extension = timedelta(0)
    times = turn_times(game, seats, pauses)
    game.warn_at, game.deadline = times if times else (None, None)


def turn_changed(
    game: Game, seats: list[Seat], *, previous: set[int], now: datetime, writes: Writes
) -> None:
    """After a new snapshot: clear stale reminders, queue the notices of whoever is new to act.

    Precondition: `game` has its new `to_act`/`status` (saved, or queued in `writes`) inside
    the open transaction, and `seats` (with their users) were read under the game's lock. The
    seats' due times and the notice records join `writes`, which the caller sends.
    """
    current = set(game.to_act) if game.status == Status.RUNNING else set()
    for seat in seats:
        if seat.position not in current and seat.remind_at:
            seat.remind_at = None
            writes.update(seat, ["remind_at"])
    if game.status != Status.RUNNING:
        if game.status == Status.FINISHED:
            notices.game_finished(game)
        return
    new = current - previous
    if new:
        notices.turn_started(
            game,
            seats=[seat for seat in _acting_humans(game, seats) if seat.position in new],
            now=now,
            writes=writes,
        )


def deadlines_refresh(game_id: int) -> None:
    """Recompute the running turn's deadline (after a vacation or an extension changed)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            return
        times = turn_times(game)
        if times is None:
            return
        warn, end = times
        game.deadline = end
        # A warning already sent stays sent; otherwise it moves with the deadline.
        if game.warn_at is not None:
            game.warn_at = warn
        game.save(update_fields=["warn_at", "deadline"])


def deadlines_refresh_for_user(user) -> None:
    """Move the deadlines of the running games in which `user` is to act."""
    seats = Seat.objects.filter(user=user, game__status=Status.RUNNING).select_related("game")
    for seat in seats:
        if seat.position in seat.game.to_act:
            game_id = seat.game_id
            transaction.on_commit(lambda game_id=game_id: deadlines_refresh(game_id))
