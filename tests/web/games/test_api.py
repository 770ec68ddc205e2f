import json

import pytest
from django.test import Client

from games import rules
from games.models import Action

from .conftest import a_legal_move, not_to_act, to_act


def view_url(game) -> str:
    return f"/games/{game.pk}/view"


def moves_url(game) -> str:
    return f"/games/{game.pk}/moves"


def post_move(client, game, body, **extra):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(moves_url(game), data=data, content_type="application/json", **extra)


def test_a_seated_player_gets_their_own_view(client, started_game):
    user, position = to_act(started_game)
    client.force_login(user)

    response = client.get(view_url(started_game))

    assert response.status_code == 200
    data = response.json()
    assert data["version"] == 0
    assert data["status"] == "running"
    assert data["seat"] == position
    assert data["view"] == json.loads(
        json.dumps(rules.player_view(rules.GameState.from_dict(started_game.state), position))
    )
    assert [p["seat"] for p in data["players"]] == [0, 1, 2, 3]
    assert data["deadline"]


def test_any_member_may_watch_as_a_spectator(client, started_game, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="eve", password="x"))

    data = client.get(view_url(started_game)).json()

    assert data["seat"] is None
    assert data["view"] == json.loads(
        json.dumps(rules.player_view(rules.GameState.from_dict(started_game.state), None))
    )


def test_a_visitor_who_is_not_logged_in_gets_a_401(client, started_game):
    response = client.get(view_url(started_game))

    assert response.status_code == 401
    assert response.json()["code"] == "not_logged_in"


def test_an_unknown_game_is_a_404(client, alice):
    client.force_login(alice)

    response = client.get("/games/999999/view")

    assert response.status_code == 404
    assert response.json() == {
        "code": "not_found",
        "message": "There is no such game.",
        "version": None,
    }


def test_a_move_is_answered_with_the_movers_new_view(client, started_game):
    user, position = to_act(started_game)
    client.force_login(user)

    response = post_move(
        client,
        started_game,
        {"move": a_legal_move(started_game, position), "expected_version": 0, "client_id": "a"},
    )

    assert response.status_code == 200
    data = response.json()
    assert (data["version"], data["seat"]) == (1, position)
    assert data == client.get(view_url(started_game)).json()


def test_a_stale_move_is_a_409_with_the_current_version(client, started_game):
    user, position = to_act(started_game)
    client.force_login(user)
    move = a_legal_move(started_game, position)
    post_move(client, started_game, {"move": move, "expected_version": 0})
    user, position = to_act(started_game)
    client.force_login(user)

    response = post_move(
        client, started_game, {"move": a_legal_move(started_game, position), "expected_version": 0}
    )

    assert response.status_code == 409
    assert response.json()["code"] == "stale_version"
    assert response.json()["version"] == 1


def test_an_illegal_move_is_a_422_with_the_engines_code(client, started_game):
    user, _position = to_act(started_game)
    client.force_login(user)

    response = post_move(
        client, started_game, {"move": {"kind": "buy", "card": "nope#1"}, "expected_version": 0}
    )

    assert response.status_code == 422
    assert set(response.json()) == {"code", "message", "version"}
    assert response.json()["code"] == "no_such_card"


def test_moving_out_of_turn_is_a_422(client, started_game):
    client.force_login(not_to_act(started_game))

    response = post_move(client, started_game, {"move": {"kind": "pass"}, "expected_version": 0})

    assert response.status_code == 422
    assert response.json()["code"] == "not_your_turn"


def test_a_spectator_may_not_post_a_move(client, started_game, django_user_model):
    client.force_login(django_user_model.objects.create_user(username="eve", password="x"))
    _user, position = to_act(started_game)

    response = post_move(
        client, started_game, {"move": a_legal_move(started_game, position), "expected_version": 0}
    )

    assert response.status_code == 403
    assert response.json()["code"] == "not_your_seat"
    assert not Action.objects.exists()


def test_an_anonymous_move_is_refused_as_json(client, started_game):
    response = post_move(client, started_game, {"move": {"kind": "pass"}, "expected_version": 0})

    assert response.status_code == 401
    assert response.json()["code"] == "not_logged_in"


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        b"\xff\xfe",
        "[1, 2]",
        {"expected_version": 0},
        {"move": "pass", "expected_version": 0},
        {"move": {"kind": "pass"}},
        {"move": {"kind": "pass"}, "expected_version": "0"},
        {"move": {"kind": "pass"}, "expected_version": True},
        {"move": {"kind": "pass"}, "expected_version": 0, "client_id": 7},
        {"move": {"kind": "pass"}, "expected_version": 0, "client_id": "x" * 65},
    ],
)
def test_a_malformed_body_is_a_400(client, started_game, body):
    user, _position = to_act(started_game)
    client.force_login(user)

    response = post_move(client, started_game, body)

    assert response.status_code == 400
    assert response.json()["code"] == "malformed_request"


def test_the_move_post_needs_the_csrf_token(started_game):
    user, position = to_act(started_game)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    body = {"move": a_legal_move(started_game, position), "expected_version": 0}

    refused = post_move(client, started_game, body)
    client.get(f"/games/{started_game.pk}/")  # the game page sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    accepted = post_move(client, started_game, body, headers={"X-CSRFToken": token})

    assert (refused.status_code, refused.json()["code"]) == (403, "csrf_failed")
    assert accepted.status_code == 200
    assert Action.objects.filter(game=started_game).count() == 1


def test_the_move_endpoint_only_takes_posts(client, started_game):
    client.force_login(started_game.host)

    assert client.get(moves_url(started_game)).status_code == 405
