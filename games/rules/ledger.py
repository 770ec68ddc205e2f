"""The ledger: the one function through which rubles and points change (design.md §6).

Every gain or loss - phase scoring, the Pub, a card's price, each step of the final scoring -
goes through `post`, which names its source and returns the change as an event of kind
`ledger` (`seat`, `source`, `rubles`, `points`). The caller appends it right after the event
that reports the change (before `game_end` for the final scoring), so the log and the
end-of-game breakdown read where every ruble and point came from (`breakdown`); the state keeps
only the totals. The events that report changes keep their old fields (tests and stored logs
pin them). Module 6's obstacles will gate gains of points here, and the ordered final scoring
already runs through it.

Sources: `price` (a card paid for), `scoring:<phase>`, `pub`, `final:<step>`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import PlayerState

Entry = dict[str, Any]


def post(
    player: PlayerState,
    seat: int,
    source: str,
    rubles: int = 0,
    points: int = 0,
    **changes: Any,
) -> tuple[PlayerState, Entry]:
    """The player after the change (and any other `changes` of the same copy, such as the card
    a price paid for), and the ledger event that records it."""
    entry = {"kind": "ledger", "seat": seat, "source": source, "rubles": rubles, "points": points}
    if rubles or points or changes:
        player = player.evolve(
            money=player.money + rubles, points=player.points + points, **changes
        )
    return player, entry


def entries(events: Iterable[dict[str, Any]]) -> list[Entry]:
    """The ledger events among these events, in order."""
    return [event for event in events if event.get("kind") == "ledger"]


def breakdown(events: Iterable[dict[str, Any]]) -> dict[int, dict[str, dict[str, int]]]:
    """Per seat and source: the rubles and points the events' entries add up to."""
    out: dict[int, dict[str, dict[str, int]]] = {}
    for entry in entries(events):
        totals = out.setdefault(entry["seat"], {}).setdefault(
            entry["source"], {"rubles": 0, "points": 0}
        )
        totals["rubles"] += entry["rubles"]
        totals["points"] += entry["points"]
    return out
