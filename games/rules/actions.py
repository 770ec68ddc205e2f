"""The four actions (rulebook "The 4 actions in detail", "The trading cards"; yucata's pass
buttons in "Hints for handling"): buy, take, play from hand, pass - one handler each.

Each handler checks the move against the position, raises IllegalMove with a stable code, and
returns the new state; it appends its events to the list it is given. Whose turn it is, whether
the game is over and whether a decision is pending is checked before (engine.apply_move). The
helpers here (placing a card, ending a turn) are shared with the modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card
from .errors import IllegalMove
from .ledger import Entry, post
from .moves import Move, MoveKind, register_move_kind
from .prices import displace_targets, seat_hand_limit, seat_prices
from .state import GameState, PlayerState

Events = list[dict[str, Any]]
# The purple cards a seat took during its current turn (Double Turn's extra actions included):
# they may be used on a later turn only (expansions.md §0.3 "later turn"); cleared at its end.
TAKEN_THIS_TURN = "taken_this_turn"
# Set by a Double Turn: this turn never counts as a pass for ending the phase (decision 4.17).
EXTRA_ACTIONS_TURN = "extra_actions_turn"
# Set by an event (Module 4): this turn never counts as a pass, not even when the engine passes
# for the seat afterwards because nothing else is left to do (decision 4.28).
EVENT_TURN = "event_turn"


def turn_over(player: PlayerState) -> PlayerState:
    """The player once his turn is over: what his turn remembered is forgotten."""
    records = player.records
    if not records or (
        TAKEN_THIS_TURN not in records
        and EXTRA_ACTIONS_TURN not in records
        and EVENT_TURN not in records
    ):
        return player  # nothing to forget: the same player, no copy
    records = records.drop(TAKEN_THIS_TURN).drop(EXTRA_ACTIONS_TURN).drop(EVENT_TURN)
    return player.evolve(records=records)


def workers_in(cards_of: Mapping[str, Card], area: tuple[str, ...]) -> int:
    return sum(1 for c in area if cards_of[c].color == "worker")


def end_turn(
    state: GameState,
    seat: int,
    player: PlayerState,
    passed: bool,
    *,
    board_changed: bool = False,
    **changes: Any,
) -> GameState:
    """Store the player and hand the turn on (to the next seat clockwise, or to the same seat
    while it has actions left this turn), in one copy of the state.

    If a card left the board, the other seats' "pass until the board changes" ends.
    """
    old = state.players
    records = player.records
    if records and (
        TAKEN_THIS_TURN in records or EXTRA_ACTIONS_TURN in records or EVENT_TURN in records
    ):
        if passed and (EXTRA_ACTIONS_TURN in records or EVENT_TURN in records):
            passed = False  # a turn with extra actions or an event is no pass (4.17, 4.28)
        if state.actions_left <= 1:
            player = turn_over(player)
    players = (*old[:seat], player, *old[seat + 1 :])
    if board_changed:
        for waiting in old:  # a loop, not any(...): every buy and take asks
            if waiting.standing == "board_change":
                players = tuple(
                    p.evolve(standing=None) if other != seat and p.standing == "board_change" else p
                    for other, p in enumerate(players)
                )
                break
    passes = state.passes + 1 if passed else 0
    if state.actions_left > 1:
        return state.evolve(
            players=players,
            turn=seat,
            passes=passes,
            actions_left=state.actions_left - 1,
            **changes,
        )
    return state.evolve(players=players, turn=(seat + 1) % len(old), passes=passes, **changes)


def _source(state: GameState, card: str | None) -> str:
    """The board row a card for buy/take comes from."""
    if card in state.upper:
        return "upper"
    if card in state.lower:
        return "lower"
    raise IllegalMove("no_such_card", "That card is not on the board.", reason="not_on_board")


def _displaced(state: GameState, seat: int, card: Card, move: Move, hand_after: int) -> str | None:
    if not card.trading:
        if move.displace is not None:
            raise IllegalMove(
                "cannot_displace",
                "Only a trading card displaces another card.",
                reason="not_trading",
            )
        return None
    targets = displace_targets(state, seat, card, hand_after)
    if move.displace is None:
        if not targets:
            raise IllegalMove(
                "must_displace",
                "You have no card this trading card can displace.",
                reason="nothing_to_displace",
            )
        raise IllegalMove("must_displace")
    if move.displace not in targets:
        raise IllegalMove("cannot_displace")
    return move.displace


def place(
    state: GameState, seat: int, move: Move, source: str, hand_after: int
) -> tuple[PlayerState, int, str | None, Entry]:
    """Pay for `move.card` and put it into the area (displacing `move.displace` for a trading
    card); returns (player, price, displaced card, ledger entry). `source` "lower" takes the
    lower-row discount."""
    _not_special(state, move)
    cards_of = state.rules.cards
    player = state.players[seat]
    card = cards_of[move.card]  # type: ignore[index]
    displaced = _displaced(state, seat, card, move, hand_after)
    price = seat_prices(state, seat).price(
        card, source == "lower", cards_of[displaced] if displaced else None
    )
    if price > player.money:
        raise IllegalMove(
            "cannot_afford",
            f"That costs {price} rubles; you have {player.money}.",
            price=price,
            money=player.money,
        )
    area = player.area if displaced is None else tuple(c for c in player.area if c != displaced)
    player, entry = post(player, seat, "price", -price, area=(*area, move.card))
    return player, price, displaced, entry


def placed(
    state: GameState, seat: int, card: str, displaced: str | None, events: Events
) -> GameState:
    """After `card` entered the seat's area (by any route): the ruleset's placement hooks (the
    Market's '?' tile, the tile of a displaced card going back)."""
    for hook in state.rules.on_place:
        state = hook(state, seat, card, displaced, events)
    return state


def _check_first_phase(state: GameState, seat: int, move: Move) -> None:
    """Very first worker phase: buy workers until you have two, nothing else."""
    if not state.first_worker_phase:
        return
    cards_of = state.rules.cards
    if move.kind == "buy":
        card = cards_of[move.card]  # type: ignore[index]
        has = workers_in(cards_of, state.players[seat].area)
        if has < state.rules.first_phase_must_buy and card.color == "worker" and not card.trading:
            return
    elif move.kind == "pass" and not must_buy_worker(state, seat):
        return
    raise IllegalMove("must_buy_worker")


def must_buy_worker(state: GameState, seat: int) -> bool:
    """In the first worker phase: fewer than two workers and one is affordable on the board."""
    cards_of = state.rules.cards
    player = state.players[seat]
    if workers_in(cards_of, player.area) >= state.rules.first_phase_must_buy:
        return False
    profile = seat_prices(state, seat)
    for row, lower in ((state.upper, False), (state.lower, True)):
        for instance in row:
            card = cards_of[instance]
            affordable = profile.price(card, lower) <= player.money
            if card.color == "worker" and not card.trading and affordable:
                return True
    return False


def _from_row(state: GameState, card: str, source: str) -> dict[str, Any]:
    """The state fields that change when `card` leaves its row."""
    if source == "upper":
        return {"upper": tuple(c for c in state.upper if c != card)}
    return {"lower": tuple(c for c in state.lower if c != card)}


def into_hand(state: GameState, player: PlayerState, card: str) -> PlayerState:
    """The player with `card` taken into his hand (a purple card remembered as taken this turn)."""
    player = player.evolve(hand=(*player.hand, card))
    if state.rules.cards[card].special:
        fresh = (*player.records.get(TAKEN_THIS_TURN, ()), card)
        player = player.evolve(records=player.records.set(TAKEN_THIS_TURN, fresh))
    return player


def _not_special(state: GameState, move: Move) -> None:
    """Purple cards are never bought or placed (expansions.md §2.4): taken, then used."""
    if state.rules.cards[move.card].special:  # type: ignore[index]
        raise IllegalMove("special_card", "A special card is taken into the hand, never placed.")


def buy(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    source = _source(state, move.card)
    _check_first_phase(state, seat, move)
    player, price, displaced, entry = place(
        state, seat, move, source, len(state.players[seat].hand)
    )
    events.append(
        {
            "kind": "buy",
            "seat": seat,
            "card": move.card,
            "from": source,
            "price": price,
            "displaced": displaced,
        }
    )
    events.append(entry)
    changes = _from_row(state, move.card, source)  # type: ignore[arg-type]
    if displaced is not None:
        changes["discard"] = (*state.discard, displaced)
    state = end_turn(state, seat, player, passed=False, board_changed=True, **changes)
    return placed(state, seat, str(move.card), displaced, events) if state.rules.on_place else state


def take(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    source = _source(state, move.card)
    _check_first_phase(state, seat, move)
    player = state.players[seat]
    if len(player.hand) >= seat_hand_limit(state, seat):
        raise IllegalMove("hand_full")
    events.append({"kind": "take", "seat": seat, "card": move.card, "from": source})
    changes = _from_row(state, move.card, source)  # type: ignore[arg-type]
    player = into_hand(state, player, str(move.card))
    return end_turn(state, seat, player, passed=False, board_changed=True, **changes)


def play(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    hand = state.players[seat].hand
    if move.card not in hand:
        raise IllegalMove("no_such_card", "That card is not in your hand.", reason="not_in_hand")
    _check_first_phase(state, seat, move)
    player, price, displaced, entry = place(state, seat, move, "hand", len(hand) - 1)
    player = player.evolve(hand=tuple(c for c in hand if c != move.card))
    events.append(
        {
            "kind": "play",
            "seat": seat,
            "card": move.card,
            "price": price,
            "displaced": displaced,
        }
    )
    events.append(entry)
    changes: dict[str, Any] = {}
    if displaced is not None:
        changes["discard"] = (*state.discard, displaced)
    state = end_turn(state, seat, player, passed=False, **changes)
    return placed(state, seat, str(move.card), displaced, events) if state.rules.on_place else state


def pass_(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    _check_first_phase(state, seat, move)
    events.append(
        {"kind": "pass", "seat": seat, "until": move.until, "automatic": False, "forced": False}
    )
    player = state.players[seat]
    if player.standing != move.until:
        player = player.evolve(standing=move.until)
    return end_turn(state, seat, player, passed=True)


def card_quote(state: GameState, seat: int, move: Move) -> int | None:
    """What a buy/play move costs the seat (a buy from the lower row takes its discount)."""
    cards_of = state.rules.cards
    card = cards_of[move.card]  # type: ignore[index]
    displaced = cards_of[move.displace] if move.displace else None
    lower = move.kind == "buy" and move.card in state.lower
    return seat_prices(state, seat).price(card, lower, displaced)


register_move_kind(MoveKind("buy", ("card",), ("displace",), buy, quote=card_quote))
register_move_kind(MoveKind("take", ("card",), (), take))
register_move_kind(MoveKind("play", ("card",), ("displace",), play, quote=card_quote))
register_move_kind(MoveKind("pass", (), ("until",), pass_))
