"""Accepting moves: the one hot path that appends to the log.

Every accepted move, whoever submits it (a player, a bot, an admin forcing a pass), goes
through `record_move`, which must run with the game row locked.
"""

import json
import logging
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from games import realtime, rules
from games.access import access_game_to_move
from games.errors import GameError, stale_version
from games.models import Action, ActionKind, Game, Seat, Status
from games.queue import enqueue
from games.realtime import GamePush
from games.services import analysis, ratings, turns
from games.statements import Writes
from games.texts import refusal_text
from games.vacation_calendar import Pauses, vacation_pauses_by_user

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class MoveResult:
    """What a submission led to: the stored action and the game after it."""

    game: Game
    action: Action
    created: bool
    seat: Seat | None = None  # the mover's seat, as read under the game's lock
    push: GamePush | None = None  # the new version's payloads (None for a repeated client_id)

    def payload_text(self) -> str:
        """The mover's payload as JSON: the one the pushes were built from, or read afresh."""
        push = self.push or GamePush(self.game)
        return push.payload_text(self.seat.position if self.seat else None)


@dataclass(frozen=True)
class RecordedMove:
    action: Action
    push: GamePush


def move_submit(
    *,
    game_id: int,
    user,
    move: dict,
    expected_version: int,
    client_id: str | None = None,
    answer_shown: bool = False,
) -> MoveResult:
    """Apply `user`'s move at `expected_version`, or raise GameError.

    `user` is a member, or a member's `SessionClaim` (accounts.members) that the game's reads
    confirm. `answer_shown`: the caller answers the mover with the new version (the move POST),
    so his seat's `seen_version` (games.services.visits) is written with the move.

    A `client_id` this user sent before in this game answers with the first result and stores
    nothing, so a retried POST is harmless. Side effects (pushes, bot turns) run after the commit.

    Round trips (PostgreSQL): the BEGIN; the game's lock with the seats, their users (the
    claimant's among them) and the earlier submission (`access_game_to_move`); then every
    write of the move (with the mover's `seen_version` when `answer_shown`) and the COMMIT
    together. The pushes and the "your turn" notices of the commit hooks go to the channel
    layer in one hand-over.
    """
    with realtime.one_hand_over(), transaction.atomic(durable=True):
        # The client id is scoped to the submitter: another member's equal id is not his.
        game, seats, seat, earlier = access_game_to_move(user, game_id, client_id)
        if earlier is not None:
            return MoveResult(game=game, action=earlier, created=False, seat=seat)
        _check_can_move(game, seat, expected_version)
        writes = Writes()
        recorded = record_move(
            game=game,
            position=seat.position,
            user=seat.user,  # the member himself, also when `user` was his claim
            move=move,
            client_id=client_id,
            seats=seats,
            writes=writes,
        )
        if answer_shown and seat.seen_version < game.version:
            seat.seen_version = game.version
            writes.update(seat, ["seen_version"])
        writes.run(commit=True)  # the last statement of the transaction
    return MoveResult(
        game=game, action=recorded.action, created=True, seat=seat, push=recorded.push
    )


def _check_can_move(game: Game, seat: Seat | None, expected_version: int) -> None:
    if game.status != Status.RUNNING:
        raise GameError(
            "game_not_running", _("This game is not running."), status=409, version=game.version
        )
    if seat is None:
        raise GameError(
            "not_your_seat", _("You do not sit at this game."), status=403, version=game.version
        )
    if expected_version != game.version:
        raise stale_version(game.version)
    if seat.position not in game.to_act:
        raise GameError(
            "not_your_turn", _("It is not your turn."), status=422, version=game.version
        )


