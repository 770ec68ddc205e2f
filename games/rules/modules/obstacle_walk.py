"""How points move past Module 6's obstacles (../shared/expansions.md §2.11 "How points move",
§2.12, decisions 4.33-4.36): the points gate of `ledger.gain`, the obstacles overcome later, and
the bonus choices.

A gain walks the seat's score track from his points: a bonus obstacle reached pays its bonus, a
real one is passed if his area meets its requirement now, else he stays on its space and the
rest of the gain is lost (the ledger entry says how much was `wasted`; event
`obstacle_blocked`). The gain's own points walk first, then the points of the bonuses it passed,
in the order passed, each passing more obstacles (the order only says which source a lost point
is booked to: the walk ends where one pool of points would). Rubles of a bonus come at once.
Each obstacle is passed once per seat. A seat sitting on a real obstacle overcomes it as soon
as his requirement is met after any change (the engine's settle hook; event `obstacle_overcome`),
its points walking on.

The Bonus market and the Bonus card ask their choice during play (decision and move
`obstacle_bonus`, in front of what was pending; several seats gaining at once are asked in their
walking order) and choose it for the seat at the final scoring and on a timeout: the answer
that ends with the most points, then the most rubles (VP where they are not lost, rubles
otherwise).
"""

from __future__ import annotations

from typing import Any

from ..decisions import Decision, DecisionKind, register_decision
from ..errors import IllegalMove
from ..ledger import PointsGate, post
from ..moves import Move, MoveKind, choice_field, register_field, register_move_kind
from ..records import Record
from ..state import GameState
from .obstacle_tiles import Bonus, Choice, progress, requirement_met
from .obstacle_track import (
    Placed,
    ahead,
    blocked_at,
    clear,
    next_obstacle,
    room,
    sitting,
    track_of,
    with_passed,
)

Events = list[dict[str, Any]]
BONUS = "obstacle_bonus"  # decision kind and move kind
SOURCE = "obstacles"  # ledger sources `obstacles:<id>`: the part `obstacles` of the breakdown
# One part of a gain still to walk: (source, rubles, points, changes of the player).
Part = tuple[str, int, int, dict[str, Any]]


def _steps(state: GameState, seat: int, points: int) -> tuple[int, Placed | None, list[Placed]]:
    """How far `points` take the seat: (points credited, the real obstacle that stops him or
    None, the obstacles he passes on the way)."""
    score = state.players[seat].points
    left = points
    reached: list[Placed] = []
    for placed in ahead(state, seat):
        if score + left < placed.space:
            break
        left -= placed.space - score
        score = placed.space
        obstacle = placed.obstacle
        if obstacle.real and not requirement_met(state, seat, obstacle, placed.space):
            return points - left, placed, reached
        reached.append(placed)
    return points, None, reached


def walk(
    state: GameState,
    seat: int,
    source: str,
    rubles: int,
    points: int,
    events: Events,
    final: bool,
    changes: dict[str, Any],
) -> tuple[GameState, int]:
    """The points gate (`ledger.PointsGate.walk`): post the gain as far as the track lets it
    go; returns the state and the points of `source` credited."""
    player = state.players[seat]
    ahead_first = next_obstacle(state, seat)
    if ahead_first is None or player.points + points < ahead_first.space:  # nothing reached
        player, entry = post(player, seat, source, rubles, points, **changes)
        events.append(entry)
        return state.with_player(seat, player), points
    parts: list[Part] = [(source, rubles, points, changes)]
    asked: list[Decision] = []
    stop: Placed | None = None
    wasted = 0
    credited: int | None = None
    while parts:
        source, rubles, points, changes = parts.pop(0)
        reached: list[Placed] = []
        got = 0
        if stop is None and points > 0:
            got, stop, reached = _steps(state, seat, points)
        player, entry = post(state.players[seat], seat, source, rubles, got, **changes)
        if got < points:
            entry["wasted"] = points - got
            wasted += points - got
        events.append(entry)
        state = state.with_player(seat, player)
        credited = got if credited is None else credited
        for placed in reached:
            state, part = _receive(state, seat, placed, events, final, asked)
            if part is not None:
                parts.append(part)
    if stop is not None:
        events.append(_blocked(state, seat, stop, wasted))
    if asked:
        state = state.evolve(decisions=(*asked, *state.decisions))
    return state, credited or 0


