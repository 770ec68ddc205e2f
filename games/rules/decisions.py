"""Pending decisions: anything a player must answer outside the normal flow of turns.

The state holds a queue (`GameState.decisions`); its head is the only thing anybody may do, and
`to_act` names its seat. Each kind of decision is registered once (`register_decision`) with:

- `answers`: the move kinds that answer it, and `moves(state, decision)`: the legal answers;
- `apply(state, decision, move, events, planned)`: its effect (the decision is already off the
  queue; `planned` says a standing answer made the move);
- `default(state, decision)`: the answer a timeout or an admin's forced pass gives;
- optionally `plan(state, decision, value)`: the answer a standing plan (`PlayerState.plans`,
  kind -> value, given in advance) makes, and `plan_moves(state, seat)`: the moves that set it;
- optionally `forced(state, decision)`: the answer the engine plays itself when the seat has no
  real choice (None: ask);
- optionally `view(state, decision)` (extra keys for the view's `pending`) and `offers` (cards it
  offers to buy or take, priced in the view); `holds_card` when its data's `card` was drawn
  from a pile and lies nowhere else (the Observatory's draw).

Decisions that follow a phase's scoring (the Pub) are opened by the phase's `after_scoring`
follow-ups (ruleset.py); while they are pending `step` names the head's kind and `turn` its seat.
Decisions taken during the actions (the Observatory's drawn card) leave `step` at "actions".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .records import EMPTY, Record

if TYPE_CHECKING:
    from .moves import Move
    from .state import GameState

Events = list[dict[str, Any]]
NOT_NOW = "That action is not possible at this moment."


@dataclass(frozen=True, slots=True)
class Decision:
    """One pending decision: who must answer, and the plain data the answer needs."""

    kind: str
    seat: int
    data: Record = EMPTY

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.seat, "data": self.data.to_json()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        return cls(str(data["kind"]), int(data["seat"]), Record(data.get("data") or {}))


@dataclass(frozen=True, slots=True)
class DecisionKind:
    kind: str
    answers: tuple[str, ...]
    moves: Callable[[GameState, Decision], list[Move]]
    apply: Callable[[GameState, Decision, Move, Events, bool], GameState]
    default: Callable[[GameState, Decision], Move]
    plan: Callable[[GameState, Decision, Any], Move | None] | None = None
    plan_moves: Callable[[GameState, int], list[Move]] | None = None
    # The answer the engine gives by itself when the seat has no choice (an upkeep that cannot
    # be paid, the last free '?' tile); None: the seat is asked.
    forced: Callable[[GameState, Decision], Move | None] | None = None
    view: Callable[[GameState, Decision], dict[str, Any]] | None = None
    offers: Callable[[GameState, Decision], tuple[str, ...]] | None = None
    waiting: str = NOT_NOW  # the refusal of any other move while it is pending
    holds_card: bool = False  # its data's `card` was drawn from a pile and lies nowhere else


DECISIONS: dict[str, DecisionKind] = {}


def register_decision(kind: DecisionKind) -> DecisionKind:
    """Register a kind of decision (once; a second registration replaces the first)."""
    DECISIONS[kind.kind] = kind
    _PLAN_MOVERS.clear()
    _PLAN_MOVERS.extend(k for k in DECISIONS.values() if k.plan_moves is not None)
    return kind


_PLAN_MOVERS: list[DecisionKind] = []


def plan_movers() -> list[DecisionKind]:
    """The kinds whose plans may be set on a turn, in registration order."""
    return _PLAN_MOVERS
