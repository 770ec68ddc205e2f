"""What a card costs a player (rulebook "Cost Reduction", "The trading cards", "What does a
trading card cost?"; `003` for the Observatory and Warehouse displacement limits).

Price = printed cost (a trading card: the difference to the displaced card, or 1 if not dearer)
minus 1 per identical card in the area, minus 1 from the lower row, minus 1 per discount of
the bought card's colour that abilities in the area give (Carpenter Workshop: blue, Gold Smelter:
red); never below 1; then the `price` hooks of the area's cards, each given the price so far
(`seat_prices`; none in the base game), then the discounts the seat holds outside its area (the
ruleset's `seat_price` hooks: the Assistants), and again never below 1. Which cards a trading
card may displace: its type's targets (cards.py) or its ability's `displaces` hook, minus cards
whose marks forbid it (a turned Observatory) and cards whose loss would leave the owner above
his hand limit (the Warehouse).

Everything a seat pays for a card is priced through `seat_prices(state, seat)`: the area's
memoised profile itself when no card in the area has a `price` hook and the ruleset has no
seat-level hook (the common case, no call per price), else the profile bound to the state and
the seat, which runs the hooks. The hand limit is the ruleset's, plus what the area's abilities
add (the Warehouse), plus what the seat holds outside its area (the ruleset's `hand_bonus`
hooks: the Warehouse event).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from .abilities import PriceHook
from .cards import Card
from .marks import not_displaceable
from .state import GameState

BASE_HAND_LIMIT = 3


class AreaProfile:
    """Counts over a play area that prices need, computed once per player and move list."""

    __slots__ = (
        "actors",
        "area",
        "by_color",
        "hand_bonus",
        "limit_cards",
        "pricers",
        "same",
        "targets",
    )

    def __init__(self, cards_of: Mapping[str, Card], area: tuple[str, ...]) -> None:
        same: dict[str, int] = {}
        by_color: dict[str, int] = {}
        hand_bonus = 0
        limit_cards = False
        actors: list[str] = []
        pricers: list[PriceHook] = []
        for instance in area:  # one pass: a new area is profiled after nearly every placement
            card = cards_of[instance]
            ability = card.ability
            same[card.id] = same.get(card.id, 0) + 1
            for color in ability.discounts:
                by_color[color] = by_color.get(color, 0) + 1
            if ability.hand_limit_bonus:
                hand_bonus += ability.hand_limit_bonus
                limit_cards = True
            if ability.actions is not None:
                actors.append(instance)
            if ability.price is not None:
                pricers.append(ability.price)
        self.area = area
        self.same = same
        self.by_color = by_color
        # What abilities in the area add to the hand limit (the Warehouse), see `hand_limit`.
        self.hand_bonus = hand_bonus
        # Whether a card of the area changes the hand limit (its loss may be refused).
        self.limit_cards = limit_cards
        # Cards whose ability offers extra actions (the Observatory), in area order.
        self.actors = tuple(actors)
        # The `price` hooks of the area's cards, in area order (one per card).
        self.pricers: tuple[PriceHook, ...] = tuple(pricers)
        # By a trading type's `target_ids`: the area's cards of those types, in area order.
        self.targets: dict[frozenset[str], tuple[str, ...]] = {}

    def price(self, card: Card, lower: bool = False, displaced: Card | None = None) -> int:
        """The price of `card` for this area (bought from the lower row if `lower`), before any
        `price` hook (`seat_prices` runs those)."""
        base = card.cost
        if displaced is not None:
            difference = base - displaced.displace_value
            base = difference if difference > 1 else 1
        price = base - self.same.get(card.id, 0) - self.by_color.get(card.color, 0)
        if lower:
            price -= 1
        return price if price > 1 else 1

    def cards_of_types(self, cards_of: Mapping[str, Card], ids: frozenset[str]) -> tuple[str, ...]:
        """The area's cards whose type is one of `ids`, in area order (memoised)."""
        found = self.targets.get(ids)
        if found is None:
            found = self.targets[ids] = tuple(c for c in self.area if cards_of[c].id in ids)
        return found


