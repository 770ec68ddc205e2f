"""Two submissions at the same moment, a thousand times, on real PostgreSQL.

Two threads (each with its own database connection) wait at a barrier and then submit a move
for the same game at the same expected version. Exactly one may win each race; the other gets
`stale_version`, or — when both carry the same client_id, like a retried POST — the winner's
own action back. Afterwards the log has no duplicate and no gap, and replays to the snapshot.
"""

import contextlib
import threading
import time

import pytest
from django.db import connection

from games import rules, services
from games.errors import GameError
from games.models import Action, Seat, Status
from games.services import game_verify

from .conftest import four_player_game

RACES = 1000  # about 30 s on an idle machine; every wait is bounded by its barrier timeout


class Racer(threading.Thread):
    """Submits whatever the main thread hands it, in step with the other racer."""

    def __init__(self, start: threading.Barrier, done: threading.Barrier) -> None:
        super().__init__(daemon=True)
        self.start_line, self.finish_line = start, done
        self.task: dict | None = None
        self.outcome = None

    def run(self) -> None:
        try:
            while True:
                self.start_line.wait(timeout=30)
                if self.task is None:
                    return
                try:
                    result = services.move_submit(**self.task)
                    self.outcome = ("created" if result.created else "repeat", result.action.pk)
                except GameError as exc:
                    self.outcome = (exc.code, None)
                self.finish_line.wait(timeout=30)
        except threading.BrokenBarrierError:
            return
        finally:
            connection.close()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_tasks")
def test_a_thousand_races_each_have_exactly_one_winner(alice, bob, carol, dave):
    assert connection.vendor == "postgresql"
    start, done = threading.Barrier(3), threading.Barrier(3)
    racers = [Racer(start, done), Racer(start, done)]
    for racer in racers:
        racer.start()
    games = [four_player_game(alice, [bob, carol, dave])]
    game = games[0]
    tally = dict.fromkeys(
        ["stale_version", "game_not_running", "repeat", "two_moves", "same_move"], 0
    )
    began = time.monotonic()
    try:
        for race in range(RACES):
            game.refresh_from_db()
            if game.status != Status.RUNNING:
                game = four_player_game(alice, [bob, carol, dave], title=f"Race table {race}")
                games.append(game)
            position = sorted(game.to_act)[0]
            user = Seat.objects.get(game=game, position=position).user
            legal = rules.legal_moves(rules.GameState.from_dict(game.state), position)
            same_client = race % 4 == 3  # every fourth race: one POST sent twice
            moves = [legal[0], legal[-1]]
            tally["two_moves" if moves[0] != moves[1] else "same_move"] += 1
            for n, racer in enumerate(racers):
                racer.task = {
                    "game_id": game.pk,
                    "user": user,
                    "move": (moves[0] if same_client else moves[n]).to_dict(),
                    "expected_version": game.version,
                    "client_id": f"r{race}" if same_client else f"r{race}-{n}",
                }
            start.wait(timeout=30)
            done.wait(timeout=30)
            outcomes = sorted(racer.outcome for racer in racers)
            created = [o for o in outcomes if o[0] == "created"]
            assert len(created) == 1, (race, outcomes)
            loser = next(o for o in outcomes if o[0] != "created")
            if same_client:
                # the retry waited for the lock, then found its twin's action
                assert loser == ("repeat", created[0][1]), (race, outcomes)
                tally["repeat"] += 1
            else:
                game.refresh_from_db()
                # the winner's move may have ended the game: then the loser hears that first
                expected = "stale_version" if game.status == Status.RUNNING else "game_not_running"
                assert loser == (expected, None), (race, outcomes)
                tally[expected] += 1
    finally:
        for racer in racers:
            racer.task = None
        with contextlib.suppress(threading.BrokenBarrierError):
            start.wait(timeout=5)  # releases the racers, who see no task and stop
        for racer in racers:
            racer.join(timeout=10)

    assert tally["stale_version"] + tally["game_not_running"] + tally["repeat"] == RACES
    print(f"\nraces: {RACES} in {time.monotonic() - began:.1f}s over {len(games)} games; {tally}")
    for game in games:
        game.refresh_from_db()
        seqs = list(game.actions.order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, game.version + 1))
        client_ids = list(game.actions.values_list("client_id", flat=True))
        assert len(client_ids) == len(set(client_ids))
        assert game_verify(game=game) == []
    assert Action.objects.count() == RACES
