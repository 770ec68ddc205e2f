"""Pushes to the browsers: each audience gets exactly what GET /games/<id>/view answers it.

Group names: `game.<id>.seat.<n>` for each seat, `game.<id>.spectators` for everyone else,
`game.<id>` for every open page of the game whoever reads it (lobby changes, the chat),
`user.<id>` for every open page of one member.
Messages: `{"type": "game.view", "version": v, "text": "..."}`, where `text` is the frame the
socket sends as it is, `{"type": "view", "version": v, "payload": {...}}` (the payload holds
the engine's `view` for that audience), serialised once per audience here rather than once
per socket; and `{"type": "user.notice", "notice": {...}}`. Only ever called after a commit,
with the committed snapshot, so nobody hears of a move that was rolled back.
"""

import asyncio
import logging
import os
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager

from asgiref.sync import SyncToAsync
from channels.layers import get_channel_layer

from games.models import Game, Seat
from games.selectors import PayloadParts, game_payload_text

logger = logging.getLogger(__name__)


def seat_group(game_id: int, position: int) -> str:
    return f"game.{game_id}.seat.{position}"


def spectators_group(game_id: int) -> str:
    return f"game.{game_id}.spectators"


def game_group(game_id: int) -> str:
    return f"game.{game_id}"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def sockets_group(user_id: int) -> str:
    """Every socket of a member (game tables and site pages), to close them all at once."""
    return f"sockets.{user_id}"


def user_sockets_close(user_id: int) -> None:
    """Close every open socket of the member (his session ended or changed): each page
    reconnects, and only a page whose session is still valid is let back in."""
    deliver({sockets_group(user_id): {"type": "sockets.close"}}, f"sockets of user {user_id}")


def game_announce(game_id: int, message: dict) -> None:
    """Send `message` (its "type" names the consumer's handler) to every open page of the game.

    Like every push a courtesy: a failure is logged, never raised.
    """
    deliver({game_group(game_id): message}, f"game {game_id}")


def lobby_changed(game_id: int) -> None:
    """Tell the game's open pages that its lobby changed (a seat taken or freed, started, called
    off): the lobby page reads itself again, or goes to the table once the game has started."""
    game_announce(game_id, {"type": "game.lobby"})


def user_notify(user_id: int, notice: dict) -> None:
    """Send a live notice (e.g. "your turn in game X") to every open page of that user.

    The message is `{"type": "user.notice", "notice": {...}}`; consumers forward it as is.
    """
    users_notify([(user_id, notice)])


def users_notify(notices: list[tuple[int, dict]]) -> None:
    """`user_notify` for several members at once (one hand-over for all)."""
    messages = {user_group(user_id): {"type": "user.notice", "notice": n} for user_id, n in notices}
    deliver(messages, f"users {[user_id for user_id, _n in notices]}")


class GamePush:
    """Every audience's payload of one committed game version, each serialised once.

    The mover's POST answers with its own text (`payload_text`), and the pushes reuse the
    rest: one engine view and one `json.dumps` per audience for the whole move.
    """

    def __init__(self, game: Game, seats: list[Seat] | None = None, **known) -> None:
        if seats is None:
            seats = list(Seat.objects.filter(game=game).select_related("user"))
        self.game = game
        self.seats = {seat.position: seat for seat in seats}
        self.parts = PayloadParts(game, seats, **known)
        self._texts: dict[int | None, str] = {}

    def payload_text(self, position: int | None) -> str:
        """The JSON of GET /view for the seat at `position` (None: a spectator)."""
        if position not in self._texts:
            seat = self.seats.get(position) if position is not None else None
            self._texts[position] = game_payload_text(self.game, seat, self.parts)
        return self._texts[position]

    def messages(self) -> dict[str, dict]:
        """The channel-layer message for each audience group of the game."""
        game_id, version = self.game.pk, self.game.version
        audiences = [*range(self.game.options["players"]), None]
        return {
            (
                seat_group(game_id, position) if position is not None else spectators_group(game_id)
            ): {
                "type": "game.view",
                "version": version,
                "text": f'{{"type": "view", "version": {version}, "payload": '
                f"{self.payload_text(position)}}}",
            }
            for position in audiences
        }

    def send(self) -> None:
        """Send every audience its own message; a failure is logged, never raised (a push is
        a courtesy: clients refetch on a version gap, so it never fails the move)."""
        deliver(self.messages(), f"game {self.game.pk}")
        # The "your turn" notice to /ws/user/ is sent by games.services.notices (with its record).


