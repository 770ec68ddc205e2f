"""The rules of one game, in one record: `ruleset(options)` (design.md §6).

The ruleset is the only place that knows the edition, the expansions that are on, the player
count, the phases in order (each with its pile, its start marker, how it scores and what follows
its scoring), the board size, how far start markers move, the first worker phase, the start
money, the card catalogue and pile sizes, the final scoring steps and the rules version. The rest
of the engine reads its attributes; nothing else compares an edition or a player count.

Rulesets are memoised on the canonical options, so two states of one game share one object
(compared by identity). An expansion module changes the base record through `register_expansion`
(its `configure` edits a draft before it is frozen); see docs/architecture.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from . import options as _options
from .cards import Card, Catalogue, catalogue_for
from .options import check_options

if TYPE_CHECKING:
    from .decisions import Decision
    from .state import GameState, PlayerState

Events = list[dict[str, Any]]
T = TypeVar("T")
# A phase scorer pays everybody for the phase that just ended (it may compare players).
Scorer = Callable[["GameState", "Phase", Events], "GameState"]
# What follows a scoring: the decision (if any) a seat must take now, e.g. the Pub.
FollowUp = Callable[["GameState", int], "Decision | None"]
# What happens when a phase's actions open (before anybody acts).
PhaseStart = Callable[["GameState", "Phase", Events], "GameState"]
# One step of the final scoring for one seat: (rubles, points) to post to the ledger.
FinalStep = Callable[["GameState", int, "PlayerState"], tuple[int, int]]

SCORERS: dict[str, Scorer] = {}
FOLLOW_UPS: dict[str, FollowUp] = {}
PHASE_STARTS: dict[str, PhaseStart] = {}
FINAL_STEPS: dict[str, FinalStep] = {}


def _register(table: dict[str, T], key: str, value: T) -> T:
    table[key] = value
    return value


def register_scorer(key: str, scorer: Scorer) -> Scorer:
    """A way to score a phase, named by `Phase.scorer`."""
    return _register(SCORERS, key, scorer)


def register_follow_up(key: str, follow_up: FollowUp) -> FollowUp:
    """Something asked of each seat after a phase's scoring, named in `Phase.after_scoring`."""
    return _register(FOLLOW_UPS, key, follow_up)


def register_phase_start(key: str, hook: PhaseStart) -> PhaseStart:
    """Something that happens when a phase opens, named in `Ruleset.phase_start`."""
    return _register(PHASE_STARTS, key, hook)


