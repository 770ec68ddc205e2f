"""The sockets: who may listen, what each audience hears, and that only heartbeats come in."""

import json

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.db import connections
from django.test import Client

from games import services
from games.consumers import CLOSE_BAD_MESSAGE, CLOSE_NOT_FOUND, CLOSE_NOT_LOGGED_IN
from games.presence import is_watching
from games.realtime import game_group
from games.services.chat import chat_hide, chat_line, chat_post
from stpete_site.routing import websocket_urlpatterns
from tests.web.games.conftest import move_first_legal

pytestmark = pytest.mark.django_db(transaction=True)
# How long a socket may take to hear what it must hear: a bound on a wait, not a speed
# check (on a loaded machine the join's push took more than 2 s).
HEAR_WITHIN = 15


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture(autouse=True)
async def _close_the_worker_threads_connections():
    """The consumers' queries run in asgiref's worker thread, whose connection (kept open by
    CONN_MAX_AGE on PostgreSQL) would otherwise block dropping the test database."""
    yield
    await database_sync_to_async(connections.close_all)()


async def _open(path: str, user) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    communicator.scope["user"] = user
    connected, _ = await communicator.connect()
    assert connected
    return communicator


async def _closed_with(communicator: WebsocketCommunicator) -> int:
    message = await communicator.receive_output(timeout=HEAR_WITHIN)
    assert message["type"] == "websocket.close"
    return message["code"]


@database_sync_to_async
def _move(game):
    user, _position = move_first_legal(game)
    return user


async def _next_message_is_version(socket: WebsocketCommunicator, version: int) -> None:
    """The next message on `socket` is the push of `version`: nothing came in between.

    The in-memory layer delivers a socket's messages in order, so this proves that nothing
    else was sent before it, where waiting a while for silence could only miss a late one.
    """
    message = json.loads(await socket.receive_from(timeout=HEAR_WITHIN))
    assert (message["type"], message["version"]) == ("view", version)


@database_sync_to_async
def _fetch(game, user) -> dict:
    client = Client()
    client.force_login(user)
    return client.get(f"/games/{game.pk}/view").json()


async def test_an_anonymous_socket_is_closed_with_4401(two_player_game):
    socket = await _open(f"/ws/games/{two_player_game.pk}/", AnonymousUser())

    assert await _closed_with(socket) == CLOSE_NOT_LOGGED_IN


async def test_a_socket_for_an_unknown_game_is_closed_with_4404(alice):
    socket = await _open("/ws/games/424242/", alice)

    assert await _closed_with(socket) == CLOSE_NOT_FOUND


async def test_a_seat_hears_its_own_payload_after_a_move(two_player_game, alice, bob):
    sockets = {
        user.pk: await _open(f"/ws/games/{two_player_game.pk}/", user) for user in (alice, bob)
    }

    await _move(two_player_game)

    for user in (alice, bob):
        message = json.loads(await sockets[user.pk].receive_from(timeout=HEAR_WITHIN))
        assert (message["type"], message["version"]) == ("view", 1)
        assert message["payload"] == await _fetch(two_player_game, user)
    await _move(two_player_game)
    for user in (alice, bob):
        await _next_message_is_version(sockets[user.pk], 2)  # one push per version, no more
        await sockets[user.pk].disconnect()


async def test_an_outsider_spectates_and_hears_only_the_spectators_payload(two_player_game, carol):
    socket = await _open(f"/ws/games/{two_player_game.pk}/", carol)

    await _move(two_player_game)

    message = json.loads(await socket.receive_from(timeout=HEAR_WITHIN))
    assert message["payload"]["seat"] is None
    assert "moves" not in message["payload"]["view"]
    assert message["payload"] == await _fetch(two_player_game, carol)
    await _move(two_player_game)
    await _next_message_is_version(socket, 2)
    await socket.disconnect()


async def test_garbage_from_the_client_closes_the_socket(two_player_game, alice):
    socket = await _open(f"/ws/games/{two_player_game.pk}/", alice)

    await socket.send_to(text_data="{not json")

    assert await _closed_with(socket) == CLOSE_BAD_MESSAGE


