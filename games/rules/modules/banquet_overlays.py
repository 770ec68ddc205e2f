"""Jester and Banquet (../shared/expansions.md §2.4-2.5, §3.3 B1-5/6/13/14, decision 4.21): an
overlay on one card of its owner's area with printed rubles and points above 0, until that card's
next scoring - the Jester swaps its printed values, the Banquet doubles them (both on one card:
swap and double). The purple card lies on the card (`state.records["banquet"]["on"]`) and leaves
(modules/purple.py) when the next phase opens after that scoring, or at once, without effect,
when the card is displaced.
"""

from __future__ import annotations

from typing import Any

from ..marks import Mark, MarkKind, register_mark
from ..moves import Move
from ..ruleset import Phase, register_on_place, register_phase_start
from ..state import GameState
from .purple import RECORD, Use, leave_game, register_use, special

Events = list[dict[str, Any]]
HOOK = "banquet_overlays"  # its placement hook and phase start (banquet.py names them)

JESTER = register_mark(MarkKind("jester", income=lambda rubles, points: (points, rubles)))
BANQUET = register_mark(MarkKind("banquet", income=lambda rubles, points: (2 * rubles, 2 * points)))
OVERLAY_OF = {"jester": JESTER.kind, "banquet": BANQUET.kind}  # ability key -> mark kind


def _overlay_offers(state: GameState, seat: int, instance: str) -> list[Move]:
    cards_of = state.rules.cards
    return [
        special(instance, target=c)
        for c in state.players[seat].area
        if cards_of[c].rubles > 0 and cards_of[c].points > 0
    ]


def _overlay(state: GameState, seat: int, instance: str, move: Move, events: Events) -> GameState:
    target: str = move.get("target")
    kind = OVERLAY_OF[state.rules.cards[instance].ability.key]
    player = state.players[seat]
    player = player.evolve(marks=(*player.marks, Mark(target, kind, "scored")))
    record = state.records.get(RECORD, {})
    lying = (*record.get("on", ()), (instance, target))
    records = state.records.set(RECORD, {**record, "on": lying})
    events.append({"kind": "overlay", "seat": seat, "card": instance, "target": target})
    return state.with_player(seat, player, records=records)


def lying_on_cards(state: GameState) -> tuple[tuple[str, str], ...]:
    """(Jester or Banquet, the card it lies on) pairs, until that card's next scoring."""
    return tuple((str(a), str(b)) for a, b in state.records.get(RECORD, {}).get("on", ()))


def _sweep(state: GameState, events: Events) -> GameState:
    """A Jester or Banquet whose card was scored or displaced leaves (1st edition: to the
    discard pile; 2nd: out of the game)."""
    lying = lying_on_cards(state)
    if not lying:
        return state
    marked = {(m.card, m.kind) for p in state.players for m in p.marks}
    cards_of = state.rules.cards
    stay = []
    for purple, target in lying:
        if (target, OVERLAY_OF[cards_of[purple].ability.key]) in marked:
            stay.append((purple, target))
            continue
        events.append({"kind": "overlay_gone", "card": purple, "target": target})
        state = leave_game(state, purple)
    record = state.records.get(RECORD, {})
    return state.evolve(records=state.records.set(RECORD, {**record, "on": tuple(stay)}))


def _on_place(
    state: GameState, seat: int, card: str, displaced: str | None, events: Events
) -> GameState:
    """A displaced card takes its overlays with it (decision 4.21: they go without effect)."""
    if displaced is None:
        return state
    player = state.players[seat]
    if any(m.card == displaced for m in player.marks):
        player = player.evolve(marks=tuple(m for m in player.marks if m.card != displaced))
        state = state.with_player(seat, player)
    return _sweep(state, events)


def _phase_start(state: GameState, phase: Phase, events: Events) -> GameState:
    """Overlays whose card was scored in the phase before leave when the next one opens."""
    return _sweep(state, events)


register_on_place(HOOK, _on_place)
register_phase_start(HOOK, _phase_start)
register_use("jester", Use(_overlay_offers, _overlay, attaches=True))
register_use("banquet", Use(_overlay_offers, _overlay, attaches=True))
