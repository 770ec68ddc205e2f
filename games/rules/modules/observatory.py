"""The Observatory (rulebook "The special cards"; `003`): once per round, as his action in the
building phase, the owner draws the top card of a pile holding more than one card, then buys it
(usual price, no lower-row discount; a trading card must displace), takes it into his hand
(needs room) or discards it. The Observatory is turned (mark `turned`): no point at this round's
building scoring, cannot be displaced, turns back at round end.

Pieces: the ability `observatory` (its extra action), the move kinds `observatory` and
`discard`, and the decision `observatory` (the drawn card; its default: discard it).
"""

from __future__ import annotations

from typing import Any

from ..abilities import Ability, register_ability
from ..actions import end_turn, into_hand, place, placed
from ..decisions import Decision, DecisionKind, register_decision
from ..errors import IllegalMove
from ..marks import TURNED, Mark
from ..moves import Move, MoveKind, register_move_kind
from ..prices import displace_targets, seat_hand_limit, seat_prices
from ..records import Record
from ..state import GameState

Events = list[dict[str, Any]]
PHASE = "building"  # the phase in which an Observatory may be used
DRAWN = "observatory"  # the decision kind


def _offers(state: GameState, seat: int, instance: str) -> list[Move]:
    """The draws this Observatory offers now (one per pile holding more than one card)."""
    if state.phase != PHASE or instance in state.players[seat].used:
        return []
    return [
        Move("observatory", observatory=instance, pile=name)
        for name, pile in zip(state.rules.piles, state.piles, strict=True)
        if len(pile) > 1
    ]


OBSERVATORY = register_ability(Ability("observatory", actions=_offers))


def draw(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.phase != PHASE:
        raise IllegalMove(
            "not_now",
            "The Observatory can be used in the building phase only.",
            reason="observatory_phase",
        )
    player = state.players[seat]
    instance = move.observatory
    if instance not in player.area or state.rules.cards[instance].ability is not OBSERVATORY:
        raise IllegalMove("no_such_card", "You have no such Observatory.", reason="no_observatory")
    if instance in player.used:
        raise IllegalMove("observatory_used")
    if move.pile not in state.rules.piles:
        raise IllegalMove("no_such_pile")
    index = state.rules.piles.index(move.pile)
    pile = state.piles[index]
    if len(pile) < 2:
        raise IllegalMove("pile_too_small")
    drawn = pile[0]
    events.append(
        {
            "kind": "observatory",
            "seat": seat,
            "observatory": instance,
            "pile": move.pile,
            "card": drawn,
            "reveals": True,
        }
    )
    player = player.evolve(marks=(*player.marks, Mark(instance, TURNED.kind, "round_end")))
    piles = (*state.piles[:index], pile[1:], *state.piles[index + 1 :])
    decision = Decision(DRAWN, seat, Record({"card": drawn}))
    return state.with_player(seat, player, piles=piles, decisions=(decision, *state.decisions))


def _moves(state: GameState, decision: Decision) -> list[Move]:
    """The drawn card must be bought, taken into hand or discarded."""
    cards_of = state.rules.cards
    seat = decision.seat
    player = state.players[seat]
    drawn: str = decision.data["card"]
    card = cards_of[drawn]
    profile = seat_prices(state, seat)
    moves = []
    if card.trading:
        for target in displace_targets(state, seat, card, len(player.hand)):
            if profile.price(card, False, cards_of[target]) <= player.money:
                moves.append(Move("buy", drawn, target))
    elif not card.special and profile.price(card) <= player.money:
        moves.append(Move("buy", drawn))
    if len(player.hand) < seat_hand_limit(state, seat):
        moves.append(Move("take", drawn))
    moves.append(Move("discard", drawn))
    return moves


def _apply(
    state: GameState, decision: Decision, move: Move, events: Events, planned: bool
) -> GameState:
    seat = decision.seat
    drawn: str = decision.data["card"]
    player = state.players[seat]
    if move.kind == "discard":
        if move.card != drawn:
            raise IllegalMove(
                "no_such_card",
                "You can only discard the card you drew.",
                reason="not_the_drawn_card",
            )
        events.append({"kind": "discard", "seat": seat, "card": drawn})
        return end_turn(state, seat, player, passed=False, discard=(*state.discard, drawn))
    if move.card != drawn:
        raise IllegalMove(
            "no_such_card",
            "You must buy, take or discard the drawn card.",
            reason="drawn_card_pending",
        )
    if move.kind == "take":
        if len(player.hand) >= seat_hand_limit(state, seat):
            raise IllegalMove("hand_full")
        events.append({"kind": "take", "seat": seat, "card": drawn, "from": "observatory"})
        return end_turn(state, seat, into_hand(state, player, drawn), passed=False)
    player, price, displaced, entry = place(state, seat, move, "observatory", len(player.hand))
    events.append(
        {
            "kind": "buy",
            "seat": seat,
            "card": drawn,
            "from": "observatory",
            "price": price,
            "displaced": displaced,
        }
    )
    events.append(entry)
    changes: dict[str, Any] = {} if displaced is None else {"discard": (*state.discard, displaced)}
    state = end_turn(state, seat, player, passed=False, **changes)
    return placed(state, seat, drawn, displaced, events)


register_decision(
    DecisionKind(
        DRAWN,
        answers=("buy", "take", "discard"),
        moves=_moves,
        apply=_apply,
        default=lambda state, decision: Move("discard", decision.data["card"]),
        view=lambda state, decision: {"card": decision.data["card"]},
        offers=lambda state, decision: (decision.data["card"],),
        waiting="First buy, take or discard the card you drew.",
        holds_card=True,
    )
)
register_move_kind(MoveKind("observatory", ("observatory", "pile"), (), draw))
register_move_kind(
    MoveKind(
        "discard", ("card",), (), None, "Only a card drawn with the Observatory can be discarded."
    )
)
