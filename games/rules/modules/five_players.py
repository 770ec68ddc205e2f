"""Five players without the Market (../shared/expansions.md §2.3; README-5, README-7; 4.43).

The fifth wooden piece is the sack: it marks no phase, so its holder never starts one. Its
holder starts with 2 rubles more and gets 2 points when every worker phase opens, the very first
one included (event `sack`, before anybody acts). Every piece, the sack included, moves two seats
to the left at round end. The first worker phase lays out two workers per player (ten) as the
base rule already does, later refills go to the board size (8).

With the Market the sack is the market phase's start marker and none of this applies (the
Market's module says so); `configure` is called by the modules whose option allows five
players without the Market (New Society).
"""

from __future__ import annotations

from typing import Any

from ..ledger import gain
from ..ruleset import Phase, register_phase_start
from ..state import GameState

Events = list[dict[str, Any]]
SACK = "sack"
SACK_RUBLES = 2  # at the start, on top of the start money
SACK_POINTS = 2  # when a worker phase opens
MARKER_STEP = 2  # seats every piece moves left at round end


def configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    """Five players without the Market: the sack, its bonuses and the two-seat move."""
    if options["players"] != 5 or options.get("market"):
        return
    if SACK not in draft["markers"]:
        draft["markers"].append(SACK)
        draft["marker_step"] = MARKER_STEP
        draft["marker_money"] = {**draft["marker_money"], SACK: SACK_RUBLES}
        draft["phase_start"].append(SACK)


def sack_points(state: GameState, phase: Phase, events: Events) -> GameState:
    """When the first phase of a round (the worker phase) opens, the sack holder gets 2 points."""
    if phase is not state.rules.first_phase:
        return state
    seat = state.marker(SACK)
    events.append({"kind": SACK, "seat": seat, "points": SACK_POINTS, "round": state.round})
    state, _credited = gain(state, seat, SACK, 0, SACK_POINTS, events)
    return state


register_phase_start(SACK, sack_points)