def hand_limit(
    cards_of: Mapping[str, Card], area: tuple[str, ...], base: int = BASE_HAND_LIMIT
) -> int:
    """3 cards (the ruleset's base), plus what abilities in the area add (Warehouse: 4)."""
    return base + sum(cards_of[c].ability.hand_limit_bonus for c in area)


def seat_hand_limit(state: GameState, seat: int) -> int:
    """The hand limit of a seat under the game's rules (its area's and its own bonuses)."""
    rules = state.rules
    limit = hand_limit(rules.cards, state.players[seat].area, rules.hand_limit)
    for bonus in rules.hand_bonus:
        limit += bonus(state, seat)
    return limit


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


class Prices(Protocol):
    """What pricing a seat's purchases offers: the area's extra-action cards, the hand slots its
    abilities add, and the price."""

    @property
    def actors(self) -> tuple[str, ...]: ...

    @property
    def hand_bonus(self) -> int: ...

    def price(self, card: Card, lower: bool = False, displaced: Card | None = None) -> int: ...


# A seat's own discounts (the ruleset's `seat_price` hooks: the Assistants): rubles off every
# card of a colour, or - under the key TRADING - off every trading card.
SeatDiscounts = tuple[tuple[str, int], ...]
TRADING = "trading"


class DiscountedProfile(AreaProfile):
    """An area's profile with the discounts its seat holds outside the area, memoised by the area
    and those discounts like the area's own profile (`seat_prices`). The colour discounts join the
    area's own (`by_color`): the price is the same as taking them off after the area's price,
    since both only subtract and the price is floored once."""

    __slots__ = ()

    def __init__(self, base: AreaProfile, discounts: SeatDiscounts) -> None:
        # The area's counts are the area profile's own (no second count of the area).
        self.area = base.area
        self.limit_cards = base.limit_cards
        self.targets = base.targets
        self.actors = base.actors
        self.pricers = base.pricers
        self.same = base.same
        self.hand_bonus = base.hand_bonus
        by_color = dict(base.by_color)
        for kind, rubles in discounts:
            if kind != TRADING:
                by_color[kind] = by_color.get(kind, 0) + rubles
        self.by_color = by_color


class TradingDiscountProfile(DiscountedProfile):
    """A discounted profile with rubles off every trading card as well (the Czar's Daughter)."""

    __slots__ = ("trading_off",)

    def __init__(self, base: AreaProfile, discounts: SeatDiscounts) -> None:
        super().__init__(base, discounts)
        self.trading_off = sum(rubles for kind, rubles in discounts if kind == TRADING)

    def price(self, card: Card, lower: bool = False, displaced: Card | None = None) -> int:
        price = AreaProfile.price(self, card, lower, displaced)
        if card.trading:
            price -= self.trading_off
            return price if price > 1 else 1
        return price


def plain_counts(prices: Prices) -> tuple[dict[str, int], dict[str, int]] | None:
    """(`same`, `by_color`) of prices whose `price` is exactly `AreaProfile.price` (an area's
    profile, discounted or not), for the legal-move list to work out each card's price without
    a call; None for any other kind of prices."""
    if type(prices) is AreaProfile or type(prices) is DiscountedProfile:
        return prices.same, prices.by_color
    return None


# By the area's own profile (hashed by identity, held here, so never mistaken for another) and
# the discounts.
_DISCOUNTED: dict[tuple[AreaProfile, SeatDiscounts], DiscountedProfile] = {}


def _discounted_profile(base: AreaProfile, discounts: SeatDiscounts) -> DiscountedProfile:
    key = (base, discounts)
    profile = _DISCOUNTED.get(key)
    if profile is None:
        if len(_DISCOUNTED) >= _PROFILE_CACHE_SIZE:
            _DISCOUNTED.clear()
        trading = any(kind == TRADING for kind, _rubles in discounts)
        made = TradingDiscountProfile if trading else DiscountedProfile
        profile = _DISCOUNTED[key] = made(base, discounts)
    return profile


def _discounted(discounts: SeatDiscounts, card: Card, price: int) -> int:
    """`price` with the seat's own discounts that apply to `card` taken off."""
    for kind, rubles in discounts:
        if kind == card.color or (kind == TRADING and card.trading):
            price -= rubles
    return price