async def test_a_huge_frame_closes_the_socket(two_player_game, alice):
    socket = await _open(f"/ws/games/{two_player_game.pk}/", alice)

    await socket.send_to(text_data=json.dumps({"type": "heartbeat", "pad": "x" * 10000}))

    assert await _closed_with(socket) == CLOSE_BAD_MESSAGE


async def test_a_message_other_than_a_heartbeat_closes_the_socket(two_player_game, alice):
    socket = await _open(f"/ws/games/{two_player_game.pk}/", alice)

    await socket.send_to(text_data=json.dumps({"type": "move", "move": {"kind": "pass"}}))

    assert await _closed_with(socket) == CLOSE_BAD_MESSAGE


async def test_an_open_table_marks_its_player_present_until_it_closes(two_player_game, alice):
    socket = await _open(f"/ws/games/{two_player_game.pk}/", alice)
    await socket.send_to(text_data='{"type": "heartbeat"}')
    await _move(two_player_game)
    # The consumer handles one message at a time: once it has passed on the push that came
    # after the heartbeat, the heartbeat has been handled (and was not answered).
    await _next_message_is_version(socket, 1)

    watching = await database_sync_to_async(is_watching)(
        user_id=alice.pk, game_id=two_player_game.pk
    )
    await socket.disconnect()
    after = await database_sync_to_async(is_watching)(user_id=alice.pk, game_id=two_player_game.pk)

    assert (watching, after) == (True, False)


async def test_the_user_socket_hears_that_it_is_their_turn(two_player_game, alice, bob):
    sockets = {user.pk: await _open("/ws/user/", user) for user in (alice, bob)}

    mover = await _move(two_player_game)
    other = bob if mover == alice else alice

    message = json.loads(await sockets[other.pk].receive_from(timeout=HEAR_WITHIN))
    assert message["type"] == "notice"
    notice = message["notice"]  # sent by games.services.notices, which adds its own fields
    assert {k: notice[k] for k in ("kind", "game_id", "title", "url")} == {
        "kind": "your_turn",
        "game_id": two_player_game.pk,
        "title": two_player_game.title,
        "url": f"/games/{two_player_game.pk}/",
    }
    for socket in sockets.values():
        await socket.disconnect()


async def test_an_anonymous_user_socket_is_closed_with_4401():
    socket = await _open("/ws/user/", AnonymousUser())

    assert await _closed_with(socket) == CLOSE_NOT_LOGGED_IN


async def test_a_push_sent_the_moment_the_socket_is_open_reaches_it(two_player_game, bob):
    """The page fetches the view, then opens its socket: a move pushed as soon as the socket
    is open must reach it, so the socket joins its groups before it is accepted."""
    socket = await _open(f"/ws/games/{two_player_game.pk}/", bob)

    await get_channel_layer().group_send(game_group(two_player_game.pk), {"type": "game.lobby"})

    assert json.loads(await socket.receive_from(timeout=HEAR_WITHIN)) == {"type": "lobby"}
    await socket.disconnect()


async def test_an_open_table_hears_a_chat_line_and_the_lines_staff_hide(
    two_player_game, alice, bob, carol, admin_user
):
    sockets = [await _open(f"/ws/games/{two_player_game.pk}/", user) for user in (bob, carol)]

    line = await database_sync_to_async(chat_post)(
        game_id=two_player_game.pk, user=alice, text="Good luck!"
    )

    for socket in sockets:  # a seat and a spectator
        told = json.loads(await socket.receive_from(timeout=HEAR_WITHIN))
        assert told == {"type": "chat", "line": await database_sync_to_async(chat_line)(line)}
    await database_sync_to_async(chat_hide)(message_ids=[line.pk], by=admin_user)
    for socket in sockets:
        assert json.loads(await socket.receive_from(timeout=HEAR_WITHIN)) == {
            "type": "chat_hidden",
            "ids": [line.pk],
        }
        await socket.disconnect()


async def test_an_open_lobby_page_hears_that_its_lobby_changed(open_game, alice, bob):
    socket = await _open(f"/ws/games/{open_game.pk}/", alice)

    await database_sync_to_async(services.seat_join)(game_id=open_game.pk, user=bob)

    assert json.loads(await socket.receive_from(timeout=HEAR_WITHIN)) == {"type": "lobby"}
    await socket.disconnect()
