"""Module 4: the Events (needs the Market; ../shared/expansions.md §2.9, §3.8, §1.5, decisions
4.25-4.29, 4.41, X-5, X-7).

Six event cards lie face up beside the board: Twin, Sponsor, Ghost, New Luck, Warehouse and
Grabber. From round 2 on, at the start of one of his regular turns in an action phase - before
his action, so not between a Double Turn's actions, not while a decision is pending (a Pick
Pocket's included) - a player may use one that is still available and whose whole effect is
possible: the move `event {event, card?, displace?}`. It does not end his turn (he then acts as
usual) and makes his turn no pass (`actions.EVENT_TURN`). Each event is used once per game,
each player uses one in the whole game. Using any event but the Warehouse ends the other
players' "pass until the board changes".

- Twin: the top card of the current phase's pile joins the card on the upper row's first space;
  the two are taken together as the player's action (the move `twin`: each bought or taken, in
  the order given, a purple one taken), else both go to the discard pile right after whatever
  else his action is. While the pair waits, the decision `twin` holds the drawn card: every move
  of the turn answers it (modules/twin.py).
- Sponsor: 6 rubles for him, 2 for everybody else.
- Ghost: a card of either row goes to the discard pile; the current pile's top card takes its
  space in the upper row (from the lower row: it joins the upper row), nothing if the pile is
  empty.
- New Luck: as many cards as there are players from the current pile into the upper row (what
  the pile still has); the upper row needs that much room (the board size).
- Warehouse: his hand limit +1 for the rest of the game; it lies beside his area and counts as
  no card for any rule (decision 4.41).
- Grabber: he buys the discard pile's top card at its usual price (no lower-row reduction; a
  trading card displaces; a '?' asks for its tile); never a purple card.

A card laid from a pile (Twin, Ghost, New Luck) says so (`"reveals": true`); laying a pile's last
card starts the last round (decision 4.27). State: `state.records["events"] = {"used": {event:
seat}}` (public). Refusals: `too_early` (round 1), `event_used`, `one_event_each`,
`event_impossible` (`reason`: the event whose condition fails, or `way`: not a way it offers
now), `not_now` (`reason` `event_turn_start`: after an action of the turn; `no_events`: a game
without them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ..actions import EVENT_TURN, EXTRA_ACTIONS_TURN, place, placed
from ..decisions import Decision
from ..errors import IllegalMove
from ..ledger import post
from ..moves import Move, MoveKind, choice_field, register_field, register_move_kind
from ..prices import displace_targets, seat_prices
from ..records import EMPTY, Record
from ..ruleset import (
    Expansion,
    register_expansion,
    register_hand_bonus,
    register_turn_moves,
)
from ..state import GameState
from ..visibility import register_view_part
from .twin import PAIR, pair_on_board

Events = list[dict[str, Any]]
OPTION = "events"
MOVE = "event"
TWIN = "twin"
SPONSOR = "sponsor"
GHOST = "ghost"
NEW_LUCK = "new_luck"
WAREHOUSE = "warehouse"
GRABBER = "grabber"
EVENTS: tuple[str, ...] = (TWIN, SPONSOR, GHOST, NEW_LUCK, WAREHOUSE, GRABBER)
FIRST_ROUND = 2
SPONSOR_RUBLES = 6  # for the player who uses it
SPONSOR_OTHERS = 2  # for each other player
WAREHOUSE_SLOTS = 1

register_field(
    choice_field(
        "event", EVENTS, "event must be twin, sponsor, ghost, new_luck, warehouse or grabber"
    )
)


# The game records `used` last read and what it found: every turn asks (the moves, the hand
# limit), and the records are immutable and shared by the states that follow until a module
# changes them, so `is` finds them again (only the answer's speed depends on this).
_LAST_USED: tuple[Record | None, Record] = (None, EMPTY)


def used(state: GameState) -> Record:
    """The events used so far: event -> the seat that used it."""
    global _LAST_USED
    records = state.records
    last, found = _LAST_USED
    if last is not records:
        mine: Record = records.get(OPTION, EMPTY)
        found = mine.get("used", EMPTY)
        _LAST_USED = (records, found)
    return found


_MOVES: dict[tuple[str, str | None, str | None], Move] = {}


def event_move(name: str, card: str | None = None, displace: str | None = None) -> Move:
    """The move that uses an event (shared objects: legal_moves asks for them often)."""
    key = (name, card, displace)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(MOVE, card, displace, extra=(("event", name),))
    return move


def _pile(state: GameState) -> tuple[int, tuple[str, ...]]:
    """The current phase's draw pile: its index and its cards (top first)."""
    index = state.rules.phase(state.phase).pile_index
    return index, state.piles[index]


