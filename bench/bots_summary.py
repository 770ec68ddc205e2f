"""The expert's results so far, as the Markdown table of docs/benchmarks.md.

    python bench/bots_summary.py [bench/results/bots-default.jsonl]

Reads a results file of `bench/bots.py --results` (one JSON line per finished game, however many
sittings it took) and prints one row per option set and player count: games, the expert's wins
with Wilson's 95 % interval, the parity, the mean margin over the best greedy seat, the lost
games (seed of the deal, the expert's seat, margin) and the expert's CPU time per move where the
games recorded it.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bots import OPTION_SETS, summarise

NAMES = {
    "base-1st": "1st edition",
    "base-2nd": "2nd edition",
    "new-society-1st": "1st + New Society",
    "sp-plus-1st": "1st + SP+",
    "banquet-1st": "1st + the Banquet",
    "in-good-company-2nd": "2nd + In Good Company",
    "market-2nd": "2nd + the Market",
    "market-modules-2nd": "2nd + the Market with Modules 3-6",
}
HEAD = (
    "| option set, players | games | expert wins | 95 % interval | parity | mean margin "
    "| expert CPU ms/move (max) | lost (seed, expert's seat, margin) |\n"
    "|---|---|---|---|---|---|---|---|"
)


def table_rows(rows: list[dict]) -> list[str]:
    """One Markdown row per (option set, players), in the order of bench/bots.py's sets."""
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for row in rows:
        name, players = row["key"][0], row["key"][1]
        groups[(name, players)].append(row)
    lines = []
    for name in OPTION_SETS:
        for players in sorted(p for n, p in groups if n == name):
            told = summarise(groups[(name, players)])
            cpu = (
                f"{told['expert_cpu_ms_per_move']:.0f} "
                f"({told['expert_cpu_ms_max']:,.0f}; {told['cpu_games']} games)"
                if told["expert_cpu_ms_per_move"] is not None
                else "-"
            )
            lost = ", ".join(f"({g['seed']}, {g['seat']}, {g['margin']})" for g in told["lost"])
            seats = "seats swapped" if players == 2 else f"vs {players - 1} greedy"
            lines.append(
                f"| {NAMES.get(name, name)}, {players} players ({seats}) | {told['games']} "
                f"| **{told['wins']} ({100 * told['win_rate']:.1f} %)** "
                f"| {100 * told['low']:.1f}-{100 * told['high']:.1f} % | {100 / players:.0f} % "
                f"| {told['mean_margin']:+.1f} | {cpu} | {lost or 'none'} |"
            )
    return lines


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "bench/results/bots-default.jsonl")
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    print(HEAD)
    print("\n".join(table_rows(rows)))


if __name__ == "__main__":
    main()