class SeatPrices:
    """An area profile bound to the state and the seat, for an area with `price` hooks: the
    profile's price, then each hook, then the seat's own discounts."""

    __slots__ = ("discounts", "profile", "seat", "state")

    def __init__(
        self, profile: AreaProfile, state: GameState, seat: int, discounts: SeatDiscounts
    ) -> None:
        self.profile = profile
        self.state = state
        self.seat = seat
        self.discounts = discounts

    @property
    def actors(self) -> tuple[str, ...]:
        return self.profile.actors

    @property
    def hand_bonus(self) -> int:
        return self.profile.hand_bonus

    def price(self, card: Card, lower: bool = False, displaced: Card | None = None) -> int:
        """The area's price of `card`, then each `price` hook given the price so far, then the
        seat's own discounts."""
        price = self.profile.price(card, lower, displaced)
        for hook in self.profile.pricers:
            price = hook(self.state, self.seat, card, price)
        price = _discounted(self.discounts, card, price)
        return price if price > 1 else 1


# The last (state, seat) priced and its prices: the legal moves of a position and then the move
# played from it price the same seat of the same state. States are immutable and the one held
# here is never another's, so `is` identifies it; only the answer's speed depends on this.
_LAST_PRICES: tuple[GameState | None, int, Prices | None] = (None, -1, None)


def seat_prices(state: GameState, seat: int) -> Prices:
    """How the seat's purchases are priced now: its area's memoised profile, with the seat's own
    discounts (the ruleset's `seat_price` hooks, asked once here, taken off after the area's
    price hooks) and, for an area with `price` hooks, bound to the state and the seat to run
    them. Its `hand_bonus` is the area's (seat_hand_limit adds the seat's own slots)."""
    global _LAST_PRICES
    cached, cached_seat, prices = _LAST_PRICES
    if cached is state and cached_seat == seat and prices is not None:
        return prices
    prices = _seat_prices(state, seat)
    _LAST_PRICES = (state, seat, prices)
    return prices


def _seat_prices(state: GameState, seat: int) -> Prices:
    rules = state.rules
    profile = profile_of(rules.cards, state.players[seat].area)
    discounts: SeatDiscounts = ()
    for hook in rules.seat_price:
        discounts += hook(state, seat)
    if profile.pricers:
        return SeatPrices(profile, state, seat, discounts)
    return _discounted_profile(profile, discounts) if discounts else profile


def may_target(state: GameState, seat: int, trading: Card, target: Card) -> bool:
    """Whether the trading card's rule lets it displace `target` (a card of the seat's area):
    its ability's `displaces` hook, or the rulebook's targets of its type."""
    rule = trading.ability.displaces
    if rule is None:
        return target.id in trading.target_ids
    return rule(state, seat, trading, target)


def displace_targets(state: GameState, seat: int, trading: Card, hand_after: int) -> list[str]:
    """Cards in the seat's area this trading card may displace (its rule: `may_target`).

    `hand_after` is the hand size once the action is done; a card whose loss would leave the
    player above his hand limit (the Warehouse while holding 4) cannot go, nor can a card whose
    mark forbids it (an Observatory turned over this round).
    """
    cards_of = state.rules.cards
    player = state.players[seat]
    rule = trading.ability.displaces
    if rule is None and not player.marks:
        profile = profile_of(cards_of, player.area)
        if not profile.limit_cards:  # the rulebook's targets, none of them refused
            return list(profile.cards_of_types(cards_of, trading.target_ids))
    blocked = not_displaceable(player.marks) if player.marks else frozenset()
    limit = None
    targets = []
    allowed = trading.target_ids
    for instance in player.area:
        target = cards_of[instance]
        if rule is None:
            if target.id not in allowed or instance in blocked:
                continue
        elif instance in blocked or not rule(state, seat, trading, target):
            continue
        bonus = target.ability.hand_limit_bonus
        if bonus:
            if limit is None:
                limit = seat_hand_limit(state, seat)
            if hand_after > limit - bonus:
                continue
        targets.append(instance)
    return targets
