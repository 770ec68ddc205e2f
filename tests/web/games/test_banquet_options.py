"""The Banquet at the table (issue 12): the lobby offers it in both editions, a game with it plays
to the end with bots, and the log narrates its events in English and German."""

from django.urls import reverse
from django.utils import translation

from games import actionlog, rules, services
from games.gamelog import game_log
from games.models import Game
from games.texts import refusal_text

from .conftest import play_until


def create(host, **changes):
    fields = {"title": "x", "edition": "2nd", "seats": 3, "days_per_move": None}
    fields["is_public"] = True
    return services.game_create(host=host, **{**fields, **changes})


def test_the_new_game_form_offers_the_banquet_and_creates_a_game_with_it(client, alice):
    client.force_login(alice)
    page = client.get(reverse("games:new")).content.decode()
    assert 'name="banquet"' in page
    response = client.post(
        reverse("games:new"),
        {"title": "Feast", "edition": "1st", "seats": 3, "visibility": "public", "bots": 0,
         "bot_kind": "greedy", "banquet": "on"},
    )  # fmt: skip
    assert response.status_code == 302
    assert Game.objects.get().options == {"edition": "1st", "players": 3, "banquet": True}


def test_the_open_games_list_names_the_banquet(client, alice, bob):
    create(alice, options={"banquet": True})
    client.force_login(bob)
    assert "The Banquet" in client.get(reverse("games:open")).content.decode()


def test_a_banquet_game_with_bots_plays_to_the_end_and_the_log_speaks_both_languages(alice):
    game = create(alice, bots=["greedy"] * 2, options={"banquet": True, "market": True})
    game = play_until(game, lambda g: False, limit=4000)
    assert game.status == "finished"
    moves = actionlog.effective_moves(game)
    assert rules.replay(game.options, game.seed, moves).to_dict() == game.state
    events = [e for a in game.actions.order_by("seq") for e in a.events]
    assert "special" in {e["kind"] for e in events}
    for language in ("en", "de"):
        with translation.override(language):
            lines = [str(line) for group in game_log(game) for line in group.lines]
        assert all(line for line in lines)
    with translation.override("de"):
        text = " ".join(str(line) for group in game_log(game) for line in group.lines)
    assert " plays " not in text
    assert "spielt" in text


def test_a_refused_special_card_is_explained_in_german():
    with translation.override("de"):
        text = refusal_text("special_not_yet")
    assert text == "Eine Sonderkarte wird erst in einem späteren Zug gespielt."
