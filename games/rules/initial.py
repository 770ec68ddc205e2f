"""Setting up a game (rulebook "Preparation"; solo variant from seeds/002 "Single Player Option").

Start money each (25); the piles shuffled separately, in the ruleset's order; the start markers
dealt at random so that every player gets about as many as the others (4 markers: at least one
and at most two each; one player holds them all); the first phase's workers laid face up into
the upper row (two per player); then what the modules deal or lay out (`Ruleset.setup`: the
Assistants, the Assignments, Module 6's obstacles, in the order of their keys), drawing on with
the same generator - a game without them draws nothing more, so its deal stays what it was. All
randomness comes from the integer seed via rng.py.
"""

from __future__ import annotations

from typing import Any

from .rng import SplitMix64
from .ruleset import Ruleset, ruleset
from .state import GameState, PlayerState

Events = list[dict[str, Any]]


def deal_markers(rng: SplitMix64, rules: Ruleset) -> tuple[int, ...]:
    """Holder of each start marker (in rules.markers order): every seat once, the rest to
    different seats at random while possible, then shuffled."""
    n = rules.players
    if not rules.deal_markers:
        return tuple(0 for _ in rules.markers)
    slots = list(range(n))
    while len(slots) < len(rules.markers):
        candidates = [s for s in range(n) if slots.count(s) < rules.max_markers_per_seat]
        slots.append(candidates[rng.below(len(candidates))])
    return rng.shuffled(slots)


def new_game(options: dict[str, Any], seed: int) -> GameState:
    """The initial state: piles shuffled, markers dealt, first workers on the board."""
    return new_game_with_events(options, seed)[0]


def new_game_with_events(options: dict[str, Any], seed: int) -> tuple[GameState, Events]:
    """The initial state and the events of the deal and of the first phase's opening (the
    assistants and assignments dealt, the sack's first 2 points with five players), which a
    log shows before the first move."""
    rules = ruleset(options)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed must be an integer")
    rng = SplitMix64(seed)
    decks = rules.catalogue.decks
    piles = [rng.shuffled(decks.get(name, ())) for name in rules.piles]
    markers = deal_markers(rng, rules)
    first = rules.first_phase
    laid = rules.first_phase_workers * rules.players
    upper, piles[first.pile_index] = (
        piles[first.pile_index][:laid],
        piles[first.pile_index][laid:],
    )
    money = [rules.start_money] * rules.players
    for marker, rubles in rules.marker_money.items():
        money[markers[rules.markers.index(marker)]] += rubles
    state = GameState(
        rules=rules,
        players=tuple(PlayerState(money=m) for m in money),
        round=1,
        phase=first.name,
        step="actions",
        turn=markers[first.marker_index],
        passes=0,
        markers=markers,
        piles=tuple(piles),
        upper=upper,
        first_worker_phase=True,
    )
    events: Events = []
    for setup in rules.setup:  # what the modules deal or lay out, from the same generator
        state = setup(state, rng, events)
    for hook in rules.phase_start:
        state = hook(state, first, events)
    return state, events
