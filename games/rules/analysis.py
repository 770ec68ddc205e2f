"""The post-game analysis: every decision of the chosen seats, judged by the expert's search.

Why: a finished game is a lesson if each player can see where it was won and lost. For each
move of a reviewed seat that had a real choice, the search compares the move played with
greedy's best candidates (expert.py), all in the same sampled worlds and playouts, from what
that seat could see (the piles' order is never read). It reports the estimated chance of
winning with the best move found ("before": what the position offered) and with the move
played ("after"), the move it would have played, and the difference (the move's cost).
docs/analysis.md defines the figures, the turning points and the accuracy.

Pure and deterministic like the bots: a function of the game's options, seed, move log and
the budget. The whole game is replayed from its deal, so the analysis never needs a stored
state, and `ANALYSIS_VERSION` changes whenever the figures would, so stored analyses can be
recomputed (those whose figures changed: `ANALYSIS_CHANGES`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .engine import apply_move, legal_moves
from .expert import CANDIDATES, candidates, compare
from .initial import new_game
from .moves import Move, parse_move
from .state import GameState

# Each version of the analysis and the games whose figures it changed: None for every game,
# else the games with that option on. A stored analysis is outdated only where a later version
# changed its game's figures (`outdated`): a change to one module's bots re-runs the analyses
# of that module's games, not every game a club has finished (minutes of a core each).
ANALYSIS_CHANGES: tuple[tuple[int, str | None], ...] = (
    (1, None),
    (2, "obstacles"),  # greedy values Module 6's way off a real obstacle by what the seat scores
)
ANALYSIS_VERSION = ANALYSIS_CHANGES[-1][0]
DEFAULT_WORLDS = 16  # sampled worlds per decision: each candidate is played out in all of them
ACCURATE_WITHIN = 0.02  # a move that costs at most this much win chance counts as accurate
TURNING_POINTS = 3  # the costliest decisions shown per player


def outdated(version: int, options: Mapping[str, Any]) -> bool:
    """Whether an analysis stored under `version` of a game with these options would read
    differently now: a later version changed every game's figures or those of an option on."""
    return any(
        later > version and (option is None or bool(options.get(option)))
        for later, option in ANALYSIS_CHANGES
    )


@dataclass(frozen=True, slots=True)
class Review:
    """One decision: the move played and the best one found, with the chances of winning."""

    index: int  # the move's place in the game's log
    seat: int
    round: int
    phase: str
    played: Move
    best: Move
    chance_before: float  # with the best move found
    chance_after: float  # with the move played
    value_best: float  # the search's finer value (win, rank and margin) of each
    value_played: float

    @property
    def cost(self) -> float:
        """Win chance the move gave away (never below 0: the played move may be the best)."""
        return max(0.0, self.chance_before - self.chance_after)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "seat": self.seat,
            "round": self.round,
            "phase": self.phase,
            "played": self.played.to_dict(),
            "best": self.best.to_dict(),
            "chance_before": round(self.chance_before, 4),
            "chance_after": round(self.chance_after, 4),
            "cost": round(self.cost, 4),
        }


def review_move(
    state: GameState,
    seat: int,
    played: Move,
    seed: int,
    worlds: int = DEFAULT_WORLDS,
    width: int = CANDIDATES,
    index: int = 0,
) -> Review | None:
    """Judge `played` against greedy's best `width` moves in `worlds` sampled worlds; None if
    the seat had no choice (one legal move)."""
    moves = legal_moves(state, seat)
    if len(moves) <= 1:
        return None
    compared = [m for m in candidates(state, seat, moves, width) if m != played]
    compared.insert(0, played)
    results = compare(state, seat, seed, compared, worlds)
    best, chance_before = best_and_chance_before(results)
    return Review(
        index=index,
        seat=seat,
        round=state.round,
        phase=state.phase,
        played=played,
        best=compared[best],
        chance_before=chance_before,
        chance_after=results[0][0],
        value_best=results[best][1],
        value_played=results[0][1],
    )


