"""Where Module 6's obstacles lie and what each player has passed (../shared/expansions.md
§2.11, decisions 4.33 and 4.37).

The layout is `state.records["obstacles"]["track"]`: `[{"space": 10, "id": "bonus_market"},
...]`, any layout a hand-written state gives (one obstacle per space, each obstacle once). What a
seat has passed is `player.records["obstacles"]["passed"]`: `[{"space", "rubles", "points"}]`,
the bonus he received there, or `{"space", "pending": true}` while he is still to choose it.

A seat *sits* on a real obstacle when his points equal its space and he has not passed it: the
walk stops a gain there, and only a real obstacle stops one (a bonus obstacle is passed when
reached). Nothing else is stored: where a seat stands follows from his points.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..records import EMPTY, Record
from ..state import GameState, PlayerState
from .obstacle_tiles import OBSTACLES, Obstacle, requirement_met

OPTION = "obstacles"


@dataclass(frozen=True, slots=True)
class Placed:
    """An obstacle on its space."""

    space: int
    obstacle: Obstacle


@dataclass(frozen=True, slots=True)
class Track:
    """The layout of one game, lowest space first."""

    placed: tuple[Placed, ...]
    real_spaces: frozenset[int]

    def at(self, space: int) -> Placed | None:
        return next((p for p in self.placed if p.space == space), None)


NO_TRACK = Track((), frozenset())


@lru_cache(maxsize=256)
def _read_track(layout: tuple[Record, ...]) -> Track:
    unknown = [entry["id"] for entry in layout if entry["id"] not in OBSTACLES]
    if unknown:
        raise ValueError(f"unknown obstacle(s) {unknown!r}")
    placed = sorted(
        (Placed(int(entry["space"]), OBSTACLES[str(entry["id"])]) for entry in layout),
        key=lambda p: p.space,
    )
    spaces = [p.space for p in placed]
    ids = [p.obstacle.id for p in placed]
    if len(set(spaces)) != len(spaces) or len(set(ids)) != len(ids) or min(spaces, default=1) < 1:
        raise ValueError(f"an obstacle layout needs one obstacle per space above 0: {layout!r}")
    real = frozenset(p.space for p in placed if p.obstacle.real)
    return Track(tuple(placed), real)


# The last record read by track_of and its track: every state of a game shares its record, so
# `is` finds it again without hashing the layout.
_LAST_TRACK: tuple[Record | None, Track] = (None, NO_TRACK)


def track_of(state: GameState) -> Track:
    """The game's obstacles (none without the option). Read between every two steps: memoised
    by the layout, which every state of a game shares."""
    global _LAST_TRACK
    mine: Record | None = state.records.get(OPTION)
    if mine is None:
        return NO_TRACK
    last, track = _LAST_TRACK
    if mine is not last:
        track = _read_track(mine["track"])
        _LAST_TRACK = (mine, track)
    return track


def with_track(state: GameState, layout: list[dict[str, Any]]) -> GameState:
    """The state with this layout (`[{"space", "id"}]`), checked."""
    record = Record({"track": layout})
    _read_track(record["track"])
    return state.evolve(records=state.records.set(OPTION, record))


def passed(player: PlayerState) -> tuple[Record, ...]:
    """The seat's passed obstacles, in the order he passed them, with what each paid."""
    mine: Record = player.records.get(OPTION, EMPTY)
    entries: tuple[Record, ...] = mine.get("passed", ())
    return entries


def passed_spaces(player: PlayerState) -> frozenset[int]:
    mine: Record | None = player.records.get(OPTION)
    if mine is None:
        return frozenset()
    return _spaces(mine.get("passed", ()))


@lru_cache(maxsize=1024)
def _spaces(entries: tuple[Record, ...]) -> frozenset[int]:
    return frozenset(int(entry["space"]) for entry in entries)


def with_passed(player: PlayerState, space: int, **bonus: Any) -> PlayerState:
    """The player with the obstacle on `space` passed (again: its entry replaced), and what it
    paid him (`rubles`, `points`, or `pending=True`)."""
    entries = [entry for entry in passed(player) if entry["space"] != space]
    entries.append(Record({"space": space, **bonus}))
    mine: Record = player.records.get(OPTION, EMPTY)
    return player.evolve(records=player.records.set(OPTION, mine.set("passed", entries)))


def ahead(state: GameState, seat: int) -> list[Placed]:
    """The obstacles the seat has not passed at or above his points, lowest first."""
    player = state.players[seat]
    done = passed_spaces(player)
    return [p for p in track_of(state).placed if p.space >= player.points and p.space not in done]


def next_obstacle(state: GameState, seat: int) -> Placed | None:
    """The first obstacle of `ahead` (None: nothing ahead)."""
    player = state.players[seat]
    track = track_of(state)
    if not track.placed:
        return None
    done = passed_spaces(player)
    points = player.points
    for placed in track.placed:
        if placed.space >= points and placed.space not in done:
            return placed
    return None


def clear(state: GameState, seat: int) -> int | None:
    """Points the seat can gain without reaching an obstacle (None: none ahead)."""
    placed = next_obstacle(state, seat)
    return None if placed is None else placed.space - state.players[seat].points - 1


def sitting(state: GameState, seat: int) -> Placed | None:
    """The real obstacle the seat sits on (his points are its space, not passed), if any."""
    player = state.players[seat]
    track = track_of(state)
    if player.points not in track.real_spaces or player.points in passed_spaces(player):
        return None
    return track.at(player.points)


def room(state: GameState, seat: int) -> int | None:
    """Points the seat can still gain before a gain stops: up to the first real obstacle ahead
    whose requirement he does not meet now (0: he sits on it, every point is lost; None: no
    such obstacle ahead)."""
    points = state.players[seat].points
    for placed in ahead(state, seat):
        obstacle = placed.obstacle
        if obstacle.real and not requirement_met(state, seat, obstacle, placed.space):
            return placed.space - points
    return None


def blocked_at(state: GameState, seat: int) -> int | None:
    """The space of the real obstacle the seat is held on (sitting, requirement not met)."""
    placed = sitting(state, seat)
    if placed is None or requirement_met(state, seat, placed.obstacle, placed.space):
        return None
    return placed.space


def check_track(state: GameState) -> None:
    """The gate's invariant: nobody is past an obstacle he has not passed, nor on a bonus
    obstacle's space without having passed it (AssertionError naming the seat)."""
    for seat, player in enumerate(state.players):
        done = passed_spaces(player)
        for placed in track_of(state).placed:
            if placed.space in done:
                continue
            limit = placed.space if placed.obstacle.real else placed.space - 1
            assert player.points <= limit, (
                f"seat {seat} has {player.points} points past {placed.obstacle.id} "
                f"on {placed.space}, which he has not passed"
            )
