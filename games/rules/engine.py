"""The engine's entry points: who acts, which moves are legal, applying a move.

`apply_move` always checks legality itself (game over -> seat may act -> move kind allowed now ->
move-specific rules), never mutates its input, and then plays the automatic parts of the game:
phase ends, scoring, Pub plans, refills, round ends and the passes of seats that hold a standing
pass or have nothing but pass to do (yucata "Hints for handling": the pass buttons).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import HANDLERS, buy_pub_points, must_buy_worker, workers_in
from .cards import catalogue
from .errors import IllegalMove
from .moves import PASS, PASS_PHASE, PASS_UNTIL_BOARD_CHANGE, Move, card_move, parse_move
from .phases import end_actions, end_game, pub_allowance
from .prices import displace_targets, hand_limit, profile_of
from .state import PHASES, GameState

Events = list[dict[str, Any]]
PASSES = (PASS, PASS_UNTIL_BOARD_CHANGE, PASS_PHASE)
# Rounds in a row that may pass inside one apply_move without anybody having a choice before the
# game is declared stuck (docs/rules.md, "stalemate").
STALEMATE_ROUNDS = 3


def is_over(state: GameState) -> bool:
    return state.step == "over"


def to_act(state: GameState) -> tuple[int, ...]:
    """Seats that may act now: one seat, or none when the game is over."""
    if state.step == "over":
        return ()
    if state.step == "pub":
        return (state.pub_queue[0],)
    return (state.turn,)


def _card_moves(state: GameState, seat: int) -> Iterator[Move]:
    """Buy, take, play and Observatory moves of the seat to act (no passes, no plans)."""
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    money = player.money
    hand = player.hand
    profile = profile_of(cards_of, player.area)
    for row, lower in ((state.upper, False), (state.lower, True)):
        for instance in row:
            card = cards_of[instance]
            if card.trading:
                for target in displace_targets(cards_of, player, card, len(hand)):
                    if profile.price(card, lower, cards_of[target]) <= money:
                        yield card_move("buy", instance, target)
            elif profile.price(card, lower) <= money:
                yield card_move("buy", instance)
    if len(hand) < hand_limit(cards_of, player.area):
        for instance in state.upper + state.lower:
            yield card_move("take", instance)
    for instance in hand:
        card = cards_of[instance]
        if card.trading:
            for target in displace_targets(cards_of, player, card, len(hand) - 1):
                if profile.price(card, False, cards_of[target]) <= money:
                    yield card_move("play", instance, target)
        elif profile.price(card) <= money:
            yield card_move("play", instance)
    if state.phase == "building":
        piles = [phase for phase, pile in zip(PHASES, state.piles, strict=True) if len(pile) > 1]
        for instance in player.area:
            if cards_of[instance].ability.observatory and instance not in player.used:
                for pile in piles:
                    yield Move("observatory", observatory=instance, pile=pile)


def _drawn_moves(state: GameState, seat: int) -> list[Move]:
    """The Observatory's card must be bought, taken into hand or discarded."""
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    drawn = state.drawn
    card = cards_of[drawn]  # type: ignore[index]
    profile = profile_of(cards_of, player.area)
    moves = []
    if card.trading:
        for target in displace_targets(cards_of, player, card, len(player.hand)):
            if profile.price(card, False, cards_of[target]) <= player.money:
                moves.append(Move("buy", drawn, target))
    elif profile.price(card) <= player.money:
        moves.append(Move("buy", drawn))
    if len(player.hand) < hand_limit(cards_of, player.area):
        moves.append(Move("take", drawn))
    moves.append(Move("discard", drawn))
    return moves


def _first_phase_moves(state: GameState, seat: int) -> list[Move]:
    """First worker phase: buy a (non-trading) worker until you have two, then only pass."""
    if not must_buy_worker(state, seat):
        return list(PASSES)
    cards_of = catalogue(state.edition).instances
    moves = []
    for move in _card_moves(state, seat):
        card = cards_of[move.card] if move.kind == "buy" else None  # type: ignore[index]
        if card is not None and card.color == "worker" and not card.trading:
            moves.append(move)
    return moves


def _pub_plan_moves(state: GameState, seat: int) -> list[Move]:
    cards_of = catalogue(state.edition).instances
    allowance = sum(cards_of[c].ability.pub_points for c in state.players[seat].area)
    return [Move("pub_plan", points=k) for k in range(allowance + 1)] if allowance else []


def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every legal move of the seat (empty if it may not act now)."""
    if seat not in to_act(state):
        return []
    if state.step == "pub":
        return [Move("pub", points=k) for k in range(pub_allowance(state, seat) + 1)]
    if state.drawn is not None:
        return _drawn_moves(state, seat)
    if state.first_worker_phase:
        return _first_phase_moves(state, seat)
    moves = [*_card_moves(state, seat), *PASSES]
    if state.phase == "building":
        moves += _pub_plan_moves(state, seat)
    return moves


def has_real_choice(state: GameState, seat: int) -> bool:
    """Whether the seat may do anything but pass (a Pub plan does not count: it is no action)."""
    if state.drawn is not None:
        return True
    if state.first_worker_phase:
        return must_buy_worker(state, seat)
    player = state.players[seat]
    if (state.upper or state.lower) and len(player.hand) < 3:
        return True
    return next(_card_moves(state, seat), None) is not None


def _auto_pass(state: GameState, seat: int, events: Events, forced: bool) -> GameState:
    player = state.players[seat]
    events.append(
        {
            "kind": "pass",
            "seat": seat,
            "until": player.standing,
            "automatic": not forced,
            "forced": forced,
        }
    )
    return state.evolve(turn=(seat + 1) % state.n, passes=state.passes + 1)


def settle(state: GameState, events: Events) -> GameState:
    """Play everything that needs no decision, until a seat with a real choice is to act."""
    rounds = 0
    while True:
        if state.step == "over":
            return state
        if state.step == "pub":
            seat = state.pub_queue[0]
            plan = state.players[seat].pub_plan
            if plan is None:
                return state
            points = min(plan, pub_allowance(state, seat))
            state = buy_pub_points(state, seat, points, events, automatic=True)
            continue
        if state.drawn is not None:
            return state
        if state.passes >= state.n:
            before = state.round
            state = end_actions(state, events)
            if state.round != before:
                rounds += 1
                if rounds >= STALEMATE_ROUNDS:
                    events.append({"kind": "stalemate", "round": state.round})
                    return end_game(state, events)
            continue
        seat = state.turn
        if state.players[seat].standing is not None:
            state = _auto_pass(state, seat, events, forced=False)
        elif not has_real_choice(state, seat):
            state = _auto_pass(state, seat, events, forced=True)
        else:
            return state


def apply_move(
    state: GameState, seat: int, move: Move | dict[str, Any]
) -> tuple[GameState, Events]:
    """Apply a move of `seat`: (new state, events).

    Raises IllegalMove (and `state`, being immutable, stays as it was).
    """
    if not isinstance(move, Move):
        move = parse_move(move)
    if state.step == "over":
        raise IllegalMove("game_over")
    if seat not in to_act(state):
        raise IllegalMove("not_your_turn")
    if state.step == "pub" and move.kind != "pub":
        raise IllegalMove("not_now", "Decide first how many points to buy with your Pub.")
    events: Events = []
    state = HANDLERS[move.kind](state, seat, move, events)
    return settle(state, events), events


__all__ = ["apply_move", "has_real_choice", "is_over", "legal_moves", "to_act", "workers_in"]
