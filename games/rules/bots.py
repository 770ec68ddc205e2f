"""Bots: pure functions of (state, seat, seed) that return a legal Move.

`random` picks uniformly among the legal moves. `greedy` values each move as points it will bring
(income times the scorings still to come, aristocrat-table gains) minus what the rubles it costs
are worth, where a ruble is worth more early (it buys future income) and little at the end. It
keeps money for the next phase by valuing rubles, takes good cards into its hand when it cannot
pay yet, and buys Pub points once rubles are worth less than half a point. Randomness only from
our own generator (rng.py).
"""

from __future__ import annotations

from collections.abc import Callable

from .abilities import ability_params
from .cards import Card
from .engine import legal_moves
from .moves import Move
from .prices import may_target, seat_prices
from .rng import SplitMix64
from .scoring import aristocrat_points, distinct_aristocrats
from .state import GameState

Bot = Callable[[GameState, int, int], Move]
# What an expansion adds to the greedy bot's judgement, by its option (looked up only for the
# options that are on, so the base game pays nothing): the extra worth of placing a card (the
# Market's majorities and upkeep) and the worth of its own move kinds (upkeep, the '?' good).
CardWorth = Callable[[GameState, int, str, Card, "Card | None"], float]
MoveWorth = Callable[[GameState, int, Move], float]
CARD_WORTH: dict[str, CardWorth] = {}
MOVE_WORTH: dict[str, MoveWorth] = {}


def register_bot_worth(
    option: str, card: CardWorth | None = None, moves: dict[str, MoveWorth] | None = None
) -> None:
    """Teach the greedy bot an expansion: `card` values a placement, `moves` its move kinds."""
    if card is not None:
        CARD_WORTH[option] = card
    MOVE_WORTH.update(moves or {})


def random_bot(state: GameState, seat: int, seed: int) -> Move:
    """A uniformly random legal move."""
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return moves[SplitMix64(seed).below(len(moves))]


