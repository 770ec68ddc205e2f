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
from .prices import displace_targets, profile_of, seat_hand_limit
from .state import GameState, PlayerState

Events = list[dict[str, Any]]


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
    players = (*old[:seat], player, *old[seat + 1 :])
    if board_changed and any(p.standing == "board_change" for p in old):
        players = tuple(
            p.evolve(standing=None) if other != seat and p.standing == "board_change" else p
            for other, p in enumerate(players)
        )
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
    raise IllegalMove("no_such_card", "That card is not on the board.")


def _displaced(state: GameState, seat: int, card: Card, move: Move, hand_after: int) -> str | None:
    if not card.trading:
        if move.displace is not None:
            raise IllegalMove("cannot_displace", "Only a trading card displaces another card.")
        return None
    targets = displace_targets(state, seat, card, hand_after)
    if move.displace is None:
        if not targets:
            raise IllegalMove("must_displace", "You have no card this trading card can displace.")
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
    cards_of = state.rules.cards
    player = state.players[seat]
    card = cards_of[move.card]  # type: ignore[index]
    displaced = _displaced(state, seat, card, move, hand_after)
    price = profile_of(cards_of, player.area).price(
        card, source == "lower", cards_of[displaced] if displaced else None
    )
    if price > player.money:
        raise IllegalMove("cannot_afford", f"That costs {price} rubles; you have {player.money}.")
    area = player.area if displaced is None else tuple(c for c in player.area if c != displaced)
    player, entry = post(player, seat, "price", -price, area=(*area, move.card))
    return player, price, displaced, entry


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
    profile = profile_of(cards_of, player.area)
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
    return end_turn(state, seat, player, passed=False, board_changed=True, **changes)


def take(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    source = _source(state, move.card)
    _check_first_phase(state, seat, move)
    player = state.players[seat]
    if len(player.hand) >= seat_hand_limit(state, seat):
        raise IllegalMove("hand_full")
    events.append({"kind": "take", "seat": seat, "card": move.card, "from": source})
    changes = _from_row(state, move.card, source)  # type: ignore[arg-type]
    player = player.evolve(hand=(*player.hand, move.card))
    return end_turn(state, seat, player, passed=False, board_changed=True, **changes)


def play(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    hand = state.players[seat].hand
    if move.card not in hand:
        raise IllegalMove("no_such_card", "That card is not in your hand.")
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
    return end_turn(state, seat, player, passed=False, **changes)


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
    return profile_of(cards_of, state.players[seat].area).price(card, lower, displaced)


register_move_kind(MoveKind("buy", ("card",), ("displace",), buy, quote=card_quote))
register_move_kind(MoveKind("take", ("card",), (), take))
register_move_kind(MoveKind("play", ("card",), ("displace",), play, quote=card_quote))
register_move_kind(MoveKind("pass", (), ("until",), pass_))
