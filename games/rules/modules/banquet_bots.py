"""The greedy bot's judgement of the Banquet (bots.py `register_bot_worth`): a move with a
purple card is worth what its effect brings - rubles at the bot's ruble value, points as points,
a placement as the bot values that card - so the bot uses a card when that is positive, never
because of its name. Taking a purple card is worth a little while rounds remain to use it."""

from __future__ import annotations

from ..bots import card_value, register_bot_worth, rounds_left, ruble_value, scorings_left
from ..cards import Card
from ..moves import Move
from ..prices import seat_prices
from ..state import GameState
from .banquet import GOLDEN_DONKEY_RUBLES, OPTION
from .moocher import card_value_of
from .pickpocket import KIND as PICKPOCKET
from .purple import MOVE

HAND_PENALTY = 5.0  # points a non-purple card left in the hand costs
TAKE_WORTH = 5.0  # a purple card in the hand while rounds remain (a take scores 0.4 x worth - 1.5)


def _card_worth(
    state: GameState, seat: int, instance: str, card: Card, displaced: Card | None
) -> float:
    return TAKE_WORTH if card.special and rounds_left(state) > 0 else 0.0


def _placement(
    state: GameState, seat: int, card_id: str, displace: str | None, price: int
) -> float:
    cards_of = state.rules.cards
    displaced = cards_of[displace] if displace else None
    worth = card_value(state, seat, card_id, cards_of[card_id], displaced)
    return worth - price * ruble_value(state)


def _price(state: GameState, seat: int, card_id: str, lower: bool, displace: str | None) -> int:
    cards_of = state.rules.cards
    displaced = cards_of[displace] if displace else None
    return seat_prices(state, seat).price(cards_of[card_id], lower, displaced)


def _overlay(state: GameState, target: str, jester: bool) -> float:
    card = state.rules.cards[target]
    if scorings_left(state, card.color) == 0:
        return -1.0
    rubles, points = (card.points, card.rubles) if jester else (2 * card.rubles, 2 * card.points)
    worth = ruble_value(state)
    return (rubles - card.rubles) * worth + (points - card.points)


def _special_worth(state: GameState, seat: int, move: Move) -> float:
    cards_of = state.rules.cards
    key = cards_of[str(move.card)].ability.key
    target = move.get("target")
    if key == "golden_donkey":
        return GOLDEN_DONKEY_RUBLES * ruble_value(state)
    if key == "double_turn":
        return 1.0 if state.upper or state.lower else -1.0
    if key == "away_with_it":
        return HAND_PENALTY - 1.0 if rounds_left(state) == 0 else -1.0
    if key in ("jester", "banquet"):
        return _overlay(state, target, key == "jester")
    if key == "moocher":
        owner = next(n for n, p in enumerate(state.players) if target in p.area)
        rubles, points = card_value_of(state, owner, target)
        return rubles * ruble_value(state) if move.get("gain") == "rubles" else float(points)
    if key == "money_collector":
        full = _price(state, seat, target, target in state.lower, move.displace)
        return _placement(state, seat, target, move.displace, full // 2) + 1.0
    then = move.get("then")  # the Black Market
    if then == "buy":
        return _placement(
            state, seat, target, move.displace, _price(state, seat, target, False, move.displace)
        )
    if then == "take":
        return 0.4 * _placement(state, seat, target, None, cards_of[target].cost) - 1.5
    return -1.0


def _pickpocket_worth(state: GameState, seat: int, move: Move) -> float:
    if not move.get("use"):
        return 0.0
    card = move.card
    if card is None:  # 1st edition: first player of the phase
        return 0.5
    if move.get("then") == "take":
        return 0.4 * _placement(state, seat, card, None, state.rules.cards[card].cost) - 1.0
    price = _price(state, seat, card, card in state.lower, move.displace)
    return _placement(state, seat, card, move.displace, price)


register_bot_worth(OPTION, _card_worth, {MOVE: _special_worth, PICKPOCKET: _pickpocket_worth})
