"""The Twin's pair (Module 4, the Events; ../shared/expansions.md §2.9 "Twin", §3.8 M4-3, X-5,
decision 4.26).

After the Twin the pile's top card lies on the card of the upper row's first space; the two can
only be taken together, in one action: both bought, one bought and the other taken, or both
taken into the hand, one after the other in the order the player gives - each priced when it is
placed (a second identical card gets the identical-card reduction), a purple card taken, the
room in the hand and the money enough for the whole pair, no lower-row reduction. If its player
does anything else as his action, both go to the discard pile right after it (the card that lay
in the row first).

While the pair waits, the decision `twin` of its player holds the drawn card (`holds_card`; data
`card`, `on`). Every move of his turn answers it: `twin {card, then, second, displace?,
second_displace?}` takes the pair (`card` first, `then` "buy" or "take"; the other card
`second` "buy" or "take"), any other action of the turn is played as usual and then discards the
pair, a move that is no action (a plan, a free move) leaves the pair waiting. A move that would
take or use one card of the pair alone is refused (`twin_together`).
"""

from __future__ import annotations

from typing import Any

from ..actions import end_turn, into_hand, place, placed
from ..decisions import Decision, DecisionKind, register_decision
from ..engine import legal_moves
from ..errors import IllegalMove
from ..moves import (
    MOVE_KINDS,
    PASS,
    Move,
    MoveKind,
    choice_field,
    register_field,
    register_move_kind,
    string_field,
)
from ..prices import displace_targets, seat_hand_limit
from ..state import GameState

Events = list[dict[str, Any]]
PAIR = "twin"  # the decision kind and the move kind that takes the pair
WAYS = ("buy", "take")

register_field(string_field("second_displace"))
register_field(choice_field("second", WAYS, "second must be 'buy' or 'take'"))


class EveryMove(tuple[str, ...]):
    """The `answers` of the pair's decision: every move kind of the turn answers it (taking
    the pair, or any other action, after which the pair is discarded)."""

    def __contains__(self, kind: object) -> bool:
        return True


def pair_on_board(state: GameState) -> dict[str, Any] | None:
    """The pair while it waits: `{"seat", "on", "card"}` (the card in the row, the drawn one)."""
    if state.decisions and state.decisions[0].kind == PAIR:
        head = state.decisions[0]
        return {"seat": head.seat, "on": head.data["on"], "card": head.data["card"]}
    return None


def _one(
    state: GameState,
    seat: int,
    card: str,
    then: str,
    displace: str | None,
    hand_after: int,
    events: Events,
) -> tuple[GameState, str | None]:
    """One card of the pair bought or taken: the state after it, and the card it displaced."""
    upper = tuple(c for c in state.upper if c != card)
    if then == "take":
        player = state.players[seat]
        if len(player.hand) >= seat_hand_limit(state, seat):
            raise IllegalMove("hand_full")
        events.append({"kind": "take", "seat": seat, "card": card, "from": PAIR})
        return state.with_player(seat, into_hand(state, player, card), upper=upper), None
    player, price, displaced, entry = place(
        state, seat, Move("buy", card, displace), "upper", hand_after
    )
    events.append(
        {"kind": "buy", "seat": seat, "card": card, "from": PAIR, "price": price,
         "displaced": displaced}
    )  # fmt: skip
    events.append(entry)
    discard = state.discard if displaced is None else (*state.discard, displaced)
    return state.with_player(seat, player, upper=upper, discard=discard), displaced


def _ways(move: Move, pair: tuple[str, str]) -> tuple[str, str, str, str]:
    """(first card, its way, second card, its way) of a `twin` move, or `twin_together`."""
    first, then, second = move.card, move.get("then"), move.get("second")
    if first not in pair:
        raise IllegalMove(
            "twin_together", "That card is not one of the Twin's pair.", reason="not_in_pair"
        )
    if then not in WAYS or second not in WAYS:
        raise IllegalMove(
            "twin_together",
            "Each card of the Twin's pair is bought or taken into the hand.",
            reason="way",
        )
    other = pair[1] if first == pair[0] else pair[0]
    return str(first), str(then), other, str(second)


def take_pair(
    state: GameState, seat: int, pair: tuple[str, str], move: Move, events: Events
) -> GameState:
    """Both cards of the pair, one after the other, as one action."""
    first, then, second, second_then = _ways(move, pair)
    if (then == "take" and move.displace is not None) or (
        second_then == "take" and move.get("second_displace") is not None
    ):
        raise IllegalMove(
            "cannot_displace",
            "Only a card bought displaces another card.",
            reason="twin_not_bought",
        )
    hand_after = len(state.players[seat].hand) + (then == "take") + (second_then == "take")
    events.append(
        {"kind": "twin", "seat": seat, "cards": [first, second], "ways": [then, second_then]}
    )
    state, displaced = _one(state, seat, first, then, move.displace, hand_after, events)
    state, second_displaced = _one(
        state, seat, second, second_then, move.get("second_displace"), hand_after, events
    )
    state = end_turn(state, seat, state.players[seat], passed=False, board_changed=True)
    if then == "buy":
        state = placed(state, seat, first, displaced, events)
    if second_then == "buy":
        state = placed(state, seat, second, second_displaced, events)
    return state


