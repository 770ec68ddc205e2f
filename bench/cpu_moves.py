"""Random (or greedy) bot moves per CPU second, for option sets measured in turn.

    python bench/cpu_moves.py --players 4 --games 200 --rounds 3 "" "market=true" \
        "market=true,obstacles=true"

Each argument is one option set (comma-separated KEY=VALUE, "" for the base game; 2nd edition
unless `edition=1st` is given). The sets are played in turn `--rounds` times, the games of
`python -m games.rules simulate` with the same seeds, and each run's rate is the moves over
the process's CPU time (time.process_time): on a shared, busy machine the wall clock measures
the other jobs, the CPU time much less so. Prints one JSON line: per set, its rates.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules.cli import simulate


def _options(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in filter(None, text.split(",")):
        key, _, value = item.partition("=")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sets", nargs="+")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    rates: dict[str, list[int]] = {text: [] for text in args.sets}
    for _ in range(args.rounds):
        for text in args.sets:
            options = _options(text)
            edition = options.pop("edition", "2nd")
            start = time.process_time()
            result = simulate(args.players, args.games, args.seed, edition, args.bot, options)
            rates[text].append(round(result["moves"] / (time.process_time() - start)))
    print(json.dumps({"players": args.players, "games": args.games, "bot": args.bot, **rates}))


if __name__ == "__main__":
    main()
