"""Phase flow (rulebook "Playing the game", "3. The new cards", "The trading card phase and the
end of the round", "Game end"; Pub timing from seeds/README.md item 2).

Each phase of the ruleset: actions -> its scoring (none in the trading phase) -> the decisions
its `after_scoring` follow-ups open (after building: the Pub) -> marks that clear with the phase
-> refill the board to the board size from the next phase's pile into the upper row. After the
last phase the round ends: the lower row is discarded, the upper row moves down, the first
phase's pile refills the upper row, start markers move `marker_step` seats to the left, marks
that clear at round end go and the modules' round-end hooks run (`Ruleset.round_end`). Once a
pile's last card is placed, that round is the last one.
A scoring or a closing step that asks a seat something (Module 6's obstacle bonus) holds the
phase's end there until it is answered (`records["phase_end"]`).
"""

from __future__ import annotations

from typing import Any

from .decisions import Decision
from .events import register_event
from .marks import clear
from .ruleset import Phase
from .scoring import final_scores, final_scoring
from .state import GameState

Events = list[dict[str, Any]]
# Where a phase's end stopped for decisions that its scoring or its closing step asked (an
# obstacle's bonus, Module 6), in `state.records`: `finish_phase` goes on from there.
PHASE_END = "phase_end"
SCORED = "scored"  # the scoring is done: the follow-ups come next
CLOSED = "closed"  # the closing step is done: the marks, the refill and the next phase come next
# A refill shows the cards it lays out (its fields are pinned by tests and stored logs).
register_event("refill", reveals=lambda event: bool(event.get("cards")))


def refill(state: GameState, phase: Phase, events: Events) -> GameState:
    """Fill the board up to its size from `phase`'s pile, new cards into the upper row."""
    need = state.rules.board_size - len(state.upper) - len(state.lower)
    index = phase.pile_index
    pile = state.piles[index]
    if need <= 0 or not pile:
        events.append({"kind": "refill", "pile": phase.pile, "cards": []})
        return state
    placed, rest = pile[:need], pile[need:]
    piles = (*state.piles[:index], rest, *state.piles[index + 1 :])
    events.append({"kind": "refill", "pile": phase.pile, "cards": list(placed)})
    state = state.evolve(upper=state.upper + placed, piles=piles)
    if not rest and not state.last_round:
        events.append({"kind": "last_round", "pile": phase.pile, "round": state.round})
        state = state.evolve(last_round=True)
    return state


def end_actions(state: GameState, events: Events) -> GameState:
    """All players passed in succession: score, then open the follow-up decisions or go on."""
    phase = state.rules.phase(state.phase)
    events.append({"kind": "actions_end", "round": state.round, "phase": phase.name})
    players = tuple(p.evolve(standing=None) if p.standing else p for p in state.players)
    state = state.evolve(players=players, passes=0)
    if phase.score is None:
        return finish_phase(state, events)
    state = phase.score(state, phase, events)
    if state.decisions:  # the scoring asked something (an obstacle's bonus): that comes first
        return _wait(state, SCORED)
    return ask_follow_ups(state, phase, events)


def ask_follow_ups(state: GameState, phase: Phase, events: Events) -> GameState:
    """The decisions that follow the phase's scoring (the Pub), each seat from the phase's
    start player; with none, the phase is finished."""
    queue: list[Decision] = []
    if phase.follow_ups:
        start = state.markers[phase.marker_index]
        for seat in ((start + i) % state.n for i in range(state.n)):
            for follow_up in phase.follow_ups:
                decision = follow_up(state, seat)
                if decision is not None:
                    queue.append(decision)
        if state.rules.plans_lapse:
            state = _lapse_plans(state, phase, queue)
    if queue:
        head = queue[0]
        return state.evolve(step=head.kind, decisions=tuple(queue), turn=head.seat)
    return finish_phase(state, events)


