"""The table chat: players at the table write, everyone who may look reads, every open page of
the game hears a new line after the commit, staff hide abusive lines, floods are stopped."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.urls import reverse

from games import services
from games.errors import GameError
from games.models import ChatMessage
from games.ratelimit import CHAT_RATE_LIMIT
from games.realtime import game_group
from games.services.chat import chat_hide, chat_post


def _url(game) -> str:
    return reverse("games:chat", kwargs={"game_id": game.pk})


def _say(client, game, text):
    return client.post(_url(game), json.dumps({"text": text}), content_type="application/json")


def test_a_player_writes_and_a_spectator_reads_the_line(client, started_game, alice, admin_user):
    client.force_login(alice)
    answer = _say(client, started_game, "  Good   luck,\n all! ")
    assert answer.status_code == 201
    assert answer.json()["text"] == "Good luck, all!"
    assert answer.json()["name"] == alice.public_name

    client.force_login(admin_user)  # not seated: may read
    lines = client.get(_url(started_game)).json()["lines"]
    assert [(line["name"], line["text"]) for line in lines] == [
        (alice.public_name, "Good luck, all!")
    ]


def test_a_spectator_may_not_write(client, started_game, admin_user):
    client.force_login(admin_user)
    answer = _say(client, started_game, "Hello from the rail")
    assert (answer.status_code, answer.json()["code"]) == (403, "not_seated")
    assert not ChatMessage.objects.exists()


def test_a_visitor_may_neither_read_nor_write(client, started_game):
    assert client.get(_url(started_game)).status_code == 401
    assert _say(client, started_game, "hi").status_code == 401
    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize("text", ["", "   ", "x" * (ChatMessage.MAX_LENGTH + 1)])
def test_an_empty_or_too_long_line_is_refused(client, started_game, alice, text):
    client.force_login(alice)
    answer = _say(client, started_game, text)
    assert (answer.status_code, answer.json()["code"]) == (422, "bad_chat")
    assert not ChatMessage.objects.exists()


def test_a_line_of_the_longest_length_is_taken(client, started_game, alice):
    client.force_login(alice)
    assert _say(client, started_game, "x" * ChatMessage.MAX_LENGTH).status_code == 201


def test_a_body_without_text_is_refused(client, started_game, alice):
    client.force_login(alice)
    answer = client.post(_url(started_game), "[1]", content_type="application/json")
    assert (answer.status_code, answer.json()["code"]) == (400, "bad_chat")


def test_a_body_that_is_no_json_is_refused_with_what_to_send(client, started_game, alice):
    client.force_login(alice)
    answer = client.post(_url(started_game), "hello, all", content_type="application/json")
    assert answer.status_code == 400
    assert answer.json() == {
        "code": "bad_chat",
        "message": 'Send the message as {"text": "…"}.',
        "version": None,
    }
    assert not ChatMessage.objects.exists()


def test_the_chat_answers_only_get_and_post(client, started_game, alice):
    client.force_login(alice)
    answer = client.put(_url(started_game), json.dumps({"text": "hi"}))
    assert answer.status_code == 405
    assert answer.json() == {
        "code": "method_not_allowed",
        "message": "Use GET or POST.",
        "version": None,
    }
    assert not ChatMessage.objects.exists()


def test_a_flood_of_lines_is_stopped(client, started_game, alice, time_machine):
    # The limit counts per fixed window of the clock: all lines fall in one window here.
    time_machine.move_to("2026-12-01 12:00:05", tick=False)
    client.force_login(alice)
    for n in range(CHAT_RATE_LIMIT):
        assert _say(client, started_game, f"line {n}").status_code == 201
    answer = _say(client, started_game, "one too many")
    assert (answer.status_code, answer.json()["code"]) == (429, "rate_limited")
    assert ChatMessage.objects.count() == CHAT_RATE_LIMIT


def test_a_hidden_line_is_no_longer_read(client, started_game, alice, bob, admin_user):
    rude = chat_post(game_id=started_game.pk, user=bob, text="something rude")
    chat_post(game_id=started_game.pk, user=alice, text="let us play")
    assert chat_hide(message_ids=[rude.pk], by=admin_user) == 1

    client.force_login(alice)
    lines = client.get(_url(started_game)).json()["lines"]
    assert [line["text"] for line in lines] == ["let us play"]
    assert ChatMessage.objects.filter(pk=rude.pk, hidden=True).exists()  # kept on record


def test_a_line_is_pushed_to_the_games_pages_after_the_commit(
    started_game, alice, settings, django_capture_on_commit_callbacks
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(game_group(started_game.pk), channel)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        message = chat_post(game_id=started_game.pk, user=alice, text="<b>bold</b>")
    assert callbacks, "nothing is pushed before the commit"
    for callback in callbacks:
        callback()

    pushed = async_to_sync(layer.receive)(channel)
    assert pushed["type"] == "game.chat"
    assert pushed["line"] == {
        "id": message.pk,
        "name": alice.public_name,
        "text": "<b>bold</b>",  # plain text: the page draws it as text
        "at": message.created_at.isoformat(),
    }


def test_hiding_lines_tells_each_games_open_pages_after_the_commit(
    started_game, alice, bob, admin_user, settings, django_capture_on_commit_callbacks
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    rude = chat_post(game_id=started_game.pk, user=bob, text="something rude")
    ruder = chat_post(game_id=started_game.pk, user=bob, text="something ruder")
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(game_group(started_game.pk), channel)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        chat_hide(message_ids=[ruder.pk, rude.pk], by=admin_user)
    assert callbacks, "nothing is pushed before the commit"
    for callback in callbacks:
        callback()

    pushed = async_to_sync(layer.receive)(channel)
    assert pushed == {"type": "game.chat_hidden", "ids": [rude.pk, ruder.pk]}


def test_the_admin_hides_the_selected_lines(client, started_game, alice, admin_user):
    line = chat_post(game_id=started_game.pk, user=alice, text="rude words")
    client.force_login(admin_user)
    answer = client.post(
        reverse("admin:games_chatmessage_changelist"),
        {"action": "hide", "_selected_action": [line.pk]},
    )
    assert answer.status_code == 302
    line.refresh_from_db()
    assert line.hidden


def test_a_games_chat_holds_only_its_own_lines(client, started_game, alice, bob):
    other = services.game_create(
        host=bob, title="Bob table", edition="1st", seats=2, days_per_move=3, is_public=True
    )
    services.seat_join(game_id=other.pk, user=alice)
    chat_post(game_id=other.pk, user=bob, text="at the other table")
    chat_post(game_id=started_game.pk, user=alice, text="at this table")

    client.force_login(alice)
    lines = client.get(_url(started_game)).json()["lines"]
    assert [line["text"] for line in lines] == ["at this table"]


def test_a_spectator_is_told_that_only_the_players_write(started_game, admin_user):
    with pytest.raises(GameError) as refused:
        chat_post(game_id=started_game.pk, user=admin_user, text="Hello from the rail")
    assert (refused.value.code, refused.value.status, refused.value.message) == (
        "not_seated",
        403,
        "Only the players at this table can write here.",
    )


def test_only_staff_who_may_change_chat_lines_hide_them(started_game, alice, bob):
    rude = chat_post(game_id=started_game.pk, user=bob, text="something rude")
    with pytest.raises(GameError) as refused:
        chat_hide(message_ids=[rude.pk], by=alice)
    assert (refused.value.code, refused.value.status, refused.value.message) == (
        "not_admin",
        403,
        "Only an admin may do that.",
    )
    assert not ChatMessage.objects.get(pk=rude.pk).hidden
