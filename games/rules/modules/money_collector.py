"""The Money Collector (Module 1 with the Market; ../shared/expansions.md §2.5, §3.4 M1-2/3/10,
decision 4.15): as his action its holder places a card from either row or his hand for half its
price (every reduction first, then halved, rounded down: 1 -> 0). The card carries the
collector's chip (a mark that clears never): it never scores points, printed or from its
ability, and cannot be displaced; it counts as a card of its colour everywhere else.
"""

from __future__ import annotations

from typing import Any

from ..actions import placed
from ..ledger import post
from ..marks import Mark, MarkKind, register_mark
from ..moves import Move
from ..prices import displace_targets, seat_prices
from ..state import GameState
from .purple import Use, register_use, special

Events = list[dict[str, Any]]

COLLECTED = register_mark(MarkKind("collected", displaceable=False, keeps_points=False))


def _half(price: int) -> int:
    return price // 2  # decision 4.15: reduce first, then halve (1 -> 0)


def _collector_offers(state: GameState, seat: int, instance: str) -> list[Move]:
    cards_of = state.rules.cards
    player = state.players[seat]
    profile = seat_prices(state, seat)
    sources = [(c, c in state.lower, len(player.hand) - 1) for c in (*state.upper, *state.lower)]
    sources += [(c, False, len(player.hand) - 2) for c in player.hand if c != instance]
    moves = []
    for target, lower, hand_after in sources:
        card = cards_of[target]
        if card.special:
            continue
        if card.trading:
            for displaced in displace_targets(state, seat, card, hand_after):
                if _half(profile.price(card, lower, cards_of[displaced])) <= player.money:
                    moves.append(special(instance, displaced, target=target))
        elif _half(profile.price(card, lower)) <= player.money:
            moves.append(special(instance, target=target))
    return moves


def _collector_quote(state: GameState, seat: int, move: Move) -> int:
    """Half the price with every reduction (the lower row's too), rounded down."""
    cards_of = state.rules.cards
    target: str = move.get("target")
    displaced = cards_of[move.displace] if move.displace else None
    profile = seat_prices(state, seat)
    return _half(profile.price(cards_of[target], target in state.lower, displaced))


def _money_collector(
    state: GameState, seat: int, instance: str, move: Move, events: Events
) -> GameState:
    target: str = move.get("target")
    displaced = move.displace
    player = state.players[seat]
    lower = target in state.lower
    price = _collector_quote(state, seat, move)
    area = tuple(c for c in player.area if c != displaced)
    player, entry = post(
        player,
        seat,
        "price",
        -price,
        area=(*area, target),
        hand=tuple(c for c in player.hand if c != target),
        marks=(*player.marks, Mark(target, COLLECTED.kind, "never")),
    )
    source = "upper" if target in state.upper else "lower" if lower else "hand"
    events.append(
        {"kind": "collect", "seat": seat, "card": target, "from": source, "price": price,
         "displaced": displaced}
    )  # fmt: skip
    events.append(entry)
    changes: dict[str, Any] = {
        "upper": tuple(c for c in state.upper if c != target),
        "lower": tuple(c for c in state.lower if c != target),
    }
    if displaced is not None:
        changes["discard"] = (*state.discard, displaced)
    state = state.with_player(seat, player, **changes)
    return placed(state, seat, target, displaced, events)


register_use("money_collector", Use(_collector_offers, _money_collector, quote=_collector_quote))
