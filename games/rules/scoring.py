"""Scoring (rulebook "2. The scoring", special cards, "Game end and final scoring").

Phase scoring (scorer `cards`): every card of the phase's colour in a player's area (trading
cards count as their colour) pays its rubles and points, unless a mark says it does not score (a
turned Observatory); ability hooks add to it. Final scoring runs the ruleset's steps in order,
each for every player before the next (`aristocrats`: distinct aristocrats by the
1/3/6/.../55 table; `money`: 1 point per full 10 rubles, the rest stays as money left; `hand`:
-5 per card in hand that costs points, by its ability's `hand_penalty`). Ranking: points, then
money left; still tied players share the place. Every change goes through the ledger.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from .abilities import costs_in_hand
from .cards import Card
from .ledger import FINAL, SCORING, entries, gain, part_of, passes_freely, post
from .marks import card_income, changes_income, loses_points, not_scoring
from .ruleset import FINAL_DETAILS, FinalStep, Phase, register_final_step, register_scorer
from .state import GameState, PlayerState

ARISTOCRAT_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55)
HAND_PENALTY = 5

Events = list[dict[str, Any]]


def phase_income(state: GameState, seat: int, phase: Phase) -> tuple[int, int]:
    """(rubles, points) the seat's area pays at the scoring of `phase`."""
    cards_of = state.rules.cards
    player = state.players[seat]
    silent = not_scoring(player.marks) if player.marks else frozenset()
    if player.marks and changes_income(player.marks):
        return _marked_income(state, seat, phase, silent)
    rubles = points = 0
    color = phase.color
    for instance in player.area:
        card = cards_of[instance]
        if card.color == color and instance not in silent:
            rubles += card.rubles
            points += card.points
        hook = card.ability.scoring
        if hook is not None:
            extra_rubles, extra_points = hook(state, seat, phase.name)
            rubles += extra_rubles
            points += extra_points
    return rubles, points


def _marked_income(
    state: GameState, seat: int, phase: Phase, silent: frozenset[str]
) -> tuple[int, int]:
    """`phase_income` for an area whose marks change what a card pays (the Banquet's Jester,
    Banquet and Money Collector): the marks act on that card's printed values, and a chipped
    card's ability pays no points either."""
    cards_of = state.rules.cards
    marks = state.players[seat].marks
    rubles = points = 0
    for instance in state.players[seat].area:
        card = cards_of[instance]
        if card.color == phase.color and instance not in silent:
            card_rubles, card_points = card_income(marks, instance, card.rubles, card.points)
            rubles += card_rubles
            points += card_points
        hook = card.ability.scoring
        if hook is not None:
            extra_rubles, extra_points = hook(state, seat, phase.name)
            rubles += extra_rubles
            points += 0 if loses_points(marks, instance) else extra_points
    return rubles, points


def score_cards(state: GameState, phase: Phase, events: Events) -> GameState:
    """Pay every player for the phase that just ended; one event per player (in seat order; with
    a points gate from the phase's start player)."""
    if state.rules.points_gate is not None:
        return _score_cards_gated(state, phase, events)
    players = []
    for seat, player in enumerate(state.players):
        rubles, points = phase_income(state, seat, phase)
        players.append(_pay(state, phase, seat, player, rubles, points, events))
    return state.evolve(players=tuple(players))


def _pay(
    state: GameState,
    phase: Phase,
    seat: int,
    player: PlayerState,
    rubles: int,
    points: int,
    events: Events,
) -> PlayerState:
    """The seat's scoring posted as it is (no obstacle in reach): its event and entry."""
    after, entry = post(player, seat, f"{SCORING}{phase.name}", rubles, points)
    events.append(_score_event(phase, seat, player, rubles, points, after.points))
    events.append(entry)
    if after.marks and any(m.clears == "scored" for m in after.marks):
        after = after.evolve(marks=_clear_scored(state, after, phase))
    return after


def _score_event(
    phase: Phase, seat: int, player: PlayerState, rubles: int, points: int, points_after: int
) -> dict[str, Any]:
    """What a seat's scoring paid: `points_gain` is what reached his points (a points gate may
    have stopped some, then `points_after` is below `points_before` + the cards' points)."""
    return {
        "kind": "score",
        "phase": phase.name,
        "seat": seat,
        "money_before": player.money,
        "money_gain": rubles,
        "money_after": player.money + rubles,
        "points_before": player.points,
        "points_gain": points,
        "points_after": points_after,
    }


