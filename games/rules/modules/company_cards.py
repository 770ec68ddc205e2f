"""The simple abilities of the New Society / In Good Company cards (../shared/expansions.md §2.1,
§2.6): each one a scoring hook, a discount or a displacement rule, read from the card data.

- `obshchina` (Obshchina Commune): every green card its owner pays for costs 1 ruble less.
- `displaces_any_worker` (New Society, October Revolution): displaces any worker that is not a
  trading card; whether it counts as a wool card is its data (`symbols`).
- `coffee_house`: at building scoring, 1 ruble per red card in the owner's area.
- `mayor`: at aristocrat scoring, 1 ruble per blue card (a turned Observatory or Debtor's Prison
  too).
- `textile_factory`: at building scoring, 2 points per card with the wool symbol.
"""

from __future__ import annotations

from ..abilities import Ability, count_color, register_ability
from ..cards import Card
from ..state import GameState

WOOL = "wool"
TEXTILE_POINTS = 2  # per wool card


def displaces_any_worker(state: GameState, seat: int, trading: Card, target: Card) -> bool:
    """New Society / October Revolution: any worker that is not itself a trading card."""
    return target.color == "worker" and not target.trading


def coffee_house(state: GameState, seat: int, phase: str) -> tuple[int, int]:
    return (count_color(state, seat, "aristocrat"), 0) if phase == "building" else (0, 0)


def mayor(state: GameState, seat: int, phase: str) -> tuple[int, int]:
    return (count_color(state, seat, "building"), 0) if phase == "aristocrat" else (0, 0)


def textile_factory(state: GameState, seat: int, phase: str) -> tuple[int, int]:
    if phase != "building":
        return 0, 0
    cards_of = state.rules.cards
    wool = sum(1 for c in state.players[seat].area if WOOL in cards_of[c].symbols)
    return 0, TEXTILE_POINTS * wool


for _ability in (
    Ability("obshchina", discounts=("worker",)),
    Ability("displaces_any_worker", displaces=displaces_any_worker),
    Ability("coffee_house", scoring=coffee_house),
    Ability("mayor", scoring=mayor),
    Ability("textile_factory", scoring=textile_factory),
):
    register_ability(_ability)
