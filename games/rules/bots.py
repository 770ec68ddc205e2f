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

from .cards import Card, catalogue
from .engine import legal_moves
from .moves import Move
from .prices import profile_of
from .rng import SplitMix64
from .scoring import aristocrat_points, distinct_aristocrats
from .state import PHASES, GameState, PlayerState

Bot = Callable[[GameState, int, int], Move]


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
    return max(0, min(len(pile) for pile in state.piles) // 6)


def _scorings(state: GameState, color: str) -> int:
    """Scorings of `color` a card placed now will still receive."""
    this_round = PHASES.index(color) >= PHASES.index(state.phase) and state.step == "actions"
    return rounds_left(state) + (1 if this_round else 0)


def ruble_value(state: GameState) -> float:
    """Points a ruble is worth now: it buys income early on, only 1/10 point at the end."""
    return 0.1 + 0.07 * min(rounds_left(state), 4)


def card_value(state: GameState, player: PlayerState, card: Card, displaced: Card | None) -> float:
    """Points (rubles converted) the card brings over the rest of the game."""
    cards_of = catalogue(state.edition).instances
    n = _scorings(state, card.color)
    value = n * (card.points + card.rubles * ruble_value(state))
    if displaced is not None:
        value -= n * (displaced.points + displaced.rubles * ruble_value(state))
    if card.color == "aristocrat":
        area = [c for c in player.area if cards_of[c] is not displaced]
        before = distinct_aristocrats(cards_of, player.area)
        after = len({cards_of[c].id for c in area if cards_of[c].color == "aristocrat"} | {card.id})
        value += aristocrat_points(after) - aristocrat_points(before)
    return value


def _score(state: GameState, seat: int, move: Move) -> float:
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    worth = ruble_value(state)
    if move.kind in ("buy", "play"):
        card = cards_of[move.card]  # type: ignore[index]
        displaced = cards_of[move.displace] if move.displace else None
        lower = move.card in state.lower
        price = profile_of(cards_of, player.area).price(card, lower, displaced)
        if move.kind == "play":
            price = profile_of(cards_of, player.area).price(card, False, displaced)
        gain = card_value(state, player, card, displaced) - price * worth
        return gain + (5.0 if move.kind == "play" else 0.0)
    if move.kind == "take":
        if rounds_left(state) == 0:
            return -10.0
        card = cards_of[move.card]  # type: ignore[index]
        gain = card_value(state, player, card, None) - card.cost * worth
        return 0.4 * gain - 1.5
    if move.kind == "pub":
        return (1 - 2 * worth) * (move.points or 0)
    if move.kind == "discard":
        return 0.0
    if move.kind == "pass":
        return 0.0 if move.until is None else -0.01
    return -1.0  # pub plans and the Observatory: left to humans


def greedy_bot(state: GameState, seat: int, seed: int) -> Move:
    """The legal move with the best value; ties broken by the seed."""
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    rng = SplitMix64(seed)
    best = max(moves, key=lambda m: (_score(state, seat, m), rng.next_u64()))
    return best


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
