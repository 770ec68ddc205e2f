"""The sockets through the whole ASGI application (origin check, session cookie, routing):
who may connect, and that garbage from a client closes only that client's socket."""

import json
import random

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.consumers import CLOSE_BAD_MESSAGE, CLOSE_NOT_LOGGED_IN
from stpete_site.asgi import application

from ..accounts_helpers import session_key_for
from ..games.conftest import move_first_legal

pytestmark = pytest.mark.django_db(transaction=True)
GARBAGE_FRAMES = 200


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


session_of = database_sync_to_async(session_key_for)


def socket(path: str, *, session: str | None = None, origin: str | None = "http://testserver"):
    headers = []
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if session is not None:
        headers.append((b"cookie", f"sessionid={session}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def closed_with(communicator) -> int:
    message = await communicator.receive_output(timeout=2)
    assert message["type"] == "websocket.close"
    return message.get("code")


move = database_sync_to_async(move_first_legal)


@pytest.mark.parametrize("origin", ["http://evil.example", "null", None])
async def test_a_socket_from_another_origin_is_refused(started_game, alice, origin):
    communicator = socket(
        f"/ws/games/{started_game.pk}/", session=await session_of(alice), origin=origin
    )

    connected, _ = await communicator.connect()

    assert not connected


async def test_a_signed_in_members_cookie_opens_their_seats_socket(started_game, alice):
    communicator = socket(f"/ws/games/{started_game.pk}/", session=await session_of(alice))
    connected, _ = await communicator.connect()
    assert connected

    await move(started_game)

    message = json.loads(await communicator.receive_from(timeout=2))
    assert (message["type"], message["version"]) == ("view", 1)
    seat = await database_sync_to_async(lambda: started_game.seat_set.get(user=alice).position)()
    assert message["payload"]["seat"] == seat
    await communicator.disconnect()


@pytest.mark.parametrize("session", [None, "forged-session-key-0123456789abcdef"])
async def test_without_a_valid_session_the_socket_is_closed_4401(started_game, session):
    communicator = socket(f"/ws/games/{started_game.pk}/", session=session)
    connected, _ = await communicator.connect()

    assert connected  # accepted, then closed with the reason
    assert await closed_with(communicator) == CLOSE_NOT_LOGGED_IN


def garbage_frames(seed: int = 7) -> list[dict]:
    """Text and binary frames a hostile or broken client might send (never a heartbeat)."""
    rng = random.Random(seed)
    makers = [
        lambda: {"bytes_data": rng.randbytes(rng.randint(1, 2000))},
        lambda: {"text_data": "".join(chr(rng.randint(1, 0x2FFF)) for _ in range(50))},
        lambda: {"text_data": "x" * rng.randint(257, 1_000_000)},
        lambda: {"text_data": "[" * rng.randint(1, 100_000)},
        lambda: {"text_data": json.dumps({"type": rng.choice(["move", "view", "", "HEARTBEAT"])})},
        lambda: {"text_data": json.dumps({"type": "heartbeat", "x": rng.random()})},
        lambda: {"text_data": json.dumps([{"type": "heartbeat"}])},
        lambda: {"text_data": json.dumps(rng.random())},
        lambda: {"text_data": "{not json"},
        lambda: {"text_data": " "},
    ]
    return [rng.choice(makers)() for _ in range(GARBAGE_FRAMES)]


async def test_garbage_closes_that_socket_and_the_server_carries_on(started_game, alice, bob):
    alice_session, bob_session = await session_of(alice), await session_of(bob)
    bystander = socket(f"/ws/games/{started_game.pk}/", session=bob_session)
    assert (await bystander.connect())[0]
    codes = []
    for frame in garbage_frames():
        hostile = socket(f"/ws/games/{started_game.pk}/", session=alice_session)
        assert (await hostile.connect())[0]
        await hostile.send_to(**frame)
        codes.append(await closed_with(hostile))

    await move(started_game)

    assert set(codes) == {CLOSE_BAD_MESSAGE}
    assert len(codes) == GARBAGE_FRAMES
    message = json.loads(await bystander.receive_from(timeout=2))
    assert message["version"] == 1
    late = socket(f"/ws/games/{started_game.pk}/", session=alice_session)
    assert (await late.connect())[0]
    await late.send_to(text_data='{"type": "heartbeat"}')
    await move(started_game)
    # Still open, and the heartbeat got no answer: the next frame is the next version's push.
    assert json.loads(await late.receive_from(timeout=2))["version"] == 2
    await late.disconnect()
    await bystander.disconnect()
