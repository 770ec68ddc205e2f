"""What a card costs a player (rulebook "Cost Reduction", "The trading cards", "What does a
trading card cost?"; `003` for the Observatory and Warehouse displacement limits).

Price = printed cost (a trading card: the difference to the displaced card, or 1 if not dearer)
minus 1 per identical card in the area, minus 1 from the lower row, minus 1 per discount of
the bought card's colour that abilities in the area give (Carpenter Workshop: blue, Gold Smelter:
red); never below 1. Which cards a trading card may displace: its type's targets (cards.py, with
the abilities' own rules), minus cards whose marks forbid it (a turned Observatory) and cards
whose loss would leave the owner above his hand limit (the Warehouse).
"""

from __future__ import annotations

from collections.abc import Mapping

from .cards import Card
from .marks import not_displaceable
from .state import GameState

BASE_HAND_LIMIT = 3


class AreaProfile:
    """Counts over a play area that prices need, computed once per player and move list."""

    __slots__ = ("actors", "by_color", "same")

    def __init__(self, cards_of: Mapping[str, Card], area: tuple[str, ...]) -> None:
        same: dict[str, int] = {}
        by_color: dict[str, int] = {}
        # Cards whose ability offers extra actions (the Observatory), in area order.
        self.actors = tuple(c for c in area if cards_of[c].ability.actions is not None)
        for instance in area:
            card = cards_of[instance]
            same[card.id] = same.get(card.id, 0) + 1
            for color in card.ability.discounts:
                by_color[color] = by_color.get(color, 0) + 1
        self.same = same
        self.by_color = by_color

    def price(self, card: Card, lower: bool = False, displaced: Card | None = None) -> int:
        """The price of `card` for this area (bought from the lower row if `lower`)."""
        base = card.cost
        if displaced is not None:
            difference = base - displaced.displace_value
            base = difference if difference > 1 else 1
        price = base - self.same.get(card.id, 0) - self.by_color.get(card.color, 0)
        if lower:
            price -= 1
        return price if price > 1 else 1


def hand_limit(
    cards_of: Mapping[str, Card], area: tuple[str, ...], base: int = BASE_HAND_LIMIT
) -> int:
    """3 cards (the ruleset's base), plus what abilities in the area add (Warehouse: 4)."""
    return base + sum(cards_of[c].ability.hand_limit_bonus for c in area)


def seat_hand_limit(state: GameState, seat: int) -> int:
    """The hand limit of a seat under the game's rules."""
    rules = state.rules
    return hand_limit(rules.cards, state.players[seat].area, rules.hand_limit)


_PROFILES: dict[tuple[str, ...], AreaProfile] = {}
_PROFILE_CACHE_SIZE = 4096


def profile_of(cards_of: Mapping[str, Card], area: tuple[str, ...]) -> AreaProfile:
    """The area's profile, memoised (instance names map to the same type in both editions)."""
    profile = _PROFILES.get(area)
    if profile is None:
        if len(_PROFILES) >= _PROFILE_CACHE_SIZE:
            _PROFILES.clear()
        profile = _PROFILES[area] = AreaProfile(cards_of, area)
    return profile


def displace_targets(state: GameState, seat: int, trading: Card, hand_after: int) -> list[str]:
    """Cards in the seat's area this trading card may displace.

    `hand_after` is the hand size once the action is done; a card whose loss would leave the
    player above his hand limit (the Warehouse while holding 4) cannot go, nor can a card whose
    mark forbids it (an Observatory turned over this round).
    """
    cards_of = state.rules.cards
    player = state.players[seat]
    blocked = not_displaceable(player.marks) if player.marks else frozenset()
    limit = None
    targets = []
    allowed = trading.target_ids
    for instance in player.area:
        target = cards_of[instance]
        if target.id not in allowed or instance in blocked:
            continue
        bonus = target.ability.hand_limit_bonus
        if bonus:
            if limit is None:
                limit = hand_limit(cards_of, player.area, state.rules.hand_limit)
            if hand_after > limit - bonus:
                continue
        targets.append(instance)
    return targets
