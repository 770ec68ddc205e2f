"""The Market's Modules 3-6 in the lobby (issue 14): the form offers Assistants, Events,
Assignments and Obstacles with a line each, warns that all four together make a long game,
refuses each without the Market in words, and the game lists and the table name them."""

import pytest
from django.urls import reverse
from django.utils import translation

from games.models import Game

MODULES = ("assistants", "events", "assignments", "obstacles")
FORM = {"title": "Modules", "edition": "2nd", "seats": "4", "visibility": "public", "bots": "0",
        "bot_kind": "greedy"}  # fmt: skip


def new_game_page(client, language="en"):
    with translation.override(language):
        return client.get(reverse("games:new"), HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_form_offers_the_four_modules_each_with_its_line(client, alice):
    client.force_login(alice)
    page = new_game_page(client)
    for key in MODULES:
        assert f'name="{key}"' in page
    assert "every player holds an assistant" in page
    assert "six events beside the board" in page
    assert "three assignments for each player" in page
    assert "five obstacles on the score track" in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "All four together make a long game"),
        ("de", "Alle vier zusammen ergeben ein langes Spiel"),
    ],
)
def test_the_form_warns_that_all_four_make_a_long_game(client, alice, language, words):
    client.force_login(alice)
    assert words in new_game_page(client, language)


@pytest.mark.parametrize(
    ("key", "language", "words"),
    [
        ("assistants", "en", "The Assistants need the Market."),
        ("events", "en", "The Events need the Market."),
        ("assignments", "en", "The Assignments need the Market."),
        ("obstacles", "en", "The Obstacles need the Market."),
        ("events", "de", "Die Ereignisse brauchen den Markt."),
        ("obstacles", "de", "Die Hindernisse brauchen den Markt."),
    ],
)
def test_a_module_without_the_market_is_refused_in_words(client, alice, key, language, words):
    client.force_login(alice)
    with translation.override(language):
        response = client.post(
            reverse("games:new"), {**FORM, key: "on"}, HTTP_ACCEPT_LANGUAGE=language
        )
    assert response.status_code == 200
    assert words in response.content.decode()
    assert not Game.objects.exists()


def test_all_four_with_the_market_make_a_game_named_by_its_modules(client, alice, bob):
    client.force_login(alice)
    response = client.post(
        reverse("games:new"), {**FORM, "market": "on", **dict.fromkeys(MODULES, "on")}
    )
    game = Game.objects.get(title="Modules")
    assert response.url == reverse("games:detail", args=[game.pk])
    assert game.options == {"edition": "2nd", "players": 4, "market": True,
                            **dict.fromkeys(MODULES, True)}  # fmt: skip
    line = "The Market · Assistants · Events · Assignments · Obstacles"
    client.force_login(bob)
    assert line in client.get(reverse("games:open")).content.decode()
    assert line in client.get(reverse("games:detail", args=[game.pk])).content.decode()
    with translation.override("de"):
        german = client.get(reverse("games:open"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Ereignisse" in german
    assert "Hindernisse" in german
