"""Pushes to the browsers: each audience gets exactly what GET /games/<id>/view answers it.

Group names: `game.<id>.seat.<n>` for each seat, `game.<id>.spectators` for everyone else,
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


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


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
        # The "your turn" notice to /ws/user/ is sent by games.notifications (with its record).


def broadcast_game(game_id: int) -> None:
    """Read the committed game and push it to every audience (when no writer holds it)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.state is None:
        return
    GamePush(game).send()


async def _send_all(layer, messages: dict[str, dict]) -> None:
    for group, message in messages.items():
        await layer.group_send(group, message)
