"""Build positions in rulebook terms from short dicts, and play moves on them."""

from __future__ import annotations

from typing import Any

from games.rules import GameState, apply_move, legal_moves

Events = list[dict[str, Any]]


def state(**fields: Any) -> GameState:
    """A state from the fields of docs/state.md; `players` may be a number or a list of dicts.

    Defaults: 1st edition, two players with 25 rubles, building phase of round 2 (so the first
    worker phase rule stays out of the way), seat 0 to act, empty piles and board.
    """
    fields.setdefault("round", 2)
    fields.setdefault("phase", "building")
    fields.setdefault("turn", 0)
    players = fields.get("players", 2)
    if isinstance(players, int):
        fields["players"] = [{} for _ in range(players)]
    return GameState.from_dict(fields)


def play(s: GameState, seat: int, **move: Any) -> tuple[GameState, Events]:
    """Apply a move written as keywords, e.g. play(s, 0, kind="buy", card="market#0")."""
    return apply_move(s, seat, move)


def kinds(events: Events) -> list[str]:
    return [event["kind"] for event in events]


def of_kind(events: Events, kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event["kind"] == kind]


def moves_of(s: GameState, seat: int) -> list[dict[str, Any]]:
    return [move.to_dict() for move in legal_moves(s, seat)]


def pass_all(s: GameState) -> tuple[GameState, Events]:
    """Everybody passes until the current phase (or Pub step) is over; returns all events."""
    events: Events = []
    phase, rnd = s.phase, s.round
    while s.phase == phase and s.round == rnd and s.step == "actions":
        s, new = apply_move(s, s.turn, {"kind": "pass"})
        events += new
    return s, events
