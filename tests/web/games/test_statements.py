"""A move's reads and writes sent in groups (games/statements.py): the same rows as the ORM
reads and writes, one transaction, and nothing kept when a write of the group fails.

These run on SQLite in the embedded run and on PostgreSQL (pipeline mode) in the services
run; `transaction=True` lets the move's transaction be the outermost one, so on PostgreSQL
its COMMIT goes out with its writes.
"""

import pytest
from django.db import IntegrityError, connection, transaction
from django.forms.models import model_to_dict

from games import services
from games.access import access_game_to_move
from games.models import Action, Game, Notification, Seat

from .conftest import a_legal_move, move_first_legal, to_act

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_move_reads_give_the_rows_the_orm_reads(started_game):
    user, position = move_first_legal(started_game)
    earlier = Action.objects.create(
        game=started_game, seq=99, seat=position, user=user, move={"kind": "pass"}, client_id="x"
    )

    with transaction.atomic():
        game, seats, mine, submitted = access_game_to_move(user, started_game.pk, "x")
        _other_game, _seats, _mine, unknown = access_game_to_move(user, started_game.pk, "y")

    fresh = Game.objects.get(pk=started_game.pk)
    assert model_to_dict(game) == model_to_dict(fresh)
    assert (game.state, game.deadline, game.deadline_extension) == (
        fresh.state,
        fresh.deadline,
        fresh.deadline_extension,
    )
    orm_seats = list(Seat.objects.filter(game=fresh).select_related("user"))
    assert [model_to_dict(seat) for seat in seats] == [model_to_dict(s) for s in orm_seats]
    assert [seat.user.username for seat in seats] == [s.user.username for s in orm_seats]
    assert mine is not None
    assert mine.user_id == user.pk
    assert submitted == earlier
    assert submitted.move == {"kind": "pass"}
    assert unknown is None


def test_a_submission_stores_the_log_row_the_snapshot_and_the_notices_and_commits(started_game):
    user, position = to_act(started_game)
    notices_before = Notification.objects.count()

    result = services.move_submit(
        game_id=started_game.pk,
        user=user,
        move=a_legal_move(started_game, position),
        expected_version=0,
        client_id="tab-1",
        answer_shown=True,
    )

    assert not connection.in_atomic_block
    stored = Action.objects.get(game=started_game, seq=1)
    assert result.action.pk == stored.pk
    assert stored.client_id == "tab-1"
    game = Game.objects.get(pk=started_game.pk)
    assert (game.version, game.to_act, game.state) == (1, result.game.to_act, result.game.state)
    assert Seat.objects.get(game=game, user=user).seen_version == 1
    assert Notification.objects.count() > notices_before  # the next seat's "your turn"


def test_a_failing_write_of_the_group_keeps_nothing_of_the_move(started_game):
    user, position = to_act(started_game)
    # A log row already holds the number the move would take: its INSERT fails.
    Action.objects.create(game=started_game, seq=1, seat=position, user=user, move={})
    notices_before = Notification.objects.count()

    with pytest.raises(IntegrityError):
        services.move_submit(
            game_id=started_game.pk,
            user=user,
            move=a_legal_move(started_game, position),
            expected_version=0,
            answer_shown=True,
        )

    game = Game.objects.get(pk=started_game.pk)
    assert (game.version, game.state) == (0, started_game.state)
    assert Action.objects.filter(game=game).count() == 1
    assert Notification.objects.count() == notices_before
    assert Seat.objects.get(game=game, user=user).seen_version == 0
    # The connection is usable again: the next submission goes through.
    Action.objects.filter(game=game).delete()
    services.move_submit(
        game_id=game.pk, user=user, move=a_legal_move(game, position), expected_version=0
    )
    assert Game.objects.get(pk=game.pk).version == 1
