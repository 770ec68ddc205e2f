"""Playing over days: a two-player table on a controllable clock.

The clock starts on Monday 2 March 2026, 09:00 UTC, and moves only when a test moves it.
"""

import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine

from games import services
from games.models import AnalysisStatus, Game, GameAnalysis, Seat
from games.services import lobby
from tests.web.accounts_helpers import member
from tests.web.games.conftest import play_one, play_until

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


@pytest.fixture(autouse=True)
def clock():
    with time_machine.travel(START, tick=False) as traveller:
        yield traveller


@pytest.fixture(autouse=True)
def _predictable_tables(monkeypatch):
    rng = random.Random(20260)
    monkeypatch.setattr(lobby, "draw_seed", lambda: rng.getrandbits(63))
    monkeypatch.setattr(lobby, "draw_seating", lambda n: list(range(n)))


@pytest.fixture
def anna(db):
    return member("anna")


@pytest.fixture
def boris(db):
    return member("boris")


@pytest.fixture
def admin_user(db):
    return member("iris", is_staff=True, is_superuser=True)


def two_player_game(host, guest, *, days=1, **options) -> Game:
    game = services.game_create(
        host=host,
        title=options.pop("title", "Nevsky"),
        edition="1st",
        seats=2,
        days_per_move=days,
        is_public=True,
        **options,
    )
    services.seat_join(game_id=game.pk, user=guest, first=host)
    game.refresh_from_db()
    return game


@pytest.fixture
def finished(anna, boris) -> Game:
    """anna and boris have played a game to its end; its analysis is pending, its task lost."""
    game = play_until(two_player_game(anna, boris, days=None), lambda game: False)
    assert GameAnalysis.objects.get(game=game).status == AnalysisStatus.PENDING
    return game


@pytest.fixture
def game(anna, boris):
    """anna and boris at a running game, one day per move; anna acts first."""
    table = two_player_game(anna, boris)
    return table


def seat_of(game: Game, user) -> Seat:
    return Seat.objects.get(game=game, user=user)


def acting_user(game: Game):
    game.refresh_from_db()
    return Seat.objects.get(game=game, position=sorted(game.to_act)[0]).user


def play(game: Game):
    """The seat to act makes the greedy bot's move as a normal move."""
    play_one(game)


def play_until_turn_of(game: Game, user, limit: int = 50) -> None:
    for _ in range(limit):
        if acting_user(game) == user:
            return
        play(game)
    raise AssertionError(f"never the turn of {user}")


def hours(n: float) -> timedelta:
    return timedelta(hours=n)
