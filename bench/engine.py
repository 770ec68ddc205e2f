"""Engine benchmark: moves/s with legality, apply_move alone, games/s, replay of a 4-player game.

    python bench/engine.py [--games 200]

Prints one JSON line. Uses time.perf_counter (benchmarks may read a clock; the engine never does).
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules import BOTS, apply_move, is_over, new_game, replay, to_act
from games.rules.cli import simulate


def record_games(games: int, players: int, bot: str) -> list[tuple[dict, int, list]]:
    """Play bot games and keep (options, seed, [(state, seat, move), ...]) for timing later."""
    out = []
    for seed in range(games):
        options = {"players": players, "edition": "1st" if seed % 2 else "2nd"}
        s = new_game(options, seed)
        steps = []
        k = 0
        while not is_over(s):
            seat = to_act(s)[0]
            move = BOTS[bot](s, seat, seed * 1_000_003 + k)
            steps.append((s, seat, move))
            s, _ = apply_move(s, seat, move)
            k += 1
        out.append((options, seed, steps))
    return out


def time_apply(recorded) -> dict[str, float]:
    steps = [step for _, _, game in recorded for step in game]
    start = time.perf_counter()
    for s, seat, move in steps:
        apply_move(s, seat, move)
    seconds = time.perf_counter() - start
    return {"apply_moves": len(steps), "apply_moves_per_sec": round(len(steps) / seconds)}


def time_replay(recorded, repeat: int = 5) -> dict[str, float]:
    logs = [
        (options, seed, [{"seat": seat, "move": move.to_dict()} for _, seat, move in steps])
        for options, seed, steps in recorded
    ]
    best = []
    for options, seed, log in logs:
        runs = []
        for _ in range(repeat):
            start = time.perf_counter()
            replay(options, seed, log)
            runs.append(time.perf_counter() - start)
        best.append(min(runs))
    mean_moves = sum(len(log) for _, _, log in logs) / len(logs)
    return {
        "replay_4p_ms_mean": round(1000 * sum(best) / len(best), 2),
        "replay_4p_ms_max": round(1000 * max(best), 2),
        "replay_4p_moves_mean": round(mean_moves, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    result: dict[str, object] = {"python": platform.python_version(), "machine": platform.machine()}
    sim = simulate(4, args.games, 1, "1st", "random")
    result["simulate_random_4p"] = sim
    result["simulate_greedy_4p"] = simulate(4, max(1, args.games // 4), 1, "1st", "greedy")
    recorded = record_games(max(1, args.games // 4), 4, "random")
    result.update(time_apply(recorded))
    greedy = record_games(20, 4, "greedy")
    result.update(time_replay(greedy))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
