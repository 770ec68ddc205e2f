"""The ledger: the one function through which rubles and points change (design.md §6).

Every gain or loss - phase scoring, the Pub, a card's price, each step of the final scoring -
goes through `post`, which names its source and returns the change as an event of kind
`ledger` (`seat`, `source`, `rubles`, `points`). The caller appends it right after the event
that reports the change (before `game_end` for the final scoring); the state keeps only the
totals. The end-of-game breakdown reads where every point came from out of these entries
(`scoring.score_sheet`, shown by the table's end screen); each event that reports a change keeps
its own fields, which the log's line of it reads (tests and stored logs pin them), so the log
gives the entries no line of their own.

Gains of points go through `gain`, which takes the state: in a game with a points gate (Module
6's obstacles, `Ruleset.points_gate`) the gate walks the points along the score track and may
credit fewer of them (the entry then says how many were `wasted`), pay bonuses on the way and ask
a bonus's choice; without one, `gain` is `post`. Losses and rubles alone are never gated.

Sources: `price` (a card paid for), `scoring:<phase>`, `pub`, `final:<step>`, and a module's own
(`sack`, `trading_house`, `upkeep`, `market:<good>`, ...). A source's part of the breakdown
(`part_of`) is the source itself, except that `<module>:<detail>` sources other than a phase's
scoring and a final step add up under `<module>` (the Market's majorities, good by good).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GameState, PlayerState

Entry = dict[str, Any]
Events = list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class PointsGate:
    """What every gain of points passes through in a game that has one (Module 6's obstacles).

    `walk(state, seat, source, rubles, points, events, final, changes)` posts the rubles, the
    `changes` of the player and the points the gate lets through (appending the ledger entry and
    its own events) and returns the state and the points credited; `final` says that no one may
    be asked (the final scoring: choices are made for the player). `room(state, seat)`: the
    points the seat can still gain before a gain stops (None: no limit ahead); `blocked_at(state,
    seat)`: where the seat is stopped now (None: it is not); `clear(state, seat)`: the points
    the seat can gain without reaching anything the gate acts on (None: any number) - a gain
    within it is a plain `post`, which lets several seats' gains be posted in one go.
    """

    walk: Callable[
        [GameState, int, str, int, int, Events, bool, dict[str, Any]], tuple[GameState, int]
    ]
    room: Callable[[GameState, int], int | None]
    blocked_at: Callable[[GameState, int], int | None]
    clear: Callable[[GameState, int], int | None]


def passes_freely(state: GameState, seat: int, points: int) -> bool:
    """Whether a gain of `points` for the seat meets nothing of the game's points gate (always
    so without one)."""
    gate = state.rules.points_gate
    if gate is None or points <= 0:
        return True
    clear = gate.clear(state, seat)
    return clear is None or points <= clear


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


def gain(
    state: GameState,
    seat: int,
    source: str,
    rubles: int,
    points: int,
    events: Events,
    *,
    final: bool = False,
    **changes: Any,
) -> tuple[GameState, int]:
    """Post a change of rubles and points (and other `changes` of the player) and append its
    ledger entry; a gain of points passes the game's points gate. Returns the state and the
    points credited (fewer than `points` when the gate stopped some).

    A caller that reports the change in an event of its own inserts that event before what this
    appended, so the report comes first (`at = len(events)` before the call).
    """
    gate = state.rules.points_gate
    if gate is None or points <= 0:
        player, entry = post(state.players[seat], seat, source, rubles, points, **changes)
        events.append(entry)
        return state.with_player(seat, player), points
    return gate.walk(state, seat, source, rubles, points, events, final, changes)


SCORING = "scoring:"
FINAL = "final:"


def part_of(source: str) -> str:
    """The part of the end-of-game breakdown a source's points count for."""
    if source.startswith((SCORING, FINAL)):
        return source
    return source.split(":", 1)[0]


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
