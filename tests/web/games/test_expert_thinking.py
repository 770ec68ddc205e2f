"""How long the expert thinks, chosen per game in the lobby (quick, standard, deep): stored
with the game, refused when unknown, and the budget the expert's bots and an expert stand-in
play with; the table and the lobby page say it where an expert plays."""

import pytest

from games import rules, services
from games.errors import GameError
from games.models import Action, ActionKind, Game, Seat
from games.services.bots import bot_seed, bot_turn_play, stand_in_turn_play

from .conftest import play_one, to_act

ROUND = 4  # from here on a search is quick, and quick and deep thinking often differ

FORM = {
    "title": "Against the expert",
    "edition": "1st",
    "seats": "2",
    "days_per_move": "2",
    "visibility": "public",
    "bots": "1",
    "bot_kind": "expert",
    "stand_in_level": "greedy",
}


def _create(host, **kwargs) -> Game:
    defaults = {
        "title": "Thinking",
        "edition": "1st",
        "seats": 2,
        "days_per_move": 2,
        "is_public": True,
    }
    return services.game_create(host=host, **{**defaults, **kwargs})


def test_the_new_game_page_offers_the_experts_thinking_with_standard_chosen(client, alice):
    client.force_login(alice)
    page = client.get("/games/new").content.decode()

    assert "The expert&#x27;s thinking" in page
    assert '<option value="quick">quick</option>' in page
    assert '<option value="standard" selected>standard</option>' in page
    assert '<option value="deep">deep</option>' in page


def test_a_game_made_without_choosing_gives_the_expert_its_standard_thinking(client, alice):
    client.force_login(alice)
    response = client.post("/games/new", FORM)

    assert response.status_code == 302
    assert Game.objects.get(host=alice).expert_thinking == "standard"


def test_a_game_made_in_the_lobby_keeps_the_experts_thinking(client, alice):
    client.force_login(alice)
    response = client.post("/games/new", {**FORM, "expert_thinking": "deep"})

    assert response.status_code == 302
    assert Game.objects.get(host=alice).expert_thinking == "deep"


def test_the_form_refuses_an_unknown_thinking_and_makes_no_game(client, alice):
    client.force_login(alice)
    response = client.post("/games/new", {**FORM, "expert_thinking": "genius"})

    assert response.status_code == 200
    errors = response.context["form"].errors
    assert list(errors) == ["expert_thinking"]
    assert "genius is not one of the available choices" in errors["expert_thinking"][0]
    assert not Game.objects.filter(host=alice).exists()


def test_the_service_refuses_an_unknown_thinking(alice):
    with pytest.raises(GameError) as error:
        _create(alice, bots=["expert"], expert_thinking="genius")

    assert (error.value.code, error.value.status) == ("bad_options", 422)
    assert error.value.message == "Choose quick, standard or deep thinking for the expert."
    assert not Game.objects.filter(host=alice).exists()


def test_a_rematch_keeps_the_experts_thinking(alice):
    game = _create(alice, bots=["expert"], expert_thinking="quick")
    Game.objects.filter(pk=game.pk).update(status="finished")

    assert services.game_rematch(game_id=game.pk, user=alice).expert_thinking == "quick"


def _moves_by_thinking(game: Game, position: int) -> dict[str, rules.Move]:
    """The expert's move for `position` now, with the bot's seed, at each thinking."""
    state = rules.GameState.from_dict(game.state)
    seed = bot_seed(game_id=game.pk, version=game.version, position=position)
    return {
        thinking: rules.expert_move(
            state, position, seed, rules.expert_budget(game.options, thinking)
        )
        for thinking in ("quick", "deep")
    }


def _on_to_a_choice_the_thinking_changes(game: Game, positions) -> tuple[int, dict]:
    """Greedy moves until one of `positions` is to act where quick and deep thinking choose
    differently (searched from `ROUND` on)."""
    for _ in range(400):
        _user, position = to_act(game)
        if position in positions and rules.GameState.from_dict(game.state).round >= ROUND:
            moves = _moves_by_thinking(game, position)
            if moves["quick"] != moves["deep"]:
                return position, moves

        play_one(game)
    raise AssertionError("quick and deep thinking never chose differently")


@pytest.mark.parametrize("thinking", ["quick", "deep"])
def test_the_expert_bots_think_as_long_as_the_game_says(alice, thinking):
    game = _create(alice, seats=3, bots=["expert"] * 2, expert_thinking=thinking)
    bots = set(Seat.objects.filter(game=game, is_bot=True).values_list("position", flat=True))
    position, moves = _on_to_a_choice_the_thinking_changes(game, bots)

    assert bot_turn_play(game_id=game.pk, version=game.version) is True

    action = Action.objects.filter(game=game).latest("seq")
    assert (action.seat, action.kind) == (position, ActionKind.NORMAL)
    assert rules.parse_move(action.move) == moves[thinking]


@pytest.mark.parametrize("thinking", ["quick", "deep"])
def test_the_expert_stand_in_thinks_as_long_as_the_game_says(alice, bob, thinking):
    game = _create(alice, seats=2, stand_in_level="expert", expert_thinking=thinking)
    services.seat_join(game_id=game.pk, user=bob, first=alice)
    game.refresh_from_db()
    bobs = Seat.objects.get(game=game, user=bob).position
    position, moves = _on_to_a_choice_the_thinking_changes(game, {bobs})
    Seat.objects.filter(game=game, user=bob).update(stand_in=True, timeouts_in_row=3)

    assert stand_in_turn_play(game_id=game.pk, version=game.version) is True

    action = Action.objects.filter(game=game).latest("seq")
    assert (action.seat, action.kind) == (position, ActionKind.STAND_IN)
    assert rules.parse_move(action.move) == moves[thinking]


def test_the_table_and_its_lobby_page_say_how_long_the_expert_bot_thinks(client, alice, bob):
    started = _create(alice, bots=["expert"], expert_thinking="deep")
    waiting = _create(alice, seats=3, bots=["expert"], expert_thinking="quick")
    client.force_login(alice)

    table = client.get(f"/games/{started.pk}/").content.decode()
    lobby = client.get(f"/games/{waiting.pk}/").content.decode()

    assert '<span class="expert-thinking">The expert bot&#x27;s thinking: deep</span>' in table
    assert '<span class="expert-thinking">The expert bot&#x27;s thinking: quick</span>' in lobby


def test_an_expert_stand_in_is_named_only_where_the_policy_calls_one(client, alice):
    called = _create(alice, bots=["greedy"], stand_in_level="expert")
    never = _create(alice, bots=["greedy"], stand_in_level="expert", timeout_policy="auto_pass")
    client.force_login(alice)

    assert "expert-thinking" in client.get(f"/games/{called.pk}/").content.decode()
    assert "expert-thinking" not in client.get(f"/games/{never.pk}/").content.decode()


def test_no_thinking_is_named_where_no_expert_plays(client, alice):
    game = _create(alice, bots=["greedy"], expert_thinking="deep")
    client.force_login(alice)

    assert "expert-thinking" not in client.get(f"/games/{game.pk}/").content.decode()


def test_the_experts_thinking_is_said_in_german(client, alice):
    alice.language = "de"
    alice.save(update_fields=["language"])
    game = _create(alice, bots=["expert"], expert_thinking="deep")
    client.force_login(alice)

    new = client.get("/games/new", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    table = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Denktiefe des Experten-Bots" in new
    assert '<option value="deep">gründlich</option>' in new
    assert "Denktiefe des Experten-Bots: gründlich" in table
