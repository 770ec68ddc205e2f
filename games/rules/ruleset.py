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

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from . import options as _options
from .cards import Card, Catalogue, catalogue_for, catalogue_json
from .options import check_options

if TYPE_CHECKING:
    from .decisions import Decision
    from .ledger import PointsGate
    from .moves import Move
    from .rng import SplitMix64
    from .state import GameState, PlayerState

Events = list[dict[str, Any]]
T = TypeVar("T")
# A phase scorer pays everybody for the phase that just ended (it may compare players).
Scorer = Callable[["GameState", "Phase", Events], "GameState"]
# What follows a scoring: the decision (if any) a seat must take now, e.g. the Pub.
FollowUp = Callable[["GameState", int], "Decision | None"]
# What happens when a phase's actions open (before anybody acts).
PhaseStart = Callable[["GameState", "Phase", Events], "GameState"]
# What happens once a phase's scoring and its follow-up decisions are over (the Market's
# majorities, which come after the upkeep decisions).
PhaseClose = Callable[["GameState", "Phase", Events], "GameState"]
# What happens after a card entered a seat's area (seat, card, displaced card or None).
OnPlace = Callable[["GameState", int, str, "str | None", Events], "GameState"]
# One step of the final scoring for one seat: (rubles, points) to post to the ledger. It sees
# the state as the steps before it left every player (docs/architecture.md).
FinalStep = Callable[["GameState", int, "PlayerState"], tuple[int, int]]
# What a final step adds to the seat's row of `final_scores` under its key (plain JSON), with the
# same arguments as the step (the Assignments: which one scored).
FinalDetail = Callable[["GameState", int, "PlayerState"], Any]
# What a new game deals or lays out beyond piles, markers and the first workers (the Assistants,
# the Assignments, Module 6's obstacles): run once by `new_game` with the game's generator, after
# the markers are dealt, in the order of their keys (so each module alone deals what it did).
Setup = Callable[["GameState", "SplitMix64", Events], "GameState"]
# What happens at a round's end, after the start markers moved (not after the last round).
RoundEnd = Callable[["GameState", Events], "GameState"]
# Discounts a seat holds without a card in its area (the Assistants): for the seat, rubles off
# every card of a colour, or under the key "trading" off every trading card ((key, rubles)
# pairs; empty: none), taken off after the area's own price hooks (prices.seat_prices).
SeatPrice = Callable[["GameState", int], tuple[tuple[str, int], ...]]
# Hand slots a seat holds without a card in its area (the Warehouse event).
HandBonus = Callable[["GameState", int], int]
# Moves a seat may make on its turn besides its cards' (the Events): each is a real choice.
TurnMoves = Callable[["GameState", int], Iterable["Move"]]
# What the engine checks once a move or an answer may have changed an area (an obstacle overcome
# once its requirement is met).
OnSettle = Callable[["GameState", Events], "GameState"]

SCORERS: dict[str, Scorer] = {}
FOLLOW_UPS: dict[str, FollowUp] = {}
PHASE_STARTS: dict[str, PhaseStart] = {}
FINAL_STEPS: dict[str, FinalStep] = {}
PHASE_CLOSES: dict[str, PhaseClose] = {}
ON_PLACE: dict[str, OnPlace] = {}
FINAL_DETAILS: dict[str, FinalDetail] = {}
SETUPS: dict[str, Setup] = {}
ROUND_ENDS: dict[str, RoundEnd] = {}
SEAT_PRICES: dict[str, SeatPrice] = {}
HAND_BONUSES: dict[str, HandBonus] = {}
TURN_MOVES: dict[str, TurnMoves] = {}
ON_SETTLE: dict[str, OnSettle] = {}
POINTS_GATES: dict[str, PointsGate] = {}


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


def register_phase_close(key: str, hook: PhaseClose) -> PhaseClose:
    """What closes a phase after its follow-up decisions, named by `Phase.closer`."""
    return _register(PHASE_CLOSES, key, hook)


