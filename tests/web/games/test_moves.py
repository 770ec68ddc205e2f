import pytest

from games import rules, services
from games.errors import GameError
from games.models import Action, ActionKind, Status

from .conftest import a_legal_move, may_pass, not_to_act, play_until, to_act


def submit(game, user, move, *, version=None, client_id=None):
    return services.move_submit(
        game_id=game.pk,
        user=user,
        move=move,
        expected_version=game.version if version is None else version,
        client_id=client_id,
    )


def test_a_move_is_logged_and_the_snapshot_moves_on(started_game):
    user, position = to_act(started_game)
    move = a_legal_move(started_game, position)

    result = submit(started_game, user, move, client_id="c1")

    game = result.game
    game.refresh_from_db()
    assert result.created
    assert game.version == 1
    action = Action.objects.get(game=game)
    assert (action.seq, action.seat, action.user, action.kind) == (1, position, user, "normal")
    assert action.move == move
    assert action.events
    expected, _ = rules.apply_move(rules.GameState.from_dict(started_game.state), position, move)
    assert game.state == expected.to_dict()
    assert game.to_act == list(rules.to_act(expected))
    assert game.deadline is not None


def test_an_admin_who_is_not_seated_cannot_move_for_the_seat_to_act(started_game, admin_user):
    _user, position = to_act(started_game)
    with pytest.raises(GameError) as error:
        submit(started_game, admin_user, a_legal_move(started_game, position))
    assert (error.value.code, error.value.status) == ("not_your_seat", 403)
    assert not Action.objects.filter(game=started_game).exists()
    started_game.refresh_from_db()
    assert started_game.version == 0


def test_a_stale_version_is_refused_with_the_current_version(started_game):
    user, position = to_act(started_game)
    submit(started_game, user, a_legal_move(started_game, position))
    started_game.refresh_from_db()
    user, position = to_act(started_game)

    with pytest.raises(GameError) as caught:
        submit(started_game, user, a_legal_move(started_game, position), version=0)

    assert (caught.value.code, caught.value.status, caught.value.version) == (
        "stale_version",
        409,
        1,
    )
    assert Action.objects.count() == 1


def test_an_illegal_move_is_refused_with_the_engines_code(started_game):
    user, _position = to_act(started_game)

    with pytest.raises(GameError) as caught:
        submit(started_game, user, {"kind": "buy", "card": "no_such_card#9"})

    assert caught.value.status == 422
    assert caught.value.code == "no_such_card"
    # Worded from the engine's code and its params (which card, why), not its English text.
    assert caught.value.message == "That card is not on the board."
    assert not Action.objects.exists()


def test_a_malformed_move_is_refused_by_the_engine(started_game):
    user, _position = to_act(started_game)

    with pytest.raises(GameError) as caught:
        submit(started_game, user, {"kind": "dance"})

    assert (caught.value.code, caught.value.status) == ("malformed_move", 422)


def test_a_player_cannot_move_out_of_turn(started_game):
    user = not_to_act(started_game)
    _to_act_user, position = to_act(started_game)

    with pytest.raises(GameError) as caught:
        submit(started_game, user, a_legal_move(started_game, position))

    assert (caught.value.code, caught.value.status, caught.value.version) == (
        "not_your_turn",
        422,
        0,
    )
    assert caught.value.message == "It is not your turn."


def test_an_outsider_cannot_move(started_game, django_user_model):
    outsider = django_user_model.objects.create_user(username="eve", password="x")
    _user, position = to_act(started_game)

    with pytest.raises(GameError) as caught:
        submit(started_game, outsider, a_legal_move(started_game, position))

    assert (caught.value.code, caught.value.status, caught.value.version) == (
        "not_your_seat",
        403,
        0,
    )
    assert caught.value.message == "You do not sit at this game."


def test_nobody_moves_in_a_game_that_is_not_running(open_game, alice):
    with pytest.raises(GameError) as caught:
        submit(open_game, alice, {"kind": "pass"})

    assert (caught.value.code, caught.value.status, caught.value.version) == (
        "game_not_running",
        409,
        open_game.version,
    )
    assert caught.value.message == "This game is not running."


def test_nobody_moves_in_a_finished_game(finished_game):
    assert finished_game.status == Status.FINISHED
    assert finished_game.to_act == []
    assert finished_game.finished_at is not None
    assert finished_game.deadline is None

    with pytest.raises(GameError) as caught:
        submit(finished_game, finished_game.host, {"kind": "pass"})

    assert (caught.value.code, caught.value.status) == ("game_not_running", 409)


def test_nobody_moves_in_an_aborted_game(started_game, admin_user):
    services.game_abort(game_id=started_game.pk, by=admin_user)
    started_game.refresh_from_db()

    with pytest.raises(GameError) as caught:
        submit(started_game, started_game.host, {"kind": "pass"})

    assert caught.value.code == "game_not_running"


def test_a_retry_with_the_same_client_id_returns_the_first_result_and_stores_nothing(
    started_game,
):
    user, position = to_act(started_game)
    move = a_legal_move(started_game, position)
    first = submit(started_game, user, move, client_id="retry-me")

    again = submit(started_game, user, move, version=0, client_id="retry-me")

    assert not again.created
    assert again.action.pk == first.action.pk
    assert Action.objects.count() == 1
    started_game.refresh_from_db()
    assert started_game.version == 1


def test_a_client_id_belongs_to_its_submitter_alone(started_game):
    """Another member sending the same id is neither answered with the first move nor refused:
    his submission is checked on its own, so nobody can block someone else's next id."""
    user, position = to_act(started_game)
    submit(started_game, user, a_legal_move(started_game, position), client_id="mine")
    started_game.refresh_from_db()
    other, other_position = to_act(started_game)
    assert other != user

    result = submit(
        started_game, other, a_legal_move(started_game, other_position), version=1, client_id="mine"
    )

    assert result.created
    assert result.action.user == other
    assert Action.objects.filter(game=started_game, client_id="mine").count() == 2


def test_a_stranger_reusing_an_id_is_still_refused_for_his_own_reasons(started_game):
    user, position = to_act(started_game)
    submit(started_game, user, a_legal_move(started_game, position), client_id="mine")
    other = not_to_act(started_game)

    with pytest.raises(GameError) as caught:
        submit(started_game, other, {"kind": "pass"}, version=1, client_id="mine")

    assert caught.value.code == "not_your_turn"


def test_an_admin_can_force_a_pass_which_is_logged_as_such(started_game, admin_user):
    play_until(started_game, may_pass)
    _user, position = to_act(started_game)

    action = services.seat_force_pass(game_id=started_game.pk, by=admin_user)

    assert (action.kind, action.seat, action.user) == (
        ActionKind.FORCED_BY_ADMIN,
        position,
        admin_user,
    )
    assert action.move["kind"] == "pass"
    assert services.game_verify(game=started_game.__class__.objects.get(pk=started_game.pk)) == []


def test_a_forced_pass_is_refused_while_the_seat_must_buy_a_worker(started_game, admin_user):
    with pytest.raises(GameError) as caught:
        services.seat_force_pass(game_id=started_game.pk, by=admin_user)

    assert caught.value.code == "cannot_pass"


def test_a_member_who_is_not_an_admin_cannot_force_a_pass(started_game, alice):
    with pytest.raises(GameError) as caught:
        services.seat_force_pass(game_id=started_game.pk, by=alice)

    assert caught.value.code == "not_admin"