def best_and_chance_before(results: Sequence[tuple[float, float]]) -> tuple[int, float]:
    """From `compare`'s (win chance, value) of the played move (first) and its rivals: the
    index of the best one, by the finer value as the bot chooses (the played move wins a tie),
    and the seat's chance before the move, the better of the best's and the played move's
    (another rival's higher chance is not counted: the search would not have played it)."""
    best = max(range(len(results)), key=lambda i: (results[i][1], i == 0))
    return best, max(results[best][0], results[0][0])


def accuracy(reviews: Iterable[Review]) -> float | None:
    """Percent of the decisions that cost at most `ACCURATE_WITHIN` win chance (None: none)."""
    listed = list(reviews)
    if not listed:
        return None
    good = sum(1 for review in listed if review.cost <= ACCURATE_WITHIN)
    return round(100.0 * good / len(listed), 1)


def decisions_total(
    options: Mapping[str, Any], seed: int, log: Iterable[Mapping[str, Any]], seats: Iterable[int]
) -> int:
    """How many decisions of `seats` the log holds (moves with more than one legal choice):
    the total a stored analysis counts its progress against, cheap next to the search."""
    reviewed = set(seats)
    state = new_game(dict(options), seed)
    total = 0
    for entry in log:
        seat = int(entry["seat"])
        if seat in reviewed and len(legal_moves(state, seat)) > 1:
            total += 1
        state, _ = apply_move(state, seat, parse_move(entry["move"]))
    return total


def game_reviews(
    options: Mapping[str, Any],
    seed: int,
    log: Iterable[Mapping[str, Any]],
    seats: Iterable[int],
    worlds: int = DEFAULT_WORLDS,
    width: int = CANDIDATES,
) -> Iterator[Review]:
    """Each decision of `seats`, reviewed, in the log's order: one at a time, so a caller can
    report progress while a long analysis runs. Each search is seeded from `seed` and the move's
    index, so the reviews are the same every time."""
    reviewed = set(seats)
    state = new_game(dict(options), seed)
    for index, entry in enumerate(log):
        seat = int(entry["seat"])
        move = parse_move(entry["move"])
        if seat in reviewed:
            review = review_move(state, seat, move, seed * 7_919 + index, worlds, width, index)
            if review is not None:
                yield review
        state, _ = apply_move(state, seat, move)


def summarise(reviews: Iterable[Review], seats: Iterable[int], worlds: int) -> dict[str, Any]:
    """The JSON-ready analysis of `seats` from their reviews: per seat the decisions in order
    (the graph is their `chance_after`), its turning points (the costliest `TURNING_POINTS`
    decisions, costliest first) and its accuracy."""
    per_seat: dict[int, list[Review]] = {seat: [] for seat in sorted(set(seats))}
    for review in reviews:
        per_seat[review.seat].append(review)
    out: dict[str, Any] = {"version": ANALYSIS_VERSION, "worlds": worlds, "seats": {}}
    for seat, listed in per_seat.items():
        costly = sorted(listed, key=lambda r: (-r.cost, r.index))
        out["seats"][str(seat)] = {
            "moves": [review.to_dict() for review in listed],
            "turning_points": [r.to_dict() for r in costly[:TURNING_POINTS] if r.cost > 0],
            "accuracy": accuracy(listed),
        }
    return out


def analyse_game(
    options: Mapping[str, Any],
    seed: int,
    log: Iterable[Mapping[str, Any]],
    seats: Iterable[int],
    worlds: int = DEFAULT_WORLDS,
    width: int = CANDIDATES,
) -> dict[str, Any]:
    """The analysis of a game (its options, deal seed and move log of {"seat", "move"}) for
    `seats` (the human ones), JSON-ready (see `summarise`); the same every time."""
    chosen = list(seats)
    reviews = game_reviews(options, seed, log, chosen, worlds, width)
    return summarise(reviews, chosen, worlds)
