"""What the post-game analysis of a whole game costs (issue 17: a 4-player game within 10
minutes on one worker core).

    python bench/analysis.py [--players 4] [--seed 1] [--worlds 16] [--width 6]
                             [--set base-1st]

Plays one greedy game of the option set (`bench/bots.py`'s sets), analyses every seat
(games/rules/analysis.py) and prints one JSON line: decisions reviewed, CPU seconds of this
process (`time.process_time`: the measure that a busy machine disturbs least) and wall seconds,
per game and per decision, and each seat's accuracy.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bots import OPTION_SETS, choice_seed
from games.rules import apply_move, greedy_bot, is_over, new_game, to_act
from games.rules.analysis import analyse_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=16)
    parser.add_argument("--width", type=int, default=6)
    parser.add_argument("--set", default="base-1st", choices=list(OPTION_SETS))
    args = parser.parse_args()
    options = {"players": args.players, **OPTION_SETS[args.set]}
    s = new_game(options, args.seed)
    log = []
    while not is_over(s):
        seat = to_act(s)[0]
        move = greedy_bot(s, seat, choice_seed(args.seed, len(log)))
        log.append({"seat": seat, "move": move.to_dict()})
        s, _ = apply_move(s, seat, move)
    cpu, wall = time.process_time(), time.perf_counter()
    analysis = analyse_game(
        options, args.seed, log, range(args.players), worlds=args.worlds, width=args.width
    )
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    decisions = sum(len(seat["moves"]) for seat in analysis["seats"].values())
    print(
        json.dumps(
            {
                "set": args.set,
                **options,
                "worlds": args.worlds,
                "width": args.width,
                "moves": len(log),
                "decisions": decisions,
                "cpu_seconds": round(cpu, 1),
                "wall_seconds": round(wall, 1),
                "cpu_ms_per_decision": round(1000 * cpu / decisions, 1) if decisions else None,
                "accuracy": {k: v["accuracy"] for k, v in analysis["seats"].items()},
            }
        )
    )


if __name__ == "__main__":
    main()
