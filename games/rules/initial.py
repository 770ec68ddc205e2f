"""Setting up a game (rulebook "Preparation"; solo variant from seeds/002 "Single Player Option").

25 rubles each; the four piles shuffled separately; the four start markers dealt at random so that
every player has at least one and nobody more than two (one player: all four); two worker cards
per player laid face up into the upper row. All randomness comes from the integer seed via rng.py.
"""

from __future__ import annotations

from typing import Any

from .cards import catalogue
from .rng import SplitMix64
from .state import PHASES, START_MONEY, GameState, PlayerState, check_options

STARTING_WORKERS_PER_PLAYER = 2


def deal_markers(rng: SplitMix64, n: int) -> tuple[int, int, int, int]:
    """Holder of each start marker (worker, building, aristocrat, trading), 1-2 per player."""
    slots = list(range(n))
    while len(slots) < len(PHASES):
        # Each extra marker goes to a different player while possible (2 players: 2 each).
        candidates = [seat for seat in range(n) if slots.count(seat) < 2]
        slots.append(candidates[rng.below(len(candidates))])
    holders = rng.shuffled(slots)
    return holders[0], holders[1], holders[2], holders[3]


def new_game(options: dict[str, Any], seed: int) -> GameState:
    """The initial state: piles shuffled, markers dealt, first workers on the board."""
    edition, n = check_options(options)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed must be an integer")
    rng = SplitMix64(seed)
    cards = catalogue(edition)
    piles = [rng.shuffled(cards.decks[phase]) for phase in PHASES]
    markers = deal_markers(rng, n) if n > 1 else (0, 0, 0, 0)
    laid = STARTING_WORKERS_PER_PLAYER * n
    upper, piles[0] = piles[0][:laid], piles[0][laid:]
    return GameState(
        edition=edition,
        players=tuple(PlayerState(money=START_MONEY) for _ in range(n)),
        round=1,
        phase="worker",
        step="actions",
        turn=markers[0],
        passes=0,
        markers=markers,
        piles=tuple(piles),
        upper=upper,
        first_worker_phase=True,
    )