def _blocked(state: GameState, seat: int, placed: Placed, wasted: int) -> dict[str, Any]:
    return {
        "kind": "obstacle_blocked",
        "seat": seat,
        "space": placed.space,
        "obstacle": placed.obstacle.id,
        "wasted": wasted,
        "progress": [
            item.to_dict() for item in progress(state, seat, placed.obstacle, placed.space)
        ],
    }


def _receive(
    state: GameState,
    seat: int,
    placed: Placed,
    events: Events,
    final: bool,
    asked: list[Decision],
) -> tuple[GameState, Part | None]:
    """The seat reaches `placed` and passes it: its bonus, or its question (asked after the
    walk; at the final scoring answered for him). Returns the bonus still to walk."""
    obstacle = placed.obstacle
    bonus = obstacle.bonus(state, seat, final)
    event: dict[str, Any] = {
        "kind": "obstacle_passed",
        "seat": seat,
        "space": placed.space,
        "obstacle": obstacle.id,
        "real": obstacle.real,
    }
    if bonus.choices:
        here = with_passed(state.players[seat], placed.space, pending=True)
        state = state.with_player(seat, here)
        if not final:
            asked.append(_question(seat, placed, bonus))
            events.append({**event, "rubles": 0, "points": 0, "asked": True})
            return state, None
        choice = best_choice(state, seat, bonus.choices)
        bonus = Bonus(choice.rubles, choice.points)
        event.update(choice.answer, automatic=True)
    bonus_paid = {"rubles": bonus.rubles, "points": bonus.points}
    state = state.with_player(seat, with_passed(state.players[seat], placed.space, **bonus_paid))
    events.append({**event, **bonus_paid})
    if not bonus.rubles and not bonus.points:
        return state, None
    return state, (f"{SOURCE}:{obstacle.id}", bonus.rubles, bonus.points, {})


def best_choice(state: GameState, seat: int, choices: tuple[Choice, ...]) -> Choice:
    """The answer that ends the seat's walk with the most points, then the most rubles (the
    first listed among equals). Each different payout is walked once, on a copy."""
    outcomes: dict[tuple[int, int], tuple[int, int]] = {}
    for choice in choices:
        payout = (choice.rubles, choice.points)
        if payout not in outcomes:
            after, _ = walk(state, seat, SOURCE, choice.rubles, choice.points, [], True, {})
            player = after.players[seat]
            outcomes[payout] = (player.points, player.money)
    return max(choices, key=lambda choice: outcomes[(choice.rubles, choice.points)])


# Per seat, what overcome_met last found held and unmet: (his area, his records, the '?' tiles,
# his points, the track). The same objects (states are immutable) give the same answer, so the
# check between two steps costs a few identity tests while a held seat's area is unchanged.
_STILL_HELD: dict[int, tuple[Any, ...]] = {}
_UNREAD: Any = object()  # the '?' tiles not read yet


def overcome_met(state: GameState, events: Events) -> GameState:
    """The settle hook: a seat sitting on a real obstacle whose requirement his area now meets
    overcomes it at once; its bonus is paid and its points walk on."""
    track = track_of(state)
    real_spaces = track.real_spaces
    if not real_spaces:
        return state
    tiles: Any = _UNREAD
    for seat, player in enumerate(state.players):
        if player.points not in real_spaces:  # the common case: on no real obstacle
            continue
        if tiles is _UNREAD:  # read only when a seat is held somewhere
            market = state.records.get("market")
            tiles = market.get("jokers") if market is not None else None
        last = _STILL_HELD.get(seat)
        if (
            last is not None
            and last[0] is player.area
            and last[1] is player.records
            and last[2] is tiles
            and last[3] == player.points
            and last[4] is track
        ):
            continue
        seen = (player.area, player.records, tiles, player.points, track)
        placed = sitting(state, seat)
        if placed is None or not requirement_met(state, seat, placed.obstacle, placed.space):
            _STILL_HELD[seat] = seen
            continue
        state = _overcome(state, seat, placed, events)
    return state


