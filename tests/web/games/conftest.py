"""Actors and tables for the games tests: alice, bob, carol and dave, and real services."""

import random

import pytest

from games import services
from games.models import Game, Seat
from games.services import lobby
from tests.web.accounts_helpers import member


@pytest.fixture(autouse=True)
def _predictable_tables(monkeypatch):
    """Seeds and seatings from a fixed generator, so every run deals the same games."""
    rng = random.Random(20260)
    monkeypatch.setattr(lobby, "draw_seed", lambda: rng.getrandbits(63))
    monkeypatch.setattr(lobby, "draw_seating", lambda n: rng.sample(range(n), n))


@pytest.fixture
def alice(db):
    return member("alice")


@pytest.fixture
def bob(db):
    return member("bob")


@pytest.fixture
def carol(db):
    return member("carol")


@pytest.fixture
def dave(db):
    return member("dave")


@pytest.fixture
def admin_user(db):
    return member("iris", is_staff=True, is_superuser=True)


@pytest.fixture
def open_game(alice):
    """A public 4-seat game hosted by alice, nobody else seated yet."""
    return services.game_create(
        host=alice, title="Alice table", edition="1st", seats=4, days_per_move=3, is_public=True
    )


def running_duel(host, guest, title: str = "Duel", edition: str = "1st") -> Game:
    """`host` and `guest` at a running 2-player game (the guest's join started it)."""
    game = services.game_create(
        host=host, title=title, edition=edition, seats=2, days_per_move=3, is_public=True
    )
    services.seat_join(game_id=game.pk, user=guest)
    game.refresh_from_db()
    return game


@pytest.fixture
def duel(alice, bob) -> Game:
    """alice and bob at a running 2-player game."""
    return running_duel(alice, bob)


@pytest.fixture
def started_game(open_game, bob, carol, dave):
    """alice, bob, carol and dave at a running 4-player game (dave's join started it)."""
    for user in (bob, carol, dave):
        services.seat_join(game_id=open_game.pk, user=user)
    open_game.refresh_from_db()
    return open_game


def user_at(game: Game, position: int):
    return Seat.objects.select_related("user").get(game=game, position=position).user


def to_act(game: Game):
    """(user, position) of the first seat to act."""
    game.refresh_from_db()
    position = sorted(game.to_act)[0]
    return user_at(game, position), position


def not_to_act(game: Game):
    """A seated user who is not to act."""
    game.refresh_from_db()
    seat = Seat.objects.filter(game=game).exclude(position__in=game.to_act).first()
    return seat.user


def a_legal_move(game: Game, position: int) -> dict:
    from games import rules

    state = rules.GameState.from_dict(game.state)
    return rules.legal_moves(state, position)[0].to_dict()


def move_first_legal(game: Game) -> tuple:
    """The seat to act makes its first legal move, through the services; (user, position)."""
    user, position = to_act(game)
    services.move_submit(
        game_id=game.pk,
        user=user,
        move=a_legal_move(game, position),
        expected_version=game.version,
    )
    game.refresh_from_db()
    return user, position


def play_one(game: Game) -> None:
    """The seat to act makes the greedy bot's move, through the services."""
    from games import rules

    user, position = to_act(game)
    move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
    services.move_submit(
        game_id=game.pk, user=user, move=move.to_dict(), expected_version=game.version
    )
    game.refresh_from_db()


def play_until(game: Game, done, *, limit: int = 2000) -> Game:
    """Play greedy moves until `done(game)` holds (or the game ends)."""
    for _ in range(limit):
        if done(game) or game.status != "running":
            return game
        play_one(game)
    raise AssertionError("the game went on too long")


def may_pass(game: Game) -> bool:
    from games import rules

    state = rules.GameState.from_dict(game.state)
    return any(m.kind == "pass" for m in rules.legal_moves(state, sorted(game.to_act)[0]))


@pytest.fixture
def finished_game(started_game):
    return play_until(started_game, lambda game: False)