def register_on_place(key: str, hook: OnPlace) -> OnPlace:
    """Something that happens after any placement, named in the draft's `on_place`."""
    return _register(ON_PLACE, key, hook)


def register_final_step(key: str, step: FinalStep, detail: FinalDetail | None = None) -> FinalStep:
    """A step of the final scoring, named in `Ruleset.final_steps`; its key is its part's name.
    `detail`, if given, adds what the step scored for to each `final_scores` row, under `key`."""
    if detail is not None:
        FINAL_DETAILS[key] = detail
    return _register(FINAL_STEPS, key, step)


def register_setup(key: str, hook: Setup) -> Setup:
    """Something dealt or laid out when a game is set up, named in the draft's `setup`."""
    return _register(SETUPS, key, hook)


def register_round_end(key: str, hook: RoundEnd) -> RoundEnd:
    """Something that happens when a round ends, named in the draft's `round_end`."""
    return _register(ROUND_ENDS, key, hook)


def register_seat_price(key: str, hook: SeatPrice) -> SeatPrice:
    """A discount a seat holds outside its area, named in the draft's `seat_price`."""
    return _register(SEAT_PRICES, key, hook)


def register_hand_bonus(key: str, hook: HandBonus) -> HandBonus:
    """Hand slots a seat holds outside its area, named in the draft's `hand_bonus`."""
    return _register(HAND_BONUSES, key, hook)


def register_turn_moves(key: str, hook: TurnMoves) -> TurnMoves:
    """Moves a seat may make on its turn besides its cards', named in the draft's `turn_moves`."""
    return _register(TURN_MOVES, key, hook)


def register_on_settle(key: str, hook: OnSettle) -> OnSettle:
    """Something checked whenever a move or an answer may have changed an area, named in the
    draft's `on_settle`: when the engine settles after a move (or a decision's answer), and
    after each answer it plays itself (a forced or planned one). Areas change only by moves and
    answers; keep it cheap when nothing is to be done."""
    return _register(ON_SETTLE, key, hook)


