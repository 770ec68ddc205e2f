"""One hash per option set of everything seeded bot games do, to prove a change plays the same.

    python bench/same_games.py [--random 6] [--greedy 2] [--seed 1]

Run it in two trees (say a copy of main's `games` and `bench`, and a branch that made the engine
faster) and compare the lines: an equal hash means that for every game of that set the legal
moves offered at every position (in their order: the random bot picks by index), the move each
bot chose, every event list `apply_move` returned, every state's `to_dict`, the final scores and
the state a replay of the moves as JSON dicts reaches were the same, byte for byte. A speed-up
that changes any game, even only the order of a list, shows up here.

Each set is played with every player count it allows (the set's `players`), `--random` games with
the random bot and `--greedy` with the greedy bot per count, seeds from `--seed`. Prints one line
per set (its name, games, moves, hash) and a last line hashing all of them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.rules import BOTS, apply_move, final_scores, is_over, legal_moves, new_game, to_act
from games.rules import replay as replay_moves

# The stride simulate uses between a game's decisions (cli._DECISION_STRIDE).
DECISION_STRIDE = 1_000_003
MARKET = {"edition": "2nd", "market": True}
MODULES = {"assistants": True, "events": True, "assignments": True, "obstacles": True}
# (name, options without players, player counts)
OPTION_SETS: tuple[tuple[str, dict[str, Any], tuple[int, ...]], ...] = (
    ("base 1st", {"edition": "1st"}, (1, 2, 3, 4)),
    ("base 2nd", {"edition": "2nd"}, (1, 2, 3, 4)),
    ("new society 1st", {"edition": "1st", "new_society": "full"}, (2, 3, 4, 5)),
    ("sp+ 1st", {"edition": "1st", "new_society": "sp_plus"}, (2, 3, 4, 5)),
    ("in good company", {"edition": "2nd", "in_good_company": True}, (2, 3, 4)),
    (
        "new society + in good company (5p)",
        {"edition": "2nd", "in_good_company": True, "new_society": "full"},
        (2, 3, 4, 5),
    ),
    ("banquet 1st", {"edition": "1st", "banquet": True}, (2, 3, 4)),
    ("banquet 2nd", {"edition": "2nd", "banquet": True}, (2, 3, 4)),
    ("market", MARKET, (2, 3, 4, 5)),
    ("market + assistants", {**MARKET, "assistants": True}, (2, 3, 4, 5)),
    ("market + events", {**MARKET, "events": True}, (2, 3, 4, 5)),
    ("market + assignments", {**MARKET, "assignments": True}, (2, 3, 4, 5)),
    ("market + obstacles", {**MARKET, "obstacles": True}, (2, 3, 4, 5)),
    ("market + all four", {**MARKET, **MODULES}, (2, 3, 4, 5)),
    (
        "everything",
        {**MARKET, **MODULES, "in_good_company": True, "new_society": "full", "banquet": True},
        (2, 3, 4, 5),
    ),
)


def _dump(value: Any) -> bytes:
    """JSON as stored (key order kept: a reordered dict is a different document)."""
    return json.dumps(value, separators=(",", ":")).encode()


def play(options: dict[str, Any], seed: int, bot: str, digest: Any) -> int:
    """Play one game into the digest; returns the moves the bots chose."""
    choose = BOTS[bot]
    state = new_game(options, seed)
    digest.update(_dump(state.to_dict()))
    chosen: list[dict[str, Any]] = []
    while not is_over(state):
        seat = to_act(state)[0]
        digest.update(_dump([move.to_dict() for move in legal_moves(state, seat)]))
        move = choose(state, seat, seed * DECISION_STRIDE + len(chosen))
        chosen.append({"seat": seat, "move": move.to_dict()})
        state, events = apply_move(state, seat, move)
        digest.update(_dump(chosen[-1]))
        digest.update(_dump(events))
        digest.update(_dump(state.to_dict()))
    digest.update(_dump(final_scores(state)))
    replayed = replay_moves(options, seed, chosen)  # the moves as the server keeps them
    digest.update(_dump(replayed.to_dict()))
    return len(chosen)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--random", type=int, default=6, help="random-bot games per count")
    parser.add_argument("--greedy", type=int, default=2, help="greedy-bot games per count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    everything = hashlib.sha256()
    start = time.perf_counter()
    for name, base, counts in OPTION_SETS:
        digest = hashlib.sha256()
        games = moves = 0
        for players in counts:
            options = {**base, "players": players}
            for bot, count in (("random", args.random), ("greedy", args.greedy)):
                for game in range(count):
                    moves += play(options, args.seed + game, bot, digest)
                    games += 1
        everything.update(digest.digest())
        print(f"{name:40} games {games:4} moves {moves:7} {digest.hexdigest()}", flush=True)
    seconds = time.perf_counter() - start
    print(f"{'all sets':40} {everything.hexdigest()} ({seconds:.0f} s)")


if __name__ == "__main__":
    main()
