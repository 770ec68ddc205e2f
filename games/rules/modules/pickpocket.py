"""The Pick Pocket (../shared/expansions.md §2.4, §2.5, §3.4 M1-5, decision 4.16).

When a phase's actions open (its cards just laid out), the seat that holds the Pick Pocket - taken
on an earlier turn - is asked before anybody acts (decision `pickpocket`). Using it costs no
action and the card leaves (1st edition: to the discard pile; 2nd: out of the game):

- 1st edition: the holder becomes that phase's first player (the others follow clockwise from
  him; the start markers stay). Not offered to the phase's start player: no effect.
- 2nd edition: the holder at once buys or takes one card from the board (never a purple card
  bought), then the phase begins as usual with its start player (who may be the holder).

Answers: `{"kind": "pickpocket", "use": false}`, or `{"kind": "pickpocket", "use": true}` (1st
edition), or `{"kind": "pickpocket", "use": true, "card": id, "then": "buy"|"take",
"displace": id?}` (2nd), or `{"kind": "pickpocket_plan", "ask": false}` (no, and never ask me
again). A timeout, a standing pass or the standing answer "never ask me" (`pickpocket_plan
{"ask": false}`, a free move its holder is offered on his turns; `{"ask": true}` asks again)
decline.

"Later turn" (§0.3): the Pick Pocket's action belongs to the turn in which it happens - the
turn of the phase's start player, who has not acted yet. A purple card it takes may so be used
on the holder's next turn, unless he is that start player (then it waits for his turn after).
Rules versions 1 and 2 blocked the holder's next turn in every case (docs/rules.md).

What the edition and the rules version decide is settled in `configure` (ruleset params); play
reads only those.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..actions import into_hand, place, placed
from ..decisions import Decision, DecisionKind, register_decision
from ..errors import IllegalMove
from ..moves import Move, MoveKind, bool_field, choice_field, register_field, register_move_kind
from ..prices import displace_targets, seat_hand_limit, seat_prices
from ..ruleset import Phase, register_phase_start
from ..state import GameState, PlayerState
from .purple import leave_game

Events = list[dict[str, Any]]
KIND = "pickpocket"
PLAN = "pickpocket_plan"
ABILITY = "pickpocket"
DECLINE = Move(KIND, extra=(("use", False),))
USE_1ST = Move(KIND, extra=(("use", True),))
NEVER_ASK = Move(PLAN, extra=(("ask", False),))
ASK_AGAIN = Move(PLAN, extra=(("ask", True),))
# Ruleset params (configure): the 1st edition's Pick Pocket makes its holder the phase's first
# player (004), the 2nd edition's buys or takes a card (000); under rules versions 1 and 2 a
# purple card it took waited for the holder's turn after next.
FIRST_PLAYER = "banquet.pickpocket_first_player"
TAKE_WAITS = "banquet.pickpocket_take_waits"

register_field(bool_field("use"))
register_field(bool_field("ask"))
register_field(
    choice_field("then", ("buy", "take", "return"), "then must be 'buy', 'take' or 'return'")
)


def _holder(state: GameState) -> tuple[int, str] | None:
    cards_of = state.rules.cards
    for seat, player in enumerate(state.players):
        for instance in player.hand:
            if cards_of[instance].ability.key == ABILITY:
                return seat, instance
    return None


def _steal(seat: int, card: str, then: str, displace: str | None = None) -> Move:
    return Move(KIND, card=card, displace=displace, extra=(("then", then), ("use", True)))


def _uses(state: GameState, seat: int) -> list[Move]:
    """The ways the holder can use the card now (empty: it would have no effect)."""
    if state.rules.params[FIRST_PLAYER]:
        return [] if state.turn == seat else [USE_1ST]
    cards_of = state.rules.cards
    player = state.players[seat]
    profile = seat_prices(state, seat)
    hand_after = len(player.hand) - 1  # the Pick Pocket leaves the hand
    room = hand_after < seat_hand_limit(state, seat)
    moves = []
    for row, lower in ((state.upper, False), (state.lower, True)):
        for instance in row:
            card = cards_of[instance]
            if card.trading:
                for target in displace_targets(state, seat, card, hand_after):
                    if profile.price(card, lower, cards_of[target]) <= player.money:
                        moves.append(_steal(seat, instance, "buy", target))
            elif not card.special and profile.price(card, lower) <= player.money:
                moves.append(_steal(seat, instance, "buy"))
            if room:
                moves.append(_steal(seat, instance, "take"))
    return moves


def _ask(state: GameState, phase: Phase, events: Events) -> GameState:
    """Phase start: ask the holder, if the card was taken on an earlier turn and can act."""
    found = _holder(state)
    if found is None or state.first_worker_phase:
        return state
    seat, _ = found
    if not _uses(state, seat):
        return state
    decision = Decision(KIND, seat)
    return state.evolve(decisions=(decision, *state.decisions))


def _moves(state: GameState, decision: Decision) -> list[Move]:
    return [*_uses(state, decision.seat), DECLINE, NEVER_ASK]


def _apply(
    state: GameState, decision: Decision, move: Move, events: Events, planned: bool
) -> GameState:
    seat = decision.seat
    wanted = move.to_dict()
    if not any(m.to_dict() == wanted for m in _moves(state, decision)):
        raise IllegalMove("special_no_effect", "The Pick Pocket cannot do this now.")
    if move.kind == PLAN:  # no, and never ask me again
        state = make_plan(state, seat, move, events)
    if not move.get("use"):
        events.append({"kind": KIND, "seat": seat, "used": False, "automatic": planned})
        return state
    found = _holder(state)
    assert found is not None
    _, instance = found
    player = state.players[seat]
    state = state.with_player(
        seat, player.evolve(hand=tuple(c for c in player.hand if c != instance))
    )
    state = leave_game(state, instance)
    then = move.get("then")
    events.append({"kind": KIND, "seat": seat, "used": True, "card": move.card, "then": then})
    if state.rules.params[FIRST_PLAYER]:
        return state.evolve(turn=seat, passes=0)
    card = str(move.card)
    row = "upper" if card in state.upper else "lower"
    rows: dict[str, Any] = {row: tuple(c for c in getattr(state, row) if c != card)}
    player = state.players[seat]
    if then == "take":
        return state.with_player(seat, _into_hand(state, seat, card), **rows)
    bought = Move("buy", card, move.displace)
    player, price, displaced, entry = place(state, seat, bought, row, len(player.hand))
    events.append(
        {"kind": "buy", "seat": seat, "card": card, "from": row, "price": price,
         "displaced": displaced}
    )  # fmt: skip
    events.append(entry)
    if displaced is not None:
        rows["discard"] = (*state.discard, displaced)
    state = state.with_player(seat, player, **rows)
    return placed(state, seat, card, displaced, events)


def _into_hand(state: GameState, seat: int, card: str) -> PlayerState:
    """The holder with the card he took: a purple one counts as taken in the turn the Pick
    Pocket acted in - the start player's (§0.3), so it waits only if he is that player."""
    player = state.players[seat]
    if seat == state.turn or state.rules.params[TAKE_WAITS]:
        return into_hand(state, player, card)  # remembered as taken this turn (actions.py)
    return player.evolve(hand=(*player.hand, card))