def _score_cards_gated(state: GameState, phase: Phase, events: Events) -> GameState:
    """`score_cards` through a points gate: every income is worked out first, then the seats
    gain one after the other from the phase's start player (expansions.md §2.11, decision
    4.34), each walk's questions asked in that order. When no seat's points reach anything of
    the gate, they are posted in one go (the same events)."""
    incomes = [phase_income(state, seat, phase) for seat in range(state.n)]
    start = state.markers[phase.marker_index]
    order = [(start + i) % state.n for i in range(state.n)]
    if all(passes_freely(state, seat, incomes[seat][1]) for seat in order):
        players = list(state.players)
        for seat in order:
            rubles, points = incomes[seat]
            players[seat] = _pay(state, phase, seat, players[seat], rubles, points, events)
        return state.evolve(players=tuple(players))
    waiting = state.decisions
    asked: list[Any] = []
    if waiting:
        state = state.evolve(decisions=())
    for seat in order:
        rubles, points = incomes[seat]
        player = state.players[seat]
        at = len(events)
        state, credited = gain(state, seat, f"{SCORING}{phase.name}", rubles, points, events)
        after = state.players[seat]
        shown = player.points + credited  # his points once the cards' own points are in
        events.insert(at, _score_event(phase, seat, player, rubles, credited, shown))
        if after.marks and any(m.clears == "scored" for m in after.marks):
            state = state.with_player(seat, after.evolve(marks=_clear_scored(state, after, phase)))
        if state.decisions:
            asked += state.decisions
            state = state.evolve(decisions=())
    return state.evolve(decisions=(*asked, *waiting)) if asked or waiting else state


def _clear_scored(state: GameState, player: PlayerState, phase: Phase) -> tuple[Any, ...]:
    """Marks that clear after their card's next scoring go once its colour was scored."""
    cards_of = state.rules.cards
    return tuple(
        m for m in player.marks if m.clears != "scored" or cards_of[m.card].color != phase.color
    )


register_scorer("cards", score_cards)


def distinct_aristocrats(cards_of: Mapping[str, Card], area: tuple[str, ...]) -> int:
    """Different aristocrat types (red cards, trading aristocrats included) in an area."""
    return len({cards_of[c].id for c in area if cards_of[c].color == "aristocrat"})


def aristocrat_points(distinct: int, beyond_ten: int = 0) -> int:
    """The table 1/3/6/.../55; with New Society each type beyond the tenth adds `beyond_ten`."""
    top = len(ARISTOCRAT_POINTS) - 1
    if distinct <= top:
        return ARISTOCRAT_POINTS[distinct]
    return ARISTOCRAT_POINTS[top] + beyond_ten * (distinct - top)


def _aristocrats(state: GameState, seat: int, player: PlayerState) -> tuple[int, int]:
    distinct = distinct_aristocrats(state.rules.cards, player.area)
    return 0, aristocrat_points(distinct, state.rules.aristocrats_beyond_ten)


def _money(state: GameState, seat: int, player: PlayerState) -> tuple[int, int]:
    points = player.money // 10
    return -10 * points, points


def _hand(state: GameState, seat: int, player: PlayerState) -> tuple[int, int]:
    cards_of = state.rules.cards
    penalised = sum(1 for c in player.hand if costs_in_hand(state, seat, cards_of[c]))
    return 0, -HAND_PENALTY * penalised


register_final_step("aristocrats", _aristocrats)
register_final_step("money", _money)
register_final_step("hand", _hand)


class FinalScoring(NamedTuple):
    """What the final scoring did: the state afterwards, each seat's points per part (the
    steps' points as credited; with a points gate its bonuses on the way under their source's
    part, `obstacles`), its events (the ledger's entries; with a gate also the gate's own), per
    seat what the steps that describe themselves scored for (`register_final_step(...,
    detail=)`: the Assignments' `assignment: {id, points}`) and, with a gate, the space each
    seat is held on at the end (None: free)."""

    state: GameState
    parts: list[dict[str, int]]
    events: Events
    details: list[dict[str, Any]]
    blocked_at: list[int | None] | None = None


# What the final scoring of the last state scored, without its events: the game's end asks
# `final_scoring` for its events and then `final_scores` for its rows, and the caller (simulate,
# the end screen) asks `final_scores` again for the same state. States are immutable and the one
# held here is never another's, so `is` identifies it; only the speed of the answer depends on
# this. `final_scoring` itself computes afresh: its events are the caller's own.
_LAST_FINAL: tuple[GameState | None, FinalScoring | None] = (None, None)


