"""The Debtor's Prison (../shared/expansions.md §2.1 "Debtor's Prison", 2.6, 3.1 NS-6/NS-7, 4.12).

Worth 1 point at building scoring unless used this round. Once per round, as his action in the
building phase, its owner picks a card from the discard pile (never a purple card) and at once
buys it (his usual price, no lower-row reduction; a trading card must displace), takes it into
his hand (needs room) or - only when his hand is full - puts it back. Using it turns it over
(mark `prison_used`): no point at this building scoring, cannot be displaced, face up again right
after the building phase (after the Trading House and Pub decisions).

The discard pile is public, so the choice is one move: `{"kind": "prison", "prison": id,
"card": id, "then": "buy"|"take"|"return", "displace": id?}`. There is no pending question, so a
timeout simply passes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..abilities import Ability, register_ability
from ..actions import end_turn, place
from ..actions import placed as placed_hooks  # the function; `placed` below is the move
from ..errors import IllegalMove
from ..marks import Mark, MarkKind, register_mark
from ..moves import Move, MoveKind, choice_field, register_field, register_move_kind, string_field
from ..prices import displace_targets, seat_hand_limit, seat_prices
from ..state import GameState

Events = list[dict[str, Any]]
PHASE = "building"
THEN = ("buy", "take", "return")
USED = register_mark(MarkKind("prison_used", displaceable=False, scores=False))
CLEARS = f"phase_end:{PHASE}"

register_field(string_field("prison"))
register_field(choice_field("then", THEN, "then must be 'buy', 'take' or 'return'"))


def _fetchable(state: GameState) -> list[str]:
    """The cards in the discard pile that may be fetched (no purple cards)."""
    cards_of = state.rules.cards
    return [c for c in state.discard if not cards_of[c].special]


def _is_used(state: GameState, seat: int, instance: str) -> bool:
    return any(m.card == instance and m.kind == USED.kind for m in state.players[seat].marks)


def _move(prison: str, card: str, then: str, displace: str | None = None) -> Move:
    return Move("prison", card=card, displace=displace, extra=(("prison", prison), ("then", then)))


def _offers(state: GameState, seat: int, instance: str) -> Iterable[Move]:
    if state.phase != PHASE or not state.discard or _is_used(state, seat, instance):
        return ()
    cards_of = state.rules.cards
    player = state.players[seat]
    marked = _with_mark(state, seat, instance)
    profile = seat_prices(state, seat)
    room = len(player.hand) < seat_hand_limit(state, seat)
    moves = []
    for drawn in _fetchable(state):
        card = cards_of[drawn]
        if card.trading:
            for target in displace_targets(marked, seat, card, len(player.hand)):
                if profile.price(card, False, cards_of[target]) <= player.money:
                    moves.append(_move(instance, drawn, "buy", target))
        elif profile.price(card) <= player.money:
            moves.append(_move(instance, drawn, "buy"))
        moves.append(_move(instance, drawn, "take" if room else "return"))
    return moves


# params: what a bot reads to value the card (one card fetched per round).
DEBTORS_PRISON = register_ability(Ability("debtors_prison", actions=_offers, params={"fetches": 1}))


def _with_mark(state: GameState, seat: int, instance: str) -> GameState:
    """The state with this Debtor's Prison turned over (it cannot displace-target itself)."""
    player = state.players[seat]
    marks = (*player.marks, Mark(instance, USED.kind, CLEARS))
    return state.with_player(seat, player.evolve(marks=marks))


def fetch(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.phase != PHASE:
        raise IllegalMove(
            "not_now",
            "The Debtor's Prison is used in the building phase only.",
            reason="prison_phase",
        )
    prison: str = move.get("prison")
    then: str = move.get("then")
    player = state.players[seat]
    cards_of = state.rules.cards
    if prison not in player.area or cards_of[prison].ability is not DEBTORS_PRISON:
        raise IllegalMove("no_such_card", "You have no such Debtor's Prison.", reason="no_prison")
    if _is_used(state, seat, prison):
        raise IllegalMove("prison_used", "This Debtor's Prison was used this round.")
    drawn = move.card
    if drawn not in state.discard or cards_of[drawn].special:
        raise IllegalMove(
            "no_such_card", "That card is not in the discard pile.", reason="not_in_discard"
        )
    if then != "buy" and move.displace is not None:
        raise IllegalMove(
            "cannot_displace",
            "Only a card bought displaces another card.",
            reason="prison_not_bought",
        )
    room = len(player.hand) < seat_hand_limit(state, seat)
    state = _with_mark(state, seat, prison)
    player = state.players[seat]
    discard = tuple(c for c in state.discard if c != drawn)
    event: dict[str, Any] = {
        "kind": "prison",
        "seat": seat,
        "prison": prison,
        "card": drawn,
        "then": then,
    }
    if then == "return":
        if room:
            raise IllegalMove("hand_not_full", "With room in your hand, buy the card or take it.")
        events.append(event)
        return end_turn(state, seat, player, passed=False)
    if then == "take":
        if not room:
            raise IllegalMove("hand_full")
        events.append(event)
        player = player.evolve(hand=(*player.hand, drawn))
        return end_turn(state, seat, player, passed=False, discard=discard)
    placed = Move("buy", drawn, move.displace)
    player, price, displaced, entry = place(state, seat, placed, "prison", len(player.hand))
    events.append({**event, "price": price, "displaced": displaced})
    events.append(entry)
    if displaced is not None:
        discard = (*discard, displaced)
    state = end_turn(state, seat, player, passed=False, discard=discard)
    return placed_hooks(state, seat, drawn, displaced, events)


register_move_kind(
    MoveKind(
        "prison",
        ("prison", "card", "then"),
        ("displace",),
        fetch,
        quote=lambda state, seat, move: _quote(state, seat, move),
    )
)


def _quote(state: GameState, seat: int, move: Move) -> int | None:
    if move.get("then") != "buy" or move.card is None:
        return 0
    cards_of = state.rules.cards
    displaced = cards_of[move.displace] if move.displace else None
    return seat_prices(state, seat).price(cards_of[move.card], False, displaced)