def _quote(state: GameState, seat: int, move: Move) -> int | None:
    """What buying the card with the Pick Pocket costs (the view's price of the answer)."""
    if move.get("then") != "buy" or move.card is None:
        return None
    cards_of = state.rules.cards
    displaced = cards_of[move.displace] if move.displace else None
    profile = seat_prices(state, seat)
    return profile.price(cards_of[move.card], move.card in state.lower, displaced)


def plan_offers(state: GameState, seat: int, instance: str) -> Iterable[Move]:
    """The holder's free move on his turn: the standing answer he has not given yet."""
    return (ASK_AGAIN,) if state.players[seat].plans.get(KIND) is False else (NEVER_ASK,)


def _forced(state: GameState, decision: Decision) -> Move | None:
    """A standing pass or "never ask me" declines without asking."""
    player = state.players[decision.seat]
    if player.standing is not None or player.plans.get(KIND) is False:
        return DECLINE
    return None


def make_plan(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    """The standing answer: `ask` false = never ask me (decline), true = ask me again."""
    ask = bool(move.get("ask"))
    player = state.players[seat]
    plans = player.plans.drop(KIND) if ask else player.plans.set(KIND, False)
    events.append({"kind": PLAN, "seat": seat, "ask": ask})
    return state.with_player(seat, player.evolve(plans=plans))


def configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    draft["phase_start"].append(KIND)
    draft["params"][FIRST_PLAYER] = options["edition"] == "1st"
    draft["params"][TAKE_WAITS] = options["rules_version"] in ("1", "2")


register_phase_start(KIND, _ask)
register_decision(
    DecisionKind(
        KIND,
        answers=(KIND, PLAN),
        moves=_moves,
        apply=_apply,
        default=lambda state, d: DECLINE,
        forced=_forced,
        waiting="First decide whether you use your Pick Pocket.",
    )
)
register_move_kind(
    MoveKind(
        KIND,
        ("use",),
        ("card", "then", "displace"),
        None,
        "The Pick Pocket is used when a phase opens.",
        quote=_quote,
    )
)
register_move_kind(MoveKind(PLAN, ("ask",), (), make_plan, free=True))
