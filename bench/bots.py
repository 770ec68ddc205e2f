"""The expert bot against the greedy one: win rates with 95 % intervals, time per move.

    python bench/bots.py [--games 100] [--playouts N] [--players 2 4] [--sets base-1st ...]
                         [--seed 1] [--width 6] [--results FILE] [--jobs 1]

For each option set and player count, one JSON line. Two players: each deal is played twice,
the expert in seat 0 and then in seat 1 (seats swapped, so the start markers' luck cancels);
four players: the expert against three greedy bots, its seat turning from game to game (parity
is 25 %). `wins` counts games whose winner (total, then rubles left) is the expert; the
interval is Wilson's. `lost` lists the losing games' seeds and margins (where it still loses).
`expert_ms_per_move` times the expert's own choices only (moves with a choice; forced moves
cost nothing); `moves_per_sec` is all moves of those games over their whole time. Those read
the wall clock (time.perf_counter: benchmarks may read a clock; the engine and the bots never
do), which a busy or paused machine stretches; `expert_cpu_ms_per_move` and
`expert_cpu_ms_max` read the process's CPU time (time.process_time), the issue's "of one
core", over the games that recorded it (`cpu_games`: lines written before it was recorded
lack it). Run it with `nice -n 19` on a shared machine.

Without `--playouts` each game gets the expert's default budget for its options
(`default_playouts`: 96 in the base game, less where engine moves cost more), the budget the
site's expert plays with. `--results FILE` keeps one JSON line per finished game and skips the
games already in it, so a run of hundreds of games can be spread over several sittings; the
summary line always counts every game of the file that belongs to the run. `--jobs N` plays
games in N processes.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules import (
    apply_move,
    final_scores,
    greedy_bot,
    is_over,
    legal_moves,
    new_game,
    to_act,
)
from games.rules.expert import CANDIDATES, default_playouts, expert_move

MARKET_MODULES = {"assistants": True, "events": True, "assignments": True, "obstacles": True}
OPTION_SETS: dict[str, dict[str, Any]] = {
    "base-1st": {"edition": "1st"},
    "base-2nd": {"edition": "2nd"},
    "new-society-1st": {"edition": "1st", "new_society": "full"},
    "sp-plus-1st": {"edition": "1st", "new_society": "sp_plus"},
    "banquet-1st": {"edition": "1st", "banquet": True},
    "in-good-company-2nd": {"edition": "2nd", "in_good_company": True},
    "market-2nd": {"edition": "2nd", "market": True},
    "market-modules-2nd": {"edition": "2nd", "market": True, **MARKET_MODULES},
}


class _InProcess:
    """`map` in this process, with the pool's context-manager shape."""

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, fn, items):
        return map(fn, items)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's 95 % score interval of a win rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def choice_seed(seed: int, moves: int) -> int:
    """The seed of the choice of the game's move after `moves` moves (the expert's and the
    greedy seats' alike), in the game dealt from `seed`."""
    return seed * 1_000_003 + moves


def play(options: dict[str, Any], seed: int, expert: int, playouts: int | None, width: int) -> dict:
    """One game: the expert in seat `expert`, greedy elsewhere; `playouts` None is the
    default budget of the game's options."""
    s = new_game(options, seed)
    if playouts is None:
        playouts = default_playouts(s)
    moves = 0
    expert_seconds = 0.0
    expert_cpu = 0.0
    expert_moves = 0
    slowest = 0.0
    slowest_cpu = 0.0
    start = time.perf_counter()
    while not is_over(s):
        seat = to_act(s)[0]
        if seat == expert:
            choice = len(legal_moves(s, seat)) > 1
            before, cpu_before = time.perf_counter(), time.process_time()
            move = expert_move(s, seat, choice_seed(seed, moves), playouts, width)
            spent = time.perf_counter() - before
            cpu = time.process_time() - cpu_before
            if choice:
                expert_seconds += spent
                expert_cpu += cpu
                expert_moves += 1
                slowest = max(slowest, spent)
                slowest_cpu = max(slowest_cpu, cpu)
        else:
            move = greedy_bot(s, seat, choice_seed(seed, moves))
        s, _ = apply_move(s, seat, move)
        moves += 1
    rows = final_scores(s)
    mine = rows[expert]
    best_other = max(row["total"] for row in rows if row["seat"] != expert)
    return {
        "won": bool(mine["winner"]),
        "margin": mine["total"] - best_other,
        "seconds": time.perf_counter() - start,
        "moves": moves,
        "expert_seconds": expert_seconds,
        "expert_moves": expert_moves,
        "slowest": slowest,
        "expert_cpu_seconds": expert_cpu,
        "slowest_cpu": slowest_cpu,
    }


