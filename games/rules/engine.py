"""The engine's entry points: who acts, which moves are legal, applying a move, the default move.

`apply_move` always checks legality itself (game over -> seat may act -> a pending decision or
the move kind's handler -> move-specific rules), never mutates its input, and then plays the
automatic parts of the game: phase ends, scoring, standing plans, refills, round ends and the
passes of seats that hold a standing pass or have nothing but pass to do (yucata "Hints for
handling": the pass buttons). A pending decision (decisions.py) comes before everything else.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .actions import EVENT_TURN, must_buy_worker, turn_over, workers_in
from .decisions import DECISIONS, plan_movers
from .errors import IllegalMove
from .moves import MOVE_KINDS, PASS, PASSES, SHARED_MOVES, Move, card_move, parse_move
from .phases import end_actions, end_game, finish_phase
from .prices import displace_targets, plain_counts, seat_prices
from .state import GameState

Events = list[dict[str, Any]]
# Rounds in a row that may pass inside one apply_move without anybody having a choice before the
# game is declared stuck (docs/rules.md, "stalemate").
STALEMATE_ROUNDS = 3


def is_over(state: GameState) -> bool:
    return state.step == "over"


def to_act(state: GameState) -> tuple[int, ...]:
    """Seats that may act now: one seat, or none when the game is over."""
    if state.step == "over":
        return ()
    if state.decisions:
        return (state.decisions[0].seat,)
    return (state.turn,)


def _card_moves(state: GameState, seat: int) -> Iterator[Move]:
    """Buy, take, play and the area's extra actions for the seat to act (no passes, no plans).

    The engine's hottest loop. A generator: `has_real_choice` stops at the first real move."""
    rules = state.rules
    cards_of = rules.cards
    player = state.players[seat]
    money = player.money
    hand = player.hand
    profile = seat_prices(state, seat)
    price = profile.price
    upper = state.upper
    lower_row = state.lower
    buys = SHARED_MOVES["buy"]
    counts = plain_counts(profile)
    for row, lower in ((upper, False), (lower_row, True)):
        for instance in row:
            card = cards_of[instance]
            if card.trading:
                for target in displace_targets(state, seat, card, len(hand)):
                    if price(card, lower, cards_of[target]) <= money:
                        yield card_move("buy", instance, target)
            elif card.special:
                continue
            elif counts is not None:  # AreaProfile.price without the call (at least 1 ruble)
                cost = card.cost - counts[0].get(card.id, 0) - counts[1].get(card.color, 0)
                if (cost - 1 if lower else cost) <= money and money >= 1:
                    yield buys[instance]
            elif price(card, lower) <= money:
                yield buys[instance]
    limit = rules.hand_limit + profile.hand_bonus
    for bonus in rules.hand_bonus:  # slots the seat holds outside its area (an event)
        limit += bonus(state, seat)
    if len(hand) < limit:
        takes = SHARED_MOVES["take"]
        for instance in upper:
            yield takes[instance]
        for instance in lower_row:
            yield takes[instance]
    plays = SHARED_MOVES["play"]
    for instance in hand:
        card = cards_of[instance]
        if card.trading:
            for target in displace_targets(state, seat, card, len(hand) - 1):
                if price(card, False, cards_of[target]) <= money:
                    yield card_move("play", instance, target)
        elif card.special:  # a purple card offers its own use (the Banquet's module)
            if card.ability.actions is not None:
                yield from card.ability.actions(state, seat, instance)
        elif counts is not None:  # AreaProfile.price without the call (at least 1 ruble)
            cost = card.cost - counts[0].get(card.id, 0) - counts[1].get(card.color, 0)
            if cost <= money and money >= 1:
                yield plays[instance]
        elif price(card) <= money:
            yield plays[instance]
    for instance in profile.actors:
        yield from cards_of[instance].ability.actions(state, seat, instance)  # type: ignore[misc]


