"""Phase flow (rulebook "Playing the game", "3. The new cards", "The trading card phase and the
end of the round", "Game end"; Pub timing from seeds/README.md item 2).

Each phase: actions -> scoring (none in the trading phase) -> (after building: Pub decisions) ->
refill the board to 8 cards from the next phase's pile into the upper row. After the trading
phase the round ends: the lower row is discarded, the upper row moves down, workers refill the
upper row, start markers pass one seat to the left (seat i -> i+1) and used Observatories turn
back. Once a pile's last card is placed, that round is the last one.
"""

from __future__ import annotations

from typing import Any

from .cards import catalogue
from .scoring import final_scores, score_phase
from .state import PHASES, GameState

BOARD_SIZE = 8
NEXT_PHASE: dict[str, str] = {
    "worker": "building",
    "building": "aristocrat",
    "aristocrat": "trading",
}

Events = list[dict[str, Any]]


def refill(state: GameState, deck: str, events: Events) -> GameState:
    """Fill the board up to 8 cards from `deck`'s pile, new cards into the upper row."""
    need = BOARD_SIZE - len(state.upper) - len(state.lower)
    index = PHASES.index(deck)
    pile = state.piles[index]
    if need <= 0 or not pile:
        events.append({"kind": "refill", "pile": deck, "cards": []})
        return state
    placed, rest = pile[:need], pile[need:]
    piles = (*state.piles[:index], rest, *state.piles[index + 1 :])
    events.append({"kind": "refill", "pile": deck, "cards": list(placed)})
    state = state.evolve(upper=state.upper + placed, piles=piles)
    if not rest and not state.last_round:
        events.append({"kind": "last_round", "pile": deck, "round": state.round})
        state = state.evolve(last_round=True)
    return state


def pub_allowance(state: GameState, seat: int) -> int:
    """Points the seat may buy right now with its Pubs: 5 per Pub, 2 rubles each."""
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    allowance = sum(cards_of[c].ability.pub_points for c in player.area)
    return min(allowance, player.money // 2)


def end_actions(state: GameState, events: Events) -> GameState:
    """All players passed in succession: score, then Pub decisions or the next phase."""
    phase = state.phase
    events.append({"kind": "actions_end", "round": state.round, "phase": phase})
    players = tuple(p.evolve(standing=None) if p.standing else p for p in state.players)
    state = state.evolve(players=players, passes=0)
    if phase == "trading":
        return end_round(state, events)
    state = score_phase(state, events)
    if phase == "building":
        start = state.markers[PHASES.index("building")]
        order = [(start + i) % state.n for i in range(state.n)]
        queue = tuple(seat for seat in order if pub_allowance(state, seat) > 0)
        if queue:
            return state.evolve(step="pub", pub_queue=queue, turn=queue[0])
    return next_phase(state, events)


def next_phase(state: GameState, events: Events) -> GameState:
    """Refill from the next phase's pile and open that phase's actions."""
    following = NEXT_PHASE[state.phase]
    state = refill(state, following, events)
    return open_phase(state, following, events)


def open_phase(state: GameState, phase: str, events: Events) -> GameState:
    start = state.markers[PHASES.index(phase)]
    events.append({"kind": "phase", "round": state.round, "phase": phase, "start_seat": start})
    return state.evolve(
        phase=phase,
        step="actions",
        turn=start,
        passes=0,
        pub_queue=(),
        first_worker_phase=state.first_worker_phase and phase == "worker",
    )


def end_round(state: GameState, events: Events) -> GameState:
    """After the trading phase: game end if this was the last round, else the next round."""
    if state.last_round:
        return end_game(state, events)
    events.append(
        {
            "kind": "round_end",
            "round": state.round,
            "discarded": list(state.lower),
            "moved_down": list(state.upper),
        }
    )
    n = state.n
    markers = tuple((holder + 1) % n for holder in state.markers)
    players = tuple(p.evolve(used=()) if p.used else p for p in state.players)
    state = state.evolve(
        discard=state.discard + state.lower,
        lower=state.upper,
        upper=(),
        markers=markers,
        players=players,
        round=state.round + 1,
    )
    events.append({"kind": "markers", "markers": dict(zip(PHASES, markers, strict=True))})
    state = refill(state, "worker", events)
    return open_phase(state, "worker", events)


def end_game(state: GameState, events: Events) -> GameState:
    state = state.evolve(step="over", pub_queue=(), drawn=None)
    events.append({"kind": "game_end", "round": state.round})
    for row in final_scores(state):
        events.append({"kind": "final_score", **row})
    return state
