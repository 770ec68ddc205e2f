"""Marks on cards in an area, each with the moment it clears (rulebook: the turned Observatory).

A mark is `(card, kind, clears)`. Its kind, registered once, says what it does to the card:
whether a trading card may still displace it and whether the card still scores. Its `clears`
names the moment it goes away: `round_end`, `phase_end:<phase>` (after that phase's scoring and
its decisions), `scored` (after the card's next scoring) or `never`. The base game has one kind:
`turned` (an Observatory used this round: no point at the building scoring, cannot be displaced,
turns back at round end). Next: a flipped Debtor's Prison, a Jester or Banquet overlay, a Money
Collector chip.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

MOMENTS_FIXED: tuple[str, ...] = ("round_end", "scored", "never")


@dataclass(frozen=True, slots=True)
class MarkKind:
    """What a mark of this kind does to its card."""

    kind: str
    displaceable: bool = True
    scores: bool = True


@dataclass(frozen=True, slots=True)
class Mark:
    card: str
    kind: str
    clears: str

    def to_dict(self) -> dict[str, Any]:
        return {"card": self.card, "kind": self.kind, "clears": self.clears}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Mark:
        return cls(str(data["card"]), str(data["kind"]), str(data["clears"]))


MARK_KINDS: dict[str, MarkKind] = {}


def register_mark(kind: MarkKind) -> MarkKind:
    MARK_KINDS[kind.kind] = kind
    return kind


TURNED = register_mark(MarkKind("turned", displaceable=False, scores=False))


def valid_moment(moment: str) -> bool:
    return moment in MOMENTS_FIXED or moment.startswith("phase_end:")


def cards_marked(marks: tuple[Mark, ...], kind: str) -> tuple[str, ...]:
    """The cards carrying a mark of this kind, in the order they were marked."""
    return tuple(mark.card for mark in marks if mark.kind == kind)


def not_displaceable(marks: tuple[Mark, ...]) -> frozenset[str]:
    return frozenset(m.card for m in marks if not MARK_KINDS[m.kind].displaceable)


def not_scoring(marks: tuple[Mark, ...]) -> frozenset[str]:
    return frozenset(m.card for m in marks if not MARK_KINDS[m.kind].scores)


def clear(marks: tuple[Mark, ...], moment: str) -> tuple[Mark, ...]:
    """The marks that stay once `moment` has come."""
    return tuple(mark for mark in marks if mark.clears != moment)