def _game_key(name: str, players: int, playouts: int | None, width: int, game: int, seed: int):
    return [name, players, playouts, width, game, seed]


def _read_results(path: Path | None) -> dict[str, dict]:
    if path is None or not path.exists():
        return {}
    found = {}
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            found[json.dumps(row["key"])] = row
    return found


def _play_numbered(args: tuple) -> tuple[int, dict]:
    game, options, deal, expert, playouts, width = args
    return game, play(options, deal, expert, playouts, width)


def run(
    name: str,
    players: int,
    games: int,
    playouts: int | None,
    width: int,
    seed: int,
    results_file: Path | None = None,
    jobs: int = 1,
) -> dict:
    options = {"players": players, **OPTION_SETS[name]}
    done = _read_results(results_file)
    by_game: dict[int, dict] = {}
    todo = []
    for game in range(games):
        deal = seed + (game // 2 if players == 2 else game)
        expert = game % players
        key = json.dumps(_game_key(name, players, playouts, width, game, seed))
        if key in done:
            by_game[game] = done[key]
        else:
            todo.append((game, options, deal, expert, playouts, width))
    with ProcessPoolExecutor(max_workers=jobs) if jobs > 1 else _InProcess() as pool:
        for game, result in pool.map(_play_numbered, todo):
            deal = seed + (game // 2 if players == 2 else game)
            row = {
                "key": _game_key(name, players, playouts, width, game, seed),
                "seed": deal,
                "seat": game % players,
                **result,
            }
            by_game[game] = row
            print(json.dumps(row), file=sys.stderr, flush=True)  # a long run shows its way
            if results_file is not None:
                with results_file.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    results = [by_game[game] for game in range(games)]
    told = summarise(results)
    seconds = sum(r["seconds"] for r in results)
    expert_moves = sum(r["expert_moves"] for r in results)
    expert_seconds = sum(r["expert_seconds"] for r in results)
    return {
        "set": name,
        "players": players,
        "games": games,
        "playouts": playouts if playouts is not None else "default",
        "width": width,
        "wins": told["wins"],
        "win_rate": round(told["win_rate"], 3) if games else None,
        "ci95": [round(told["low"], 3), round(told["high"], 3)],
        "parity": round(1 / players, 3),
        "mean_margin": _rounded(told["mean_margin"]),
        "moves_per_sec": round(sum(r["moves"] for r in results) / seconds, 1) if seconds else None,
        "expert_ms_per_move": round(1000 * expert_seconds / expert_moves, 1)
        if expert_moves
        else None,
        "expert_ms_max": round(1000 * max(r["slowest"] for r in results), 1) if results else None,
        "cpu_games": told["cpu_games"],
        "expert_cpu_ms_per_move": _rounded(told["expert_cpu_ms_per_move"]),
        "expert_cpu_ms_max": _rounded(told["expert_cpu_ms_max"]),
        "seconds": round(seconds, 1),
        "lost": told["lost"],
    }


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


def summarise(results: list[dict]) -> dict[str, Any]:
    """What finished games say of the expert, unrounded: wins, their share and Wilson's 95 %
    interval (`low`, `high`), the mean margin, the lost games (seed, seat, margin) and the CPU
    time per move and slowest move over the games that recorded it (`cpu_games`). One count for
    a run's summary line and for the results file's table (bots_summary.py)."""
    games = len(results)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, games)
    timed = [r for r in results if "expert_cpu_seconds" in r]
    cpu_moves = sum(r["expert_moves"] for r in timed)
    cpu_seconds = sum(r["expert_cpu_seconds"] for r in timed)
    return {
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else None,
        "low": low,
        "high": high,
        "mean_margin": sum(r["margin"] for r in results) / games if games else None,
        "lost": [
            {"seed": r["seed"], "seat": r["seat"], "margin": r["margin"]}
            for r in results
            if not r["won"]
        ],
        "cpu_games": len(timed),
        "expert_cpu_ms_per_move": 1000 * cpu_seconds / cpu_moves if cpu_moves else None,
        "expert_cpu_ms_max": 1000 * max(r["slowest_cpu"] for r in timed) if timed else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--width", type=int, default=CANDIDATES)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--sets", nargs="+", default=list(OPTION_SETS), choices=list(OPTION_SETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results", type=Path, default=None)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    for name in args.sets:
        for players in args.players:
            line = run(
                name,
                players,
                args.games,
                args.playouts,
                args.width,
                args.seed,
                args.results,
                args.jobs,
            )
            print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main()
