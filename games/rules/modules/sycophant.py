"""The Sycophant (../shared/expansions.md §2.1 "Sycophant", 2.6, 3.1 NS-1..NS-3, 4.13).

An aristocrat costing 1 that pays -1 ruble at aristocrat scoring. At that scoring its owner first
receives everything his other cards pay, then pays 1 ruble per Sycophant; each one he cannot pay
for is discarded automatically (event `sycophant_discard`, `automatic` true), so money never
goes below 0. While it lies in his area it counts as an aristocrat type. During the aristocrat
action phase its owner may give it up: the free move `discard_sycophant {card}` on his turn (it
does not end the turn; nothing is asked, so a timeout keeps it).

Pieces: the ability `sycophant`, the scorer `sycophant_upkeep` (the aristocrat phase's scorer
whenever Sycophants are in the game), the move kind `discard_sycophant`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..abilities import Ability, register_ability
from ..errors import IllegalMove
from ..moves import Move, MoveKind, register_move_kind
from ..ruleset import Phase, register_scorer
from ..scoring import phase_income, score_cards
from ..state import GameState

Events = list[dict[str, Any]]
PHASE = "aristocrat"
SCORER = "sycophant_upkeep"


def _offers(state: GameState, seat: int, instance: str) -> Iterable[Move]:
    if state.phase != PHASE:
        return ()
    return (Move("discard_sycophant", instance),)


SYCOPHANT = register_ability(Ability("sycophant", actions=_offers))


def give_up(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.phase != PHASE:
        raise IllegalMove(
            "not_now",
            "A Sycophant is given up during the aristocrat phase only.",
            reason="sycophant_phase",
        )
    player = state.players[seat]
    card = move.card
    if card not in player.area or state.rules.cards[card].ability is not SYCOPHANT:
        raise IllegalMove("no_such_card", "You have no such Sycophant.", reason="no_sycophant")
    events.append({"kind": "sycophant_discard", "seat": seat, "card": card, "automatic": False})
    area = tuple(c for c in player.area if c != card)
    return state.with_player(seat, player.evolve(area=area), discard=(*state.discard, card))


def score_with_upkeep(state: GameState, phase: Phase, events: Events) -> GameState:
    """Discard the Sycophants nobody can pay for, then score as usual (their -1 included)."""
    cards_of = state.rules.cards
    discard = state.discard
    players = list(state.players)
    changed = False
    for seat, player in enumerate(players):
        sycophants = [c for c in player.area if cards_of[c].ability is SYCOPHANT]
        if not sycophants:
            continue
        rubles, _points = phase_income(state, seat, phase)
        gross = rubles + len(sycophants)  # what the other cards pay (printed -1 added back)
        payable = max(0, min(len(sycophants), player.money + gross))
        unpaid = sycophants[payable:]
        if not unpaid:
            continue
        for card in unpaid:
            events.append(
                {"kind": "sycophant_discard", "seat": seat, "card": card, "automatic": True}
            )
        players[seat] = player.evolve(area=tuple(c for c in player.area if c not in unpaid))
        discard = (*discard, *unpaid)
        changed = True
    if changed:
        state = state.evolve(players=tuple(players), discard=discard)
    return score_cards(state, phase, events)


register_scorer(SCORER, score_with_upkeep)
register_move_kind(
    MoveKind(
        "discard_sycophant",
        ("card",),
        (),
        give_up,
        "A Sycophant is given up during the aristocrat phase.",
        free=True,
    )
)
