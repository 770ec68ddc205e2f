"""Pushes to the browsers: each audience gets the view the engine computed for it.

Group names: `game.<id>.seat.<n>` for each seat, `game.<id>.spectators` for everyone else.
Messages: `{"type": "game.view", "version": v, "view": {...}}`. Only ever called after a commit,
and it reads the committed snapshot, so nobody hears of a move that was rolled back.
"""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import rules
from games.models import Game

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


def broadcast_game(game_id: int) -> None:
    """Send every seat its own view and the spectators theirs, tagged with the version."""
    game = Game.objects.filter(pk=game_id).only("pk", "version", "state", "options").first()
    if game is None or game.state is None:
        return
    layer = get_channel_layer()
    if layer is None:
        return
    state = rules.GameState.from_dict(game.state)
    audiences = {seat_group(game_id, n): n for n in range(game.options["players"])}
    audiences[spectators_group(game_id)] = None
    messages = {
        group: {"type": "game.view", "version": game.version, "view": rules.player_view(state, n)}
        for group, n in audiences.items()
    }
    try:
        async_to_sync(_send_all)(layer, messages)
    except Exception:
        # A push is a courtesy: clients refetch on a version gap, so never fail the move.
        logger.exception("could not push game %s", game_id)


async def _send_all(layer, messages: dict[str, dict]) -> None:
    for group, message in messages.items():
        await layer.group_send(group, message)