# ---------------------------------------------------------------- when each event is possible


def _always(state: GameState, seat: int, name: str) -> list[Move]:
    return [event_move(name)]


def _twin_offers(state: GameState, seat: int, name: str) -> list[Move]:
    return [event_move(name)] if state.upper and _pile(state)[1] else []


def _new_luck_offers(state: GameState, seat: int, name: str) -> list[Move]:
    room = state.rules.board_size - len(state.upper)
    return [event_move(name)] if room >= state.n and _pile(state)[1] else []


def _ghost_offers(state: GameState, seat: int, name: str) -> list[Move]:
    return [event_move(name, card) for card in (*state.upper, *state.lower)]


def _grabber_offers(state: GameState, seat: int, name: str) -> list[Move]:
    """The discard pile's top card, if it is not purple and he can pay for it (a trading card:
    for each card it may displace)."""
    if not state.discard:
        return []
    top = state.discard[-1]
    cards_of = state.rules.cards
    card = cards_of[top]
    if card.special:
        return []
    player = state.players[seat]
    prices = seat_prices(state, seat)
    if not card.trading:
        return [event_move(name, top)] if prices.price(card) <= player.money else []
    return [
        event_move(name, top, target)
        for target in displace_targets(state, seat, card, len(player.hand))
        if prices.price(card, False, cards_of[target]) <= player.money
    ]


Offers = Callable[[GameState, int, str], list[Move]]
OFFERS: dict[str, Offers] = {
    TWIN: _twin_offers,
    SPONSOR: _always,
    GHOST: _ghost_offers,
    NEW_LUCK: _new_luck_offers,
    WAREHOUSE: _always,
    GRABBER: _grabber_offers,
}


# The seats that used an event, for the last `used` record asked about: records are immutable
# and shared by the states that follow until an event is used, so their identity keys this.
_USERS: tuple[Record, frozenset[int]] = (EMPTY, frozenset())


def _users(taken: Record) -> frozenset[int]:
    global _USERS
    if _USERS[0] is not taken:
        _USERS = (taken, frozenset(taken.values()))
    return _USERS[1]


def _may_use_one(state: GameState, seat: int) -> bool:
    """From round 2, before the turn's action, if the seat has used none (whether one is left
    is each event's own question)."""
    if state.round < FIRST_ROUND or state.first_worker_phase:
        return False
    if seat in _users(used(state)):
        return False
    records = state.players[seat].records
    return not (records and EXTRA_ACTIONS_TURN in records)


# The order in which the moves are listed: the events that are always possible first, so that
# asking whether the seat has any (engine.has_real_choice) stops early.
LISTED: tuple[str, ...] = (SPONSOR, WAREHOUSE, TWIN, NEW_LUCK, GHOST, GRABBER)


def event_moves(state: GameState, seat: int) -> Iterator[Move]:
    """Every event the seat may use now, one move per way (the turn-moves hook)."""
    if not _may_use_one(state, seat):
        return
    taken = used(state)
    for name in LISTED:
        if name not in taken:
            yield from OFFERS[name](state, seat, name)


# ---------------------------------------------------------------- using one


