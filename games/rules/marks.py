"""Marks on cards in an area, each with the moment it clears (rulebook: the turned Observatory).

A mark is `(card, kind, clears)`. Its kind, registered once, says what it does to the card:
whether a trading card may still displace it and whether the card still scores. Its `clears`
names the moment it goes away: `round_end`, `phase_end:<phase>` (after that phase's scoring and
its decisions), `scored` (after the card's next scoring) or `never`. The base game has one kind:
`turned` (an Observatory used this round: no point at the building scoring, cannot be displaced,
turns back at round end). Modules add a flipped Debtor's Prison, the Jester and Banquet overlays
(`income`: they change the card's printed values at its next scoring) and the Money Collector's
chip (`keeps_points=False`: the card never scores points, printed or from its ability).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

MOMENTS_FIXED: tuple[str, ...] = ("round_end", "scored", "never")


@dataclass(frozen=True, slots=True)
class MarkKind:
    """What a mark of this kind does to its card."""

    kind: str
    displaceable: bool = True
    scores: bool = True
    # (printed rubles, points) -> what the card pays instead at its scoring (Jester: swapped).
    income: Callable[[int, int], tuple[int, int]] | None = None
    keeps_points: bool = True  # False: the card never scores points (Money Collector)


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


def changes_income(marks: tuple[Mark, ...]) -> bool:
    """Whether any mark changes what its card pays (so scoring takes the slow path)."""
    return any(
        MARK_KINDS[m.kind].income is not None or not MARK_KINDS[m.kind].keeps_points for m in marks
    )


def card_income(
    marks: tuple[Mark, ...], instance: str, rubles: int, points: int
) -> tuple[int, int]:
    """The card's printed values after its marks: overlays first, then a chip's lost points."""
    for mark in marks:
        kind = MARK_KINDS[mark.kind]
        if mark.card == instance and kind.income is not None:
            rubles, points = kind.income(rubles, points)
    return rubles, 0 if loses_points(marks, instance) else points


def loses_points(marks: tuple[Mark, ...], instance: str) -> bool:
    """Whether a mark on the card takes every point it would score (Money Collector)."""
    return any(m.card == instance and not MARK_KINDS[m.kind].keeps_points for m in marks)


def clear(marks: tuple[Mark, ...], moment: str) -> tuple[Mark, ...]:
    """The marks that stay once `moment` has come."""
    return tuple(mark for mark in marks if mark.clears != moment)
