"""The ASGI server is killed (SIGKILL) in the middle of play and started again.

Three players' clients keep playing three games against a real Daphne; after a few seconds the
server is killed without warning and a new one is started on the same port. A client whose
POST failed does not know whether its move was stored, so it sends the very same body again
(same client_id) until it gets an answer. Afterwards: every move that got a 200 is in the log
exactly once, the logs have no gaps, and every game replays to its snapshot.
"""

import logging
import os
import random
import threading
import time

import httpx
import pytest
from django.db import connection

from games.models import Action, Game
from games.services import game_verify
from stpete_site.devserver import free_port
from tests.web.accounts_helpers import member, session_key_for

from . import stack
from .conftest import four_player_game

logging.getLogger("httpx").setLevel(logging.WARNING)

PLAY_LIMIT = 120  # seconds: a bound, not a window; the test waits for moves, not for time
MOVES_AROUND_THE_KILL = 5  # stored before the kill, and again after the restart
RETRY_SECONDS = 30


class Player(threading.Thread):
    """Plays one game: GET the mover's view, POST a move; retries a failed POST unchanged."""

    def __init__(self, game_id, sessions, port_box, deadline, seed, posting, stop) -> None:
        super().__init__(daemon=True)
        self.posting, self.stop = posting, stop
        self.game_id, self.sessions, self.port_box = game_id, sessions, port_box
        self.deadline, self.rng = deadline, random.Random(seed)
        self.accepted: dict[str, int] = {}  # client_id -> version the 200 answered with
        self.retried = 0
        self.errors: list[str] = []

    def run(self) -> None:
        with httpx.Client(timeout=10) as client:
            n = 0
            while not self.stop.is_set() and time.monotonic() < self.deadline:
                try:
                    port = self.port_box[0]
                    probe = stack.get_view(client, port, self.game_id, self.sessions[0])
                    if not probe["to_act"]:
                        return
                    seat = probe["to_act"][0]
                    view = stack.get_view(client, port, self.game_id, self.sessions[seat])
                except (httpx.HTTPError, OSError):
                    time.sleep(0.05)  # the server is down: look again shortly
                    continue
                moves = view["view"]["moves"]
                n += 1
                body = {
                    "move": stack.plain_move(self.rng.choice(moves)),
                    "expected_version": view["version"],
                    "client_id": f"g{self.game_id}-{n}",
                }
                self.submit(client, seat, body)

    def submit(self, client, seat, body) -> None:
        give_up = time.monotonic() + RETRY_SECONDS
        first = True
        while time.monotonic() < give_up:
            if not first:
                self.retried += 1
            first = False
            self.posting.set()
            try:
                response = stack.post_move(
                    client, self.port_box[0], self.game_id, self.sessions[seat], body
                )
            except (httpx.HTTPError, OSError):
                time.sleep(0.05)
                continue
            if response.status_code == 200:
                self.accepted[body["client_id"]] = response.json()["version"]
            elif response.json().get("code") != "stale_version":
                self.errors.append(f"{response.status_code} {response.text[:200]}")
            return
        self.errors.append(f"no answer for {body['client_id']} in {RETRY_SECONDS} s")


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager_tasks")
def test_a_killed_server_loses_no_accepted_move_and_stores_none_twice(tmp_path):
    assert connection.vendor == "postgresql"
    users = [member(f"p{n}") for n in range(12)]
    games = [four_player_game(users[4 * g], users[4 * g + 1 : 4 * g + 4]) for g in range(3)]
    sessions = {}
    for game in games:
        seats = {s.position: s.user for s in game.seat_set.select_related("user")}
        sessions[game.pk] = {pos: session_key_for(user) for pos, user in seats.items()}
    port = free_port()
    env = stack.server_env(redis_url=os.environ["REDIS_URL"], CELERY_TASK_ALWAYS_EAGER="true")
    log = tmp_path / "daphne.log"
    server = stack.daphne(port, env, log)
    port_box = [port]
    deadline = time.monotonic() + PLAY_LIMIT
    posting, stop = threading.Event(), threading.Event()
    players = [
        Player(game.pk, sessions[game.pk], port_box, deadline, seed=n, posting=posting, stop=stop)
        for n, game in enumerate(games)
    ]

    def stored_at_least(count: int) -> int:
        """Wait (bounded by PLAY_LIMIT) until `count` moves are stored; how many are."""
        while (stored := Action.objects.count()) < count:
            assert time.monotonic() < deadline, f"only {stored} of {count} moves stored"
            time.sleep(0.05)
        return stored

    try:
        for player in players:
            player.start()
        stored_at_least(MOVES_AROUND_THE_KILL)
        posting.clear()
        posting.wait(timeout=5)  # kill while a move is on its way
        time.sleep(0.005)
        before_kill = Action.objects.count()
        server.kill()
        killed_at = time.monotonic()
        server = stack.daphne(port, env, log)  # a new process on the same port
        restarted_after = time.monotonic() - killed_at
        stored_at_least(before_kill + MOVES_AROUND_THE_KILL)
        stop.set()
        for player in players:
            player.join(timeout=RETRY_SECONDS + 10)
        assert not any(player.is_alive() for player in players)
    finally:
        stop.set()
        server.stop()

    accepted = {cid: v for player in players for cid, v in player.accepted.items()}
    errors = [e for player in players for e in player.errors]
    retried = sum(player.retried for player in players)
    after_kill = Action.objects.count() - before_kill
    print(
        f"\nmoves accepted: {len(accepted)} ({before_kill} before the kill, {after_kill} after);"
        f" POSTs retried: {retried}; restart took {restarted_after:.1f} s"
    )
    assert errors == []
    assert before_kill >= MOVES_AROUND_THE_KILL
    assert after_kill >= MOVES_AROUND_THE_KILL
    # Players post without pause, and the new server needs over a second to start: some POSTs
    # met the dead server and were sent again (their client ids make the repeats harmless).
    assert retried >= 1, "no POST met the killed server: the kill proved nothing"
    stored = list(Action.objects.values_list("client_id", flat=True))
    assert len(stored) == len(set(stored)), "a move was stored twice"
    assert set(accepted) <= set(stored), "a move answered 200 is missing from the log"
    for game in Game.objects.filter(pk__in=[g.pk for g in games]):
        seqs = list(game.actions.order_by("seq").values_list("seq", flat=True))
        assert seqs == list(range(1, game.version + 1))
        assert game_verify(game=game) == []