def register_final_step(key: str, step: FinalStep) -> FinalStep:
    """A step of the final scoring, named in `Ruleset.final_steps`; its key is its part's name."""
    return _register(FINAL_STEPS, key, step)


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a round: its pile, its start marker, how it scores and what follows."""

    name: str
    pile: str  # the pile its cards come from (and the Observatory may name)
    marker: str  # the start marker that says who begins it
    color: str | None  # the colour its scoring pays for (None: no scoring)
    scorer: str | None  # key in SCORERS (None: no scoring)
    after_scoring: tuple[str, ...] = ()  # keys in FOLLOW_UPS, asked seat by seat
    # Resolved when the ruleset is frozen, so the engine only reads attributes:
    pile_index: int = 0
    marker_index: int = 0
    score: Scorer | None = None
    follow_ups: tuple[FollowUp, ...] = ()

    @property
    def scores(self) -> bool:
        return self.scorer is not None


@dataclass(frozen=True, slots=True)
class Expansion:
    """An expansion module: its option, card files and how it changes the base ruleset."""

    option: str
    configure: Callable[[dict[str, Any], dict[str, Any]], None]  # (draft, options)
    card_files: tuple[str, ...] = ()


EXPANSIONS: dict[str, Expansion] = {}


def register_expansion(expansion: Expansion) -> Expansion:
    """Make an option playable: the lobby offers it and `ruleset` applies its changes."""
    EXPANSIONS[expansion.option] = expansion
    _options.BUILT.add(expansion.option)
    _RULESETS.clear()
    _BY_GIVEN.clear()
    return expansion


@dataclass(frozen=True, eq=False, slots=True)
class Ruleset:
    """Everything about a game that follows from its options (compared by identity)."""

    options: dict[str, Any]  # canonical: every option key, plus rules_version
    rules_version: str
    edition: str
    players: int
    expansions: tuple[str, ...]  # options that are on, besides edition and players
    phases: tuple[Phase, ...]
    phase_by_name: dict[str, Phase]
    phase_index: dict[str, int]  # phase name -> its place in the round
    scored_in: dict[str, int]  # colour -> the place of the phase that scores it
    next_phase: dict[str, Phase | None]  # None after the last phase: the round ends
    piles: tuple[str, ...]
    markers: tuple[str, ...]
    deal_markers: bool  # markers dealt at random (one player: he holds them all)
    max_markers_per_seat: int
    marker_step: int  # seats a start marker moves left at round end
    board_size: int
    start_money: int
    hand_limit: int
    first_phase_workers: int  # workers laid per player for the very first worker phase
    first_phase_must_buy: int  # workers each player must buy in that phase
    catalogue: Catalogue
    cards: dict[str, Card]  # instance name -> card
    final_steps: tuple[str, ...]
    final_step_fns: tuple[FinalStep, ...]
    phase_start: tuple[PhaseStart, ...]
    # Rules version 2: a plan answers the next decision of its kind only; when that scoring
    # comes and asks the seat nothing, the plan lapses (docs/rules.md, "Pub plan").
    plans_lapse: bool
    pile_sizes: dict[str, int] = field(default_factory=dict)

    @property
    def first_phase(self) -> Phase:
        return self.phases[0]

    def phase(self, name: str) -> Phase:
        return self.phase_by_name[name]


def _base_draft(options: dict[str, Any]) -> dict[str, Any]:
    """The base game (rulebook; docs/rules.md) as a draft a module may change."""
    return {
        "phases": [
            Phase("worker", "worker", "worker", "worker", "cards"),
            Phase("building", "building", "building", "building", "cards", ("pub",)),
            Phase("aristocrat", "aristocrat", "aristocrat", "aristocrat", "cards"),
            Phase("trading", "trading", "trading", None, None),
        ],
        "piles": ["worker", "building", "aristocrat", "trading"],
        "markers": ["worker", "building", "aristocrat", "trading"],
        "marker_step": 1,
        "board_size": 8,
        "start_money": 25,
        "hand_limit": 3,
        "first_phase_workers": 2,
        "first_phase_must_buy": 2,
        "card_files": [],
        "final_steps": ["aristocrats", "money", "hand"],
        "phase_start": [],
    }


def _freeze(options: dict[str, Any], draft: dict[str, Any]) -> Ruleset:
    piles = tuple(draft["piles"])
    markers = tuple(draft["markers"])
    phases = tuple(
        Phase(
            p.name,
            p.pile,
            p.marker,
            p.color,
            p.scorer,
            p.after_scoring,
            piles.index(p.pile),
            markers.index(p.marker),
            SCORERS[p.scorer] if p.scorer else None,
            tuple(FOLLOW_UPS[key] for key in p.after_scoring),
        )
        for p in draft["phases"]
    )
    cat = catalogue_for(options["edition"], tuple(draft["card_files"]))
    players = options["players"]
    on = tuple(
        k
        for k, v in options.items()
        if k not in ("edition", "players", "rules_version") and v not in (None, False)
    )
    return Ruleset(
        options=dict(options),
        rules_version=options["rules_version"],
        edition=options["edition"],
        players=players,
        expansions=on,
        phases=phases,
        phase_by_name={p.name: p for p in phases},
        phase_index={p.name: i for i, p in enumerate(phases)},
        scored_in={p.color: i for i, p in enumerate(phases) if p.color is not None},
        next_phase={
            p.name: (phases[i + 1] if i + 1 < len(phases) else None) for i, p in enumerate(phases)
        },
        piles=piles,
        markers=markers,
        deal_markers=players > 1,
        max_markers_per_seat=-(-len(markers) // players),
        marker_step=draft["marker_step"],
        board_size=draft["board_size"],
        start_money=draft["start_money"],
        hand_limit=draft["hand_limit"],
        first_phase_workers=draft["first_phase_workers"],
        first_phase_must_buy=draft["first_phase_must_buy"],
        catalogue=cat,
        cards=cat.instances,
        final_steps=tuple(draft["final_steps"]),
        final_step_fns=tuple(FINAL_STEPS[key] for key in draft["final_steps"]),
        phase_start=tuple(PHASE_STARTS[key] for key in draft["phase_start"]),
        plans_lapse=options["rules_version"] != "1",
        pile_sizes={pile: len(cat.decks.get(pile, ())) for pile in piles},
    )


_RULESETS: dict[tuple[tuple[str, Any], ...], Ruleset] = {}


_BY_GIVEN: dict[tuple[tuple[str, Any], ...], Ruleset] = {}  # by the options as given


def ruleset(options: dict[str, Any]) -> Ruleset:
    """The ruleset of these options (checked first: InvalidOptions), memoised.

    Options seen before (as written, when their values are hashable) skip the check: states
    are read from JSON on every request.
    """
    given: tuple[tuple[str, Any], ...] | None = None
    if isinstance(options, dict):
        try:
            given = tuple(sorted(options.items(), key=lambda item: item[0]))
            found = _BY_GIVEN.get(given)
        except TypeError:  # an unhashable value (the legacy "expansions": [])
            given = found = None
        if found is not None:
            return found
    canonical = check_options(options)
    key = tuple(sorted(canonical.items(), key=lambda item: item[0]))
    found = _RULESETS.get(key)
    if found is None:
        draft = _base_draft(canonical)
        for name, expansion in EXPANSIONS.items():
            value = canonical.get(name)
            if value is not None and value is not False:
                draft["card_files"] += list(expansion.card_files)
                expansion.configure(draft, canonical)
        found = _RULESETS[key] = _freeze(canonical, draft)
    if given is not None:
        _BY_GIVEN[given] = found
    return found
