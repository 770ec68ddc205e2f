"""The Pub (rulebook "The special cards"; seeds/README.md items 2 and 8; docs/rules.md "Pub").

Right after the scoring of the phase that names the follow-up `pub` (the building phase), each
Pub owner in turn from that phase's start player buys up to 5 points per Pub at 2 rubles each
(decision `pub`; owners who cannot pay even 1 point are not asked). During that phase's actions
an owner may answer in advance with `pub_plan` (kept as `plans["pub"]`); it is carried out at the
next such scoring as min(plan, what he may buy) and then cleared. Under rules version 2 a plan
the scoring cannot use lapses there too (the ruleset's `plans_lapse`).

Pieces: the ability `pub`, the follow-up and decision `pub`, the move kinds `pub` and `pub_plan`.
"""

from __future__ import annotations

from typing import Any

from ..abilities import Ability, ability_params, register_ability
from ..decisions import Decision, DecisionKind, register_decision
from ..errors import IllegalMove
from ..ledger import gain
from ..moves import Move, MoveKind, register_move_kind
from ..ruleset import register_follow_up
from ..state import PUB_PLAN, GameState

Events = list[dict[str, Any]]
PRICE = 2  # rubles per point

PUB = register_ability(Ability("pub", params={"points": 5}))


# Points allowed by area: legal_moves asks on every turn of the building phase, and an area
# changes far less often (instance names are the same types in every catalogue, prices.py).
_ALLOWED: dict[tuple[str, ...], int] = {}
_ALLOWED_SIZE = 4096


def points_allowed(state: GameState, seat: int) -> int:
    """Points the seat's Pubs allow in all (5 per Pub), whatever his money."""
    area = state.players[seat].area
    allowed = _ALLOWED.get(area)
    if allowed is None:
        cards_of = state.rules.cards
        allowed = sum(
            ability_params(cards_of[c], "points") for c in area if cards_of[c].ability is PUB
        )
        if len(_ALLOWED) >= _ALLOWED_SIZE:
            _ALLOWED.clear()
        _ALLOWED[area] = allowed
    return allowed


def allowance(state: GameState, seat: int) -> int:
    """Points the seat may buy right now with its Pubs: 5 per Pub, 2 rubles each."""
    return min(points_allowed(state, seat), state.players[seat].money // PRICE)


def buy_points(
    state: GameState, seat: int, points: int, events: Events, automatic: bool
) -> GameState:
    """Pay 2 rubles per point; the plan, used, is cleared. The points walk the score track
    (`ledger.gain`: with Module 6's obstacles some may be lost, `points_after` says)."""
    player = state.players[seat]
    at = len(events)
    plans = player.plans.drop(PUB_PLAN)
    state, credited = gain(state, seat, "pub", -PRICE * points, points, events, plans=plans)
    events.insert(
        at,
        {
            "kind": "pub",
            "seat": seat,
            "points": points,
            "price": PRICE * points,
            "automatic": automatic,
            "points_before": player.points,
            "points_after": player.points + credited,
        },
    )
    return state


def _ask(state: GameState, seat: int) -> Decision | None:
    return Decision(PUB_PLAN, seat) if allowance(state, seat) > 0 else None


def _apply(
    state: GameState, decision: Decision, move: Move, events: Events, planned: bool
) -> GameState:
    if move.points > allowance(state, decision.seat):  # type: ignore[operator]
        raise IllegalMove("too_many_points")
    return buy_points(state, decision.seat, move.points, events, automatic=planned)  # type: ignore[arg-type]


def _plan_moves(state: GameState, seat: int) -> list[Move]:
    """During the phase the Pub follows, an owner may set his plan (0..5 per Pub)."""
    if PUB_PLAN not in state.rules.phase(state.phase).after_scoring:
        return []
    total = points_allowed(state, seat)
    return list(_plans(total)) if total else []


_PLANS: dict[int, tuple[Move, ...]] = {}


def _plans(total: int) -> tuple[Move, ...]:
    """The plans 0..total (shared: moves are immutable values)."""
    plans = _PLANS.get(total)
    if plans is None:
        plans = _PLANS[total] = tuple(Move("pub_plan", points=k) for k in range(total + 1))
    return plans


def make_plan(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if PUB_PLAN not in state.rules.phase(state.phase).after_scoring:
        raise IllegalMove(
            "not_now", "A Pub plan is made during the building phase.", reason="pub_plan_phase"
        )
    total = points_allowed(state, seat)
    if not total:
        raise IllegalMove("no_pub")
    if move.points > total:  # type: ignore[operator]
        raise IllegalMove(
            "too_many_points", f"Your Pubs allow at most {total} points.", limit=total
        )
    events.append({"kind": "pub_plan", "seat": seat, "points": move.points})
    player = state.players[seat]
    return state.with_player(seat, player.evolve(plans=player.plans.set(PUB_PLAN, move.points)))


register_follow_up(PUB_PLAN, _ask)
register_decision(
    DecisionKind(
        PUB_PLAN,
        answers=("pub",),
        moves=lambda state, d: [Move("pub", points=k) for k in range(allowance(state, d.seat) + 1)],
        apply=_apply,
        default=lambda state, d: Move("pub", points=0),
        plan=lambda state, d, value: Move("pub", points=min(int(value), allowance(state, d.seat))),
        plan_moves=_plan_moves,
        view=lambda state, d: {"max_points": allowance(state, d.seat)},
        waiting="Decide first how many points to buy with your Pub.",
    )
)
register_move_kind(
    MoveKind(
        "pub",
        ("points",),
        (),
        None,
        "Points are bought with the Pub after the building scoring.",
        quote=lambda state, seat, move: PRICE * (move.points or 0),
    )
)
register_move_kind(MoveKind("pub_plan", ("points",), (), make_plan))