def final_scoring(state: GameState) -> FinalScoring:
    """Run the final scoring steps in order, each for every seat (in seat order) before the
    next (expansions.md §2.12), through the ledger. Each step sees the state as the steps before
    it left every player (the Assignments' "most rubles" compares the rubles held when its step
    begins, before any of its own bonus rubles)."""
    global _LAST_FINAL
    scored = _final_scoring(state)
    kept = FinalScoring(
        scored.state,
        [dict(part) for part in scored.parts],
        [],
        _copy(scored.details),
        None if scored.blocked_at is None else list(scored.blocked_at),
    )
    _LAST_FINAL = (state, kept)
    return scored


def _scored(state: GameState) -> FinalScoring:
    """The final scoring of `state` without its events, from `_LAST_FINAL` if it is that
    state's. Read it, never change it."""
    global _LAST_FINAL
    cached, scored = _LAST_FINAL
    if cached is not state or scored is None:
        scored = _final_scoring(state)
        _LAST_FINAL = (state, scored._replace(events=[]))
    return scored


def _copy(value: Any) -> Any:
    """A copy of plain JSON data whose dicts and lists are new (the rest is immutable)."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value


def _final_scoring(state: GameState) -> FinalScoring:
    if state.rules.points_gate is not None:
        return _final_scoring_gated(state)
    players = list(state.players)
    parts: list[dict[str, int]] = [{} for _ in players]
    details: list[dict[str, Any]] = [{} for _ in players]
    events: Events = []
    for key, step in zip(state.rules.final_steps, state.rules.final_step_fns, strict=True):
        at_start = state.evolve(players=tuple(players))
        describe = FINAL_DETAILS.get(key)
        for seat, player in enumerate(players):
            rubles, points = step(at_start, seat, player)
            if describe is not None:
                details[seat][key] = describe(at_start, seat, player)
            players[seat], entry = post(player, seat, f"{FINAL}{key}", rubles, points)
            parts[seat][key] = points
            events.append(entry)
    return FinalScoring(state.evolve(players=tuple(players)), parts, events, details)


def _final_scoring_gated(state: GameState) -> FinalScoring:
    """`final_scoring` through a points gate: every gain walks it, its choices made for the
    player; a step that pays rubles for points (the money) buys them one at a time while the
    next one would be credited (decision 4.36), so a bonus's rubles on the way buy more."""
    gate = state.rules.points_gate
    assert gate is not None
    parts: list[dict[str, int]] = [{} for _ in state.players]
    details: list[dict[str, Any]] = [{} for _ in state.players]
    blocked: list[int | None] = [None] * state.n
    events: Events = []
    for key, step in zip(state.rules.final_steps, state.rules.final_step_fns, strict=True):
        at_start = state  # what every seat's step sees: the players as the steps before left them
        describe = FINAL_DETAILS.get(key)
        for seat in range(state.n):
            if describe is not None:
                details[seat][key] = describe(at_start, seat, at_start.players[seat])
            at = len(events)
            source = f"{FINAL}{key}"
            state, parts[seat][key] = _final_step(state, at_start, seat, source, step, events)
            for entry in entries(events[at:]):
                if not entry["source"].startswith(FINAL):
                    part = part_of(entry["source"])
                    parts[seat][part] = parts[seat].get(part, 0) + entry["points"]
            held = gate.blocked_at(state, seat)
            blocked[seat] = blocked[seat] if held is None else held
    return FinalScoring(state, parts, events, details, blocked)


def _final_step(
    state: GameState,
    at_start: GameState,
    seat: int,
    source: str,
    step: FinalStep,
    events: Events,
) -> tuple[GameState, int]:
    """One final step for one seat through the points gate; returns the points credited.

    The step is worked out on the state its step began with (`at_start`: the other seats'
    gains in this step change nothing it compares), a step that buys points with rubles again
    after each point bought, with the seat as that point left him (a bonus's rubles buy more)."""
    gate = state.rules.points_gate
    assert gate is not None
    player = state.players[seat]
    rubles, points = step(at_start.with_player(seat, player), seat, player)
    if not rubles < 0 < points:
        return gain(state, seat, source, rubles, points, events, final=True)
    price = -rubles // points  # rubles per point (the money: 10)
    credited = 0
    while points > 0 and gate.room(state, seat) != 0:
        state, got = gain(state, seat, source, -price, 1, events, final=True)
        credited += got
        player = state.players[seat]
        _rubles, points = step(at_start.with_player(seat, player), seat, player)
    return state, credited


def after_final_scoring(state: GameState) -> GameState:
    """The state the final scoring leaves (its events aside): every seat's points as credited,
    the obstacles its gains passed on the way (Module 6). A finished game's track shows this,
    not the points before the final scoring."""
    return _scored(state).state


