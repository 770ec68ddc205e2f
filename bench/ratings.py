"""How long do the club's ratings take? Rebuilds the ratings of 100,000 generated games.

    python bench/ratings.py [--postgres postgres://postgres@127.0.0.1:5432/postgres]
                            [--games 100000] [--members 1000] [--seed 1]

Makes a scratch PostgreSQL database (`stpete_bench_ratings`) and fills it with `--members`
members and `--games` finished games between them (2-5 seats: 40 % two players, 25 % three,
25 % four, 10 % five; one game in ten has a shared place), written the way a game's end
writes them (status, finish time, each seat's place and points). Then it times, through the
services:
  - `ratings_rebuild()`: every rating from scratch (the `manage.py rebuild_ratings` work);
  - `ratings_rebuild(write=False)`: the same computation compared with the stored rows
    (`rebuild_ratings --check`);
  - `ratings_update()` for one more game that just finished (the normal case);
  - `ratings_update()` after an admin voided the game in the middle of the history (re-rates
    the later half);
  - the reads: leaderboard page 1, a season table, the busiest member's player page.
It prints one JSON line. The rebuild check at the end must find 0 differing rows.
"""

import argparse
import json
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.scratch import django_on_scratch_database  # noqa: E402

SIZES = [2] * 40 + [3] * 25 + [4] * 25 + [5] * 10


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--postgres", default="postgres://postgres@127.0.0.1:5432/postgres")
    p.add_argument("--database", default="stpete_bench_ratings")
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--members", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    django_on_scratch_database(args.postgres, args.database)
    from games.models import Game, Status

    started = time.perf_counter()
    generate(args.games, args.members, random.Random(args.seed))
    out: dict = {"games": args.games, "members": args.members}
    out["generate_s"] = round(time.perf_counter() - started, 1)
    import resource

    from games import player_stats, standings
    from games.models import RatingChange, Season
    from games.services.ratings import ratings_rebuild, ratings_update

    def timed(call):
        start = time.perf_counter()
        result = call()
        return result, round(time.perf_counter() - start, 2)

    report, out["rebuild_s"] = timed(ratings_rebuild)
    out["rated_games"], out["rating_rows"] = report.games, report.rows
    out["rebuild_games_per_s"] = round(report.games / out["rebuild_s"])
    report, out["check_s"] = timed(lambda: ratings_rebuild(write=False))
    out["check_differed"] = report.differed

    last = Game.objects.order_by("-finished_at").first()
    newest = clone_game(last, last.finished_at + timedelta(minutes=5))
    report, out["one_new_game_update_s"] = timed(ratings_update)
    out["one_new_game_rated"] = report.games == 1 and newest.pk in report.cleared

    middle = Game.objects.order_by("finished_at", "pk")[args.games // 2]
    Game.objects.filter(pk=middle.pk).update(status=Status.ABORTED, rating_pending=True)
    report, out["void_middle_game_update_s"] = timed(ratings_update)
    out["void_middle_games_rerated"] = report.games

    _, out["leaderboard_page_s"] = timed(
        lambda: standings.table_page(standings.all_time_table("all"), 1)
    )
    first_day = Game.objects.order_by("finished_at").first().finished_at.date()
    season = Season.objects.create(
        name="Bench", starts_on=first_day, ends_on=first_day + timedelta(days=90)
    )
    _, out["season_table_page_s"] = timed(
        lambda: standings.table_page(standings.season_table(season, "all"), 1)
    )
    from django.db.models import Count

    busiest = (
        RatingChange.objects.filter(pool="all")
        .values("user")
        .annotate(n=Count("pk"))
        .order_by("-n")
        .first()
    )
    from accounts.models import User

    member = User.objects.get(pk=busiest["user"])
    _, out["player_page_s"] = timed(lambda: player_stats.player_page(member))
    out["player_page_games"] = busiest["n"]
    report, _ = timed(lambda: ratings_rebuild(write=False))
    out["final_check_differed"] = report.differed
    out["max_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
    print(json.dumps(out))
    good = out["one_new_game_rated"] and out["check_differed"] == out["final_check_differed"] == 0
    return 0 if good else 1


def generate(games: int, members: int, rng: random.Random) -> None:
    """`games` finished games between `members` members, one every 10 minutes."""
    from accounts.models import User
    from games.models import Game, Seat, Status

    User.objects.bulk_create(
        [User(username=f"m{n:05}", display_name=f"Member {n}") for n in range(members)]
    )
    users = list(User.objects.order_by("pk").values_list("pk", flat=True))
    start = datetime(2020, 1, 1, tzinfo=UTC)
    chunk = 5000
    for offset in range(0, games, chunk):
        batch = []
        seatings = []
        for n in range(offset, min(games, offset + chunk)):
            size = rng.choice(SIZES)
            players = rng.sample(users, size)
            places = list(range(1, size + 1))
            if rng.random() < 0.1:  # a shared place
                tie = rng.randrange(size - 1)
                places[tie + 1] = places[tie]
            at = start + timedelta(minutes=10 * n)
            batch.append(
                Game(
                    title=f"Bench {n}",
                    host_id=players[0],
                    options={"edition": rng.choice(["1st", "2nd"]), "players": size},
                    seats=size,
                    seed=n,
                    status=Status.FINISHED,
                    started_at=at - timedelta(days=2),
                    last_move_at=at,
                    finished_at=at,
                    invite_token=f"bench-{n}",
                )
            )
            seatings.append(list(zip(players, places, strict=True)))
        created = Game.objects.bulk_create(batch)
        Seat.objects.bulk_create(
            [
                Seat(
                    game=game,
                    user_id=user_id,
                    position=position,
                    rank=place,
                    score=100 - 10 * place,
                    cards=["lumberjack", "pub"],
                )
                for game, seating in zip(created, seatings, strict=True)
                for position, (user_id, place) in enumerate(seating)
            ],
            batch_size=chunk,
        )


def clone_game(game, finished_at):
    """A copy of `game` (same seats and places) that finished at `finished_at`."""
    from games.models import Game, Seat

    seats = list(Seat.objects.filter(game=game))
    copy = Game.objects.create(
        title="Just finished",
        host_id=game.host_id,
        options=game.options,
        seats=game.seats,
        seed=0,
        status=game.status,
        finished_at=finished_at,
        rating_pending=True,
    )
    Seat.objects.bulk_create(
        [
            Seat(game=copy, user_id=s.user_id, position=s.position, rank=s.rank, score=s.score)
            for s in seats
        ]
    )
    return copy


if __name__ == "__main__":
    sys.exit(main())
