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

import json
import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games.models import Game, Seat
from games.selectors import PayloadParts, game_payload

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
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(sockets_group(user_id), {"type": "sockets.close"})
    except Exception:
        logger.exception("could not close the sockets of user %s", user_id)


def game_announce(game_id: int, message: dict) -> None:
    """Send `message` (its "type" names the consumer's handler) to every open page of the game.

    Like every push a courtesy: a failure is logged, never raised.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(game_group(game_id), message)
    except Exception:
        logger.exception("could not announce to game %s", game_id)


def lobby_changed(game_id: int) -> None:
    """Tell the game's open pages that its lobby changed (a seat taken or freed, started, called
    off): the lobby page reads itself again, or goes to the table once the game has started."""
    game_announce(game_id, {"type": "game.lobby"})


def user_notify(user_id: int, notice: dict) -> None:
    """Send a live notice (e.g. "your turn in game X") to every open page of that user.

    The message is `{"type": "user.notice", "notice": {...}}`; consumers forward it as is.
    """
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(
            user_group(user_id), {"type": "user.notice", "notice": notice}
        )
    except Exception:
        logger.exception("could not notify user %s", user_id)


def users_notify(notices: list[tuple[int, dict]]) -> None:
    """`user_notify` for several members at once (one hop into the event loop for all)."""
    layer = get_channel_layer()
    if layer is None or not notices:
        return
    messages = {user_group(user_id): {"type": "user.notice", "notice": n} for user_id, n in notices}
    try:
        async_to_sync(_send_all)(layer, messages)
    except Exception:
        logger.exception("could not notify users %s", [user_id for user_id, _n in notices])


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
            payload = game_payload(self.game, seat, self.parts)
            self._texts[position] = json.dumps(payload)
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
        """Send every audience its own message; a failure is logged, never raised."""
        layer = get_channel_layer()
        if layer is None:
            return
        try:
            async_to_sync(_send_all)(layer, self.messages())
        except Exception:
            # A push is a courtesy: clients refetch on a version gap, so never fail the move.
            logger.exception("could not push game %s", self.game.pk)
        # The "your turn" notice to /ws/user/ is sent by games.services.notices (with its record).


def broadcast_game(game_id: int) -> None:
    """Read the committed game and push it to every audience (when no writer holds it)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.state is None:
        return
    GamePush(game).send()


async def _send_all(layer, messages: dict[str, dict]) -> None:
    for group, message in messages.items():
        await layer.group_send(group, message)