def final_scores(state: GameState) -> list[dict[str, Any]]:
    """Per seat: points by source, total, money left, rank and winner flag, and what the final
    steps that describe themselves scored for (the Assignments: `assignment: {id, points}`).

    Works on any state: before the end it shows what the final scoring would give now. With a
    points gate the parts are what was credited, bonuses on the way are the part `obstacles`
    and `blocked_at` says where the gate holds the seat.
    """
    cards_of = state.rules.cards
    scored = _scored(state)
    rows = []
    for seat, player in enumerate(state.players):
        points = {"cards": player.points, **scored.parts[seat]}
        row = {
            "seat": seat,
            "points": points,
            "distinct_aristocrats": distinct_aristocrats(cards_of, player.area),
            "total": sum(points.values()),
            "money_left": scored.state.players[seat].money,
            **_copy(scored.details[seat]),  # the row is the caller's: nothing shared with the memo
        }
        if scored.blocked_at is not None:
            row["blocked_at"] = scored.blocked_at[seat]
        rows.append(row)
    for row in rows:
        better = sum(
            1
            for other in rows
            if (other["total"], other["money_left"]) > (row["total"], row["money_left"])
        )
        row["rank"] = better + 1
        row["winner"] = better == 0
    return rows


def score_sheet(state: GameState, events: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The end-of-game breakdown, read from the ledger: each seat's points by part, with the
    totals, money left and ranks of `final_scores` (the parts of a row add up to its total).

    `events` are all the game's events, from the deal (`new_game_with_events`) through every
    `apply_move` to `state`. The parts, in order: the scoring of each phase that paid anyone
    points (`scoring:<phase>`, in phase order); every other source of points during play that
    paid anyone any (`pub`, `sack`, `market` for the majorities, ...: `ledger.part_of`), in the
    order they first did; every final step (`final:<step>`, in order), each followed by any
    other source that first paid points during it (`final:obstacles`, an obstacle's bonus on
    the way: the final scoring's, not the game's). Sources of rubles alone
    (a card's price, the upkeep) are no part. `{"parts": [{"key", "final"}], "rows": [{"seat",
    "rank", "winner", "total", "money_left", "parts": {key: points}}]}`, rows in seat order.
    """
    rules = state.rules
    points: list[dict[str, int]] = [{} for _ in state.players]
    paid: dict[str, None] = {}  # parts that paid anyone points, in the order they first did
    for entry in entries(events):
        key = part_of(entry["source"])
        mine = points[entry["seat"]]
        mine[key] = mine.get(key, 0) + entry["points"]
        if entry["points"]:
            paid.setdefault(key, None)
    moved = _final_bonuses(state, points)
    scorings = [f"{SCORING}{p.name}" for p in rules.phases if f"{SCORING}{p.name}" in paid]
    during = [
        key
        for key in paid
        if not key.startswith((SCORING, FINAL))
        and (key not in moved or any(mine.get(key, 0) for mine in points))
    ]
    finals = []
    for step in rules.final_steps:
        finals.append(f"{FINAL}{step}")
        finals.extend(f"{FINAL}{part}" for part, after in moved.items() if after == step)
    keys = [*scorings, *during, *finals]
    rows = []
    for row in final_scores(state):
        mine = points[row["seat"]]
        if sum(mine.values()) != row["total"]:
            raise ValueError(f"seat {row['seat']}: the events are not the whole game's")
        rows.append(
            {
                "seat": row["seat"],
                "rank": row["rank"],
                "winner": row["winner"],
                "total": row["total"],
                "money_left": row["money_left"],
                "parts": {key: mine.get(key, 0) for key in keys},
            }
        )
    return {"parts": [{"key": key, "final": key in finals} for key in keys], "rows": rows}


def _final_bonuses(state: GameState, points: list[dict[str, int]]) -> dict[str, str]:
    """Move the points a source other than a final step paid during the final scoring (an
    obstacle's bonus on the way, Module 6) from that source's part to `final:<part>` in
    `points`, so the sheet shows them within the final scoring. Returns each such part that
    paid anyone points with the step after which it first did (its column's place)."""
    steps = state.rules.final_steps
    first: dict[str, int] = {}
    for seat, parts in enumerate(_scored(state).parts):
        step = None
        for key, earned in parts.items():
            if key in steps:
                step = steps.index(key)
                continue
            if not earned:
                continue
            mine = points[seat]
            mine[key] = mine.get(key, 0) - earned
            mine[f"{FINAL}{key}"] = mine.get(f"{FINAL}{key}", 0) + earned
            at = -1 if step is None else step
            first[key] = min(first.get(key, at), at)
    return {part: steps[max(at, 0)] for part, at in first.items()}