def register_points_gate(key: str, gate: PointsGate) -> PointsGate:
    """What every gain of points passes through (ledger.gain), named by the draft's
    `points_gate` (one per game)."""
    return _register(POINTS_GATES, key, gate)


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a round: its pile, its start marker, how it scores and what follows."""

    name: str
    pile: str  # the pile its cards come from (and the Observatory may name)
    marker: str  # the start marker that says who begins it
    color: str | None  # the colour its scoring pays for (None: no scoring)
    scorer: str | None  # key in SCORERS (None: no scoring)
    after_scoring: tuple[str, ...] = ()  # keys in FOLLOW_UPS, asked seat by seat
    closer: str | None = None  # key in PHASE_CLOSES: runs when the follow-ups are answered
    # Resolved when the ruleset is frozen, so the engine only reads attributes:
    pile_index: int = 0
    marker_index: int = 0
    score: Scorer | None = None
    follow_ups: tuple[FollowUp, ...] = ()
    close: PhaseClose | None = None

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
# The order `ruleset` applies the expansions in, and so the order it reads their card files in
# (which orders a pile's cards before it is shuffled): fixed here, whatever order their modules
# are imported in, so that a game deals as it did when it was stored. It is the order the four
# expansions before issue 14 registered in; a new expansion goes at the end (one not named here
# comes after these, in the order it registered).
EXPANSION_ORDER: tuple[str, ...] = (
    "in_good_company",
    "banquet",
    "market",
    "new_society",
    "assignments",
    "assistants",
    "events",
    "obstacles",
)


def _expansion_rank(option: str) -> int:
    return EXPANSION_ORDER.index(option) if option in EXPANSION_ORDER else len(EXPANSION_ORDER)


def register_expansion(expansion: Expansion) -> Expansion:
    """Make an option playable: the lobby offers it and `ruleset` applies its changes (in
    `EXPANSION_ORDER`)."""
    EXPANSIONS[expansion.option] = expansion
    ordered = sorted(EXPANSIONS.items(), key=lambda item: _expansion_rank(item[0]))
    EXPANSIONS.clear()
    EXPANSIONS.update(ordered)
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
    on_place: tuple[OnPlace, ...]  # hooks run after a card entered an area (empty: none)
    # Rules version 2: a plan answers the next decision of its kind only; when that scoring
    # comes and asks the seat nothing, the plan lapses (docs/rules.md, "Pub plan").
    plans_lapse: bool
    pile_sizes: dict[str, int] = field(default_factory=dict)
    # New Society: points per distinct aristocrat beyond the tenth (0: the table stops at 55).
    aristocrats_beyond_ten: int = 0
    # Rubles a start marker's holder gets on top of the start money (five players: the sack, 2).
    marker_money: dict[str, int] = field(default_factory=dict)
    card_files: tuple[str, ...] = ()  # the expansions' card data files (cards.catalogue_for)
    # The follow-ups any phase asks (so legal_moves offers only their plans).
    asked_after_scoring: frozenset[str] = frozenset()
    # What a module's `configure` settled for this game and its rules read during play (the
    # Banquet: where a used purple card goes, what the Pick Pocket does), so that no module
    # compares an edition or a rules version itself: plain values by the module's key.
    params: dict[str, Any] = field(default_factory=dict)
    # The hooks of the modules that need more than a card (empty in the base game): what a new
    # game deals, what a round's end does, a seat's own discounts and hand slots, the moves a
    # seat may make on its turn besides its cards', what is checked after moves and answers.
    setup: tuple[Setup, ...] = ()
    round_end: tuple[RoundEnd, ...] = ()
    seat_price: tuple[SeatPrice, ...] = ()
    hand_bonus: tuple[HandBonus, ...] = ()
    turn_moves: tuple[TurnMoves, ...] = ()
    on_settle: tuple[OnSettle, ...] = ()
    # What every gain of points passes through (Module 6's obstacles; None: points are added).
    points_gate: PointsGate | None = None

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
        "on_place": [],
        "aristocrats_beyond_ten": 0,
        "marker_money": {},
        "params": {},
        "setup": [],
        "round_end": [],
        "seat_price": [],
        "hand_bonus": [],
        "turn_moves": [],
        "on_settle": [],
        "points_gate": None,
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
            p.closer,
            piles.index(p.pile),
            markers.index(p.marker),
            SCORERS[p.scorer] if p.scorer else None,
            tuple(FOLLOW_UPS[key] for key in p.after_scoring),
            PHASE_CLOSES[p.closer] if p.closer else None,
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
        on_place=tuple(ON_PLACE[key] for key in draft["on_place"]),
        plans_lapse=options["rules_version"] != "1",
        pile_sizes={pile: len(cat.decks.get(pile, ())) for pile in piles},
        aristocrats_beyond_ten=draft["aristocrats_beyond_ten"],
        marker_money=dict(draft["marker_money"]),
        card_files=tuple(draft["card_files"]),
        asked_after_scoring=frozenset(key for p in phases for key in p.after_scoring),
        params=dict(draft["params"]),
        # By key, not by the order the modules were imported in: the deal must stay the same.
        setup=tuple(SETUPS[key] for key in sorted(draft["setup"])),
        round_end=tuple(ROUND_ENDS[key] for key in draft["round_end"]),
        seat_price=tuple(SEAT_PRICES[key] for key in draft["seat_price"]),
        hand_bonus=tuple(HAND_BONUSES[key] for key in draft["hand_bonus"]),
        turn_moves=tuple(TURN_MOVES[key] for key in draft["turn_moves"]),
        on_settle=tuple(ON_SETTLE[key] for key in draft["on_settle"]),
        points_gate=POINTS_GATES[draft["points_gate"]] if draft["points_gate"] else None,
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


def game_card_catalogue(options: dict[str, Any]) -> dict[str, dict[str, object]]:
    """The cards of a game with these options (the expansions' cards included), JSON-ready."""
    return catalogue_json(ruleset(options).catalogue)