def _first_phase_moves(state: GameState, seat: int) -> list[Move]:
    """First worker phase: buy a (non-trading) worker until you have enough, then only pass."""
    if not must_buy_worker(state, seat):
        return list(PASSES)
    cards_of = state.rules.cards
    moves = []
    for move in _card_moves(state, seat):
        card = cards_of[move.card] if move.kind == "buy" else None  # type: ignore[index]
        if card is not None and card.color == "worker" and not card.trading:
            moves.append(move)
    return moves


def legal_moves(state: GameState, seat: int) -> list[Move]:
    """Every legal move of the seat (empty if it may not act now)."""
    if seat not in to_act(state):
        return []
    if state.decisions:
        head = state.decisions[0]
        return DECISIONS[head.kind].moves(state, head)
    if state.first_worker_phase:
        return _first_phase_moves(state, seat)
    return list(_turn_moves(state, seat)[0])


# The action-step moves of the last (state, seat) asked about: `settle` asks `has_real_choice` of
# the position it stops at, and the player (a bot, the view) then asks `legal_moves` of the same
# state object. States are immutable and the one held here is never another's, so `is`
# identifies it; only the speed of the answer depends on this.
_LAST_TURN: tuple[GameState | None, int, tuple[tuple[Move, ...], int, int]] = (None, -1, ((), 0, 0))


def _turn_moves(state: GameState, seat: int) -> tuple[tuple[Move, ...], int, int]:
    """The seat's moves in the action step, in the order `legal_moves` lists them - its card
    moves, the passes, the plans, the modules' turn moves - and where the card moves end and
    the modules' turn moves begin (`has_real_choice` reads those parts)."""
    global _LAST_TURN
    cached, cached_seat, found = _LAST_TURN
    if cached is state and cached_seat == seat:
        return found
    try:
        partial = _PARTIAL.pop()
    except IndexError:
        partial = None
    if partial is not None and partial[0] is state and partial[1] == seat:
        moves = partial[2]  # what has_real_choice listed, then the rest
        moves += partial[3]
    else:
        moves = list(_card_moves(state, seat))
    cards_end = len(moves)
    moves += PASSES
    asked = state.rules.asked_after_scoring
    for kind in plan_movers():
        if kind.kind in asked:  # plans only for what this game's scorings ask (the Pub)
            moves += kind.plan_moves(state, seat)  # type: ignore[misc]
    turn_start = len(moves)
    for hook in state.rules.turn_moves:  # the modules' moves besides the cards' (the Events)
        moves += hook(state, seat)
    found = (tuple(moves), cards_end, turn_start)
    _LAST_TURN = (state, seat, found)
    return found


def has_real_choice(state: GameState, seat: int) -> bool:
    """Whether the seat may do anything but pass (a plan does not count: it is no action)."""
    if state.decisions:
        return True
    if state.first_worker_phase:
        return must_buy_worker(state, seat)
    player = state.players[seat]
    if (state.upper or state.lower) and len(player.hand) < state.rules.hand_limit:
        return True
    kinds = MOVE_KINDS
    cached, cached_seat, (moves, cards_end, turn_start) = _LAST_TURN
    if cached is state and cached_seat == seat:  # listed already (the view asks both)
        if turn_start < len(moves):
            return True
        return any(not kinds[moves[i].kind].free for i in range(cards_end))
    for hook in state.rules.turn_moves:  # an event is a choice of its own
        if any(True for _move in hook(state, seat)):
            return True
    listing = _card_moves(state, seat)
    seen: list[Move] = []
    for move in listing:
        seen.append(move)
        if not kinds[move.kind].free:
            _PARTIAL[:] = [(state, seat, seen, listing)]  # the seat's player lists on from here
            return True
    return False