def _wait(state: GameState, reached: str) -> GameState:
    """Stop the phase's end at `reached` until the decisions now pending are answered;
    `finish_phase`, called once they are, goes on from there (`records["phase_end"]`)."""
    head = state.decisions[0]
    records = state.records.set(PHASE_END, reached)
    return state.evolve(step=head.kind, turn=head.seat, records=records)


def _lapse_plans(state: GameState, phase: Phase, queue: list[Decision]) -> GameState:
    """Rules version 2: a plan is for the scoring it was made for, also when it cannot be used.

    A seat that this scoring asks nothing of its kind loses its plan of that kind.
    """
    asked = {(d.kind, d.seat) for d in queue}
    players = list(state.players)
    for seat, player in enumerate(players):
        for kind in phase.after_scoring:
            if kind in player.plans and (kind, seat) not in asked:
                player = player.evolve(plans=player.plans.drop(kind))
        players[seat] = player
    return state.evolve(players=tuple(players))


def finish_phase(state: GameState, events: Events) -> GameState:
    """The phase and its decisions are over: its closing step (the Market's majorities), clear
    its marks, then the next phase or round end.

    Called whenever the decisions of a phase's end are all answered; if the end had stopped
    for questions its scoring or its closing step asked (`_wait`), it goes on from there.
    """
    phase = state.rules.phase(state.phase)
    reached = state.records.get(PHASE_END) if state.records else None
    if reached is not None:
        state = state.evolve(records=state.records.drop(PHASE_END))
        if reached == SCORED:
            return ask_follow_ups(state, phase, events)
    if phase.close is not None and reached != CLOSED:
        state = phase.close(state, phase, events)
        if state.decisions:  # the closing step asked something (an obstacle's bonus)
            return _wait(state, CLOSED)
    moment = f"phase_end:{state.phase}"
    if any(m.clears == moment for p in state.players for m in p.marks):
        state = state.evolve(
            players=tuple(p.evolve(marks=clear(p.marks, moment)) for p in state.players)
        )
    following = state.rules.next_phase[state.phase]
    if following is None:
        return end_round(state, events)
    state = refill(state, following, events)
    return open_phase(state, following, events)


def open_phase(state: GameState, phase: Phase, events: Events) -> GameState:
    start = state.markers[phase.marker_index]
    events.append({"kind": "phase", "round": state.round, "phase": phase.name, "start_seat": start})
    state = state.evolve(
        phase=phase.name,
        step="actions",
        turn=start,
        passes=0,
        actions_left=1,
        decisions=(),
        first_worker_phase=state.first_worker_phase and phase is state.rules.first_phase,
    )
    for hook in state.rules.phase_start:
        state = hook(state, phase, events)
    return state


def end_round(state: GameState, events: Events) -> GameState:
    """After the last phase: game end if this was the last round, else the next round."""
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
    rules = state.rules
    n = state.n
    markers = tuple((holder + rules.marker_step) % n for holder in state.markers)
    players = tuple(
        p.evolve(marks=clear(p.marks, "round_end")) if p.marks else p for p in state.players
    )
    state = state.evolve(
        discard=state.discard + state.lower,
        lower=state.upper,
        upper=(),
        markers=markers,
        players=players,
        round=state.round + 1,
    )
    events.append({"kind": "markers", "markers": dict(zip(rules.markers, markers, strict=True))})
    for hook in rules.round_end:  # the modules' round end (the Assistants pass on)
        state = hook(state, events)
    state = refill(state, rules.first_phase, events)
    return open_phase(state, rules.first_phase, events)


def end_game(state: GameState, events: Events) -> GameState:
    """The final scoring: its ledger events, then `game_end` and one `final_score` row per seat."""
    state = state.evolve(step="over", decisions=())
    events += final_scoring(state).events
    events.append({"kind": "game_end", "round": state.round})
    for row in final_scores(state):
        events.append({"kind": "final_score", **row})
    return state
