"""WebSocket consumers: they only listen and forward. They never write and hold no game state.

`/ws/games/<id>/`: a signed-in member joins exactly one group, their seat's or the
spectators', and receives `{"type": "view", "version": v, "payload": {...}}` after each
committed move (the payload is what GET /games/<id>/view answers them).
`/ws/user/`: every page of a signed-in member; receives `{"type": "notice", "notice": {...}}`.

The only message a client may send is a heartbeat, `{"type": "heartbeat"}` (every ~30 s),
which renews the member's presence mark. Anything else closes the socket.
"""

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games.models import Game, Seat
from games.presence import presence_clear, presence_mark
from games.realtime import seat_group, spectators_group, user_group

# Close codes (4000-4999 are the application's): the page shows why and stops reconnecting.
CLOSE_NOT_LOGGED_IN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_BAD_MESSAGE = 4400
MAX_FRAME = 256


@database_sync_to_async
def _audience(user, game_id: int) -> str | None:
    """The group this user's page of the game listens to, or None if there is no such game."""
    if not Game.objects.filter(pk=game_id).exists():
        return None
    seat = Seat.objects.filter(game_id=game_id, user=user).only("position").first()
    return seat_group(game_id, seat.position) if seat else spectators_group(game_id)


class _ListeningConsumer(AsyncWebsocketConsumer):
    """Shared handling: sign-in check, heartbeats as the only input, presence marks."""

    group: str | None = None
    game_id: int | None = None

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        await self.accept()
        if self.user is None or not self.user.is_authenticated:
            await self.close(code=CLOSE_NOT_LOGGED_IN)
            return
        group = await self.choose_group()
        if group is None:
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.group = group
        await self.channel_layer.group_add(group, self.channel_name)
        await self._mark()

    async def choose_group(self) -> str | None:
        raise NotImplementedError

    async def disconnect(self, code) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)
            await database_sync_to_async(presence_clear)(user_id=self.user.pk, game_id=self.game_id)
            self.group = None

    async def receive(self, text_data=None, bytes_data=None) -> None:
        if self.group is None:
            return
        if text_data is None or len(text_data) > MAX_FRAME or not _is_heartbeat(text_data):
            await self.close(code=CLOSE_BAD_MESSAGE)
            return
        await self._mark()

    async def _mark(self) -> None:
        await database_sync_to_async(presence_mark)(user_id=self.user.pk, game_id=self.game_id)


def _is_heartbeat(text: str) -> bool:
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return message == {"type": "heartbeat"}


class GameConsumer(_ListeningConsumer):
    async def choose_group(self) -> str | None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        return await _audience(self.user, self.game_id)

    async def game_view(self, event: dict) -> None:
        await self.send(text_data=event["text"])  # serialised once for the whole audience


class UserConsumer(_ListeningConsumer):
    async def choose_group(self) -> str | None:
        return user_group(self.user.pk)

    async def user_notice(self, event: dict) -> None:
        await self.send(text_data=json.dumps({"type": "notice", "notice": event["notice"]}))
