"""Does a move cost more late in a game? Times `move_submit` with a short and a long log.

    python bench/move_cost.py [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--log 500]

Makes a scratch PostgreSQL database (`stpete_bench`) and one 4-player game, and times the whole
service (row lock, client_id check, engine, log row, snapshot, deadline and notices, and after
the commit the pushes to every audience), with the engine's greedy bot choosing moves:
  A. the same move in the same position, submitted and taken back again and again (an undo is
     itself a logged action), timed while the log is short and again once it holds `--log`
     actions: only the log's length differs;
  B. one whole game, its first moves against its last ones (a 4-player game has ~200 moves).
  C. a move POST through Django's test client (session, CSRF-exempt client, middleware, view,
     service) against the cheapest signed-in POST, the language switch: how many times the
     framework's own floor a move costs (e-mails off: the members want none). The two POSTs
     alternate, 30 of each; the move is taken back after each (not timed). Also the SQL
     statements of one of each (BEGIN and COMMIT included; on PostgreSQL a move's reads and
     its writes each go out as one pipelined group, docs/benchmarks.md).
It prints one JSON line: median and p90 milliseconds and the SQL queries per `move_submit`.
The machine's load changes every number here: compare the ratios, and note `uptime`.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scratch import django_on_scratch_database  # noqa: E402

SAMPLES = 30


def main() -> int:
    p = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Example: python bench/move_cost.py --database stpete_bench_mc --log 100",
    )
    p.add_argument(
        "--postgres",
        default="postgres://postgres@127.0.0.1:5432/postgres",
        help="a local PostgreSQL server (any database on it)",
    )
    p.add_argument("--database", default="stpete_bench", help="scratch database to drop and create")
    p.add_argument("--log", type=int, default=500, help="log length to reach (<= 5000)")
    args = p.parse_args()
    args.log = min(args.log, 5000)
    django_on_scratch_database(args.postgres, args.database)
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import rules, services
    from games.errors import GameError
    from games.models import Seat

    User = get_user_model()
    users = [
        User.objects.create_user(username=f"bench{n}", email_on_turn="never") for n in range(4)
    ]
    game = services.game_create(
        host=users[0], title="Long", edition="1st", seats=4, days_per_move=3, is_public=True
    )
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)

    def mover(game):
        game.refresh_from_db()
        position = game.to_act[0]
        return Seat.objects.get(game=game, position=position).user, position

    def submit(game, move, user, *, client_id=None) -> tuple[float, int]:
        connection.queries_log.clear()  # the log keeps 9,000 entries; then counts read 0
        with CaptureQueriesContext(connection) as queries:
            t0 = time.perf_counter()
            services.move_submit(
                game_id=game.pk,
                user=user,
                move=move.to_dict(),
                expected_version=game.version,
                client_id=client_id,
            )
            elapsed = time.perf_counter() - t0
        game.refresh_from_db()
        return elapsed * 1000, len(queries.captured_queries)

    def undo(game, user) -> bool:
        try:
            services.move_undo(game_id=game.pk, user=user, expected_version=game.version)
        except GameError:
            return False
        game.refresh_from_db()
        return True

    # A: the same position, the same move, with a short and with a long log.
    while True:
        user, position = mover(game)
        move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
        submit(game, move, user)
        if undo(game, user):
            break  # this move can be taken back: time it here

    def cycles(count, *, timed):
        rows = []
        for n in range(count):
            row = submit(game, move, user, client_id=f"c{game.version}-{n}")
            if timed:
                rows.append(row)
            assert undo(game, user)
        return rows

    cycles(3, timed=False)  # warm up
    short_log = game.actions.count()
    early = cycles(SAMPLES, timed=True)
    cycles(max(0, (args.log - game.actions.count()) // 2), timed=False)
    long_log = game.actions.count()
    late = cycles(SAMPLES, timed=True)

    # C: a move POST against the language switch, both signed in through the test client.
    from django.test import Client

    browser = Client()
    browser.force_login(user)

    def post_language() -> float:
        t0 = time.perf_counter()
        response = browser.post("/i18n/setlang/", {"language": "en", "next": "/"})
        elapsed = time.perf_counter() - t0
        assert response.status_code == 302, response.status_code
        return elapsed * 1000

    def post_move(n: int) -> float:
        body = {"move": move.to_dict(), "expected_version": game.version, "client_id": f"p{n}"}
        t0 = time.perf_counter()
        response = browser.post(
            f"/games/{game.pk}/moves", data=json.dumps(body), content_type="application/json"
        )
        elapsed = time.perf_counter() - t0
        assert response.status_code == 200, response.content
        game.refresh_from_db()
        assert undo(game, user)
        return elapsed * 1000

    for n in range(3):  # warm up both paths
        post_language()
        post_move(-n - 1)
    connection.queries_log.clear()
    with CaptureQueriesContext(connection) as language_sql:
        post_language()
    with CaptureQueriesContext(connection) as move_sql:
        post_move(-4)
    # post_move takes the move back after the POST: count only the POST's statements.
    move_statements = move_sql.captured_queries[: _until_answered(move_sql.captured_queries)]
    language_ms, move_ms = [], []
    for n in range(SAMPLES):
        language_ms.append(post_language())
        move_ms.append(post_move(n))
    floor = {
        "ms_median": round(statistics.median(language_ms), 2),
        "sql": len(language_sql.captured_queries),
    }
    move_post = {"ms_median": round(statistics.median(move_ms), 2), "sql": len(move_statements)}

    # B: a whole game, timing each move: the first moves against the last ones.
    natural = []
    while True:
        game.refresh_from_db()
        if game.status != "running":
            break
        user, position = mover(game)
        move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
        natural.append(submit(game, move, user, client_id=f"n{game.version}"))

    def summary(rows):
        ms = [r[0] for r in rows]
        return {
            "ms_median": round(statistics.median(ms), 2),
            "ms_p90": round(sorted(ms)[int(0.9 * (len(ms) - 1))], 2),
            "queries": sorted({r[1] for r in rows}),
        }

    first, last = summary(early), summary(late)
    opening, ending = summary(natural[:SAMPLES]), summary(natural[-SAMPLES:])
    print(
        json.dumps(
            {
                "samples": SAMPLES,
                "same_position_short_log": {"log_length": short_log, **first},
                "same_position_long_log": {"log_length": long_log, **last},
                "log_ratio_long_to_short": round(last["ms_median"] / first["ms_median"], 2),
                "game_moves": len(natural),
                "game_first_moves": opening,
                "game_last_moves": ending,
                "game_ratio_last_to_first": round(ending["ms_median"] / opening["ms_median"], 2),
                "language_post": floor,
                "move_post": move_post,
                "move_post_to_floor": round(move_post["ms_median"] / floor["ms_median"], 2),
            }
        )
    )
    return 0


def _until_answered(queries: list[dict]) -> int:
    """How many of `queries` the move POST made: up to its COMMIT (or the UPDATE of the
    mover's seen version after it), before the bench reads the game back."""
    last = 0
    for n, query in enumerate(queries):
        sql = query["sql"]
        if sql == "COMMIT" or sql.startswith('UPDATE "games_seat" SET "seen_version"'):
            last = n + 1
        elif last:
            break
    return last


if __name__ == "__main__":
    sys.exit(main())
