"""The move POST confirms its member from the game's reads (accounts/members.py): one round
trip fewer, and exactly the checks Django's own `get_user` makes."""

import json

import pytest
from django.contrib.auth import HASH_SESSION_KEY, SESSION_KEY
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext

from games.models import Action
from tests.web.accounts_helpers import member

from .conftest import a_legal_move, to_act

pytestmark = pytest.mark.django_db


def _post_move(client: Client, game, body: dict | str, **extra):
    data = body if isinstance(body, str) else json.dumps(body)
    return client.post(
        f"/games/{game.pk}/moves", data=data, content_type="application/json", **extra
    )


def _first_move(game) -> tuple:
    user, position = to_act(game)
    return user, {"move": a_legal_move(game, position), "expected_version": 0}


def test_a_move_post_reads_the_members_row_only_together_with_the_games_seats(client, started_game):
    user, body = _first_move(started_game)
    client.force_login(user)

    with CaptureQueriesContext(connection) as queries:
        response = _post_move(client, started_game, body)

    assert response.status_code == 200
    member_reads = [q["sql"] for q in queries.captured_queries if '"accounts_user"' in q["sql"]]
    assert member_reads, "the seats' read brings the members"
    assert all('"games_seat"' in sql for sql in member_reads), member_reads
    assert Action.objects.get().user == user


def test_a_session_from_before_a_password_change_cannot_move_and_is_ended(client, started_game):
    user, body = _first_move(started_game)
    client.force_login(user)
    user.set_password("a new password for a stolen session")
    user.save()

    response = _post_move(client, started_game, body)

    assert (response.status_code, response.json()["code"]) == (401, "not_logged_in")
    assert not Action.objects.exists()
    assert SESSION_KEY not in client.session


def test_an_inactive_members_session_cannot_move(client, started_game):
    user, body = _first_move(started_game)
    client.force_login(user)
    user.is_active = False
    user.save()

    response = _post_move(client, started_game, body)

    assert (response.status_code, response.json()["code"]) == (401, "not_logged_in")
    assert not Action.objects.exists()


def test_a_session_without_its_password_hash_cannot_move(client, started_game):
    user, body = _first_move(started_game)
    client.force_login(user)
    session = client.session
    del session[HASH_SESSION_KEY]
    session.save()

    response = _post_move(client, started_game, body)

    assert (response.status_code, response.json()["code"]) == (401, "not_logged_in")
    assert not Action.objects.exists()


def test_a_session_of_a_backend_the_site_no_longer_uses_cannot_move(client, started_game):
    user, body = _first_move(started_game)
    client.force_login(user)

    with override_settings(
        AUTHENTICATION_BACKENDS=["django.contrib.auth.backends.AllowAllUsersModelBackend"]
    ):
        response = _post_move(client, started_game, body)

    assert (response.status_code, response.json()["code"]) == (401, "not_logged_in")
    assert not Action.objects.exists()


def test_a_session_signed_before_the_secret_key_changed_still_moves(client, started_game):
    """SECRET_KEY_FALLBACKS keep sessions alive through a key rotation (Django's rule); the
    session then carries the new key's hash."""
    user, body = _first_move(started_game)
    with override_settings(SECRET_KEY="the old secret key " + "o" * 40):
        client.force_login(user)

    with override_settings(
        SECRET_KEY="the new secret key " + "n" * 40,
        SECRET_KEY_FALLBACKS=["the old secret key " + "o" * 40],
    ):
        response = _post_move(client, started_game, body)
        assert client.session[HASH_SESSION_KEY] == user.get_session_auth_hash()

    assert response.status_code == 200
    assert Action.objects.get().user == user


def test_a_member_without_a_seat_is_told_so_in_his_language(client, started_game):
    eve = member("eve", language="de")
    _user, body = _first_move(started_game)
    client.force_login(eve)

    response = _post_move(client, started_game, body, HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 403
    assert response.json()["message"] == "Du sitzt nicht an diesem Tisch."
    assert SESSION_KEY in client.session


def test_a_refusal_after_the_games_reads_speaks_the_members_language(client, started_game):
    user, body = _first_move(started_game)
    user.language = "de"
    user.save()
    client.force_login(user)

    response = _post_move(
        client, started_game, {**body, "expected_version": 5}, HTTP_ACCEPT_LANGUAGE="en"
    )

    assert response.status_code == 409
    assert response.json()["message"] == "Die Partie ist weitergegangen; bitte lade neu."


def test_a_refusal_before_the_games_reads_speaks_the_members_language(client, started_game):
    user, _body = _first_move(started_game)
    user.language = "de"
    user.save()
    client.force_login(user)

    response = _post_move(client, started_game, "not json", HTTP_ACCEPT_LANGUAGE="en")

    assert response.status_code == 400
    assert response.json()["message"] == "Die Anfrage enthält kein JSON."


@override_settings(MOVE_RATE_LIMIT=1, MOVE_RATE_WINDOW=600)
def test_the_rate_limit_counts_the_sessions_member_and_answers_in_his_language(
    client, started_game, time_machine
):
    time_machine.move_to("2026-12-01 12:00:00", tick=False)
    user, _body = _first_move(started_game)
    user.language = "de"
    user.save()
    client.force_login(user)
    assert _post_move(client, started_game, "not json").status_code == 400

    response = _post_move(client, started_game, "not json", HTTP_ACCEPT_LANGUAGE="en")

    assert (response.status_code, response["Retry-After"]) == (429, "600")
    assert response.json()["message"] == "Zu viele Züge in kurzer Zeit; bitte warte einen Moment."
    # Another member's count is his own.
    other = Client()
    other.force_login(started_game.seat_set.exclude(user=user).first().user)
    assert _post_move(other, started_game, "not json").status_code == 400
