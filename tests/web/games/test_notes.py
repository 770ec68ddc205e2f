"""A player's private note on a game: he keeps it at his seat, and only his table shows it."""

import json

from django.urls import reverse

from games.models import Seat
from games.services.notes import NOTE_MAX


def _keep(client, game, text):
    return client.post(
        reverse("games:note", args=[game.pk]),
        json.dumps({"text": text}),
        content_type="application/json",
    )


def test_a_player_keeps_a_note_that_only_his_table_shows(client, started_game, alice, bob):
    client.force_login(alice)
    answer = _keep(client, started_game, "  Save for the Observatory <b>  ")
    assert answer.json() == {"text": "Save for the Observatory <b>"}
    assert Seat.objects.get(game=started_game, user=alice).note == "Save for the Observatory <b>"
    table = reverse("games:detail", args=[started_game.pk])
    assert "Save for the Observatory &lt;b&gt;</textarea>" in client.get(table).content.decode()

    client.force_login(bob)
    assert "Save for the Observatory" not in client.get(table).content.decode()
    view = client.get(reverse("games:view", args=[started_game.pk])).content.decode()
    assert "Save for the Observatory" not in view


def test_a_spectator_keeps_no_note(client, started_game, admin_user):
    client.force_login(admin_user)
    answer = _keep(client, started_game, "mine")
    assert (answer.status_code, answer.json()["code"]) == (403, "not_seated")
    assert answer.json()["message"] == "Only the players at this table keep notes."


def test_a_note_too_long_is_refused_and_the_old_one_kept(client, started_game, alice):
    client.force_login(alice)
    _keep(client, started_game, "first")
    answer = _keep(client, started_game, "x" * (NOTE_MAX + 1))
    assert (answer.status_code, answer.json()["code"]) == (422, "bad_note")
    assert Seat.objects.get(game=started_game, user=alice).note == "first"
    assert _keep(client, started_game, "x" * NOTE_MAX).status_code == 200
