"""Bots play through the same services as people; whole games must replay from their log."""

import json
import subprocess
import sys

from games import rules, services
from games.models import Action, Game, Seat, Status

from .conftest import to_act


def _game_with_bots(alice, kinds, seats=4):
    return services.game_create(
        host=alice,
        title="Against the bots",
        edition="1st",
        seats=seats,
        days_per_move=2,
        is_public=True,
        bots=kinds,
    )


def test_a_whole_game_against_bots_finishes_and_replays_exactly(
    alice, django_capture_on_commit_callbacks, tmp_path
):
    with django_capture_on_commit_callbacks(execute=True):
        game = _game_with_bots(alice, ["greedy", "random", "greedy"])
    for _ in range(1000):
        game.refresh_from_db()
        if game.status != Status.RUNNING:
            break
        user, position = to_act(game)
        assert user == alice, "after each of alice's moves the bots play until she is to act"
        move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
        with django_capture_on_commit_callbacks(execute=True):
            services.move_submit(
                game_id=game.pk, user=alice, move=move.to_dict(), expected_version=game.version
            )

    game.refresh_from_db()
    assert game.status == Status.FINISHED
    bot_users = set(Seat.objects.filter(game=game, is_bot=True).values_list("user", flat=True))
    assert Action.objects.filter(game=game, user__in=bot_users).exists()
    assert services.game_verify(game=game) == []
    scores = rules.final_scores(rules.GameState.from_dict(game.state))
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(services.game_replay_export(game=game)))
    result = subprocess.run(
        [sys.executable, "-m", "games.rules", "replay", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["scores"] == json.loads(json.dumps(scores))


def test_a_late_bot_task_does_nothing_when_the_game_moved_on(alice):
    game = _game_with_bots(alice, ["greedy"], seats=2)
    game.refresh_from_db()

    assert services.bot_turn_play(game_id=game.pk, version=game.version + 1) is False
    assert not Action.objects.filter(game=game).exists()


def test_a_bot_task_run_twice_moves_once(alice):
    game = _game_with_bots(alice, ["random"], seats=2)
    game.refresh_from_db()
    bot = Seat.objects.get(game=game, is_bot=True)
    if bot.position not in game.to_act:
        pass_or_move = rules.greedy_bot(
            rules.GameState.from_dict(game.state), game.to_act[0], game.version
        )
        services.move_submit(
            game_id=game.pk, user=alice, move=pass_or_move.to_dict(), expected_version=0
        )
        game.refresh_from_db()
    assert bot.position in game.to_act
    version = game.version

    assert services.bot_turn_play(game_id=game.pk, version=version) is True
    assert services.bot_turn_play(game_id=game.pk, version=version) is False
    assert Action.objects.filter(game=game, user=bot.user).count() == 1


def test_a_bot_replacing_a_player_takes_over_their_turn(
    alice, bob, admin_user, django_capture_on_commit_callbacks
):
    game = services.game_create(
        host=alice, title="Bob leaves", edition="1st", seats=2, days_per_move=None, is_public=True
    )
    services.seat_join(game_id=game.pk, user=bob, first=bob)
    ivan = services.bot_user_get_or_create(name="Ivan")

    with django_capture_on_commit_callbacks(execute=True):
        services.seat_replace_user(
            game_id=game.pk, position=to_act(game)[1], new_user=ivan, by=admin_user
        )

    game = Game.objects.get(pk=game.pk)
    assert game.version >= 1
    assert Action.objects.filter(game=game, user=ivan).exists()


def test_a_member_cannot_block_a_bot_by_sending_its_next_client_id_first(alice):
    """A bot's client id is predictable; ids are scoped to their submitter, so alice using
    the bot's next id for her own move leaves the bot's submission untouched."""
    game = _game_with_bots(alice, ["greedy"], seats=2)
    game.refresh_from_db()
    bot = Seat.objects.get(game=game, is_bot=True)
    if bot.position in game.to_act:
        services.bot_turn_play(game_id=game.pk, version=game.version)
        game.refresh_from_db()
    _user, position = to_act(game)
    move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
    services.move_submit(
        game_id=game.pk,
        user=alice,
        move=move.to_dict(),
        expected_version=game.version,
        client_id=f"bot-{game.version + 1}-{bot.position}",
    )
    game.refresh_from_db()
    assert bot.position in game.to_act

    assert services.bot_turn_play(game_id=game.pk, version=game.version) is True
    assert Action.objects.filter(game=game, user=bot.user).exists()


def test_a_bots_choice_does_not_follow_from_the_games_seed(alice):
    """The shuffle is drawn from the game's seed; a bot seeded from it would give it away.
    The bot's seed is the same whatever the game's seed is, and is no simple function of it."""
    game = _game_with_bots(alice, ["random"], seats=2)
    game.refresh_from_db()
    bot = Seat.objects.get(game=game, is_bot=True)
    seeds = set()
    for game_seed in (game.seed, 1, 2**40):
        Game.objects.filter(pk=game.pk).update(seed=game_seed)
        seeds.add(services.bot_seed(game_id=game.pk, version=3, position=bot.position))

    [seed] = seeds
    assert seed not in {game.seed, game.seed + 3 * 7919 + bot.position}
    assert seed != services.bot_seed(game_id=game.pk, version=4, position=bot.position)


def test_every_game_against_bots_seats_the_same_bot_members_who_cannot_log_in(alice, bob):
    first = _game_with_bots(alice, ["greedy", "random"], seats=3)
    second = _game_with_bots(bob, ["random"], seats=2)
    bots_of = {
        game.pk: sorted(
            Seat.objects.filter(game=game, is_bot=True).values_list("user__username", flat=True)
        )
        for game in (first, second)
    }
    assert bots_of == {first.pk: ["bot-ivan", "bot-olga"], second.pk: ["bot-ivan"]}
    ivan = Seat.objects.filter(game=second, is_bot=True).get().user
    assert (ivan.display_name, ivan.is_bot, ivan.has_usable_password()) == ("Bot Ivan", True, False)


def test_against_a_single_bot_the_bot_answers_each_of_her_moves_at_once(
    alice, django_capture_on_commit_callbacks
):
    # With no other bot seated, only the seat to act can be the bot that gets the turn.
    with django_capture_on_commit_callbacks(execute=True):
        game = _game_with_bots(alice, ["greedy"], seats=2)
    for _ in range(8):
        game.refresh_from_db()
        user, position = to_act(game)
        assert user == alice, "the bot has played its turn as soon as hers ended"
        move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
        with django_capture_on_commit_callbacks(execute=True):
            services.move_submit(
                game_id=game.pk, user=alice, move=move.to_dict(), expected_version=game.version
            )
    moves_by_bot = Action.objects.filter(game=game).exclude(user=alice).count()
    assert moves_by_bot >= 4


def test_a_bot_task_plays_only_a_bot_of_its_own_game(alice, bob):
    """The bot to act is looked up in the task's game: where a member is to act, another
    game's bot sitting at his place number is no bot to act, and nothing is played."""
    other = _game_with_bots(alice, ["greedy", "greedy", "greedy"], seats=4)
    game = _game_with_bots(bob, ["greedy"], seats=2)
    game.refresh_from_db()
    bob_seat = Seat.objects.get(game=game, user=bob)
    assert game.to_act == [bob_seat.position]
    assert Seat.objects.filter(game=other, position=bob_seat.position, is_bot=True).exists()

    assert services.bot_turn_play(game_id=game.pk, version=game.version) is False
    assert not Action.objects.exists()


def test_a_bot_turn_that_fails_after_a_move_leaves_the_move_made_and_is_logged(
    alice, caplog, django_capture_on_commit_callbacks
):
    """The move is committed before its bot turn runs (at once where tasks run in process):
    a bot that fails then is logged with its game and does not turn the move into an error."""
    game = _game_with_bots(alice, ["greedy"], seats=2)
    game.refresh_from_db()
    if to_act(game)[0] != alice:
        assert services.bot_turn_play(game_id=game.pk, version=game.version)
        game.refresh_from_db()
    Seat.objects.filter(game=game, is_bot=True).update(bot_kind="no_such_bot")
    _user, position = to_act(game)
    move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)

    with django_capture_on_commit_callbacks(execute=True):
        services.move_submit(
            game_id=game.pk, user=alice, move=move.to_dict(), expected_version=game.version
        )

    game.refresh_from_db()
    assert Action.objects.filter(game=game, user=alice).count() == 1
    assert to_act(game)[0] != alice  # the bot's turn, still open
    failures = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert f"the bot turn of game {game.pk} at version {game.version} failed" in failures


def test_a_bots_moves_are_not_marked_seen_so_a_member_taking_its_seat_sees_them_as_new(alice):
    game = _game_with_bots(alice, ["greedy"], seats=2)
    game.refresh_from_db()
    if to_act(game)[0] == alice:
        _user, position = to_act(game)
        move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
        services.move_submit(
            game_id=game.pk, user=alice, move=move.to_dict(), expected_version=game.version
        )
        game.refresh_from_db()

    assert services.bot_turn_play(game_id=game.pk, version=game.version)

    assert Seat.objects.get(game=game, is_bot=True).seen_version == 0
