"""WebSocket consumers: they only listen and forward. They never write and hold no game state.

`/ws/games/<id>/`: a signed-in member joins exactly one audience group, their seat's or the
spectators', and receives `{"type": "view", "version": v, "payload": {...}}` after each
committed move (the payload is what GET /games/<id>/view answers them); every page of the
game also hears `{"type": "lobby"}` when the lobby changed, `{"type": "chat", "line": {...}}`
for each new chat line and `{"type": "chat_hidden", "ids": [...]}` for lines staff hid
(game.<id>).
`/ws/user/`: every page of a signed-in member; receives `{"type": "notice", "notice": {...}}`.

The only message a client may send is a heartbeat, `{"type": "heartbeat"}` (every ~30 s),
which renews the member's presence mark. Anything else closes the socket.

Every socket also joins its member's sockets group: when his session ends or changes (log out,
a new password, deactivation) all of them are closed with CLOSE_SESSION_CHANGED, and each page
reconnects, which only a still valid session survives. What ends a session without a signal
(it expires, `clearsessions` or a script deletes it, a QuerySet.update deactivates members) is
caught at the first heartbeat after SOCKET_SESSION_CHECK_SECONDS: the socket reads its session
again as the handshake did, and closes with CLOSE_SESSION_CHANGED if it no longer signs its
member in. A member may hold at most
SOCKETS_PER_MEMBER sockets in one web process; more are closed with CLOSE_TOO_MANY.
"""

import json
import logging
import time
from collections import Counter
from importlib import import_module

from channels.auth import get_user
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings

from games.models import Game, Seat
from games.presence import presence_clear, presence_mark
from games.realtime import game_group, seat_group, sockets_group, spectators_group, user_group

# Close codes (4000-4999 are the application's): the page shows why and stops reconnecting.
CLOSE_NOT_LOGGED_IN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_BAD_MESSAGE = 4400
CLOSE_TOO_MANY = 4429
# Below 4400: the page reconnects (and a session that ended is then refused with 4401).
CLOSE_SESSION_CHANGED = 4000
MAX_FRAME = 256

logger = logging.getLogger(__name__)

# Open sockets per member in this process (consumers of one process share its event loop).
_open_sockets: Counter[int] = Counter()


async def still_signed_in(session_key: str | None, user_id: int) -> bool:
    """Whether the session a socket was opened with still signs in that member, read afresh
    as the handshake read it: not ended or expired, the member active and his password the
    one the session was made with."""
    if not session_key:
        return False
    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    user = await get_user({"session": store})
    return bool(user.is_authenticated and user.pk == user_id)


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
    also: tuple[str, ...] = ()  # groups heard besides `group`
    counted: int | None = None  # the member whose socket count this one holds
    session_checked_at: float = 0.0  # time.monotonic() of the handshake or the last check

    async def connect(self) -> None:
        self.user = self.scope.get("user")
        self.session_checked_at = time.monotonic()
        refusal = await self._join()
        # Accepted only once the socket is in its groups: a push sent after the page saw its
        # socket open reaches it. Messages that arrive meanwhile wait until connect returns.
        await self.accept()
        if refusal is not None:
            await self.close(code=refusal)
            return
        await self._mark()

    async def _join(self) -> int | None:
        """Join the member's and the page's groups; the close code if the socket is refused."""
        if self.user is None or not self.user.is_authenticated:
            return CLOSE_NOT_LOGGED_IN
        if _open_sockets[self.user.pk] >= settings.SOCKETS_PER_MEMBER:
            return CLOSE_TOO_MANY
        self.counted = self.user.pk
        _open_sockets[self.counted] += 1
        await self.channel_layer.group_add(sockets_group(self.user.pk), self.channel_name)
        group = await self.choose_group()
        if group is None:
            return CLOSE_NOT_FOUND
        self.group = group
        for name in (group, *self.also):
            await self.channel_layer.group_add(name, self.channel_name)
        return None

    async def choose_group(self) -> str | None:
        raise NotImplementedError

    async def close(self, code=None, reason=None) -> None:
        await self._release()  # closed by us: the socket no longer counts, whenever Daphne
        await super().close(code=code, reason=reason)  # reports the disconnect

    async def _release(self) -> None:
        if self.counted is not None:
            member, self.counted = self.counted, None
            _open_sockets[member] -= 1
            if _open_sockets[member] <= 0:
                del _open_sockets[member]
            await self.channel_layer.group_discard(sockets_group(member), self.channel_name)

    async def disconnect(self, code) -> None:
        await self._release()
        if self.group is not None:
            for name in (self.group, *self.also):
                await self.channel_layer.group_discard(name, self.channel_name)
            await database_sync_to_async(presence_clear)(user_id=self.user.pk, game_id=self.game_id)
            self.group = None

    async def receive(self, text_data=None, bytes_data=None) -> None:
        if self.group is None:
            return
        if text_data is None or len(text_data) > MAX_FRAME or not _is_heartbeat(text_data):
            await self.close(code=CLOSE_BAD_MESSAGE)
            return
        if await self._session_ended():
            await self.close(code=CLOSE_SESSION_CHANGED)
            return
        await self._mark()

    async def _session_ended(self) -> bool:
        """At most every SOCKET_SESSION_CHECK_SECONDS: whether the session no longer signs the
        member in. A failure to read it (the database away) leaves the socket open."""
        now = time.monotonic()
        if now - self.session_checked_at < settings.SOCKET_SESSION_CHECK_SECONDS:
            return False
        self.session_checked_at = now
        session = self.scope.get("session")
        try:
            return not await still_signed_in(getattr(session, "session_key", None), self.user.pk)
        except Exception:
            logger.exception("could not check the session of a socket of user %s", self.user.pk)
            return False

    async def sockets_close(self, event: dict) -> None:
        """The member's session ended or changed: close, the page reconnects if it may."""
        await self.close(code=CLOSE_SESSION_CHANGED)

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
        self.also = (game_group(self.game_id),)
        return await _audience(self.user, self.game_id)

    async def game_view(self, event: dict) -> None:
        await self.send(text_data=event["text"])  # serialised once for the whole audience

    async def game_lobby(self, event: dict) -> None:
        await self.send(text_data='{"type": "lobby"}')

    async def game_chat(self, event: dict) -> None:
        await self.send(text_data=json.dumps({"type": "chat", "line": event["line"]}))

    async def game_chat_hidden(self, event: dict) -> None:
        await self.send(text_data=json.dumps({"type": "chat_hidden", "ids": event["ids"]}))


class UserConsumer(_ListeningConsumer):
    async def choose_group(self) -> str | None:
        return user_group(self.user.pk)

    async def user_notice(self, event: dict) -> None:
        await self.send(text_data=json.dumps({"type": "notice", "notice": event["notice"]}))
