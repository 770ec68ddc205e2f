"""Bots at three levels (random for beginners, greedy, expert), the stand-in bot's level set by
the game, and expert turns handed to the worker rather than played in the mover's request."""

import json

import pytest

from games import rules, services
from games.errors import GameError
from games.models import Action, ActionKind, Game, Seat
from games.services.bots import bot_seed, stand_in_turn_play
from games.tasks import play_bot_turn
from tests.web.broker import tasks_published

from .conftest import play_one, to_act

FORM = {
    "title": "Against the expert",
    "edition": "1st",
    "seats": "3",
    "days_per_move": "2",
    "visibility": "public",
    "bots": "2",
    "bot_kind": "expert",
    "stand_in_level": "random",
}


def test_the_new_game_page_offers_three_bot_levels_with_a_line_on_each(client, alice):
    client.force_login(alice)
    page = client.get("/games/new").content.decode()

    for level in ("random", "greedy", "expert"):
        assert page.count(f'<option value="{level}"') == 2  # the bots and the stand-in
    assert "For beginners</b>: plays any legal move at random" in page
    assert "Greedy</b>: takes whatever pays best right now" in page
    assert "Expert</b>: plays its best candidate moves out many times" in page


def test_the_bot_levels_are_explained_in_german(client, alice):
    alice.language = "de"
    alice.save(update_fields=["language"])
    client.force_login(alice)
    page = client.get("/games/new", HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Für Anfänger" in page
    assert "Experte" in page


def test_a_game_made_in_the_lobby_seats_expert_bots_and_keeps_its_stand_in_level(client, alice):
    client.force_login(alice)
    response = client.post("/games/new", FORM)

    game = Game.objects.get(host=alice)
    assert response.status_code == 302
    assert game.stand_in_level == "random"
    bots = Seat.objects.filter(game=game, is_bot=True)
    assert sorted(bots.values_list("bot_kind", flat=True)) == ["expert", "expert"]


def test_an_unknown_stand_in_level_is_refused(alice):
    with pytest.raises(GameError) as error:
        services.game_create(
            host=alice,
            title="Genius",
            edition="1st",
            seats=2,
            days_per_move=2,
            is_public=True,
            stand_in_level="genius",
        )
    assert error.value.code == "bad_options"


def test_a_rematch_keeps_the_stand_in_level(alice):
    game = services.game_create(
        host=alice,
        title="Again",
        edition="1st",
        seats=2,
        days_per_move=2,
        is_public=True,
        bots=["random"],
        stand_in_level="expert",
    )
    Game.objects.filter(pk=game.pk).update(status="finished")
    rematch = services.game_rematch(game_id=game.pk, user=alice)
    assert rematch.stand_in_level == "expert"


@pytest.mark.parametrize("level", ["random", "expert"])
def test_the_stand_in_plays_at_the_level_the_game_sets(alice, bob, level):
    game = services.game_create(
        host=alice,
        title="Stand-in",
        edition="1st",
        seats=2,
        days_per_move=2,
        is_public=True,
        stand_in_level=level,
    )
    services.seat_join(game_id=game.pk, user=bob, first=alice)
    for _ in range(40):  # on to a position where the level's move is not greedy's
        user, position = to_act(game)
        state = rules.GameState.from_dict(game.state)
        seed = bot_seed(game_id=game.pk, version=game.version, position=position)
        wanted = rules.BOTS[level](state, position, seed)
        if wanted != rules.BOTS["greedy"](state, position, seed):
            break
        play_one(game)
    else:
        raise AssertionError("the level never chose otherwise than greedy")
    Seat.objects.filter(game=game, user=user).update(stand_in=True, timeouts_in_row=3)

    assert stand_in_turn_play(game_id=game.pk, version=game.version) is True

    action = Action.objects.filter(game=game).latest("pk")
    assert action.kind == ActionKind.STAND_IN
    assert rules.parse_move(action.move) == wanted


@pytest.fixture
def published():
    """The tasks sent to the broker (not run inline): tasks are not eager in this test."""
    with tasks_published(lambda name, args: (name, args)) as sent:
        yield sent


def test_an_expert_turn_is_queued_for_the_worker_not_played_in_the_request(
    client, alice, published, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(
            host=alice,
            title="Expert",
            edition="1st",
            seats=2,
            days_per_move=None,
            is_public=True,
            bots=["expert"],
        )
    expert = Seat.objects.get(game=game, is_bot=True)
    client.force_login(alice)
    game.refresh_from_db()
    if expert.position in game.to_act:  # the expert starts: its first turn is queued too
        assert published == [("games.tasks.play_bot_turn", [game.pk, game.version])]
        play_bot_turn(game.pk, game.version)  # what the worker does
        game.refresh_from_db()
        published.clear()
    user, position = to_act(game)
    assert user == alice
    experts_moves = Action.objects.filter(game=game, user=expert.user).count()
    move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, 0)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/games/{game.pk}/moves",
            data=json.dumps({"move": move.to_dict(), "expected_version": game.version}),
            content_type="application/json",
        )

    assert response.status_code == 200, response.content
    game.refresh_from_db()
    assert expert.position in game.to_act
    assert Action.objects.filter(game=game, user=expert.user).count() == experts_moves
    assert published == [("games.tasks.play_bot_turn", [game.pk, game.version])]

    assert play_bot_turn(game.pk, game.version) == "moved"
    assert Action.objects.filter(game=game, user=expert.user).count() == experts_moves + 1
