"""The game state (rulebook "Preparation", "Playing the game"): immutable data and its JSON form.

A `GameState` is a frozen dataclass holding tuples; the engine derives new states with
`evolve`, copying only the references that change. Card instances are short strings such as
"library#1" (see cards.py). The JSON form is documented in docs/state.md; `from_dict` fills
sensible defaults so a test can write a position by hand in a few lines.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .cards import DECKS, catalogue
from .errors import InvalidOptions

PHASES: tuple[str, ...] = DECKS  # worker, building, aristocrat, trading: one phase per pile
STEPS: tuple[str, ...] = ("actions", "pub", "over")
STANDING: tuple[str | None, ...] = (None, "board_change", "phase")
START_MONEY = 25
_KEEP: Any = object()  # "leave this field as it is" in evolve()


class InvalidState(ValueError):
    """A state dict that does not describe a position of the game."""


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One seat: money, points earned so far, play area, hand and standing orders."""

    money: int = START_MONEY
    points: int = 0
    area: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    used: tuple[str, ...] = ()  # Observatories turned over this round
    standing: str | None = None  # standing pass: None, "board_change" or "phase"
    pub_plan: int | None = None  # points to buy with the Pub at the next building scoring

    def evolve(
        self,
        money: Any = _KEEP,
        points: Any = _KEEP,
        area: Any = _KEEP,
        hand: Any = _KEEP,
        used: Any = _KEEP,
        standing: Any = _KEEP,
        pub_plan: Any = _KEEP,
    ) -> PlayerState:
        """A copy with some fields replaced (written out by hand: this is the hot path)."""
        return PlayerState(
            self.money if money is _KEEP else money,
            self.points if points is _KEEP else points,
            self.area if area is _KEEP else area,
            self.hand if hand is _KEEP else hand,
            self.used if used is _KEEP else used,
            self.standing if standing is _KEEP else standing,
            self.pub_plan if pub_plan is _KEEP else pub_plan,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "money": self.money,
            "points": self.points,
            "area": list(self.area),
            "hand": list(self.hand),
            "used_observatories": list(self.used),
            "standing": self.standing,
            "pub_plan": self.pub_plan,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> PlayerState:
        return cls(
            money=int(data.get("money", START_MONEY)),
            points=int(data.get("points", 0)),
            area=tuple(data.get("area", ())),
            hand=tuple(data.get("hand", ())),
            used=tuple(data.get("used_observatories", ())),
            standing=data.get("standing"),
            pub_plan=data.get("pub_plan"),
        )


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole position. Piles are tuples whose element 0 is the top card."""

    edition: str
    players: tuple[PlayerState, ...]
    round: int = 1
    phase: str = "worker"
    step: str = "actions"  # actions, pub (a Pub decision is pending) or over
    turn: int = 0  # seat to act in the action step
    passes: int = 0  # consecutive passes in this action step
    markers: tuple[int, int, int, int] = (0, 0, 0, 0)  # holder per phase, in PHASES order
    piles: tuple[tuple[str, ...], ...] = ((), (), (), ())  # in PHASES order, top first
    upper: tuple[str, ...] = ()
    lower: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    drawn: str | None = None  # card drawn with an Observatory, waiting for the seat `turn`
    pub_queue: tuple[int, ...] = ()  # seats still to decide on their Pubs, first decides now
    first_worker_phase: bool = False
    last_round: bool = False

    @property
    def n(self) -> int:
        return len(self.players)

    def evolve(
        self,
        edition: Any = _KEEP,
        players: Any = _KEEP,
        round: Any = _KEEP,
        phase: Any = _KEEP,
        step: Any = _KEEP,
        turn: Any = _KEEP,
        passes: Any = _KEEP,
        markers: Any = _KEEP,
        piles: Any = _KEEP,
        upper: Any = _KEEP,
        lower: Any = _KEEP,
        discard: Any = _KEEP,
        drawn: Any = _KEEP,
        pub_queue: Any = _KEEP,
        first_worker_phase: Any = _KEEP,
        last_round: Any = _KEEP,
    ) -> GameState:
        """A copy with some fields replaced; the rest are shared (they are immutable).

        Written out field by field because it is the engine's hot path (dataclasses.replace is
        several times slower).
        """
        return GameState(
            self.edition if edition is _KEEP else edition,
            self.players if players is _KEEP else players,
            self.round if round is _KEEP else round,
            self.phase if phase is _KEEP else phase,
            self.step if step is _KEEP else step,
            self.turn if turn is _KEEP else turn,
            self.passes if passes is _KEEP else passes,
            self.markers if markers is _KEEP else markers,
            self.piles if piles is _KEEP else piles,
            self.upper if upper is _KEEP else upper,
            self.lower if lower is _KEEP else lower,
            self.discard if discard is _KEEP else discard,
            self.drawn if drawn is _KEEP else drawn,
            self.pub_queue if pub_queue is _KEEP else pub_queue,
            self.first_worker_phase if first_worker_phase is _KEEP else first_worker_phase,
            self.last_round if last_round is _KEEP else last_round,
        )

    def with_player(self, seat: int, player: PlayerState, **changes: Any) -> GameState:
        players = (*self.players[:seat], player, *self.players[seat + 1 :])
        return self.evolve(players=players, **changes)

    def pile(self, phase: str) -> tuple[str, ...]:
        return self.piles[PHASES.index(phase)]

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (docs/state.md); `from_dict(to_dict(s)) == s` exactly."""
        return {
            "edition": self.edition,
            "round": self.round,
            "phase": self.phase,
            "step": self.step,
            "turn": self.turn,
            "passes": self.passes,
            "markers": dict(zip(PHASES, self.markers, strict=True)),
            "piles": {phase: list(pile) for phase, pile in zip(PHASES, self.piles, strict=True)},
            "board": {"upper": list(self.upper), "lower": list(self.lower)},
            "discard": list(self.discard),
            "drawn": self.drawn,
            "pub_queue": list(self.pub_queue),
            "first_worker_phase": self.first_worker_phase,
            "last_round": self.last_round,
            "players": [player.to_dict() for player in self.players],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Read a state; omitted fields get defaults (see docs/state.md) and it is checked."""
        edition = data.get("edition", "1st")
        if edition not in ("1st", "2nd"):
            raise InvalidState(f"unknown edition {edition!r}")
        players = tuple(PlayerState.from_dict(p) for p in data.get("players", [{}, {}]))
        n = len(players)
        if not 1 <= n <= 4:
            raise InvalidState("a game has 1 to 4 players")
        phase = data.get("phase", "worker")
        if phase not in PHASES:
            raise InvalidState(f"unknown phase {phase!r}")
        given_markers = data.get("markers", {})
        markers = tuple(int(given_markers.get(p, i % n)) for i, p in enumerate(PHASES))
        piles_data = data.get("piles", {})
        board = data.get("board", {})
        state = cls(
            edition=edition,
            players=players,
            round=int(data.get("round", 1)),
            phase=phase,
            step=data.get("step", "actions"),
            turn=int(data.get("turn", markers[PHASES.index(phase)])),
            passes=int(data.get("passes", 0)),
            markers=markers,  # type: ignore[arg-type]
            piles=tuple(tuple(piles_data.get(p, ())) for p in PHASES),
            upper=tuple(board.get("upper", ())),
            lower=tuple(board.get("lower", ())),
            discard=tuple(data.get("discard", ())),
            drawn=data.get("drawn"),
            pub_queue=tuple(data.get("pub_queue", ())),
            first_worker_phase=bool(data.get("first_worker_phase", False)),
            last_round=bool(data.get("last_round", False)),
        )
        check_state(state)
        return state


assert [f.name for f in fields(GameState)] == [
    "edition", "players", "round", "phase", "step", "turn", "passes", "markers", "piles",
    "upper", "lower", "discard", "drawn", "pub_queue", "first_worker_phase", "last_round",
], "GameState.evolve lists the fields in this order"  # fmt: skip


def check_state(state: GameState) -> None:
    """Reject states that name unknown cards, hold a card twice or point at absent seats."""
    known = catalogue(state.edition).instances
    seen: set[str] = set()
    groups: list[tuple[str, ...]] = [*state.piles, state.upper, state.lower, state.discard]
    for player in state.players:
        groups += [player.area, player.hand]
        if player.standing not in STANDING:
            raise InvalidState(f"unknown standing pass {player.standing!r}")
        if player.money < 0:
            raise InvalidState("money cannot be negative")
        if not set(player.used) <= set(player.area):
            raise InvalidState("a used Observatory must lie in its owner's area")
    if state.drawn is not None:
        groups.append((state.drawn,))
    for group in groups:
        for card in group:
            if card not in known:
                raise InvalidState(f"unknown card {card!r} for the {state.edition} edition")
            if card in seen:
                raise InvalidState(f"card {card!r} appears twice")
            seen.add(card)
    seats = range(state.n)
    if state.step not in STEPS:
        raise InvalidState(f"unknown step {state.step!r}")
    if state.turn not in seats or any(m not in seats for m in state.markers):
        raise InvalidState("turn and markers must name seats of the game")
    if any(s not in seats for s in state.pub_queue):
        raise InvalidState("pub_queue must name seats of the game")
    if state.step == "pub" and not state.pub_queue:
        raise InvalidState("a pub step needs a pub_queue")


def check_options(options: dict[str, Any]) -> tuple[str, int]:
    """Validate game options; returns (edition, number of players)."""
    if not isinstance(options, dict):
        raise InvalidOptions("options must be a dict")
    unknown = set(options) - {"edition", "players", "expansions"}
    if unknown:
        raise InvalidOptions(f"unknown option(s): {', '.join(sorted(unknown))}")
    expansions = options.get("expansions") or []
    if not isinstance(expansions, list | tuple) or expansions:
        raise InvalidOptions(f"expansions are not supported yet: {expansions!r}")
    edition = options.get("edition", "1st")
    if edition not in ("1st", "2nd"):
        raise InvalidOptions(f"edition must be '1st' or '2nd', not {edition!r}")
    players = options.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise InvalidOptions(f"players must be a whole number from 1 to 4, not {players!r}")
    return edition, players
