"""An admin's corrections of a table (games.services.control): who sits where, and ending a
game; each refusal names its reason and changes nothing."""

from functools import partial

import pytest

from games import services
from games.errors import GameError
from games.models import Seat
from games.realtime import seat_group, spectators_group
from tests.web.accounts_helpers import member
from tests.web.listening import IN_MEMORY, Listener

from .conftest import user_at


def refusal(call) -> tuple[str, int]:
    with pytest.raises(GameError) as refused:
        call()
    return refused.value.code, refused.value.status


def test_replacing_a_seat_the_game_does_not_have_is_refused(started_game, admin_user):
    eve = member("eve")
    replace = partial(
        services.seat_replace_user, game_id=started_game.pk, position=4, new_user=eve, by=admin_user
    )
    assert refusal(replace) == ("no_such_seat", 404)


def test_a_member_already_at_the_table_cannot_take_a_second_seat(started_game, admin_user):
    bob_seat = Seat.objects.get(game=started_game, user__username="bob")
    other = (bob_seat.position + 1) % 4
    before = user_at(started_game, other)
    replace = partial(
        services.seat_replace_user,
        game_id=started_game.pk,
        position=other,
        new_user=bob_seat.user,
        by=admin_user,
    )
    assert refusal(replace) == ("already_seated", 409)
    assert user_at(started_game, other) == before


def test_a_bot_of_an_unknown_kind_cannot_take_a_seat(started_game, admin_user):
    bot = services.bot_user_get_or_create(name="Sonya")
    before = user_at(started_game, 1)
    replace = partial(
        services.seat_replace_user,
        game_id=started_game.pk,
        position=1,
        new_user=bot,
        by=admin_user,
        bot_kind="genius",
    )
    assert refusal(replace) == ("bad_options", 422)
    assert user_at(started_game, 1) == before
    services.seat_replace_user(
        game_id=started_game.pk, position=1, new_user=bot, by=admin_user, bot_kind="random"
    )
    seat = Seat.objects.get(game=started_game, position=1)
    assert (seat.user, seat.is_bot, seat.bot_kind) == (bot, True, "random")


def test_the_table_hears_at_once_that_an_admin_aborted_the_game(
    started_game, admin_user, settings, django_capture_on_commit_callbacks
):
    settings.CHANNEL_LAYERS = IN_MEMORY
    table = Listener()
    table.listen(spectators_group(started_game.pk), seat_group(started_game.pk, 1))

    with django_capture_on_commit_callbacks(execute=True):
        services.game_abort(game_id=started_game.pk, by=admin_user)

    heard = [(group, message["type"], message["version"]) for group, message in table.drain()]
    assert heard == [
        (spectators_group(started_game.pk), "game.view", started_game.version),
        (seat_group(started_game.pk, 1), "game.view", started_game.version),
    ]


def test_an_aborted_game_keeps_its_seats_and_cannot_be_aborted_again(started_game, admin_user):
    services.game_abort(game_id=started_game.pk, by=admin_user)
    eve = member("eve")
    replace = partial(
        services.seat_replace_user, game_id=started_game.pk, position=0, new_user=eve, by=admin_user
    )
    assert refusal(replace) == ("game_not_running", 409)
    assert user_at(started_game, 0).username != "eve"
    abort = partial(services.game_abort, game_id=started_game.pk, by=admin_user)
    assert refusal(abort) == ("game_not_running", 409)


def test_an_admin_may_change_who_sits_at_a_table_still_open(open_game, admin_user):
    eve = member("eve")
    services.seat_replace_user(game_id=open_game.pk, position=0, new_user=eve, by=admin_user)
    assert user_at(open_game, 0) == eve
    open_game.refresh_from_db()
    assert open_game.status == "open"


def told(call) -> tuple[str, int, str]:
    with pytest.raises(GameError) as refused:
        call()
    return refused.value.code, refused.value.status, refused.value.message


def test_a_member_who_is_no_admin_may_not_abort_force_a_pass_or_replace(started_game, alice):
    eve = member("eve")
    for call in (
        partial(services.game_abort, game_id=started_game.pk, by=alice),
        partial(services.seat_force_pass, game_id=started_game.pk, by=alice),
        partial(
            services.seat_replace_user,
            game_id=started_game.pk,
            position=0,
            new_user=eve,
            by=alice,
        ),
    ):
        assert told(call) == ("not_admin", 403, "Only an admin may do that.")
    started_game.refresh_from_db()
    assert started_game.status == "running"


def test_each_refusal_of_a_replacement_says_why(started_game, admin_user):
    eve = member("eve")
    bot = services.bot_user_get_or_create(name="Sonya")
    replace = partial(services.seat_replace_user, game_id=started_game.pk, by=admin_user)
    assert told(partial(replace, position=4, new_user=eve)) == (
        "no_such_seat",
        404,
        "There is no such seat.",
    )
    assert told(partial(replace, position=1, new_user=bot, bot_kind="genius")) == (
        "bad_options",
        422,
        "Unknown kind of bot.",
    )
    services.game_abort(game_id=started_game.pk, by=admin_user)
    assert told(partial(replace, position=0, new_user=eve)) == (
        "game_not_running",
        409,
        "This game has already ended.",
    )


def test_a_member_who_replaces_a_bot_plays_the_seat_himself(started_game, admin_user):
    bot = services.bot_user_get_or_create(name="Sonya")
    services.seat_replace_user(
        game_id=started_game.pk, position=1, new_user=bot, by=admin_user, bot_kind="random"
    )
    eve = member("eve")
    services.seat_replace_user(game_id=started_game.pk, position=1, new_user=eve, by=admin_user)
    seat = Seat.objects.get(game=started_game, position=1)
    assert (seat.user, seat.is_bot, seat.bot_kind, seat.stand_in) == (eve, False, "", False)


def test_no_pass_is_forced_in_a_game_that_is_not_running(open_game, admin_user):
    force = partial(services.seat_force_pass, game_id=open_game.pk, by=admin_user)
    assert told(force) == ("game_not_running", 409, "This game is not running.")


def test_voiding_a_finished_game_marks_it_aborted_in_the_database(finished_game, admin_user):
    services.game_abort(game_id=finished_game.pk, by=admin_user)
    finished_game.refresh_from_db()
    assert finished_game.status == "aborted"
    assert finished_game.finished_at is not None


def test_no_pass_is_forced_while_the_seat_to_act_must_buy_a_worker(started_game, admin_user):
    force = partial(services.seat_force_pass, game_id=started_game.pk, by=admin_user)
    assert told(force) == ("cannot_pass", 422, "The seat to act cannot pass now.")
    started_game.refresh_from_db()
    assert started_game.version == 0
