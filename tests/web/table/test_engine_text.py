"""A refused move is explained in the member's language, though the engine speaks English."""

import json

from django.utils import translation

from games.engine_text import engine_message
from games.rules.errors import MESSAGES
from tests.web.games.conftest import to_act


def test_every_fixed_engine_sentence_has_a_german_translation():
    with translation.override("de"):
        untranslated = [m for m in MESSAGES.values() if engine_message(m) == m]

    assert untranslated == []


def test_the_price_sentence_keeps_its_numbers_in_german():
    with translation.override("de"):
        text = engine_message("That costs 11 rubles; you have 5.")

    assert text == "Das kostet 11 Rubel; du hast 5."


def test_an_unknown_sentence_is_passed_on_as_it_is():
    assert engine_message("Something new.") == "Something new."


def test_a_german_member_reads_why_a_move_was_refused_in_german(client, two_player_game):
    user, _position = to_act(two_player_game)
    user.language = "de"
    user.save(update_fields=["language"])
    card = two_player_game.state["board"]["upper"][0]
    client.force_login(user)

    response = client.post(
        f"/games/{two_player_game.pk}/moves",
        data=json.dumps({"move": {"kind": "take", "card": card}, "expected_version": 0}),
        content_type="application/json",
    )

    assert response.json() == {
        "code": "must_buy_worker",
        "message": "In der ersten Handwerkerphase musst du Handwerker kaufen, bis du zwei hast.",
        "version": 0,
    }
