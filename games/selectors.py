"""Reads for pages and the JSON API. Nothing here writes."""

import json
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from games import actionlog, history, rules
from games.models import Game, Notification, Seat, Status, Vacation


def game_players(game: Game, seats: list[Seat] | None = None) -> list[dict]:
    """The seats as a client may see them: position, public name, bot or not.

    `on_vacation`: the member is on vacation today (his deadlines pause);
    `stand_in_bot`: a bot plays the seat after repeated timeouts, until he reclaims it.
    `seats` (with their users) may be passed when the caller has them already.
    """
    if seats is None:
        seats = list(game.seat_set.select_related("user").order_by("position"))
    else:
        seats = sorted(seats, key=lambda seat: seat.position)
    away = users_on_vacation([seat.user for seat in seats if not seat.is_bot])
    return [
        {
            "seat": seat.position,
            "name": seat.user.public_name,
            "is_bot": seat.is_bot,
            "bot_kind": seat.bot_kind or None,
            "to_act": game.status == Status.RUNNING and seat.position in game.to_act,
            "on_vacation": seat.user_id in away,
            "stand_in_bot": seat.stand_in,
        }
        for seat in seats
    ]


def users_on_vacation(users) -> set[int]:
    """The ids of those of `users` who are on vacation today (in their own time zones)."""
    users = [user for user in users if user.has_vacation_planned]
    if not users:
        return set()
    ids = {user.pk for user in users}
    now = timezone.now()
    rows = Vacation.objects.filter(user_id__in=ids, last_day__gte=(now - timedelta(days=1)).date())
    zones = {user.pk: user.zone for user in users}
    return {
        row.user_id
        for row in rows
        if row.first_day <= now.astimezone(zones[row.user_id]).date() <= row.last_day
    }


class PayloadParts:
    """What every audience's payload of one game version shares, computed once.

    A push sends a payload to each seat and to the spectators; the state, the player list
    and the last move (for `can_undo`) are the same for all of them, so a broadcast builds
    them once instead of once per audience (games/realtime.py). A caller that has just
    written the game passes what it already holds (the state object, the seats with their
    users, the action it appended), so building the payloads needs no query at all, except
    once the game is over: its score sheet replays the log (once for all audiences).
    """

    _UNSET = object()

    def __init__(
        self, game: Game, seats: list[Seat] | None = None, *, state=None, last_action=_UNSET
    ) -> None:
        self.game = game
        if state is None and game.state is not None:
            state = rules.GameState.from_dict(game.state)
        self.state = state
        self.players = game_players(game, seats)
        self._last = last_action
        self._sheet = None
        self._public_text: str | None = None
        self._players_text: str | None = None

    def players_text(self) -> str:
        """The JSON of the seated players, the same in every audience's payload: built once."""
        if self._players_text is None:
            self._players_text = json.dumps(self.players)
        return self._players_text

    def public_view_text(self) -> str:
        """The JSON of the engine's view that every audience shares (`rules.public_view`),
        without its closing brace, built once for all audiences."""
        if self._public_text is None:
            self._public_text = json.dumps(rules.public_view(self.state))[:-1]
        return self._public_text

    def last_action(self):
        if self._last is self._UNSET:
            self._last = actionlog.last_effective_action(self.game)
        return self._last

    def score_sheet(self) -> dict | None:
        """The end screen's points by part once the game is over (None before)."""
        if self.state is None or not rules.is_over(self.state):
            return None
        if self._sheet is None:
            self._sheet = history.score_sheet(self.game)
        return self._sheet


def game_payload(game: Game, seat: Seat | None, parts: PayloadParts | None = None) -> dict:
    """What GET /games/<id>/view answers (and the socket pushes): the engine's view for this
    seat (or a spectator), the version it belongs to, the seated players, `can_undo`, and
    once the game is over its score sheet (the points by part the end screen shows)."""
    parts = parts or PayloadParts(game)
    view = None
    if parts.state is not None:
        view = rules.player_view(parts.state, seat.position if seat is not None else None)
    head, tail = _payload_around_view(game, seat, parts)
    return {**head, "view": view, **tail}


def game_payload_text(game: Game, seat: Seat | None, parts: PayloadParts) -> str:
    """`game_payload` as JSON text, with the view's shared part serialised once per version
    (`PayloadParts.public_view_text`) and only the seat's own part per audience."""
    head, tail = _payload_around_view(game, seat, parts)
    if parts.state is None:
        view = "null"
    else:
        own = rules.seat_view(parts.state, seat.position if seat is not None else None)
        view = f"{parts.public_view_text()}, {json.dumps(own)[1:]}"
    del tail["players"]  # the first key after the view; its text is the same for everyone
    return (
        f'{json.dumps(head)[:-1]}, "view": {view}, "players": {parts.players_text()}, '
        f"{json.dumps(tail)[1:]}"
    )


