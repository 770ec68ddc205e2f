"""The Moocher (Module 1 with the Market; ../shared/expansions.md §2.5, §0.3, §3.4 M1-6,
decisions 4.22 and 4.42): as his action its holder receives either the rubles or the points one
card in an opponent's area is worth, as that opponent would score it now.
"""

from __future__ import annotations

from typing import Any

from .. import ledger
from ..marks import loses_points, not_scoring
from ..moves import Move
from ..state import GameState
from . import guild_hall
from .guild_hall import GUILD_HALL
from .purple import Use, register_use, special

Events = list[dict[str, Any]]


def card_value_of(state: GameState, owner: int, instance: str) -> tuple[int, int]:
    """What the card would pay for itself if its colour were scored now in its owner's area
    (expansions.md §0.3): printed values plus its own special income; a turned card 0; a
    chipped card no points; Jester and Banquet ignored; a yellow card no points; never below 0."""
    rules = state.rules
    card = rules.cards[instance]
    marks = state.players[owner].marks
    if instance in not_scoring(marks):
        return 0, 0
    rubles, points = card.rubles, card.points
    hook = card.ability.scoring
    if card.ability is GUILD_HALL:  # its 4 count as rubles or as points, whatever the split
        rubles += guild_hall.TOTAL
        points += guild_hall.TOTAL
    elif hook is not None and card.color in rules.scored_in:
        phase = rules.phases[rules.scored_in[card.color]].name
        extra_rubles, extra_points = hook(state, owner, phase)
        rubles += extra_rubles
        points += extra_points
    if loses_points(marks, instance) or card.color == "market":
        points = 0
    return max(rubles, 0), max(points, 0)


def _moocher_offers(state: GameState, seat: int, instance: str) -> list[Move]:
    moves = []
    for owner, player in enumerate(state.players):
        if owner == seat:
            continue
        for target in player.area:
            rubles, points = card_value_of(state, owner, target)
            if rubles > 0:
                moves.append(special(instance, target=target, gain="rubles"))
            if points > 0:
                moves.append(special(instance, target=target, gain="points"))
    return moves


def _moocher(state: GameState, seat: int, instance: str, move: Move, events: Events) -> GameState:
    target: str = move.get("target")
    owner = next(n for n, p in enumerate(state.players) if target in p.area)
    rubles, points = card_value_of(state, owner, target)
    gain = move.get("gain")
    rubles, points = (rubles, 0) if gain == "rubles" else (0, points)
    events.append(
        {"kind": "moocher", "seat": seat, "card": target, "owner": owner, "gain": gain,
         "rubles": rubles, "points": points}
    )  # fmt: skip
    # The points walk the Moocher's holder's score track (Module 6's obstacles, X-2).
    state, _credited = ledger.gain(state, seat, "moocher", rubles, points, events)
    return state


register_use("moocher", Use(_moocher_offers, _moocher))
