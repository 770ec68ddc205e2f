"""The Market in the lobby: an option of the 2nd edition, the way to five seats (expansions.md
§1.1); the rules' combination checks refuse the rest in the member's words."""

import pytest
from django.utils import translation

from games import services
from games.errors import GameError
from games.models import Game

from .conftest import play_until

TABLE = {"title": "Market", "days_per_move": None, "is_public": True}


def test_a_market_game_keeps_the_option_and_may_have_five_seats(alice):
    game = services.game_create(
        host=alice, edition="2nd", seats=5, options={"market": True}, **TABLE
    )
    assert game.options == {"edition": "2nd", "players": 5, "market": True}
    assert game.seats == 5


def test_a_game_without_the_market_keeps_the_short_options(alice):
    game = services.game_create(host=alice, edition="2nd", seats=3, **TABLE)
    assert game.options == {"edition": "2nd", "players": 3}


@pytest.mark.parametrize(
    ("edition", "seats", "market", "words"),
    [
        ("1st", 3, True, "The Market is played with the 2nd edition."),
        (
            "2nd",
            5,
            False,
            "Five players need New Society (1st edition) or New Society or the Market "
            "(2nd edition).",
        ),
        ("2nd", 1, True, "A solo game is played with the base game only."),
        ("2nd", 6, True, "A game has one to five seats."),
    ],
)
def test_impossible_combinations_are_refused_in_words(alice, edition, seats, market, words):
    with translation.override("en"), pytest.raises(GameError) as caught:
        services.game_create(
            host=alice, edition=edition, seats=seats, options={"market": market}, **TABLE
        )
    assert (caught.value.code, caught.value.message) == ("bad_options", words)
    assert not Game.objects.exists()


def test_the_refusal_speaks_german(alice):
    with translation.override("de"), pytest.raises(GameError) as caught:
        services.game_create(host=alice, edition="1st", seats=3, options={"market": True}, **TABLE)
    assert caught.value.message == "Der Markt wird mit der 2. Ausgabe gespielt."


def test_a_full_market_table_with_bots_starts_with_the_market_dealt(alice):
    game = services.game_create(
        host=alice, edition="2nd", seats=5, options={"market": True}, bots=["random"] * 4, **TABLE
    )
    game.refresh_from_db()
    assert game.status == "running"
    assert set(game.state["markers"]) == {"worker", "market", "building", "aristocrat", "trading"}
    assert len(game.state["piles"]["market"]) == 35


def test_the_form_offers_the_market_and_five_seats(client, alice):
    client.force_login(alice)
    page = client.get("/games/new").content.decode()
    assert 'name="market"' in page
    assert '<option value="5">5</option>' in page

    response = client.post(
        "/games/new",
        {"title": "Five", "edition": "2nd", "seats": "5", "market": "on", "visibility": "public",
         "bots": "0", "bot_kind": "greedy"},
    )  # fmt: skip

    game = Game.objects.get(title="Five")
    assert response.url == f"/games/{game.pk}/"
    assert game.options == {"edition": "2nd", "players": 5, "market": True}


def test_the_form_shows_why_five_seats_need_the_market(client, alice):
    client.force_login(alice)
    response = client.post(
        "/games/new",
        {"title": "Five", "edition": "2nd", "seats": "5", "visibility": "public", "bots": "0",
         "bot_kind": "greedy"},
    )  # fmt: skip
    assert response.status_code == 200
    assert "Five players need New Society (1st edition) or New Society or the Market" in (
        response.content.decode()
    )


def test_my_games_names_the_market_phase_of_a_running_market_game(client, alice, bob):
    game = services.game_create(
        host=alice, edition="2nd", seats=2, options={"market": True}, **TABLE
    )
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    play_until(game, lambda g: g.state["phase"] == "market")
    client.force_login(alice)

    content = client.get("/games/mine").content.decode()

    assert f"Round {game.state['round']} · Market phase" in content
