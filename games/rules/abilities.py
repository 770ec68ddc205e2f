"""Card abilities (rulebook "The special cards"), registered by key: the one registry of hooks.

A card in the catalogue names an ability key; the key maps to an `Ability`, whose fields are the
engine's named moments. Every hook defaults to "nothing"; every hook that is a function receives
the state and the seat (the card's owner) first. A few moments also take plain data, a shorthand
for the most common hook that the hot paths read without a call. Adding an expansion means
registering abilities (`register_ability`) and naming them in its card data, never
`if card == ...` chains elsewhere.

- `price(state, seat, card, price) -> price`: what the owner pays for `card` (bought or played),
  given the price the rules make it so far (at least 1); the result is floored at 1 too. Each
  card in the area with the hook applies it, in area order (prices.py, `seat_prices`).
  Shorthand `discounts`: colours whose cards the owner pays 1 ruble less for (Carpenter
  Workshop: blue, Gold Smelter: red), counted in the per-area price profile, which is memoised.
- `hand_limit_bonus`: extra hand slots (Warehouse).
- `displace_value`: what the card counts as when a trading card displaces it (Potjomkin's
  Village).
- `displaces(state, seat, trading, target) -> bool`: which cards of the seat's area this trading
  card may displace, instead of the rulebook's colour and symbol rule (New Society: any worker;
  Czar-Superstar: only Czar and Carpenter). Without it the rulebook's rule applies, worked out
  per card type when the catalogue is built (`Card.target_ids`).
- `scoring(state, seat, phase)`: extra (rubles, points) at a phase's scoring (Mariinskij Theater,
  Tax Man). Scorings that compare players are phase scorers (phases.py, `register_scorer`).
- `actions(state, seat, card)`: extra actions the card offers its owner on his turn (the
  Observatory draw; later the Debtor's Prison, the Guild Hall split).
- `hand_penalty(state, seat, card) -> bool`: whether the card costs points when left in the
  seat's hand at the end (`costs_in_hand`). Shorthand: `True` (every card but the purple ones)
  or `False` (purple cards).
- `params`: numbers a module reads for its cards (the Pub: 5 points per card).

Game-level moments (a phase's start, what follows a scoring, the final scoring steps, scorings
that compare players) are registered by the modules and named by the ruleset (ruleset.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .cards import Card
    from .moves import Move
    from .state import GameState

ScoringHook = Callable[["GameState", int, str], tuple[int, int]]
ActionsHook = Callable[["GameState", int, str], Iterable["Move"]]
PriceHook = Callable[["GameState", int, "Card", int], int]
DisplaceRule = Callable[["GameState", int, "Card", "Card"], bool]
HandPenalty = Callable[["GameState", int, "Card"], bool]


@dataclass(frozen=True, slots=True)
class Ability:
    """What one ability key does, hook by hook; every hook defaults to 'nothing'."""

    key: str
    price: PriceHook | None = None
    discounts: tuple[str, ...] = ()
    hand_limit_bonus: int = 0
    displace_value: int | None = None
    displaces: DisplaceRule | None = None
    scoring: ScoringHook | None = None
    actions: ActionsHook | None = None
    hand_penalty: bool | HandPenalty = True
    params: Mapping[str, int] = field(default_factory=dict)


ABILITIES: dict[str, Ability] = {}


def register_ability(ability: Ability) -> Ability:
    """Make an ability key usable in card data (before the catalogues are built)."""
    if ability.key in ABILITIES:
        raise ValueError(f"ability {ability.key!r} is registered twice")
    ABILITIES[ability.key] = ability
    return ability


def costs_in_hand(state: GameState, seat: int, card: Card) -> bool:
    """Whether `card` left in the seat's hand at the end costs points (the `hand_penalty` hook,
    or its shorthand)."""
    rule = card.ability.hand_penalty
    return rule if isinstance(rule, bool) else rule(state, seat, card)


def count_color(state: GameState, seat: int, color: str) -> int:
    """Cards of a colour in the seat's area (trading cards count as the colour they upgrade)."""
    cards_of = state.rules.cards
    return sum(1 for c in state.players[seat].area if cards_of[c].color == color)


def mariinsky_rubles(state: GameState, seat: int, phase: str) -> tuple[int, int]:
    """1st edition: at building scoring, 1 ruble per aristocrat (red card, trading ones too)."""
    return (count_color(state, seat, "aristocrat"), 0) if phase == "building" else (0, 0)


def mariinsky_points(state: GameState, seat: int, phase: str) -> tuple[int, int]:
    """2nd edition: at building scoring, 1 point per aristocrat (red card, trading ones too)."""
    return (0, count_color(state, seat, "aristocrat")) if phase == "building" else (0, 0)


def tax_man(state: GameState, seat: int, phase: str) -> tuple[int, int]:
    """At aristocrat scoring, 1 ruble per worker (green card, trading ones too)."""
    return (count_color(state, seat, "worker"), 0) if phase == "aristocrat" else (0, 0)


for _ability in (
    Ability("carpenter_workshop", discounts=("building",)),
    Ability("gold_smelter", discounts=("aristocrat",)),
    Ability("warehouse", hand_limit_bonus=1),
    Ability("potjomkin", displace_value=6),
    Ability("mariinsky_rubles", scoring=mariinsky_rubles),
    Ability("mariinsky_points", scoring=mariinsky_points),
    Ability("tax_man", scoring=tax_man),
):
    register_ability(_ability)
NO_ABILITY = Ability("")


def ability_params(card: Card, name: str) -> int:
    """A number of the card's ability (0 if it has none of that name)."""
    value: Any = card.ability.params.get(name, 0)
    return int(value)
