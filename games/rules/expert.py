"""The expert bot: a search over greedy's best candidate moves, judged by greedy playouts.

Why this shape: the only hidden information is the order of the draw piles (money, hands and
areas are public), so a move can be judged by playing the game out in many pile orders that
the seat could be facing and counting how often it wins. The bot

1. ranks the legal moves by the greedy bot's worth and keeps the best few (`CANDIDATES`);
2. samples "worlds": the state with every pile re-shuffled by our own generator, starting
   from the pile's contents in sorted order - so the true order is never read, and two
   states that differ only in pile order give the same worlds and the same choice;
3. runs sequential halving: each round gives every surviving candidate the same worlds and
   the same playout seeds (common random numbers: the candidates differ by their move, not
   by their luck), plays each world out to the end with greedy bots in every seat, and keeps
   the better half, until one is left.

Everything is a pure function of (state, seat, seed, budget): no clock, no I/O. The budget
is a number of playouts per move, not a time, so the same seed always gives the same move;
bench/bots.py measures what a budget costs (docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .bots import BOTS, greedy_bot, move_values
from .engine import apply_move, is_over, legal_moves, to_act
from .moves import Move
from .rng import SplitMix64
from .ruleset import Ruleset, ruleset
from .scoring import final_scores
from .state import GameState

DEFAULT_PLAYOUTS = 96  # per move in the base game: well under 2 s of one core (benchmarks.md)
MIN_PLAYOUTS = 12
# How much dearer an engine move is with each option on, against the base game (greedy games,
# `simulate`, docs/benchmarks.md): the default budget is divided by the product of the options
# that are on, so that an expert move with expansions stays near the base game's time.
OPTION_COST: dict[str, float] = {
    "market": 1.6,
    "assistants": 1.3,
    "events": 1.3,
    "assignments": 1.3,
    "obstacles": 1.3,
    "new_society": 1.3,
    "in_good_company": 1.3,
    "banquet": 1.3,
}
CANDIDATES = 6  # greedy's best moves that the search compares
_WORLD_STRIDE = 0x9E3779B97F4A7C15
_MAX_PLAYOUT_MOVES = 5000  # a guard: a game never takes this many moves


@dataclass(frozen=True, slots=True)
class Judged:
    """A candidate move and what the search learnt of it: the mean value over its playouts
    (1 a win, 0 a loss, plus small terms for rank and margin) and how many it had."""

    move: Move
    value: float
    playouts: int


def sampled_world(state: GameState, seed: int) -> GameState:
    """The state with each pile in an order drawn from `seed`, never from the pile's order.

    Each pile is sorted before it is shuffled, so the result depends only on the piles'
    contents: what every seat may see (visibility.py shows them grouped and counted).
    """
    rng = SplitMix64(seed)
    piles = tuple(rng.shuffled(sorted(pile)) for pile in state.piles)
    return state.evolve(piles=piles)


def outcome_value(state: GameState, seat: int) -> float:
    """What a finished (or cut-off) playout is worth to `seat`: 1 for a win, 0 otherwise, plus
    a little for a better rank and a little for the margin over the best other seat, so that
    among moves that win (or lose) equally often the one that wins by more is preferred."""
    rows = final_scores(state)
    mine = rows[seat]
    others = [row["total"] for row in rows if row["seat"] != seat]
    margin = mine["total"] - max(others) if others else 0
    n = len(rows)
    rank_part = (n - mine["rank"]) / (n - 1) if n > 1 else 0.0
    return (1.0 if mine["winner"] else 0.0) + 0.05 * rank_part + 0.002 * max(-25, min(25, margin))


def playout(state: GameState, seed: int) -> GameState:
    """Play the game to its end with greedy bots in every seat; the seeds come from `seed`."""
    moves = 0
    while not is_over(state) and moves < _MAX_PLAYOUT_MOVES:
        seat = to_act(state)[0]
        move = greedy_bot(state, seat, seed + moves)
        state, _ = apply_move(state, seat, move)
        moves += 1
    return state


def world_seed(seed: int, world: int) -> int:
    """The seed of the `world`-th sampled world (and of its playout) of a search."""
    return (seed * _WORLD_STRIDE + world) & ((1 << 63) - 1)


def compare(
    state: GameState, seat: int, seed: int, moves: Sequence[Move], worlds: int
) -> list[tuple[float, float]]:
    """Each move played in the same `worlds` sampled worlds, each followed by the same greedy
    playout (common random numbers): per move, in the given order, (the share of playouts the
    seat won, the mean `outcome_value`). For the post-game analysis (analysis.py)."""
    wins = [0] * len(moves)
    totals = [0.0] * len(moves)
    for world in range(worlds):
        seed_of_world = world_seed(seed, world)
        base = sampled_world(state, seed_of_world)
        for i, move in enumerate(moves):
            after, _ = apply_move(base, seat, move)
            end = playout(after, seed_of_world)
            wins[i] += bool(final_scores(end)[seat]["winner"])
            totals[i] += outcome_value(end, seat)
    count = max(1, worlds)
    return [(wins[i] / count, totals[i] / count) for i in range(len(moves))]


def candidates(state: GameState, seat: int, moves: Sequence[Move], count: int) -> list[Move]:
    """The `count` moves greedy values most, best first (ties in the engine's order)."""
    values = move_values(state, seat, moves)
    ranked = sorted(range(len(moves)), key=lambda i: (-values[i], i))
    return [moves[i] for i in ranked[:count]]


def judge(
    state: GameState,
    seat: int,
    seed: int,
    playouts: int = DEFAULT_PLAYOUTS,
    width: int = CANDIDATES,
) -> list[Judged]:
    """Sequential halving over greedy's best `width` moves; the survivor first, then the
    others in the order they dropped out (latest first). Empty when the seat has no legal
    move. Every surviving candidate gets at least one playout a round, so a budget below
    about 2 x `width` is rounded up."""
    moves = legal_moves(state, seat)
    if len(moves) <= 1 or playouts <= 0:
        return [Judged(move, 0.0, 0) for move in moves]
    chosen = candidates(state, seat, moves, width)
    if len(chosen) == 1:
        return [Judged(chosen[0], 0.0, 0)]
    # Candidates by index: a module's move may carry unhashable fields.
    alive = list(range(len(chosen)))
    totals = [0.0] * len(chosen)
    counts = [0] * len(chosen)
    dropped: list[Judged] = []
    rounds = max(1, (len(alive) - 1).bit_length())
    world = 0
    while len(alive) > 1:
        per_candidate = max(1, playouts // (rounds * len(alive)))
        for _ in range(per_candidate):
            seed_of_world = world_seed(seed, world)
            world += 1
            base = sampled_world(state, seed_of_world)
            for i in alive:
                after, _ = apply_move(base, seat, chosen[i])
                totals[i] += outcome_value(playout(after, seed_of_world), seat)
                counts[i] += 1
        alive.sort(key=lambda i: -totals[i] / counts[i])  # stable: greedy's order breaks ties
        keep = (len(alive) + 1) // 2
        dropped = [Judged(chosen[i], totals[i] / counts[i], counts[i]) for i in alive[keep:]] + (
            dropped
        )
        alive = alive[:keep]
    best = alive[0]
    return [Judged(chosen[best], totals[best] / counts[best], counts[best]), *dropped]


def expert_move(
    state: GameState,
    seat: int,
    seed: int,
    playouts: int = DEFAULT_PLAYOUTS,
    width: int = CANDIDATES,
) -> Move:
    """The expert's move with a budget of `playouts` greedy playouts over `width` candidates."""
    judged = judge(state, seat, seed, playouts, width)
    if not judged:
        raise ValueError(f"seat {seat} has no legal move")
    return judged[0].move


def default_playouts(state: GameState) -> int:
    """The budget per move for the game's options: `DEFAULT_PLAYOUTS` in the base game, less
    where each engine move costs more (`OPTION_COST`), never below `MIN_PLAYOUTS`."""
    return thinking_playouts(state.rules, "standard")


# How long the expert thinks, chosen per game: a share of the default budget (and of its
# floor). "deep" stays under 2 s of one core in every option set (docs/benchmarks.md).
THINKING: dict[str, float] = {"quick": 0.5, "standard": 1.0, "deep": 1.4}


def thinking_playouts(rules: Ruleset, thinking: str) -> int:
    """The playouts per move of the expert thinking `thinking` (a `THINKING` key) in a game
    with these rules; "standard" is `default_playouts`. KeyError for an unknown thinking."""
    share = THINKING[thinking]
    cost = 1.0
    for option in rules.expansions:
        cost *= OPTION_COST.get(option, 1.3)
    return max(round(MIN_PLAYOUTS * share), round(DEFAULT_PLAYOUTS * share / cost))


def expert_budget(options: Mapping[str, Any], thinking: str) -> int:
    """`thinking_playouts` for a game's options (InvalidOptions for options the engine
    refuses, KeyError for an unknown thinking)."""
    return thinking_playouts(ruleset(dict(options)), thinking)


def expert_bot(state: GameState, seat: int, seed: int) -> Move:
    """The expert with the default budget of the game's options (the signature every bot
    has)."""
    return expert_move(state, seat, seed, default_playouts(state))


BOTS["expert"] = expert_bot
