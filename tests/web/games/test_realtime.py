import json

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from games import rules, services
from games.realtime import seat_group, spectators_group

from .conftest import a_legal_move, to_act


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
