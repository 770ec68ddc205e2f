"""The lobby's expansions (issue 11): New Society, SP+, In Good Company and five players are
chosen when a game is created, checked by the engine's combination rules (a refusal says what
is missing), fixed from then on, shown on the open games list and the table; the table's card
catalogue holds the new cards and the log narrates the new events."""

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games import actionlog, rules, services
from games.errors import GameError
from games.gamelog import game_log
from games.models import Game

from .conftest import play_until


def create(host, **changes):
    fields = {"title": "x", "edition": "1st", "seats": 3, "days_per_move": None}
    fields["is_public"] = True
    return services.game_create(host=host, **{**fields, **changes})


def test_a_game_keeps_the_expansions_it_was_created_with(alice):
    game = create(alice, seats=5, options={"new_society": "full"})
    assert game.options == {"edition": "1st", "players": 5, "new_society": "full"}


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"seats": 5}, "Five players need New Society"),
        ({"edition": "2nd", "options": {"new_society": "full"}}, "needs In Good Company"),
        ({"edition": "2nd", "options": {"new_society": "sp_plus", "in_good_company": True}},
         "SP+ exists only in the 1st edition"),
        ({"options": {"in_good_company": True}}, "only in the 2nd edition"),
        ({"seats": 1, "options": {"new_society": "sp_plus"}}, "solo game"),
        ({"edition": "2nd", "seats": 5, "options": {"in_good_company": True}},
         "Five players need"),
    ],
)  # fmt: skip
def test_a_refused_combination_says_what_is_missing(alice, changes, words):
    with pytest.raises(GameError) as caught:
        create(alice, **changes)
    assert caught.value.code == "bad_options"
    assert words in caught.value.message
    assert not Game.objects.exists()


def test_the_new_game_form_offers_the_expansions_with_an_explanation(client, alice):
    client.force_login(alice)
    page = client.get(reverse("games:new")).content.decode()
    assert 'name="new_society"' in page
    assert 'value="sp_plus"' in page
    assert 'name="in_good_company"' in page
    assert '<option value="5"' in page
    assert "+10 points per different aristocrat" in page
    assert "in the 2nd edition its own 23" in page  # not 35 cards there


def test_the_seats_field_explains_five_players_and_what_they_need(client, alice):
    client.force_login(alice)
    page = client.get(reverse("games:new")).content.decode()
    seats = re.search(r'<select name="seats"[^>]*>', page).group(0)
    assert 'aria-describedby="id_seats_helptext"' in seats
    help_text = html.unescape(re.search(r'id="id_seats_helptext">([^<]*)<', page).group(1))
    assert "the fifth piece is the sack" in help_text
    assert "with the Market the sack is the market phase's marker" in help_text
    assert "the markers move one seat" in help_text
    assert "Needs New Society (in the 2nd edition: New Society or the Market)" in help_text
    with translation.override("de"):
        german = client.get(reverse("games:new"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "ist das fünfte Plättchen der Sack" in german
    assert "die Startkarten wandern einen Platz weiter" in german


def test_the_new_game_form_creates_a_five_player_new_society_game(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("games:new"),
        {"title": "Big", "edition": "2nd", "seats": 5, "visibility": "public", "bots": 0,
         "bot_kind": "greedy", "new_society": "full", "in_good_company": "on"},
    )  # fmt: skip
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options == {
        "edition": "2nd", "players": 5, "new_society": "full", "in_good_company": True,
    }  # fmt: skip


def test_the_form_shows_the_refusal_in_german(client, alice):
    client.force_login(alice)
    with translation.override("de"):
        response = client.post(
            reverse("games:new"),
            {"title": "Big", "edition": "1st", "seats": 5, "visibility": "public", "bots": 0,
             "bot_kind": "greedy"},
            HTTP_ACCEPT_LANGUAGE="de",
        )  # fmt: skip
    assert response.status_code == 200
    assert "Fünf Spieler brauchen" in response.content.decode()


def test_the_open_games_list_and_the_table_name_the_expansions(client, alice, bob):
    game = create(alice, options={"new_society": "sp_plus"})
    client.force_login(bob)
    assert "New Society SP+" in client.get(reverse("games:open")).content.decode()
    assert "New Society SP+" in client.get(reverse("games:detail", args=[game.pk])).content.decode()


def test_a_five_player_game_with_bots_deals_the_sack_and_plays_to_the_end(alice):
    game = create(alice, seats=5, bots=["greedy"] * 4, options={"new_society": "full"})
    game.refresh_from_db()
    state = rules.GameState.from_dict(game.state)
    assert state.rules.markers[-1] == "sack"
    sack = state.marker("sack")
    assert state.players[sack].money == 27
    lines = [str(line) for group in game_log(game) for line in group.lines]
    assert any("holds the sack and gets 2 points" in line for line in lines)
    play_until(game, lambda g: False, limit=4000)
    assert game.status == "finished"
    moves = actionlog.effective_moves(game)
    assert rules.replay(game.options, game.seed, moves).to_dict() == game.state
    assert services.game_verify(game=game) == []  # what verify_games checks


def test_the_table_catalogue_holds_the_new_cards(client, alice):
    game = create(alice, seats=2, bots=["greedy"], options={"new_society": "full"})
    client.force_login(alice)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert '"new_farmer"' in page
    assert '"debtors_prison"' in page
    assert "Schuldturm" in page


def test_the_log_narrates_the_new_events_in_both_languages(alice):
    game = create(alice, seats=2, bots=["greedy"], options={"new_society": "full"})
    game = play_until(game, lambda g: False, limit=4000)
    events = [e for a in game.actions.order_by("seq") for e in a.events]
    kinds = {e["kind"] for e in events}
    assert kinds & {"prison", "trading_house", "sycophant_discard", "guild_hall_plan"}
    for language in ("en", "de"):
        with translation.override(language):
            lines = [str(line) for group in game_log(game) for line in group.lines]
        assert all(line for line in lines)
    with translation.override("de"):
        text = " ".join(str(line) for group in game_log(game) for line in group.lines)
    english = ("Debtor's Prison", "Trading House", "cannot pay for", "sets the Guild Hall")
    assert not any(words in text for words in english)


def test_a_stored_base_game_is_unchanged(finished_game):
    assert finished_game.options == {"edition": "1st", "players": 4}
    moves = actionlog.effective_moves(finished_game)
    state = rules.replay(finished_game.options, finished_game.seed, moves)
    assert state.to_dict() == finished_game.state