def _payload_around_view(game: Game, seat: Seat | None, parts: PayloadParts) -> tuple[dict, dict]:
    """A payload's keys before and after its "view", in the order the answer gives them."""
    head = {
        "id": game.pk,
        "version": game.version,
        "status": game.status,
        "seat": seat.position if seat is not None else None,
        "to_act": list(game.to_act),
    }
    tail = {
        "players": parts.players,
        "deadline": game.deadline.isoformat() if game.deadline else None,
        "can_undo": seat is not None
        and actionlog.undo_refusal(game, seat.position, seat.user, last=parts.last_action) is None,
        # The viewing member's seat is played by the stand-in bot: POST /games/<id>/reclaim.
        "can_reclaim": bool(seat is not None and seat.stand_in and game.status == Status.RUNNING),
        "score_sheet": parts.score_sheet(),
    }
    return head, tail


def replay_payload(
    game: Game, state, *, n: int, total: int, lines: list[str] | None = None
) -> dict:
    """One step of a replay: shaped like game_payload (a spectator's), plus `step`, `steps`
    and `step_lines` (the log's lines of the step's move, server-rendered HTML); the last step
    (the game over) has the score sheet."""
    return {
        "id": game.pk,
        "version": n,
        "status": game.status,
        "seat": None,
        "to_act": list(rules.to_act(state)),
        "view": rules.player_view(state, None),
        "players": game_players(game),
        "deadline": None,
        "can_undo": False,
        "score_sheet": history.score_sheet(game) if rules.is_over(state) else None,
        "step": n,
        "steps": total,
        "step_lines": [str(line) for line in lines or []],
    }


def games_open_public() -> QuerySet[Game]:
    """Open public games, newest first, with their seats."""
    return (
        Game.objects.filter(status=Status.OPEN, is_public=True)
        .select_related("host")
        .prefetch_related(Prefetch("seat_set", queryset=Seat.objects.select_related("user")))
        .order_by("-created_at")
    )


@dataclass(frozen=True)
class MyGames:
    my_turn: list[Game]
    waiting: list[Game]
    open: list[Game]
    finished: list[Game]

    @property
    def is_empty(self) -> bool:
        return not (self.my_turn or self.waiting or self.open or self.finished)


def games_list_for_user(user, *, finished_limit: int = 20) -> MyGames:
    """The user's games: my turn (longest waiting first), waiting for others, open, finished."""
    seats = {
        seat.game_id: seat.position
        for seat in Seat.objects.filter(user=user).only("game_id", "position")
    }
    games = (
        Game.objects.filter(pk__in=seats)
        .select_related("host")
        .prefetch_related(
            Prefetch("seat_set", queryset=Seat.objects.select_related("user")), "rematches"
        )
    )
    running = [g for g in games if g.status == Status.RUNNING]
    my_turn = sorted((g for g in running if seats[g.pk] in g.to_act), key=lambda g: g.last_move_at)
    waiting = sorted(
        (g for g in running if seats[g.pk] not in g.to_act),
        key=lambda g: g.last_move_at,
        reverse=True,
    )
    open_games = sorted(
        (g for g in games if g.status == Status.OPEN), key=lambda g: g.created_at, reverse=True
    )
    ended = sorted(
        (g for g in games if g.status in (Status.FINISHED, Status.ABORTED)),
        key=lambda g: g.finished_at or g.updated_at,
        reverse=True,
    )
    return MyGames(
        my_turn=my_turn, waiting=waiting, open=open_games, finished=ended[:finished_limit]
    )


REPEAT_WINDOW = timedelta(minutes=1)


@dataclass
class NoticeLine:
    """One row of the notifications page: the newest of `count` identical notices."""

    row: Notification
    oldest_at: datetime
    count: int = 1

    @property
    def words(self) -> str:
        from games.emails import notice_words  # it imports the services, which import us

        return notice_words(self.row)


def _same(row: Notification) -> tuple:
    """What makes two notices the same line."""
    return (
        row.game_id,
        row.kind,
        row.channel,
        row.status,
        row.reason,
        repr(sorted(row.params.items())),
    )


def notifications_for_user(user, *, limit: int = 100) -> list[NoticeLine]:
    """The member's latest notifications, newest first, identical ones that followed each
    other within a minute as one line (a quick game makes a "your turn" notice per turn)."""
    rows = Notification.objects.filter(user=user).select_related("game")[:limit]
    lines: list[NoticeLine] = []
    open_lines: dict[tuple, NoticeLine] = {}
    for row in rows:
        line = open_lines.get(_same(row))
        if line is not None and line.oldest_at - row.created_at <= REPEAT_WINDOW:
            line.count += 1
            line.oldest_at = row.created_at
            continue
        line = NoticeLine(row=row, oldest_at=row.created_at)
        open_lines[_same(row)] = line
        lines.append(line)
    return lines
