"""Pushes to the browsers: each audience gets exactly what GET /games/<id>/view answers it.

Group names: `game.<id>.seat.<n>` for each seat, `game.<id>.spectators` for everyone else,
`user.<id>` for every open page of one member.
Messages: `{"type": "game.view", "version": v, "payload": game_payload(game, seat)}` (the
payload holds the engine's `view` for that audience) and
`{"type": "user.notice", "notice": {...}}`. Only ever called after a commit, and it reads the
committed snapshot, so nobody hears of a move that was rolled back.
"""

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


def game_pushes(game: Game) -> dict[str, dict]:
    """The message for each audience group of the game: its own payload, with the version."""
    seat_list = list(Seat.objects.filter(game=game).select_related("user"))
    seats = {s.position: s for s in seat_list}
    parts = PayloadParts(game, seat_list)  # state, players and last move: once for all
    pushes = {}
    for position in range(game.options["players"]):
        pushes[seat_group(game.pk, position)] = game_payload(game, seats.get(position), parts)
    pushes[spectators_group(game.pk)] = game_payload(game, None, parts)
    return {
        group: {"type": "game.view", "version": game.version, "payload": payload}
        for group, payload in pushes.items()
    }


def broadcast_game(game_id: int) -> None:
    """Send every seat its own payload and the spectators theirs, tagged with the version."""
    game = Game.objects.filter(pk=game_id).select_related("host").first()
    if game is None or game.state is None:
        return
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(_send_all)(layer, game_pushes(game))
    except Exception:
        # A push is a courtesy: clients refetch on a version gap, so never fail the move.
        logger.exception("could not push game %s", game_id)
    # The "your turn" notice to /ws/user/ is sent by games.notifications (with its record).


async def _send_all(layer, messages: dict[str, dict]) -> None:
    for group, message in messages.items():
        await layer.group_send(group, message)