def record_move(
    *,
    game: Game,
    position: int,
    user,
    move: dict,
    kind: str = ActionKind.NORMAL,
    client_id: str | None = None,
    seats: list[Seat] | None = None,
    writes: Writes | None = None,
) -> RecordedMove:
    """Apply `move` for `position`, append it to the log and update the snapshot.

    Precondition: the caller holds the row lock on `game` (access_game(..., for_update=True))
    inside a transaction, and has checked that the game is running. `seats` (with their
    users), if given, were read under that lock; otherwise they are read here. The writes go
    out together at the end; a caller that passes `writes` sends them itself (`Writes.run`),
    before its transaction ends.
    """
    own_writes = writes is None
    writes = writes if writes is not None else Writes()
    # 1. Read what the move needs, once: the seats (under the lock) and their vacations.
    if seats is None:
        seats = game_seats(game)
    now = timezone.now()
    pauses = vacation_pauses_by_user([seat.user for seat in seats], now)
    # 2. Compute: the engine; the deadline arithmetic follows in snapshot_save.
    state = rules.GameState.from_dict(game.state)
    try:
        parsed = rules.parse_move(move)
        new_state, events = rules.apply_move(state, position, parsed)
    except rules.IllegalMove as exc:
        message = refusal_text(exc.code, exc.params)
        raise GameError(exc.code, message, status=422, version=game.version) from None
    # 3. Write: the log row, the snapshot with its deadline, the seats' due times, the notices;
    # 4. then, after the commit, push and notify (on_commit callbacks, in after_commit).
    action = Action(
        game=game,
        seq=game.version + 1,
        seat=position,
        user=user,
        kind=kind,
        move=parsed.to_dict(),
        events=_jsonable(events),
        client_id=client_id or None,
    )
    writes.insert([action], returning_pk=True)
    mover = next((seat for seat in seats if seat.position == position), None)
    if kind == ActionKind.NORMAL and mover is not None and mover.timeouts_in_row:
        # The player is back: his timeout streak ends.
        mover.timeouts_in_row = 0
        writes.update(mover, ["timeouts_in_row"])
    game.version += 1
    game.last_move_at = now
    # The new action is the last one that counts: the payloads' `can_undo` needs no query.
    push = snapshot_save(
        game,
        new_state,
        now=now,
        seats=seats,
        pauses=pauses,
        writes=writes,
        last_action=action,
    )
    after_commit(game, push)
    if own_writes:
        writes.run()
    return RecordedMove(action=action, push=push)


def game_seats(game: Game) -> list[Seat]:
    return list(Seat.objects.filter(game=game).select_related("user"))


def snapshot_save(
    game: Game,
    state,
    *,
    now,
    seats: list[Seat] | None = None,
    pauses: Pauses | None = None,
    writes: Writes | None = None,
    **known,
) -> GamePush:
    """Store `state` as the game's snapshot with everything derived from it.

    The deadline and the due times of reminders follow from `turns` (the turn's budget
    counts from `game.last_move_at`), in the same UPDATE as the snapshot. Returns the new
    version's payloads, for the caller to hand to `after_commit` (`known` as PayloadParts).
    With `writes` (a move), the snapshot's UPDATE sets only what a move changes
    (`MOVE_FIELDS`) and it, the seats' due times and the notices join the move's writes;
    without, the whole row is saved and the rest written at once.
    """
    if seats is None:
        seats = game_seats(game)
    previous = set(game.to_act or [])
    game.state = _jsonable(state.to_dict())
    game.rules_version = game.rules_version or rules.RULES_VERSION
    if rules.is_over(state):
        game.status = Status.FINISHED
        game.to_act = []
        game.deadline = None
        game.finished_at = now
        ratings.game_finished(game, state, seats)  # results now, the ratings after the commit
        analysis.analysis_schedule(game)  # a pending row now, the analysis after the commit
    else:
        game.to_act = sorted(rules.to_act(state))
    turns.turn_times_set(game, seats, pauses)
    own_writes = writes is None
    if writes is None:
        game.save()
        writes = Writes()
    else:
        writes.update(game, MOVE_FIELDS)
    turns.turn_changed(game, seats, previous=previous, now=now, writes=writes)
    if own_writes:
        writes.run()
    return GamePush(game, seats, state=state, **known)


# What a move changes in the game's row (`record_move` and `snapshot_save`): the rest of the
# row (title, options, seats, seed, host, ...) stays as it is.
MOVE_FIELDS = (
    "version",
    "last_move_at",
    "state",
    "rules_version",
    "status",
    "to_act",
    "deadline",
    "warn_at",
    "deadline_extension",
    "finished_at",
    "rating_pending",
    "updated_at",
)


def after_commit(game: Game, push: GamePush | None = None) -> None:
    """After the commit, push the new views and let a bot (or a stand-in bot) move if one is to act.

    Both are `robust`: the move is committed by then, so a failing push or a failing eager
    bot turn is logged and must not turn the mover's answer into an error. Without `push`,
    the committed game is read again for the pushes.
    """
    game_id, version = game.pk, game.version
    if push is not None:
        transaction.on_commit(push.send, robust=True)
        bot_to_act = any(
            seat.position in game.to_act and (seat.is_bot or seat.stand_in)
            for seat in push.seats.values()
        )
    else:
        transaction.on_commit(lambda: realtime.broadcast_game(game_id), robust=True)
        bot_to_act = (
            Seat.objects.filter(game=game, position__in=game.to_act)
            .filter(Q(is_bot=True) | Q(stand_in=True))
            .exists()
        )
    if game.status == Status.RUNNING and bot_to_act:
        transaction.on_commit(lambda: enqueue("play_bot_turn", game_id, version), robust=True)


def _jsonable(value):
    """Events and states as plain JSON (objects with to_dict, tuples as lists)."""
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    if hasattr(value, "to_dict"):
        value = value.to_dict()
    return json.loads(json.dumps(value))