def rounds_left(state: GameState) -> int:
    """Rounds still to play after this one, guessed from the shortest pile (~6 cards a round)."""
    if state.last_round:
        return 0
    return max(0, min(map(len, state.piles)) // 6)


def scorings_left(state: GameState, color: str) -> int:
    """Scorings of `color` a card placed now will still receive (for the modules' worths)."""
    return _scorings(state, color)


def _scorings(state: GameState, color: str) -> int:
    """Scorings of `color` a card placed now will still receive."""
    rules = state.rules
    scoring = rules.scored_in.get(color, len(rules.phases))
    this_round = scoring >= rules.phase_index[state.phase] and state.step == "actions"
    return rounds_left(state) + (1 if this_round else 0)


def ruble_value(state: GameState) -> float:
    """Points a ruble is worth now: it buys income early on, only 1/10 point at the end."""
    return 0.1 + 0.07 * min(rounds_left(state), 4)


def card_value(
    state: GameState, seat: int, instance: str, card: Card, displaced: Card | None
) -> float:
    """Points (rubles converted) the card brings over the rest of the game."""
    cards_of = state.rules.cards
    player = state.players[seat]
    n = _scorings(state, card.color)
    value = n * (card.points + card.rubles * ruble_value(state))
    if displaced is not None:
        value -= n * (displaced.points + displaced.rubles * ruble_value(state))
    if card.color == "aristocrat":
        area = [c for c in player.area if cards_of[c] is not displaced]
        before = distinct_aristocrats(cards_of, player.area)
        after = len({cards_of[c].id for c in area if cards_of[c].color == "aristocrat"} | {card.id})
        bonus = state.rules.aristocrats_beyond_ten
        value += aristocrat_points(after, bonus) - aristocrat_points(before, bonus)
    for option in state.rules.expansions:
        worth = CARD_WORTH.get(option)
        if worth is not None:
            value += worth(state, seat, instance, card, displaced)
    return value + ability_value(state, seat, instance, card)


def ability_value(state: GameState, seat: int, instance: str, card: Card) -> float:
    """A rough worth of the card's ability, read from its hooks (never from its name)."""
    ability = card.ability
    worth = ruble_value(state)
    future = rounds_left(state)
    value = 0.0
    if ability.scoring is not None:
        player = state.players[seat]
        placed = state.with_player(seat, player.evolve(area=(*player.area, instance)))
        for phase in state.rules.phases:
            if phase.scores:
                rubles, points = ability.scoring(placed, seat, phase.name)
                value += _scorings(state, phase.name) * (points + rubles * worth)
    if ability.discounts:
        value += 0.8 * future * worth
    if ability.hand_limit_bonus:
        value += 0.5
    if ability_params(card, "points"):
        value += _scorings(state, "building") * 2.0
    if ability.displace_value is not None and ability.displace_value > card.cost:
        value += 0.5 * (ability.displace_value - card.cost) * worth
    trade = ability_params(card, "trade_points")
    if trade:  # points bought for rubles after a scoring (the Trading House)
        gain = trade - ability_params(card, "trade_price") * worth
        value += max(0.0, gain) * _scorings(state, "building")
    if ability_params(card, "fetches"):  # a card from the discard pile once a round (Prison)
        value += 0.3 * future
    return value


def _reserve(state: GameState) -> int:
    """Rubles the greedy bot likes to keep for the next phases (none in the last round)."""
    return 0 if state.last_round else 8


def _score(state: GameState, seat: int, move: Move) -> float:
    cards_of = state.rules.cards
    player = state.players[seat]
    worth = ruble_value(state)
    if move.kind in ("buy", "play"):
        card = cards_of[move.card]  # type: ignore[index]
        displaced = cards_of[move.displace] if move.displace else None
        lower = move.card in state.lower
        price = seat_prices(state, seat).price(card, lower, displaced)
        if move.kind == "play":
            price = seat_prices(state, seat).price(card, False, displaced)
        gain = card_value(state, seat, move.card, card, displaced) - price * worth  # type: ignore[arg-type]
        return gain + (5.0 if move.kind == "play" else 0.0)
    if move.kind == "take":
        if rounds_left(state) == 0:
            return -10.0
        card = cards_of[move.card]  # type: ignore[index]
        displaced = None
        if card.trading:
            area = [cards_of[c] for c in player.area]
            targets = [t for t in area if may_target(state, seat, card, t)]
            if not targets:
                return -10.0
            displaced = min(targets, key=lambda t: t.points + t.rubles)
        gain = card_value(state, seat, move.card, card, displaced) - card.cost * worth  # type: ignore[arg-type]
        return 0.4 * gain - 1.5
    if move.kind == "pub":
        points = move.points or 0
        short = max(0, _reserve(state) - (player.money - 2 * points))
        lost = points - points_kept(state, seat, points)  # a points gate may stop some
        return (1 - 2 * worth) * points - 0.5 * short - lost
    if move.kind == "discard":
        return 0.0
    if move.kind in MODULE_MOVES:
        return MODULE_MOVES[move.kind](state, seat, move)
    if move.kind == "pass":
        return 0.0 if move.until is None else -0.01
    module_worth = MOVE_WORTH.get(move.kind)
    if module_worth is not None:
        return module_worth(state, seat, move)
    return -1.0  # pub plans and the Observatory: left to humans


def _trading_house(state: GameState, seat: int, move: Move) -> float:
    """Pay 3 rubles for 2 points when rubles are worth less than 2/3 of a point each."""
    if not move.get("use"):
        return 0.0
    short = max(0, _reserve(state) - (state.players[seat].money - 3))
    lost = 2 - points_kept(state, seat, 2)  # a points gate may stop them
    return 2 - 3 * ruble_value(state) - 0.5 * short - lost


def points_kept(state: GameState, seat: int, points: int) -> int:
    """Of `points` bought now, those the game's points gate would let through (Module 6: up to
    the real obstacle that would stop the seat; all without a gate)."""
    gate = state.rules.points_gate
    if gate is None:
        return points
    room = gate.room(state, seat)
    return points if room is None else min(points, room)


def _prison(state: GameState, seat: int, move: Move) -> float:
    """A card fetched from the discard pile: valued as if bought or taken from the board."""
    then = move.get("then")
    if then == "buy":
        return _score(state, seat, Move("play", move.card, move.displace)) - 5.0
    if then == "take":
        return _score(state, seat, Move("take", move.card))
    return -1.0


def _discard_sycophant(state: GameState, seat: int, move: Move) -> float:
    """Give a Sycophant up when its upkeep costs more than its place among the aristocrats."""
    cards_of = state.rules.cards
    area = state.players[seat].area
    bonus = state.rules.aristocrats_beyond_ten
    before = aristocrat_points(distinct_aristocrats(cards_of, area), bonus)
    rest = tuple(c for c in area if c != move.card)
    after = aristocrat_points(distinct_aristocrats(cards_of, rest), bonus)
    return _scorings(state, "aristocrat") * ruble_value(state) - (before - after) - 0.01


MODULE_MOVES: dict[str, Callable[[GameState, int, Move], float]] = {
    "trading_house": _trading_house,
    "prison": _prison,
    "discard_sycophant": _discard_sycophant,
}


def move_value(state: GameState, seat: int, move: Move) -> float:
    """Greedy's worth of a legal move (points, rubles converted): the expert bot ranks the
    candidates it searches by it."""
    return _score(state, seat, move)


def greedy_bot(state: GameState, seat: int, seed: int) -> Move:
    """The legal move with the best value; ties broken by the seed."""
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    rng = SplitMix64(seed)
    best = max(moves, key=lambda m: (_score(state, seat, m), rng.next_u64()))
    return best


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
