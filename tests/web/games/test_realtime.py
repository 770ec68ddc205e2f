import asyncio
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from games import rules, services
from games.realtime import GamePush, deliver, one_hand_over, seat_group, spectators_group
from games.selectors import game_payload

from .conftest import a_legal_move, move_first_legal, to_act


def _listen(layer, group: str) -> str:
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(group, channel)
    return channel


def _frame(message: dict) -> dict:
    """The frame a socket of that audience sends on, as the browser parses it."""
    return json.loads(message["text"])


def test_after_the_commit_each_seat_and_the_spectators_receive_their_own_view(
    started_game, settings, django_capture_on_commit_callbacks
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channels = {n: _listen(layer, seat_group(started_game.pk, n)) for n in range(4)}
    channels[None] = _listen(layer, spectators_group(started_game.pk))
    user, position = to_act(started_game)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.move_submit(
            game_id=started_game.pk,
            user=user,
            move=a_legal_move(started_game, position),
            expected_version=0,
        )
    assert callbacks, "nothing is pushed before the commit"
    for callback in callbacks:
        callback()

    started_game.refresh_from_db()
    state = rules.GameState.from_dict(started_game.state)
    for audience, channel in channels.items():
        message = async_to_sync(layer.receive)(channel)
        assert (message["type"], message["version"]) == ("game.view", 1)
        frame = _frame(message)
        assert (frame["type"], frame["version"]) == ("view", 1)
        assert frame["payload"]["seat"] == audience
        view = rules.player_view(state, audience)
        assert frame["payload"]["view"] == json.loads(json.dumps(view))


def test_what_each_seat_is_pushed_equals_what_it_fetches(
    started_game, settings, client, django_capture_on_commit_callbacks
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channels = {n: _listen(layer, seat_group(started_game.pk, n)) for n in range(4)}
    user, position = to_act(started_game)

    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(
            game_id=started_game.pk,
            user=user,
            move=a_legal_move(started_game, position),
            expected_version=0,
        )

    for seat in started_game.seat_set.select_related("user"):
        pushed = _frame(async_to_sync(layer.receive)(channels[seat.position]))
        client.force_login(seat.user)
        fetched = client.get(f"/games/{started_game.pk}/view").json()
        assert (pushed["version"], pushed["payload"]) == (fetched["version"], fetched)


def test_a_pushed_text_is_the_json_of_the_payload_byte_for_byte(started_game):
    """The view's shared part is serialised once per version and each audience's own part
    spliced in: the text must be what `json.dumps` of the whole payload gives."""
    move_first_legal(started_game)
    started_game.refresh_from_db()
    push = GamePush(started_game)

    for seat in [*started_game.seat_set.select_related("user"), None]:
        position = seat.position if seat is not None else None
        expected = json.dumps(game_payload(started_game, seat, push.parts))
        assert push.payload_text(position) == expected


@pytest.mark.django_db(transaction=True)
async def test_messages_handed_over_in_a_request_thread_arrive_in_order(settings):
    """In a request of the ASGI server the push is sent on the server's loop, in the order
    the requests handed them over."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channel = await layer.new_channel()
    await layer.group_add("game.1", channel)

    @sync_to_async
    def request_thread() -> None:
        for version in range(1, 21):
            deliver({"game.1": {"type": "game.view", "version": version}}, "game 1")

    await request_thread()

    heard = [(await asyncio.wait_for(layer.receive(channel), 15))["version"] for _ in range(20)]
    assert heard == list(range(1, 21))


def _heard(layer, channel) -> list:
    """What the channel holds now (every delivery waits until it is out, so nothing is on
    its way: the short wait only ends the reading)."""
    heard = []
    while True:
        try:
            message = async_to_sync(asyncio.wait_for)(layer.receive(channel), 0.1)
        except TimeoutError:
            return heard
        heard.append(message["version"])


def test_deliveries_in_one_hand_over_go_out_together_when_it_ends_in_order(settings):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channel = _listen(layer, "game.7")

    with one_hand_over():
        deliver({"game.7": {"type": "game.view", "version": 1}}, "game 7")
        with one_hand_over():  # a block inside joins the outer one
            deliver({"game.7": {"type": "game.view", "version": 2}}, "game 7")
        assert _heard(layer, channel) == []
        deliver({"game.7": {"type": "game.view", "version": 3}}, "game 7")

    assert _heard(layer, channel) == [1, 2, 3]


def test_a_delivery_that_fails_in_a_hand_over_is_logged_and_the_next_still_goes(settings, caplog):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channel = _listen(layer, "game.7")

    with one_hand_over():
        deliver({"game.7": {"type": "game.view", "version": 1}}, "game 7")
        deliver({"no such group!": {"type": "game.view", "version": 2}}, "a bad group")
        deliver({"game.7": {"type": "game.view", "version": 3}}, "game 7")

    assert _heard(layer, channel) == [1, 3]
    assert [r.getMessage() for r in caplog.records if r.levelname == "ERROR"] == [
        "could not send to a bad group"
    ]
