"""One game of the expert benchmark played again and told: the totals, and where each seat was
held on Module 6's obstacles and the points it lost there.

    python bench/bots_replay.py --set market-modules-2nd --players 2 --deal 8 --seat 0
                                [--playouts N] [--width 6]

The moves are those `bench/bots.py` plays for that deal with the expert in `--seat` (the same
seeds, the default budget of the game's options unless `--playouts`), so a lost game of the
results file (its seed and seat) can be looked into. One JSON line: the totals by seat, the
expert's margin over the best other seat, and per seat the points lost on real obstacles (the
walk's `wasted`) and its holds: the space, the obstacle, the round the hold began and the
round it ended (null: held at the end). Without the obstacles there are no holds.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bots import OPTION_SETS, choice_seed
from games.rules import apply_move, final_scores, greedy_bot, is_over, new_game, to_act
from games.rules.expert import CANDIDATES, default_playouts, expert_move
from games.rules.state import GameState


def held_at(state: GameState, seat: int) -> int | None:
    """The space of the obstacle the seat stands on, held (None: free, or no obstacles)."""
    gate = state.rules.points_gate
    return None if gate is None else gate.blocked_at(state, seat)


def replay(
    name: str, players: int, deal: int, expert: int, playouts: int | None, width: int
) -> dict[str, Any]:
    s = new_game({"players": players, **OPTION_SETS[name]}, deal)
    budget = default_playouts(s) if playouts is None else playouts
    lost = [0] * players
    holds: list[list[dict[str, Any]]] = [[] for _ in range(players)]
    obstacle_at: dict[int, str] = {}
    moves = 0
    while not is_over(s):
        seat = to_act(s)[0]
        seed = choice_seed(deal, moves)
        if seat == expert:
            move = expert_move(s, seat, seed, budget, width)
        else:
            move = greedy_bot(s, seat, seed)
        s, events = apply_move(s, seat, move)
        moves += 1
        for event in events:
            if event.get("kind") == "obstacle_blocked":
                lost[event["seat"]] += event["wasted"]
                obstacle_at[event["space"]] = event["obstacle"]
        for i, held in enumerate(holds):
            _note_hold(held, held_at(s, i), s.round, obstacle_at)
    rows = final_scores(s)
    totals = [row["total"] for row in rows]
    best_other = max(total for i, total in enumerate(totals) if i != expert)
    return {
        "set": name,
        "players": players,
        "deal": deal,
        "expert": expert,
        "totals": totals,
        "margin": totals[expert] - best_other,
        "lost_on_obstacles": lost,
        "holds": holds,
    }


def _note_hold(
    held: list[dict[str, Any]], space: int | None, round_: int, obstacle_at: dict[int, str]
) -> None:
    """Begin, end or go on with the seat's hold after a move."""
    current = held[-1] if held and held[-1]["until_round"] is None else None
    if current is not None and current["space"] != space:
        current["until_round"] = round_
        current = None
    if space is not None and current is None:
        held.append(
            {
                "space": space,
                "obstacle": obstacle_at.get(space),
                "from_round": round_,
                "until_round": None,
            }
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", required=True, choices=list(OPTION_SETS))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deal", type=int, required=True)
    parser.add_argument("--seat", type=int, required=True)
    parser.add_argument("--playouts", type=int, default=None)
    parser.add_argument("--width", type=int, default=CANDIDATES)
    args = parser.parse_args()
    line = replay(args.set, args.players, args.deal, args.seat, args.playouts, args.width)
    print(json.dumps(line))


if __name__ == "__main__":
    main()
