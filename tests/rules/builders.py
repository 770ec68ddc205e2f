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


def market_state(**fields: Any) -> GameState:
    """A 2nd-edition position with the Market on (otherwise `state`'s defaults): the market
    phase of round 2 unless told otherwise, seat 0 holding the sack (the market marker), an
    Author on the board so that the next phase waits for a seat's choice."""
    fields["options"] = {"edition": "2nd", "market": True, **fields.get("options", {})}
    fields.setdefault("phase", "market")
    fields.setdefault("markers", {"market": 0})
    fields.setdefault("board", {"upper": ["author#0"]})
    return state(**fields)


def obstacle_state(track: dict[int, str], **fields: Any) -> GameState:
    """A position with the Market and Module 6's obstacles laid out as `track` (space ->
    obstacle id, any layout); otherwise `market_state`'s defaults (round 2, the market phase,
    seat 0 holding the sack, an Author on the board)."""
    fields["options"] = {"obstacles": True, **fields.get("options", {})}
    layout = [{"space": space, "id": obstacle} for space, obstacle in track.items()]
    fields["records"] = {"obstacles": {"track": layout}, **fields.get("records", {})}
    return market_state(**fields)


def passed(*spaces: int) -> dict[str, Any]:
    """A player's record of obstacles passed earlier (no bonus noted)."""
    done = [{"space": space, "rubles": 0, "points": 0} for space in spaces]
    return {"obstacles": {"passed": done}}
