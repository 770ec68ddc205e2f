"""The Trading House (../shared/expansions.md §2.1 "Trading House", 2.6; README-2; 4.14).

Right after the building scoring, in the same queue as the Pub (owners in turn from the holder
of the building marker; for one seat the Trading House before the Pub), an owner with at least
3 rubles is asked whether he pays 3 rubles for 2 points (decision `trading_house`, answered with
`trading_house {use}`; a timeout answers no). During the building phase he may answer in advance
with `trading_house_plan {use}` (kept as `plans["trading_house"]`), carried out at the next
building scoring and then cleared, like the Pub's plan.

Pieces: the ability `trading_house`, the follow-up and decision `trading_house`, the move kinds
`trading_house` and `trading_house_plan`, the field `use`.
"""

from __future__ import annotations

from typing import Any

from ..abilities import Ability, register_ability
from ..decisions import Decision, DecisionKind, register_decision
from ..errors import IllegalMove
from ..ledger import gain
from ..moves import Move, MoveKind, bool_field, register_field, register_move_kind
from ..ruleset import register_follow_up
from ..state import GameState

Events = list[dict[str, Any]]
KIND = "trading_house"  # decision, follow-up, plan and ledger source
PHASE_NAME = "building"  # the phase whose scoring it follows
PRICE = 3  # rubles
POINTS = 2

TRADING_HOUSE = register_ability(
    Ability(KIND, params={"trade_price": PRICE, "trade_points": POINTS})
)
register_field(bool_field("use"))
USE = Move(KIND, extra=(("use", True),))
DECLINE = Move(KIND, extra=(("use", False),))
PLANS = (
    Move("trading_house_plan", extra=(("use", True),)),
    Move("trading_house_plan", extra=(("use", False),)),
)


def owns(state: GameState, seat: int) -> bool:
    cards_of = state.rules.cards
    return any(cards_of[c].ability is TRADING_HOUSE for c in state.players[seat].area)


def _ask(state: GameState, seat: int) -> Decision | None:
    """Owners with at least 3 rubles are asked (once per round: once per building scoring)."""
    if state.players[seat].money >= PRICE and owns(state, seat):
        return Decision(KIND, seat)
    return None


def _apply(
    state: GameState, decision: Decision, move: Move, events: Events, planned: bool
) -> GameState:
    seat = decision.seat
    player = state.players[seat]
    use = bool(move.get("use"))
    plans = player.plans.drop(KIND) if KIND in player.plans else player.plans
    if not use:
        events.append({"kind": KIND, "seat": seat, "used": False, "automatic": planned})
        return state.with_player(seat, player.evolve(plans=plans))
    if player.money < PRICE:
        raise IllegalMove(
            "cannot_afford",
            f"The Trading House needs {PRICE} rubles.",
            reason="trading_house",
            price=PRICE,
        )
    at = len(events)
    state, _credited = gain(state, seat, KIND, -PRICE, POINTS, events, plans=plans)
    events.insert(
        at,
        {
            "kind": KIND,
            "seat": seat,
            "used": True,
            "price": PRICE,
            "points": POINTS,
            "automatic": planned,
        },
    )
    return state


def _plan_moves(state: GameState, seat: int) -> list[Move]:
    if KIND not in state.rules.phase(state.phase).after_scoring or not owns(state, seat):
        return []
    return list(PLANS)


def make_plan(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if KIND not in state.rules.phase(state.phase).after_scoring:
        raise IllegalMove(
            "not_now",
            "A Trading House plan is made during the building phase.",
            reason="trading_house_plan_phase",
        )
    if not owns(state, seat):
        raise IllegalMove("no_such_card", "You have no Trading House.", reason="no_trading_house")
    use = bool(move.get("use"))
    events.append({"kind": "trading_house_plan", "seat": seat, "use": use})
    player = state.players[seat]
    return state.with_player(seat, player.evolve(plans=player.plans.set(KIND, use)))


register_follow_up(KIND, _ask)
register_decision(
    DecisionKind(
        KIND,
        answers=(KIND,),
        moves=lambda state, d: (
            [USE, DECLINE] if state.players[d.seat].money >= PRICE else [DECLINE]
        ),
        apply=_apply,
        default=lambda state, d: DECLINE,
        plan=lambda state, d, value: (
            USE if value and state.players[d.seat].money >= PRICE else DECLINE
        ),
        plan_moves=_plan_moves,
        view=lambda state, d: {"price": PRICE, "points": POINTS},
        waiting="Decide first whether your Trading House buys 2 points for 3 rubles.",
    )
)
register_move_kind(
    MoveKind(
        KIND,
        ("use",),
        (),
        None,
        "The Trading House is used right after the building scoring.",
        quote=lambda state, seat, move: PRICE if move.get("use") else 0,
    )
)
register_move_kind(MoveKind("trading_house_plan", ("use",), (), make_plan, free=True))