def _draw(state: GameState, count: int, events: Events) -> tuple[tuple[str, ...], GameState]:
    """Up to `count` cards from the current pile's top; its last card starts the last round."""
    index, pile = _pile(state)
    drawn, rest = pile[:count], pile[count:]
    state = state.evolve(piles=(*state.piles[:index], rest, *state.piles[index + 1 :]))
    if drawn and not rest and not state.last_round:
        events.append(
            {"kind": "last_round", "pile": state.rules.piles[index], "round": state.round}
        )
        state = state.evolve(last_round=True)
    return drawn, state


def _twin(
    state: GameState, seat: int, move: Move, told: dict[str, Any], events: Events
) -> GameState:
    on = state.upper[0]
    (card,), state = _draw(state, 1, events)
    told.update(card=card, on=on, reveals=True)
    decision = Decision(PAIR, seat, Record({"card": card, "on": on}))
    return state.evolve(decisions=(decision, *state.decisions))


def _sponsor(
    state: GameState, seat: int, move: Move, told: dict[str, Any], events: Events
) -> GameState:
    told.update(rubles=SPONSOR_RUBLES, others=SPONSOR_OTHERS)
    players = list(state.players)
    for other in ((seat + i) % state.n for i in range(state.n)):
        rubles = SPONSOR_RUBLES if other == seat else SPONSOR_OTHERS
        players[other], entry = post(players[other], other, "event:sponsor", rubles, 0)
        events.append(entry)
    return state.evolve(players=tuple(players))


def _ghost(
    state: GameState, seat: int, move: Move, told: dict[str, Any], events: Events
) -> GameState:
    gone = str(move.card)
    drawn, state = _draw(state, 1, events)
    new = drawn[0] if drawn else None
    told.update(card=gone, new=new, reveals=new is not None)
    if gone in state.upper:
        at = state.upper.index(gone)
        upper = (*state.upper[:at], *drawn, *state.upper[at + 1 :])
        lower = state.lower
    else:
        upper = (*state.upper, *drawn)
        lower = tuple(c for c in state.lower if c != gone)
    return state.evolve(upper=upper, lower=lower, discard=(*state.discard, gone))


def _new_luck(
    state: GameState, seat: int, move: Move, told: dict[str, Any], events: Events
) -> GameState:
    drawn, state = _draw(state, state.n, events)
    told.update(cards=list(drawn), reveals=True)
    return state.evolve(upper=(*state.upper, *drawn))


def _warehouse(
    state: GameState, seat: int, move: Move, told: dict[str, Any], events: Events
) -> GameState:
    told.update(slots=WAREHOUSE_SLOTS)
    return state


def _grabber(
    state: GameState, seat: int, move: Move, told: dict[str, Any], events: Events
) -> GameState:
    card = str(move.card)
    told.update(card=card)
    player = state.players[seat]
    bought = Move("buy", card, move.displace)
    player, price, displaced, entry = place(state, seat, bought, "discard", len(player.hand))
    events.append(
        {"kind": "buy", "seat": seat, "card": card, "from": "discard", "price": price,
         "displaced": displaced}
    )  # fmt: skip
    events.append(entry)
    discard = state.discard[:-1] + ((displaced,) if displaced else ())
    state = state.with_player(seat, player, discard=discard)
    return placed(state, seat, card, displaced, events)


Effect = Callable[[GameState, int, Move, dict[str, Any], Events], GameState]
EFFECTS: dict[str, Effect] = {
    TWIN: _twin,
    SPONSOR: _sponsor,
    GHOST: _ghost,
    NEW_LUCK: _new_luck,
    WAREHOUSE: _warehouse,
    GRABBER: _grabber,
}