def broadcast_game(game_id: int) -> None:
    """Read the committed game and push it to every audience (when no writer holds it)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.state is None:
        return
    GamePush(game).send()


# ---------------------------------------------------------------- handing messages to the layer


def deliver(messages: dict[str, dict], what: str) -> None:
    """Hand `messages` (group → message) to the channel layer and wait until they are out, in
    the order of the calls; failures are logged. Inside `one_hand_over` they wait for the end
    of the block and go with the block's others.

    In a request of the ASGI server (a thread of asgiref's) they are sent on the server's own
    event loop, which holds the layer's connections; elsewhere (a Celery worker, a command, a
    test without a server loop) on this process's sender loop, without a new event loop and
    thread per call (asgiref's `async_to_sync` makes both each time there is no server loop).
    The request waits for its push: handed over without waiting, a saturated server answered
    moves in 44 ms but its pushes reached the other seats 1.4 s late (bench/load.py).
    """
    if not messages:
        return
    held = getattr(_held, "calls", None)
    if held is not None:
        held.append((messages, what))
        return
    _hand_over([(messages, what)])


_held = threading.local()


@contextmanager
def one_hand_over() -> Iterator[None]:
    """Deliveries made inside the block (its commit hooks included) are handed to the layer
    together when it ends, in the order made, each failure logged on its own: a move's pushes
    and its "your turn" notices cross to the sending loop's thread once instead of once each.
    A block inside another joins the outer one."""
    if getattr(_held, "calls", None) is not None:
        yield
        return
    _held.calls = []
    try:
        yield
    finally:
        calls, _held.calls = _held.calls, None
        _hand_over(calls)


def _hand_over(calls: list[tuple[dict[str, dict], str]]) -> None:
    layer = get_channel_layer()
    if layer is None or not calls:
        return
    loop = _server_loop()
    try:
        if loop is None:
            _Sender.get().run(_send_all(layer, calls))
        else:
            _wait_for(asyncio.run_coroutine_threadsafe(_send_all(layer, calls), loop))
    except Exception:
        logger.exception("could not send to %s", ", ".join(what for _m, what in calls))


def _server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop this thread's sync code was called from (asgiref), if any."""
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    return loop if loop is not None and loop.is_running() else None


def _wait_for(future: Future) -> None:
    """Wait for a send on another thread's loop; give up after SEND_TIMEOUT seconds."""
    try:
        future.result(timeout=SEND_TIMEOUT)
    except TimeoutError:
        future.cancel()
        raise


class _Sender:
    """One event loop per process, on a thread of its own, for sends made without a server
    loop; the caller waits for each send (so a worker's push is out when its task ends)."""

    _current: "_Sender | None" = None
    _lock = threading.Lock()

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.loop = asyncio.new_event_loop()
        thread = threading.Thread(target=self.loop.run_forever, name="push-sender", daemon=True)
        thread.start()

    @classmethod
    def get(cls) -> "_Sender":
        with cls._lock:
            if cls._current is None or cls._current.pid != os.getpid():  # new, or forked
                cls._current = cls()
            return cls._current

    def run(self, coroutine) -> None:
        """Run `coroutine` on the sender loop; give up waiting after SEND_TIMEOUT seconds."""
        _wait_for(asyncio.run_coroutine_threadsafe(coroutine, self.loop))


# A send that has not gone out by then is given up (the layer has its own, shorter timeouts;
# this bounds a hung one, so a worker's task never waits on a push for ever).
SEND_TIMEOUT = 30


async def _send_all(layer, calls: list[tuple[dict[str, dict], str]]) -> None:
    """Each call's messages in order; a call that fails is logged and the next still goes."""
    for messages, what in calls:
        try:
            for group, message in messages.items():
                await layer.group_send(group, message)
        except Exception:
            logger.exception("could not send to %s", what)