# The card moves `has_real_choice` listed last, up to its first real move, and the listing
# suspended there: `settle` stops at that position and its player (a bot, the view) asks
# `legal_moves` next, which goes on from there instead of pricing every card again (the engine
# alone, replaying a log, pays only for the first real move). One slot, emptied by `list.pop`,
# which is atomic: a suspended listing is resumed once, by the caller that took it, and a caller
# that takes another position's drops it (that one is listed afresh).
_PARTIAL: list[tuple[GameState, int, list[Move], Iterator[Move]]] = []


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
    passes = state.passes + 1
    turn = (seat + 1) % len(state.players)
    if player.records:  # a standing pass ends a Double Turn's last action
        if EVENT_TURN in player.records:  # a turn with an event is no pass (decision 4.28)
            passes = 0
        after = turn_over(player)
        if after is not player:
            return state.with_player(seat, after, turn=turn, passes=passes, actions_left=1)
    return state.evolve(turn=turn, passes=passes, actions_left=1)


def _answer_by_plan(state: GameState, events: Events) -> GameState | None:
    """The head decision answered by the engine (no choice) or by its seat's standing plan, or
    None if it must be asked."""
    head = state.decisions[0]
    kind = DECISIONS[head.kind]
    if kind.forced is not None:
        move = kind.forced(state, head)
        if move is not None:
            rest = state.evolve(decisions=state.decisions[1:])
            return kind.apply(rest, head, move, events, True)
    if kind.plan is None:
        return None
    value = state.players[head.seat].plans.get(head.kind)
    if value is None:
        return None
    move = kind.plan(state, head, value)
    if move is None:
        return None
    return kind.apply(state.evolve(decisions=state.decisions[1:]), head, move, events, True)


def settle(state: GameState, events: Events) -> GameState:
    """Play everything that needs no decision, until a seat with a real choice is to act."""
    rounds = 0
    hooks = state.rules.on_settle
    changed = True  # a move or an answer may have changed an area since the hooks last ran
    while True:
        if state.step == "over":
            return state
        if changed and hooks:
            for hook in hooks:  # e.g. an obstacle overcome: its requirement is met now
                state = hook(state, events)
        changed = False
        if state.decisions:
            head = state.decisions[0]
            if state.step != "actions" and (state.step != head.kind or state.turn != head.seat):
                state = state.evolve(step=head.kind, turn=head.seat)
            answered = _answer_by_plan(state, events)
            if answered is None:
                return state
            state = answered
            changed = True
            continue
        if state.step != "actions":
            state = finish_phase(state, events)
            continue
        if state.passes >= len(state.players):
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
    events: Events = []
    if state.decisions:
        head = state.decisions[0]
        kind = DECISIONS[head.kind]
        if move.kind not in kind.answers:
            raise IllegalMove("not_now", kind.waiting, decision=head.kind)
        state = kind.apply(state.evolve(decisions=state.decisions[1:]), head, move, events, False)
    else:
        spec = MOVE_KINDS[move.kind]
        if spec.handler is None:
            raise IllegalMove("not_now", spec.not_now, move=move.kind)
        state = spec.handler(state, seat, move, events)
    return settle(state, events), events


def default_move(state: GameState, seat: int, *, spend: bool = True) -> Move:
    """The move a timeout (or, with `spend=False`, an admin's forced pass) makes for the seat.

    A pending decision gets its registered default (the Pub: no points; the Observatory's card:
    discarded); otherwise a plain pass. Where no pass is allowed (the first worker phase while
    a worker must be bought) the cheapest legal move, the first listed among equals - unless
    `spend` is False: then IllegalMove("must_buy_worker"), since only the player may spend.
    """
    if seat not in to_act(state):
        raise IllegalMove("game_over" if is_over(state) else "not_your_turn")
    if state.decisions:
        head = state.decisions[0]
        return DECISIONS[head.kind].default(state, head)
    moves = legal_moves(state, seat)
    if PASS in moves:
        return PASS
    if not spend or not moves:
        raise IllegalMove("must_buy_worker")

    def price(move: Move) -> int:
        quote = MOVE_KINDS[move.kind].quote
        return (quote(state, seat, move) or 0) if quote is not None else 0

    return min(moves, key=price)


__all__ = [
    "apply_move",
    "default_move",
    "has_real_choice",
    "is_over",
    "legal_moves",
    "to_act",
    "workers_in",
]
