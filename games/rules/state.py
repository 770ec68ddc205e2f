"""The game state (rulebook "Preparation", "Playing the game"): immutable data and its JSON form.

A `GameState` is a frozen dataclass holding tuples; the engine derives new states with
`evolve`, copying only the references that change. It carries its `Ruleset` (ruleset.py), which
says everything that follows from the game's options. Card instances are short strings such as
"library#1" (see cards.py). The JSON form is documented in docs/state.md; `from_dict` fills
sensible defaults so a test can write a position by hand in a few lines, and reads the shape
written before the expansions were prepared for (legacy.py).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .decisions import DECISIONS, Decision
from .errors import InvalidOptions
from .legacy import upgrade_state
from .marks import MARK_KINDS, TURNED, Mark, cards_marked, valid_moment
from .records import EMPTY, Record
from .ruleset import Ruleset, ruleset

# Steps of a phase: "actions", "over", or - while the decisions that follow a phase's scoring
# are pending - the kind of the first of them ("pub").
STANDING: tuple[str | None, ...] = (None, "board_change", "phase")
PUB_PLAN = "pub"  # the plan kind of the Pub (see modules/pub.py)
_KEEP: Any = object()  # "leave this field as it is" in evolve()


def _record(data: dict[str, Any] | None) -> Record:
    return Record(data) if data else EMPTY


class InvalidState(ValueError):
    """A state dict that does not describe a position of the game."""


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat: money, points earned so far, play area, hand, standing orders and plans."""

    money: int = 25
    points: int = 0
    area: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    standing: str | None = None  # standing pass: None, "board_change" or "phase"
    marks: tuple[Mark, ...] = ()  # marks on cards in the area (marks.py)
    plans: Record = EMPTY  # standing answers to decisions, by decision kind
    records: Record = EMPTY  # each module's plain data for this seat, by module name

    def evolve(
        self,
        money: Any = _KEEP,
        points: Any = _KEEP,
        area: Any = _KEEP,
        hand: Any = _KEEP,
        standing: Any = _KEEP,
        marks: Any = _KEEP,
        plans: Any = _KEEP,
        records: Any = _KEEP,
    ) -> PlayerState:
        """A copy with some fields replaced (written out by hand: this is the hot path).

        The copy is filled through the slots' descriptors: the frozen dataclass's own
        `__init__` (one `object.__setattr__` per field) costs twice as much.
        """
        new = _new(PlayerState)
        _p_money(new, self.money if money is _KEEP else money)
        _p_points(new, self.points if points is _KEEP else points)
        _p_area(new, self.area if area is _KEEP else area)
        _p_hand(new, self.hand if hand is _KEEP else hand)
        _p_standing(new, self.standing if standing is _KEEP else standing)
        _p_marks(new, self.marks if marks is _KEEP else marks)
        _p_plans(new, self.plans if plans is _KEEP else plans)
        _p_records(new, self.records if records is _KEEP else records)
        return new

    @property
    def used(self) -> tuple[str, ...]:
        """Observatories turned over this round (the cards marked `turned`)."""
        return cards_marked(self.marks, TURNED.kind) if self.marks else ()

    @property
    def pub_plan(self) -> int | None:
        """Points to buy with the Pub at the next building scoring (`plans["pub"]`)."""
        value: int | None = self.plans.get(PUB_PLAN)
        return value

    def to_dict(self) -> dict[str, Any]:
        return {
            "money": self.money,
            "points": self.points,
            "area": list(self.area),
            "hand": list(self.hand),
            "standing": self.standing,
            "marks": [mark.to_dict() for mark in self.marks],
            "plans": self.plans.to_json(),
            "records": self.records.to_json(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], start_money: int) -> PlayerState:
        plans = data.get("plans")
        return cls(
            money=int(data.get("money", start_money)),
            points=int(data.get("points", 0)),
            area=tuple(data.get("area", ())),
            hand=tuple(data.get("hand", ())),
            standing=data.get("standing"),
            marks=tuple(Mark.from_dict(m) for m in data.get("marks") or ()),
            plans=_record({k: v for k, v in plans.items() if v is not None}) if plans else EMPTY,
            records=_record(data.get("records")),
        )


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole position. Piles are tuples whose element 0 is the top card."""

    rules: Ruleset
    players: tuple[PlayerState, ...]
    round: int = 1
    phase: str = "worker"
    step: str = "actions"  # actions, over, or the kind of the pending after-scoring decision
    turn: int = 0  # seat to act in the action step
    passes: int = 0  # consecutive passes in this action step
    actions_left: int = 1  # actions the seat to act still has this turn (Double Turn: more)
    markers: tuple[int, ...] = ()  # holder of each start marker, in rules.markers order
    piles: tuple[tuple[str, ...], ...] = ()  # in rules.piles order, top first
    upper: tuple[str, ...] = ()
    lower: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    decisions: tuple[Decision, ...] = ()  # pending decisions, the first is asked now
    first_worker_phase: bool = False
    last_round: bool = False
    records: Record = EMPTY  # each module's plain data for the game, by module name

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def edition(self) -> str:
        return self.rules.edition

    @property
    def drawn(self) -> str | None:
        """The card a pending decision holds, drawn from a pile (the Observatory's draw)."""
        if self.decisions and DECISIONS[self.decisions[0].kind].holds_card:
            card: str | None = self.decisions[0].data.get("card")
            return card
        return None

    @property
    def pub_queue(self) -> tuple[int, ...]:
        """Seats still to make their Pub decision, the first decides now."""
        return tuple(d.seat for d in self.decisions if d.kind == PUB_PLAN)

    def evolve(
        self,
        rules: Any = _KEEP,
        players: Any = _KEEP,
        round: Any = _KEEP,
        phase: Any = _KEEP,
        step: Any = _KEEP,
        turn: Any = _KEEP,
        passes: Any = _KEEP,
        actions_left: Any = _KEEP,
        markers: Any = _KEEP,
        piles: Any = _KEEP,
        upper: Any = _KEEP,
        lower: Any = _KEEP,
        discard: Any = _KEEP,
        decisions: Any = _KEEP,
        first_worker_phase: Any = _KEEP,
        last_round: Any = _KEEP,
        records: Any = _KEEP,
    ) -> GameState:
        """A copy with some fields replaced; the rest are shared (they are immutable).

        Written out field by field because it is the engine's hot path: filling the slots
        through their descriptors is twice as fast as the frozen dataclass's `__init__`, and
        dataclasses.replace is several times slower still.
        """
        new = _new(GameState)
        _g_rules(new, self.rules if rules is _KEEP else rules)
        _g_players(new, self.players if players is _KEEP else players)
        _g_round(new, self.round if round is _KEEP else round)
        _g_phase(new, self.phase if phase is _KEEP else phase)
        _g_step(new, self.step if step is _KEEP else step)
        _g_turn(new, self.turn if turn is _KEEP else turn)
        _g_passes(new, self.passes if passes is _KEEP else passes)
        _g_actions_left(new, self.actions_left if actions_left is _KEEP else actions_left)
        _g_markers(new, self.markers if markers is _KEEP else markers)
        _g_piles(new, self.piles if piles is _KEEP else piles)
        _g_upper(new, self.upper if upper is _KEEP else upper)
        _g_lower(new, self.lower if lower is _KEEP else lower)
        _g_discard(new, self.discard if discard is _KEEP else discard)
        _g_decisions(new, self.decisions if decisions is _KEEP else decisions)
        _g_first_worker_phase(
            new, self.first_worker_phase if first_worker_phase is _KEEP else first_worker_phase
        )
        _g_last_round(new, self.last_round if last_round is _KEEP else last_round)
        _g_records(new, self.records if records is _KEEP else records)
        return new

    def with_player(self, seat: int, player: PlayerState, **changes: Any) -> GameState:
        players = (*self.players[:seat], player, *self.players[seat + 1 :])
        return self.evolve(players=players, **changes)

    def pile(self, name: str) -> tuple[str, ...]:
        return self.piles[self.rules.piles.index(name)]

    def marker(self, name: str) -> int:
        """The seat holding a start marker."""
        return self.markers[self.rules.markers.index(name)]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (docs/state.md); `from_dict(to_dict(s)) == s` exactly."""
        rules = self.rules
        return {
            "options": dict(rules.options),
            "round": self.round,
            "phase": self.phase,
            "step": self.step,
            "turn": self.turn,
            "passes": self.passes,
            "actions_left": self.actions_left,
            "markers": dict(zip(rules.markers, self.markers, strict=True)),
            "piles": {name: list(pile) for name, pile in zip(rules.piles, self.piles, strict=True)},
            "board": {"upper": list(self.upper), "lower": list(self.lower)},
            "discard": list(self.discard),
            "decisions": [decision.to_dict() for decision in self.decisions],
            "first_worker_phase": self.first_worker_phase,
            "last_round": self.last_round,
            "records": self.records.to_json(),
            "players": [player.to_dict() for player in self.players],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Read a state; omitted fields get defaults (see docs/state.md) and it is checked."""
        data = upgrade_state(data)
        players_data = data.get("players", [{}, {}])
        options = {"players": len(players_data), **data.get("options", {})}
        try:
            rules = ruleset(options)
        except InvalidOptions as error:
            raise InvalidState(str(error)) from error
        if rules.players != len(players_data):
            raise InvalidState("the options and the players listed disagree")
        players = tuple(PlayerState.from_dict(p, rules.start_money) for p in players_data)
        n = len(players)
        phase = data.get("phase", rules.first_phase.name)
        if phase not in rules.phase_by_name:
            raise InvalidState(f"unknown phase {phase!r}")
        given_markers = data.get("markers", {})
        markers = tuple(int(given_markers.get(m, i % n)) for i, m in enumerate(rules.markers))
        piles_data = data.get("piles", {})
        board = data.get("board", {})
        marker_index = rules.phase(phase).marker_index
        state = cls(
            rules=rules,
            players=players,
            round=int(data.get("round", 1)),
            phase=phase,
            step=data.get("step", "actions"),
            turn=int(data.get("turn", markers[marker_index])),
            passes=int(data.get("passes", 0)),
            actions_left=int(data.get("actions_left", 1)),
            markers=markers,
            piles=tuple(tuple(piles_data.get(p, ())) for p in rules.piles),
            upper=tuple(board.get("upper", ())),
            lower=tuple(board.get("lower", ())),
            discard=tuple(data.get("discard", ())),
            decisions=tuple(Decision.from_dict(d) for d in data.get("decisions", ())),
            first_worker_phase=bool(data.get("first_worker_phase", False)),
            last_round=bool(data.get("last_round", False)),
            records=_record(data.get("records")),
        )
        check_state(state)
        return state


_new = object.__new__
# The slot descriptors' setters, used by the evolve methods (see there).
(_p_money, _p_points, _p_area, _p_hand, _p_standing, _p_marks, _p_plans, _p_records) = (
    PlayerState.__dict__[f.name].__set__ for f in fields(PlayerState)
)
(
    _g_rules, _g_players, _g_round, _g_phase, _g_step, _g_turn, _g_passes, _g_actions_left,
    _g_markers, _g_piles, _g_upper, _g_lower, _g_discard, _g_decisions, _g_first_worker_phase,
    _g_last_round, _g_records,
) = (GameState.__dict__[f.name].__set__ for f in fields(GameState))  # fmt: skip

assert [f.name for f in fields(PlayerState)] == [
    "money", "points", "area", "hand", "standing", "marks", "plans", "records",
], "PlayerState.evolve lists the fields in this order"  # fmt: skip
assert [f.name for f in fields(GameState)] == [
    "rules", "players", "round", "phase", "step", "turn", "passes", "actions_left", "markers",
    "piles", "upper", "lower", "discard", "decisions", "first_worker_phase", "last_round",
    "records",
], "GameState.evolve lists the fields in this order"  # fmt: skip


def check_state(state: GameState) -> None:
    """Reject states that name unknown cards, hold a card twice or point at absent seats."""
    known = state.rules.cards
    groups: list[tuple[str, ...]] = [*state.piles, state.upper, state.lower, state.discard]
    for player in state.players:
        groups += [player.area, player.hand]
        if player.standing not in STANDING:
            raise InvalidState(f"unknown standing pass {player.standing!r}")
        if player.money < 0:
            raise InvalidState("money cannot be negative")
        for mark in player.marks:
            if mark.card not in player.area:
                raise InvalidState("a marked card must lie in its owner's area")
            if mark.kind not in MARK_KINDS or not valid_moment(mark.clears):
                raise InvalidState(f"unknown mark {mark.kind!r} or moment {mark.clears!r}")
    for decision in state.decisions:
        kind = DECISIONS.get(decision.kind)
        if kind is None:
            raise InvalidState(f"unknown decision {decision.kind!r}")
        if kind.holds_card:
            groups.append((str(decision.data.get("card")),))
    cards = [card for group in groups for card in group]
    seen = set(cards)
    if not seen <= known.keys() or len(seen) != len(cards):  # the slow path names the card
        seen = set()
        for card in cards:
            if card not in known:
                raise InvalidState(f"unknown card {card!r} for the {state.edition} edition")
            if card in seen:
                raise InvalidState(f"card {card!r} appears twice")
            seen.add(card)
    seats = range(state.n)
    if state.step not in ("actions", "over") and state.step not in DECISIONS:
        raise InvalidState(f"unknown step {state.step!r}")
    if state.turn not in seats or any(m not in seats for m in state.markers):
        raise InvalidState("turn and markers must name seats of the game")
    if any(d.seat not in seats for d in state.decisions):
        raise InvalidState("decisions must name seats of the game")
    if state.step not in ("actions", "over") and not state.decisions:
        raise InvalidState(f"a {state.step} step needs a pending decision")
