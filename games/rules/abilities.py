"""Special card abilities (rulebook "The special cards"), registered by key.

A card in the catalogue names an ability key; the key maps to small named functions or numbers for
each hook the engine knows. Adding an expansion means adding data and abilities here, never
`if card == ...` chains elsewhere. The hooks:

- price discount: the owner pays 1 ruble less for cards of a colour (Carpenter Workshop,
  Gold Smelter)
- hand limit bonus: extra hand slots (Warehouse)
- displace value: what the card is worth when a trading card displaces it (Potjomkin's Village)
- scoring bonus: extra rubles/points at a phase's scoring (Mariinskij Theater, Tax Man)
- pub points: points the owner may buy after building scoring (Pub)
- observatory: the once-per-round draw in the building phase (Observatory)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

# (phase, cards in the owner's area) -> (rubles, points)
ScoringBonus = Callable[[str, Sequence[Any]], tuple[int, int]]


@dataclass(frozen=True, slots=True)
class Ability:
    """What one ability key does, hook by hook; every hook defaults to 'nothing'."""

    key: str
    discount_color: str | None = None
    hand_limit_bonus: int = 0
    displace_value: int | None = None
    scoring_bonus: ScoringBonus | None = None
    pub_points: int = 0
    observatory: bool = False


def _count_color(cards: Sequence[Any], color: str) -> int:
    return sum(1 for card in cards if card.color == color)


def mariinsky_rubles(phase: str, cards: Sequence[Any]) -> tuple[int, int]:
    """1st edition: at building scoring, 1 ruble per aristocrat (red card, trading ones too)."""
    return (_count_color(cards, "aristocrat"), 0) if phase == "building" else (0, 0)


def mariinsky_points(phase: str, cards: Sequence[Any]) -> tuple[int, int]:
    """2nd edition: at building scoring, 1 point per aristocrat (red card, trading ones too)."""
    return (0, _count_color(cards, "aristocrat")) if phase == "building" else (0, 0)


def tax_man(phase: str, cards: Sequence[Any]) -> tuple[int, int]:
    """At aristocrat scoring, 1 ruble per worker (green card, trading ones too)."""
    return (_count_color(cards, "worker"), 0) if phase == "aristocrat" else (0, 0)


ABILITIES: dict[str, Ability] = {
    ability.key: ability
    for ability in (
        Ability("carpenter_workshop", discount_color="building"),
        Ability("gold_smelter", discount_color="aristocrat"),
        Ability("warehouse", hand_limit_bonus=1),
        Ability("potjomkin", displace_value=6),
        Ability("mariinsky_rubles", scoring_bonus=mariinsky_rubles),
        Ability("mariinsky_points", scoring_bonus=mariinsky_points),
        Ability("tax_man", scoring_bonus=tax_man),
        Ability("pub", pub_points=5),
        Ability("observatory", observatory=True),
    )
}
NO_ABILITY = Ability("")
