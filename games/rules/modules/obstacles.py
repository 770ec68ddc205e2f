"""Module 6: the Obstacles (needs the Market; ../shared/expansions.md §1.1, §1.5, §1.6, §2.11,
§2.12, §3.10, decisions 4.33-4.37).

Ten obstacle tiles (obstacle_tiles.py), five of which lie on the score track: three of the five
bonus obstacles on spaces 10, 50 and 70, two of the five real ones on 20 and 35, drawn at
random from the game's seed (the standard layout only, decision 4.37; a hand-written state may
lay out any, obstacle_track.py). Every gain of points walks the track through the ledger's
points gate (obstacle_walk.py), the final scoring included.

Pieces: the option `obstacles` (`register_expansion`), the setup `obstacles`, the points gate
and settle hook `obstacles`, the decision and move `obstacle_bonus`, the view part `obstacles`
(the layout, every seat's standing at every obstacle, have/need, the points he can still gain)
and the greedy bot's worths (obstacles_bots.py).
"""

from __future__ import annotations

from typing import Any

from ..rng import SplitMix64
from ..ruleset import (
    Events,
    Expansion,
    register_expansion,
    register_on_settle,
    register_points_gate,
    register_setup,
)
from ..scoring import after_final_scoring
from ..state import GameState
from ..visibility import register_view_part
from . import obstacles_bots  # noqa: F401  (the greedy bot's worths, registered at import)
from .obstacle_tiles import BONUS_OBSTACLES, REAL_OBSTACLES, progress, requirement_met
from .obstacle_track import (
    OPTION,
    blocked_at,
    passed,
    room,
    track_of,
    with_track,
)
from .obstacle_walk import GATE, overcome_met

BONUS_SPACES: tuple[int, ...] = (10, 50, 70)
REAL_SPACES: tuple[int, ...] = (20, 35)


def lay_out(state: GameState, rng: SplitMix64, events: Events) -> GameState:
    """Three bonus obstacles at random on 10, 50 and 70, two real ones on 20 and 35 (no event:
    the layout is public, in the view's part `obstacles`)."""
    bonus = rng.shuffled(BONUS_OBSTACLES)[: len(BONUS_SPACES)]
    real = rng.shuffled(REAL_OBSTACLES)[: len(REAL_SPACES)]
    layout = [
        {"space": space, "id": obstacle}
        for space, obstacle in sorted(
            [*zip(BONUS_SPACES, bonus, strict=True), *zip(REAL_SPACES, real, strict=True)]
        )
    ]
    return with_track(state, layout)


def _configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    draft["setup"].append(OPTION)
    draft["on_settle"].append(OPTION)
    draft["points_gate"] = OPTION


# ----------------------------------------------------------------------------- the view


def _standing(state: GameState, seat: int) -> list[dict[str, Any]]:
    """Each obstacle as the seat stands to it (yucata's statuses): `passed` with the bonus he
    received (null while he is still to choose it), `sitting` (on its space, his points lost),
    `met` (a real one whose requirement he meets, not reached yet) or `approaching`; a real one
    not passed shows `progress` (have/need)."""
    points = state.players[seat].points
    received = {int(entry["space"]): entry for entry in passed(state.players[seat])}
    out = []
    for placed in track_of(state).placed:
        obstacle, space = placed.obstacle, placed.space
        row: dict[str, Any] = {"space": space, "obstacle": obstacle.id}
        entry = received.get(space)
        if entry is not None:
            pending = entry.get("pending", False)
            bonus = None if pending else {"rubles": entry["rubles"], "points": entry["points"]}
            out.append({**row, "status": "passed", "bonus": bonus})
            continue
        if obstacle.real:
            met = requirement_met(state, seat, obstacle, space)
            status = "met" if met else "sitting" if points == space else "approaching"
            shown = [item.to_dict() for item in progress(state, seat, obstacle, space)]
            out.append({**row, "status": status, "progress": shown})
        else:
            out.append({**row, "status": "approaching"})
    return out


def view(state: GameState) -> dict[str, Any] | None:
    """The obstacles' public part of the view (None without them): the layout, and per seat
    his standing at each obstacle, the space he is held on (`blocked_at`), the points he can
    still gain before a real obstacle stops him (`room`, null: no limit) and `points_lost`
    (true when every point he would buy now - Pub, Trading House - is lost, decision 4.35),
    and his `points` on the track. Once the game is over, all of it as the final scoring left
    it: its gains walk the track too (decision 4.36), so a player's token stands at his total
    and an obstacle he passed during the final scoring shows passed, with its bonus."""
    track = track_of(state)
    if not track.placed:
        return None
    if state.step == "over":
        state = after_final_scoring(state)
    seats = []
    for seat in range(state.n):
        can = room(state, seat)
        seats.append(
            {
                "points": state.players[seat].points,
                "obstacles": _standing(state, seat),
                "blocked_at": blocked_at(state, seat),
                "room": can,
                "points_lost": can == 0,
            }
        )
    return {
        "track": [
            {"space": p.space, "obstacle": p.obstacle.id, "real": p.obstacle.real}
            for p in track.placed
        ],
        "players": seats,
    }


register_setup(OPTION, lay_out)
register_on_settle(OPTION, overcome_met)
register_points_gate(OPTION, GATE)
register_view_part(OPTION, view)
register_expansion(Expansion(OPTION, _configure))
