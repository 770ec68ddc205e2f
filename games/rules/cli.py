"""Command line (design §4, stable): `simulate` bot games and `replay` a move log.

python -m games.rules simulate --players N --games K --seed S [--edition 1st|2nd]
                               [--expansions OPTION ...] [--option KEY=VALUE ...]
                               [--bot random|greedy|expert] [--playouts N]
python -m games.rules replay FILE

`--expansions` names boolean options of `rules.OPTIONS` (`market`, `banquet`, ...) or
`new_society=full|sp_plus`; `--option KEY=VALUE` (repeatable) sets any option, its value read
as JSON where it is JSON (`true`, `false`, numbers) and as text otherwise (`--option
new_society=full --option in_good_company=true`). An expansion that is not built yet is refused
by name. `--playouts` is the expert's budget per move (expert.py; default its own). A replay file
may say `"rules_version"` beside its options (golden logs do); options that name one win.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from .bots import BOTS, Bot
from .engine import apply_move, is_over, to_act
from .errors import InvalidOptions
from .expert import expert_move
from .initial import new_game
from .options import check_options
from .replay import ReplayError, replay
from .scoring import final_scores

_DECISION_STRIDE = 1_000_003


def chooser(bot: str, playouts: int | None = None) -> Bot:
    """The bot called `bot`; the expert with `playouts` per move when that is given."""
    if bot == "expert" and playouts is not None:
        return lambda state, seat, seed: expert_move(state, seat, seed, playouts)
    return BOTS[bot]


def play_game(
    options: dict[str, Any], seed: int, bot: str, playouts: int | None = None
) -> tuple[int, list[dict[str, Any]]]:
    """Play one bot game; returns (moves applied, final scores)."""
    choose = chooser(bot, playouts)
    state = new_game(options, seed)
    moves = 0
    while not is_over(state):
        seat = to_act(state)[0]
        move = choose(state, seat, seed * _DECISION_STRIDE + moves)
        state, _ = apply_move(state, seat, move)
        moves += 1
    return moves, final_scores(state)


def simulate(
    players: int,
    games: int,
    seed: int,
    edition: str,
    bot: str,
    expansions: dict[str, Any] | None = None,
    playouts: int | None = None,
) -> dict[str, Any]:
    options = {"players": players, "edition": edition, **(expansions or {})}
    total_moves = 0
    winning: list[int] = []
    # time.perf_counter measures the benchmark only; the engine itself never reads a clock.
    start = time.perf_counter()
    for game in range(games):
        moves, scores = play_game(options, seed + game, bot, playouts)
        total_moves += moves
        winning.append(max(row["total"] for row in scores))
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "moves": total_moves,
        "seconds": round(seconds, 4),
        "moves_per_sec": round(total_moves / seconds, 1) if seconds else None,
        "games_per_sec": round(games / seconds, 2) if seconds else None,
        "mean_winning_score": round(sum(winning) / len(winning), 2) if winning else None,
        "max_winning_score": max(winning) if winning else None,
    }


def _replay_file(path: str) -> int:
    with open(path, encoding="utf-8") as handle:
        log = json.load(handle)
    options = dict(log["options"])
    if "rules_version" in log:
        options.setdefault("rules_version", log["rules_version"])
    try:
        state = replay(options, log["seed"], log["moves"])
    except ReplayError as error:
        print(
            f"move {error.index + 1} (index {error.index}) is illegal: {error.code}: "
            f"{error.message}",
            file=sys.stderr,
        )
        return 1
    out: dict[str, Any] = {"over": is_over(state), "scores": final_scores(state)}
    if not is_over(state):
        out["note"] = "The game is not over; these are the standings if it ended now."
        out.update(round=state.round, phase=state.phase, to_act=list(to_act(state)))
    print(json.dumps(out))
    return 0


def _option_value(text: str) -> Any:
    """`true` -> True, `3` -> 3, anything that is no JSON stays text (`full`)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games.rules")
    commands = parser.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help="play bot games and print one JSON line")
    sim.add_argument("--players", type=int, default=4)
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--edition", choices=("1st", "2nd"), default="1st")
    sim.add_argument(
        "--expansions", nargs="*", default=[], help="options to turn on, e.g. market banquet"
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set an option, e.g. --option new_society=full (repeatable)",
    )
    sim.add_argument("--bot", choices=sorted(BOTS), default="random")
    sim.add_argument("--playouts", type=int, default=None, help="the expert's playouts per move")
    rep = commands.add_parser("replay", help="replay a move log and print the scores")
    rep.add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "simulate":
        chosen: dict[str, Any] = {}
        for name in args.expansions:
            key, _, value = name.partition("=")
            chosen[key] = value or True
        for text in args.option:
            key, equals, value = text.partition("=")
            if not equals:
                parser.error(f"--option needs KEY=VALUE, not {text!r}")
            chosen[key] = _option_value(value)
        try:
            check_options({"players": args.players, "edition": args.edition, **chosen})
        except InvalidOptions as error:
            parser.error(f"{error.code}: {error.message}")
        result = simulate(
            args.players, args.games, args.seed, args.edition, args.bot, chosen, args.playouts
        )
        print(json.dumps(result))
        return 0
    return _replay_file(args.file)