def _targets(state: GameState, seat: int, card: str, then: str, hand_after: int) -> list[Any]:
    """What a card of the pair may displace if bought (None: nothing to displace)."""
    trading = state.rules.cards[card]
    if then == "buy" and trading.trading:
        return list(displace_targets(state, seat, trading, hand_after))
    return [None]


def pair_moves(state: GameState, seat: int, pair: tuple[str, str]) -> list[Move]:
    """Every way to take the pair now (tried card by card on the state, as it would happen)."""
    moves = []
    hand = len(state.players[seat].hand)
    for first, second in (pair, pair[::-1]):
        for then in WAYS:
            for second_then in WAYS:
                hand_after = hand + (then == "take") + (second_then == "take")
                for displace in _targets(state, seat, first, then, hand_after):
                    try:
                        mid, _ = _one(state, seat, first, then, displace, hand_after, [])
                    except IllegalMove:
                        continue
                    for second_displace in _targets(mid, seat, second, second_then, hand_after):
                        try:
                            _one(mid, seat, second, second_then, second_displace, hand_after, [])
                        except IllegalMove:
                            continue
                        moves.append(pair_move(first, then, second_then, displace, second_displace))
    return moves


def pair_move(
    card: str,
    then: str,
    second: str,
    displace: str | None = None,
    second_displace: str | None = None,
) -> Move:
    """The move that takes the pair: `card` first (`then`), the other card `second`."""
    extra: list[tuple[str, Any]] = [("second", second)]
    if second_displace is not None:
        extra.append(("second_displace", second_displace))
    extra.append(("then", then))
    return Move(PAIR, card, displace, extra=tuple(extra))


def _pair(decision: Decision) -> tuple[str, str]:
    return str(decision.data["on"]), str(decision.data["card"])


def _touches(move: Move, pair: tuple[str, str]) -> bool:
    return move.card in pair or move.get("target") in pair


def _moves(state: GameState, decision: Decision) -> list[Move]:
    """The turn's moves that leave the pair alone, and every way to take it."""
    rest = state.evolve(decisions=state.decisions[1:])
    pair = _pair(decision)
    moves = [m for m in legal_moves(rest, decision.seat) if not _touches(m, pair)]
    return moves + pair_moves(rest, decision.seat, pair)


def _acted(before: GameState, after: GameState) -> bool:
    """Whether a move was the turn's action: it handed the turn on, used up an action (a
    Double Turn adds some) or opened a decision of its own (the Observatory's draw)."""
    return (
        after.turn != before.turn
        or after.actions_left != before.actions_left
        or len(after.decisions) > len(before.decisions)
    )


def _answer(
    state: GameState, decision: Decision, move: Move, events: Events, planned: bool
) -> GameState:
    """Take the pair; or play the move as usual and, if it was the action, discard the pair;
    a move that is no action leaves the pair waiting."""
    seat = decision.seat
    pair = _pair(decision)
    if move.kind == PAIR:
        return take_pair(state, seat, pair, move, events)
    if _touches(move, pair):
        raise IllegalMove("twin_together", "The Twin's pair is taken together, in one action.")
    spec = MOVE_KINDS[move.kind]
    if spec.handler is None:
        raise IllegalMove("not_now", spec.not_now, move=move.kind)
    after = spec.handler(state, seat, move, events)
    if not _acted(state, after):
        return after.evolve(decisions=(decision, *after.decisions))
    on, card = pair
    events.append({"kind": "twin_discarded", "seat": seat, "cards": [on, card]})
    return after.evolve(
        upper=tuple(c for c in after.upper if c != on), discard=(*after.discard, on, card)
    )


def _quote(state: GameState, seat: int, move: Move) -> int | None:
    """What taking the pair this way costs in all (the view's price of the move)."""
    if not state.decisions or state.decisions[0].kind != PAIR:
        return None
    rest = state.evolve(decisions=state.decisions[1:])
    before = rest.players[seat].money
    try:
        after = take_pair(rest, seat, _pair(state.decisions[0]), move, [])
    except IllegalMove:
        return None
    return before - after.players[seat].money


register_decision(
    DecisionKind(
        PAIR,
        answers=EveryMove((PAIR,)),
        moves=_moves,
        apply=_answer,
        default=lambda state, decision: PASS,
        view=lambda state, decision: decision.data.to_json(),
        offers=lambda state, decision: (str(decision.data["card"]),),
        waiting="The Twin's pair is taken together, in one action.",
        holds_card=True,
    )
)
register_move_kind(
    MoveKind(
        PAIR,
        ("card", "then", "second"),
        ("displace", "second_displace"),
        None,
        "The Twin's pair is taken right after the Twin.",
        quote=_quote,
    )
)