def _check(state: GameState, seat: int, move: Move, name: str) -> None:
    """Refuse the move unless this seat may use this event in this way now."""
    if OPTION not in state.rules.expansions:
        raise IllegalMove("not_now", "This game is played without the events.", reason="no_events")
    if state.round < FIRST_ROUND or state.first_worker_phase:
        raise IllegalMove("too_early", "Events can be used from round 2 on.")
    taken = used(state)
    if name in taken:
        raise IllegalMove("event_used", "That event has been used already.")
    if seat in taken.values():
        raise IllegalMove("one_event_each", "You have used your event already.")
    records = state.players[seat].records
    if records and EXTRA_ACTIONS_TURN in records:
        raise IllegalMove(
            "not_now",
            "An event is used at the start of your turn, before your action.",
            reason="event_turn_start",
        )
    offers = OFFERS[name](state, seat, name)
    if not offers:
        raise _impossible(name)
    if move not in offers:
        raise IllegalMove(
            "event_impossible",
            "That event is not used this way: choose one of the ways it offers.",
            reason="way",
        )


def _impossible(name: str) -> IllegalMove:
    """Why an event cannot be used now (the Sponsor and the Warehouse always can)."""
    if name == TWIN:
        return IllegalMove(
            "event_impossible",
            "The Twin needs a card in the upper row and a card in this phase's pile.",
            reason="twin",
        )
    if name == GHOST:
        return IllegalMove(
            "event_impossible", "The Ghost needs a card on the board.", reason="ghost"
        )
    if name == NEW_LUCK:
        return IllegalMove(
            "event_impossible",
            "New Luck needs a free space in the upper row for every player and a card in "
            "this phase's pile.",
            reason="new_luck",
        )
    return IllegalMove(
        "event_impossible",
        "The Grabber buys the discard pile's top card: it must not be purple, and you must "
        "be able to pay for it (and, for a trading card, to displace a card).",
        reason="grabber",
    )


def use_event(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    """The move `event`: the event's effect; the seat's turn goes on (a free move)."""
    name = str(move.get("event"))
    _check(state, seat, move, name)
    mine: Record = state.records.get(OPTION, EMPTY)
    state = state.evolve(
        records=state.records.set(OPTION, mine.set("used", used(state).set(name, seat)))
    )
    players = list(state.players)
    player = players[seat]
    players[seat] = player.evolve(records=player.records.set(EVENT_TURN, True))
    if name != WAREHOUSE:  # any other event ends the others' "pass until the board changes"
        players = [
            p.evolve(standing=None) if other != seat and p.standing == "board_change" else p
            for other, p in enumerate(players)
        ]
    state = state.evolve(players=tuple(players))
    told: dict[str, Any] = {"kind": "event", "seat": seat, "event": name}
    events.append(told)
    return EFFECTS[name](state, seat, move, told, events)


def _quote(state: GameState, seat: int, move: Move) -> int | None:
    """What the Grabber's card costs (the view's price of the move); the others cost nothing."""
    if move.get("event") != GRABBER or move.card is None:
        return None
    cards_of = state.rules.cards
    displaced = cards_of[move.displace] if move.displace else None
    return seat_prices(state, seat).price(cards_of[move.card], False, displaced)


def warehouse_slots(state: GameState, seat: int) -> int:
    """The Warehouse event's hand slot (the hand-bonus hook)."""
    return WAREHOUSE_SLOTS if used(state).get(WAREHOUSE) == seat else 0


def view(state: GameState) -> dict[str, Any] | None:
    """`view["events"]`: each event in order with the seat that used it (null: available),
    from which round they may be used, and the Twin's pair while it waits."""
    if OPTION not in state.rules.expansions:
        return None
    taken = used(state)
    return {
        "events": [{"event": name, "used_by": taken.get(name)} for name in EVENTS],
        "from_round": FIRST_ROUND,
        "pair": pair_on_board(state),
    }


def _configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    draft["turn_moves"].append(OPTION)
    draft["hand_bonus"].append(OPTION)


register_move_kind(
    MoveKind(MOVE, ("event",), ("card", "displace"), use_event, quote=_quote, free=True)
)
register_turn_moves(OPTION, event_moves)
register_hand_bonus(OPTION, warehouse_slots)
register_view_part(OPTION, view)
register_expansion(Expansion(OPTION, _configure))
