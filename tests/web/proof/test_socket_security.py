"""The sockets through the whole ASGI application (origin check, session cookie, routing):
who may connect, and that garbage from a client closes only that client's socket."""

import json
import random

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model
from django.contrib.sessions.models import Session
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.sessions import SessionStore
from games.consumers import (
    CLOSE_BAD_MESSAGE,
    CLOSE_NOT_LOGGED_IN,
    CLOSE_SESSION_CHANGED,
    CLOSE_TOO_MANY,
)
from stpete_site.asgi import application

from ..accounts_helpers import session_key_for
from ..games.conftest import move_first_legal

pytestmark = pytest.mark.django_db(transaction=True)
# A bound on how long a socket may take to hear what it must (not a speed check).
HEAR_WITHIN = 15
GARBAGE_FRAMES = 200


@pytest.fixture(autouse=True)
def _in_memory_layer(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


session_of = database_sync_to_async(session_key_for)


def socket(
    path: str,
    *,
    session: str | None = None,
    origin: str | None = "http://testserver",
    host: str = "testserver",
):
    headers = [(b"host", host.encode())]
    if origin is not None:
        headers.append((b"origin", origin.encode()))
    if session is not None:
        headers.append((b"cookie", f"sessionid={session}".encode()))
    return WebsocketCommunicator(application, path, headers=headers)


async def closed_with(communicator) -> int:
    message = await communicator.receive_output(timeout=HEAR_WITHIN)
    assert message["type"] == "websocket.close"
    return message.get("code")


move = database_sync_to_async(move_first_legal)


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "null",
        None,
        "http://testserver:8001",  # an allowed host, but another port: another site
    ],
)
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

    message = json.loads(await communicator.receive_from(timeout=HEAR_WITHIN))
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
    message = json.loads(await bystander.receive_from(timeout=HEAR_WITHIN))
    assert message["version"] == 1
    late = socket(f"/ws/games/{started_game.pk}/", session=alice_session)
    assert (await late.connect())[0]
    await late.send_to(text_data='{"type": "heartbeat"}')
    await move(started_game)
    # Still open, and the heartbeat got no answer: the next frame is the next version's push.
    assert json.loads(await late.receive_from(timeout=HEAR_WITHIN))["version"] == 2
    await late.disconnect()
    await bystander.disconnect()


async def test_a_socket_from_the_site_url_origin_is_let_in_behind_a_proxy(
    started_game, alice, settings
):
    settings.SITE_URL = "https://testserver"
    communicator = socket(
        f"/ws/games/{started_game.pk}/",
        session=await session_of(alice),
        origin="https://testserver",
        host="127.0.0.1:8000",  # a proxy that does not pass the Host header on
    )

    connected, _ = await communicator.connect()

    assert connected
    await communicator.disconnect()


async def test_a_member_holds_at_most_the_allowed_number_of_sockets(started_game, alice, settings):
    settings.SOCKETS_PER_MEMBER = 3
    session = await session_of(alice)
    kept = []
    for _ in range(3):
        communicator = socket("/ws/user/", session=session)
        assert (await communicator.connect())[0]
        kept.append(communicator)

    one_more = socket(f"/ws/games/{started_game.pk}/", session=session)
    assert (await one_more.connect())[0]
    assert await closed_with(one_more) == CLOSE_TOO_MANY

    await kept.pop().disconnect()
    again = socket(f"/ws/games/{started_game.pk}/", session=session)
    assert (await again.connect())[0]
    for communicator in [*kept, again]:
        await communicator.disconnect()


def _log_out(session: str) -> None:
    client = Client()
    client.cookies["sessionid"] = session
    assert client.post(reverse("accounts:logout")).status_code == 302


def _new_password(user) -> None:
    user.refresh_from_db()
    user.set_password("an entirely new secret")
    user.save()


def _deactivate(user) -> None:
    user.refresh_from_db()
    user.is_active = False
    user.save()


@pytest.mark.parametrize("ending", [_log_out, _new_password, _deactivate])
async def test_a_members_sockets_close_when_his_session_ends(started_game, alice, ending):
    session = await session_of(alice)
    table = socket(f"/ws/games/{started_game.pk}/", session=session)
    pages = socket("/ws/user/", session=session)
    assert (await table.connect())[0]
    assert (await pages.connect())[0]

    argument = session if ending is _log_out else alice
    await database_sync_to_async(ending)(argument)

    assert await closed_with(table) == CLOSE_SESSION_CHANGED
    assert await closed_with(pages) == CLOSE_SESSION_CHANGED
    again = socket(f"/ws/games/{started_game.pk}/", session=session)
    assert (await again.connect())[0]  # the page reconnects, and is told why it is refused
    assert await closed_with(again) == CLOSE_NOT_LOGGED_IN


async def test_saving_a_member_otherwise_leaves_his_sockets_open(started_game, alice):
    session = await session_of(alice)
    table = socket(f"/ws/games/{started_game.pk}/", session=session)
    assert (await table.connect())[0]

    def rename():
        alice.refresh_from_db()
        alice.display_name = "Alice P."
        alice.save()

    await database_sync_to_async(rename)()
    await move(started_game)

    assert json.loads(await table.receive_from(timeout=HEAR_WITHIN))["version"] == 1
    await table.disconnect()


def _expire(session: str, user) -> None:
    """What an expired session is to the site: its row past its expiry date, its cached copy
    gone (the cache keeps it exactly as long as the session lasts)."""
    Session.objects.filter(pk=session).update(expire_date=timezone.now())
    cache.delete(SessionStore(session).cache_key)


def _deactivate_in_bulk(session: str, user) -> None:
    get_user_model().objects.filter(pk=user.pk).update(is_active=False)  # sends no signal


HEARTBEAT = '{"type": "heartbeat"}'


@pytest.mark.parametrize("ending", [_expire, _deactivate_in_bulk])
async def test_a_session_that_ends_without_a_signal_closes_its_sockets_at_the_next_check(
    started_game, alice, settings, ending
):
    settings.SOCKET_SESSION_CHECK_SECONDS = 0  # check at every heartbeat
    session = await session_of(alice)
    table = socket(f"/ws/games/{started_game.pk}/", session=session)
    assert (await table.connect())[0]

    await database_sync_to_async(ending)(session, alice)
    await table.send_to(text_data=HEARTBEAT)

    assert await closed_with(table) == CLOSE_SESSION_CHANGED
    again = socket(f"/ws/games/{started_game.pk}/", session=session)
    assert (await again.connect())[0]
    assert await closed_with(again) == CLOSE_NOT_LOGGED_IN


async def test_a_session_still_valid_at_the_check_keeps_its_socket(started_game, alice, settings):
    settings.SOCKET_SESSION_CHECK_SECONDS = 0
    table = socket(f"/ws/games/{started_game.pk}/", session=await session_of(alice))
    assert (await table.connect())[0]

    await table.send_to(text_data=HEARTBEAT)
    await move(started_game)

    assert json.loads(await table.receive_from(timeout=HEAR_WITHIN))["version"] == 1
    await table.disconnect()
