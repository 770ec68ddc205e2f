"""The greedy bot's judgement of the Events (bots.py `register_bot_worth`): an event is worth
what its effect brings the bot - rubles at its ruble value, a placement as the bot values that
card, a hand slot by the rounds left to use it, a card kept from the next player by what it
would bring him - less what spending the one event of the game costs (`SPENT`). The Twin's pair
is worth what its two placements bring. Nothing here looks at a pile's order: the Twin and the
Ghost are valued by the cards already on the board."""

from __future__ import annotations

from ..bots import card_value, register_bot_worth, rounds_left, ruble_value
from ..cards import Card
from ..moves import Move
from ..prices import seat_prices
from ..state import GameState
from .events import (
    GHOST,
    GRABBER,
    NEW_LUCK,
    OPTION,
    SPONSOR,
    SPONSOR_OTHERS,
    SPONSOR_RUBLES,
    TWIN,
    WAREHOUSE,
    WAREHOUSE_SLOTS,
)
from .twin import PAIR

SPENT = 1.0  # points the one event of a game is worth keeping for later
SLOT_PER_ROUND = 0.3  # a hand slot's worth per round left to use it
TAKE_SHARE = 0.4  # a card taken into the hand counts for this share of its placement (bots.py)
DENIAL_SHARE = 0.5  # a card the Ghost keeps from the next player counts for this share


def _placement(
    state: GameState, seat: int, instance: str, displace: str | None, lower: bool
) -> float:
    """What buying the card brings the bot, its price at the bot's ruble value taken off."""
    cards_of = state.rules.cards
    card = cards_of[instance]
    displaced: Card | None = cards_of[displace] if displace else None
    price = seat_prices(state, seat).price(card, lower, displaced)
    return card_value(state, seat, instance, card, displaced) - price * ruble_value(state)


def _best_buy(state: GameState, seat: int, instance: str) -> float:
    """The best the seat could make of buying a board card (0 if it is no good to it)."""
    card = state.rules.cards[instance]
    if card.special:
        return 0.0
    if card.trading:
        area = state.players[seat].area
        gains = [_placement(state, seat, instance, target, False) for target in area]
        return max([0.0, *gains])
    return max(0.0, _placement(state, seat, instance, None, instance in state.lower))


def _event_worth(state: GameState, seat: int, move: Move) -> float:
    name = move.get("event")
    worth = ruble_value(state)
    if name == SPONSOR:  # the others' rubles count against it, as an average opponent's
        return (SPONSOR_RUBLES - SPONSOR_OTHERS) * worth - SPENT
    if name == WAREHOUSE:
        return WAREHOUSE_SLOTS * SLOT_PER_ROUND * rounds_left(state) - SPENT
    if name == GRABBER:
        return _placement(state, seat, str(move.card), move.displace, False) - SPENT
    if name == GHOST:
        after = (seat + 1) % state.n
        return DENIAL_SHARE * _best_buy(state, after, str(move.card)) - SPENT
    if name == TWIN:  # the pair's known card, half of it: the other one is unknown
        return 0.5 * _best_buy(state, seat, state.upper[0]) - SPENT
    assert name == NEW_LUCK
    return -SPENT  # more cards to choose from, for everybody alike


def _pair_worth(state: GameState, seat: int, move: Move) -> float:
    """Both cards of the pair: each bought as the bot values a buy, or taken as it values a take."""
    head = state.decisions[0]
    on, drawn = str(head.data["on"]), str(head.data["card"])
    first = str(move.card)
    second = drawn if first == on else on
    total = 0.0
    for card, way, displace in (
        (first, move.get("then"), move.displace),
        (second, move.get("second"), move.get("second_displace")),
    ):
        if way == "buy":
            total += _placement(state, seat, card, displace, False)
        else:
            value = card_value(state, seat, card, state.rules.cards[card], None)
            total += TAKE_SHARE * value - 1.5
    return total


register_bot_worth(OPTION, moves={"event": _event_worth, PAIR: _pair_worth})
