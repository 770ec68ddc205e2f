"""A bot (or a stand-in) to act whose task was lost still moves: the sweep finds it.

In these tests the after-commit hand-over never runs (nothing executes on-commit callbacks),
as when Redis refused the task at that moment.
"""

import logging
from datetime import timedelta

from django.conf import settings

from games import rules, services
from games.models import Action, ActionKind, Game, Seat
from games.services.sweep import sweep, sweep_find

from .conftest import START


def bot_to_act(anna) -> Game:
    """anna against a greedy bot, the bot to act and its task lost."""
    game = services.game_create(
        host=anna,
        title="Bots",
        edition="1st",
        seats=2,
        days_per_move=None,
        is_public=True,
        bots=["greedy"],
    )
    game.refresh_from_db()
    bot = Seat.objects.get(game=game, is_bot=True)
    if bot.position not in game.to_act:
        move = rules.greedy_bot(rules.GameState.from_dict(game.state), game.to_act[0], 0)
        services.move_submit(game_id=game.pk, user=anna, move=move.to_dict(), expected_version=0)
        game.refresh_from_db()
    assert bot.position in game.to_act
    return game


def grace() -> timedelta:
    return timedelta(seconds=settings.BOT_TURN_GRACE_SECONDS)


def test_a_bot_whose_task_was_lost_moves_at_the_next_sweep(anna, clock):
    game = bot_to_act(anna)
    version = game.version
    clock.move_to(START + grace() + timedelta(seconds=1))

    report = sweep()

    assert report.bot_turns == [(game.pk, version)]
    game.refresh_from_db()
    assert game.version > version
    bot = Seat.objects.get(game=game, is_bot=True)
    assert Action.objects.filter(game=game, seq=version + 1, user=bot.user).exists()


def test_a_bot_just_handed_its_turn_is_left_to_its_task(anna, clock):
    game = bot_to_act(anna)

    assert sweep_find(START + grace() - timedelta(seconds=1)).bot_turns == []
    assert sweep_find(START + grace()).bot_turns == [(game.pk, game.version)]


def test_a_stand_in_whose_task_was_lost_moves_at_the_next_sweep(anna, boris, clock, game):
    Seat.objects.filter(game=game, user=anna).update(stand_in=True)
    clock.move_to(START + grace() + timedelta(seconds=1))

    report = sweep()

    assert report.bot_turns == [(game.pk, 0)]
    [action] = Action.objects.filter(game=game)
    assert (action.user, action.kind) == (anna, ActionKind.STAND_IN)


def test_a_game_waiting_for_a_person_is_no_bot_turn(anna, boris, clock, game):
    clock.move_to(START + timedelta(days=30))

    assert sweep_find(START + timedelta(days=30)).bot_turns == []


def test_the_sweep_finds_only_running_games_whose_bot_is_to_act_the_longest_waiting_first(
    anna, clock
):
    first, second, human_turn, aborted = (bot_to_act(anna) for _ in range(4))
    Game.objects.filter(pk=first.pk).update(last_move_at=START - timedelta(hours=1))
    Game.objects.filter(pk=second.pk).update(last_move_at=START - timedelta(hours=2))
    human = Seat.objects.get(game=human_turn, is_bot=False).position
    Game.objects.filter(pk=human_turn.pk).update(to_act=[human])
    Game.objects.filter(pk=aborted.pk).update(status="aborted")

    found = sweep_find(START + grace() + timedelta(seconds=1)).bot_turns

    assert found == [(second.pk, second.version), (first.pk, first.version)]


def test_a_bot_turn_that_fails_is_logged_with_its_game_and_the_sweep_goes_on(anna, clock, caplog):
    game = bot_to_act(anna)
    Game.objects.filter(pk=game.pk).update(state={})  # a damaged snapshot: the bot cannot move
    clock.move_to(START + grace() + timedelta(seconds=1))

    with caplog.at_level(logging.WARNING):
        report = sweep()

    assert report.failed == [f"bot turn of game {game.pk}"]
    told = [(r.name, r.levelname, r.getMessage()) for r in caplog.records if r.name[:6] == "games."]
    assert [(name, level) for name, level, _text in told] == [
        ("games.tasks", "ERROR"),
        ("games.services.sweep", "WARNING"),
    ]
    assert told[0][2] == f"the bot turn of game {game.pk} at version {game.version} failed"
    # the sweep's own line names the game too, then what went wrong
    assert told[1][2].startswith(f"sweep: the bot turn of game {game.pk} failed (")
    assert told[1][2].endswith("); going on")
    assert not Action.objects.filter(game=game, seq=game.version + 1).exists()
