"""Moves a seat can make (rulebook "The 4 actions in detail", special cards, yucata pass buttons).

One small frozen dataclass covers every kind; `kind` says which fields matter. The wire format is
documented in docs/moves.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import IllegalMove
from .state import PHASES

# kind -> (required fields, optional fields)
KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "buy": (("card",), ("displace",)),
    "take": (("card",), ()),
    "play": (("card",), ("displace",)),
    "pass": ((), ("until",)),
    "observatory": (("observatory", "pile"), ()),
    "discard": (("card",), ()),
    "pub": (("points",), ()),
    "pub_plan": (("points",), ()),
}
UNTIL = ("board_change", "phase")


@dataclass(frozen=True, slots=True)
class Move:
    """A move: `kind` plus the fields that kind uses (others stay None)."""

    kind: str
    card: str | None = None
    displace: str | None = None
    until: str | None = None
    observatory: str | None = None
    pile: str | None = None
    points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in ("card", "displace", "until", "observatory", "pile", "points"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Move:
        return parse_move(data)


def _malformed(why: str) -> IllegalMove:
    return IllegalMove("malformed_move", f"That move is not written correctly: {why}.")


def parse_move(data: Any) -> Move:
    """Read a move from its JSON form; anything unexpected raises IllegalMove(malformed_move)."""
    if not isinstance(data, dict):
        raise _malformed("a move must be an object")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise _malformed(f"unknown kind {kind!r}")
    required, optional = KINDS[kind]
    extra = set(data) - {"kind", *required, *optional}
    if extra:
        raise _malformed(f"unexpected field(s) {', '.join(sorted(map(str, extra)))}")
    for name in required:
        if data.get(name) is None:
            raise _malformed(f"{kind} needs {name}")
    for name in ("card", "displace", "observatory", "pile"):
        value = data.get(name)
        if value is not None and not isinstance(value, str):
            raise _malformed(f"{name} must be a string")
    until = data.get("until")
    if until is not None and until not in UNTIL:
        raise _malformed("until must be null, 'board_change' or 'phase'")
    pile = data.get("pile")
    if pile is not None and pile not in PHASES:
        raise _malformed("pile must be worker, building, aristocrat or trading")
    points = data.get("points")
    if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
        raise _malformed("points must be a whole number")
    if points is not None and points < 0:
        raise _malformed("points cannot be negative")
    return Move(
        kind=kind,
        card=data.get("card"),
        displace=data.get("displace"),
        until=until,
        observatory=data.get("observatory"),
        pile=pile,
        points=points,
    )


_CACHE: dict[tuple[str, str | None, str | None], Move] = {}


def card_move(kind: str, card: str, displace: str | None = None) -> Move:
    """A buy/take/play move, shared rather than rebuilt: moves are immutable values and
    legal_moves makes thousands of the same ones."""
    key = (kind, card, displace)
    move = _CACHE.get(key)
    if move is None:
        move = _CACHE[key] = Move(kind, card, displace)
    return move


PASS = Move("pass")
PASS_UNTIL_BOARD_CHANGE = Move("pass", until="board_change")
PASS_PHASE = Move("pass", until="phase")