def _overcome(state: GameState, seat: int, placed: Placed, events: Events) -> GameState:
    obstacle = placed.obstacle
    bonus = obstacle.bonus(state, seat, False)
    player = with_passed(
        state.players[seat], placed.space, rubles=bonus.rubles, points=bonus.points
    )
    state = state.with_player(seat, player)
    events.append(
        {
            "kind": "obstacle_overcome",
            "seat": seat,
            "space": placed.space,
            "obstacle": obstacle.id,
            "rubles": bonus.rubles,
            "points": bonus.points,
        }
    )
    if bonus.rubles or bonus.points:
        source = f"{SOURCE}:{obstacle.id}"
        state, _ = walk(state, seat, source, bonus.rubles, bonus.points, events, False, {})
    return state


GATE = PointsGate(walk, room, blocked_at, clear)


# ----------------------------------------------------------------------------- the choice


def _question(seat: int, placed: Placed, bonus: Bonus) -> Decision:
    return Decision(
        BONUS,
        seat,
        Record(
            {
                "space": placed.space,
                "obstacle": placed.obstacle.id,
                "choices": [choice.to_dict() for choice in bonus.choices],
            }
        ),
    )


def _choices(decision: Decision) -> tuple[Choice, ...]:
    return tuple(
        Choice(int(c["rubles"]), int(c["points"]), tuple(sorted(c["answer"].items())))
        for c in decision.data["choices"]
    )


def _move(choice: Choice) -> Move:
    answer = dict(choice.answer)
    gain = answer.get("gain")
    return Move(
        BONUS,
        card=answer.get("card"),
        points=answer.get("points"),
        extra=(("gain", gain),) if gain is not None else (),
    )


def _moves(state: GameState, decision: Decision) -> list[Move]:
    return [_move(choice) for choice in _choices(decision)]


def _answer(
    state: GameState, decision: Decision, move: Move, events: Events, planned: bool
) -> GameState:
    """The chosen bonus: its rubles now, its points walk on."""
    chosen = next((c for c in _choices(decision) if _move(c) == move), None)
    if chosen is None:
        raise IllegalMove("bonus_not_offered")
    seat, space = decision.seat, int(decision.data["space"])
    obstacle: str = decision.data["obstacle"]
    events.append(
        {
            "kind": BONUS,
            "seat": seat,
            "space": space,
            "obstacle": obstacle,
            "rubles": chosen.rubles,
            "points": chosen.points,
            **dict(chosen.answer),
            "automatic": planned,
        }
    )
    player = with_passed(state.players[seat], space, rubles=chosen.rubles, points=chosen.points)
    state = state.with_player(seat, player)
    if not chosen.rubles and not chosen.points:
        return state
    source = f"{SOURCE}:{obstacle}"
    state, _ = walk(state, seat, source, chosen.rubles, chosen.points, events, False, {})
    return state


def _default(state: GameState, decision: Decision) -> Move:
    return _move(best_choice(state, decision.seat, _choices(decision)))


def _forced(state: GameState, decision: Decision) -> Move | None:
    choices = _choices(decision)
    return _move(choices[0]) if len(choices) == 1 else None


def _view(state: GameState, decision: Decision) -> dict[str, Any]:
    """The question as the view shows it, with the points the seat can still gain before a
    real obstacle stops him (`room`, null: no limit): points beyond it would be lost."""
    return {**decision.data.to_json(), "room": room(state, decision.seat)}


register_field(choice_field("gain", ("rubles", "points"), "gain must be 'rubles' or 'points'"))
register_decision(
    DecisionKind(
        BONUS,
        answers=(BONUS,),
        moves=_moves,
        apply=_answer,
        default=_default,
        forced=_forced,
        view=_view,
        waiting="First choose the bonus of the obstacle you reached.",
    )
)
register_move_kind(
    MoveKind(
        BONUS,
        (),
        ("card", "gain", "points"),
        None,
        "An obstacle's bonus is chosen when the obstacle is reached.",
    )
)
