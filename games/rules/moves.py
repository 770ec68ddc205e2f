"""Moves a seat can make (rulebook "The 4 actions in detail", special cards, yucata pass buttons).

Move kinds are registered (`register_move_kind`): each names its required and optional fields,
its handler in the action step (or none, when it only answers a decision) and how the view
prices it. Fields are registered once with their type check (`register_field`), so a module adds
a kind with new fields without editing a central list, and `parse_move` validates any kind from
the registry. One small frozen dataclass holds every move: the base game's fields are
attributes, a module's fields travel in `extra`. The wire format is documented in docs/moves.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .cards import DECKS
from .errors import IllegalMove

if TYPE_CHECKING:
    from .state import GameState

Events = list[dict[str, Any]]
Handler = Callable[["GameState", int, "Move", Events], "GameState"]
Quote = Callable[["GameState", int, "Move"], "int | None"]
Check = Callable[[Any], "str | None"]  # None if the value is fine, else why not

UNTIL = ("board_change", "phase")
SLOTS = ("card", "displace", "until", "observatory", "pile", "points")


@dataclass(frozen=True, slots=True)
class Move:
    """A move: `kind` plus the fields that kind uses (others stay None / absent)."""

    kind: str
    card: str | None = None
    displace: str | None = None
    until: str | None = None
    observatory: str | None = None
    pile: str | None = None
    points: int | None = None
    extra: tuple[tuple[str, Any], ...] = ()  # a module's fields, sorted by name

    def get(self, name: str) -> Any:
        """Any field by name (None if absent)."""
        if name in SLOTS:
            return getattr(self, name)
        for key, value in self.extra:
            if key == name:
                return value
        return None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in SLOTS:
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        for name, value in self.extra:
            out[name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Move:
        return parse_move(data)


@dataclass(frozen=True, slots=True)
class Field:
    name: str
    check: Check


@dataclass(frozen=True, slots=True)
class MoveKind:
    """A kind of move: its fields, what it does in the action step, how the view prices it."""

    kind: str
    required: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()
    handler: Handler | None = None  # None: it only answers a decision
    not_now: str = "That action is not possible at this moment."
    quote: Quote | None = None
    # A free move (the Guild Hall's split, a Sycophant given up) does not end the turn and is
    # no action: a seat with nothing else to do still passes automatically.
    free: bool = False


FIELDS: dict[str, Field] = {}
MOVE_KINDS: dict[str, MoveKind] = {}
_READERS: dict[str, _Reader] = {}  # parse_move's view of each kind, rebuilt after a registration


def register_field(field: Field) -> Field:
    """A move field and its type check (checked in registration order)."""
    FIELDS[field.name] = field
    _READERS.clear()
    return field


def register_move_kind(kind: MoveKind) -> MoveKind:
    """A kind of move; every field it names must be registered."""
    for name in (*kind.required, *kind.optional):
        if name not in FIELDS:
            raise ValueError(f"move kind {kind.kind}: unknown field {name!r}")
    MOVE_KINDS[kind.kind] = kind
    _READERS.clear()
    return kind


def string_field(name: str) -> Field:
    return Field(name, lambda v: None if isinstance(v, str) else f"{name} must be a string")


def count_field(name: str) -> Field:
    """A non-negative whole number (not a boolean)."""

    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{name} must be a whole number"
        return f"{name} cannot be negative" if value < 0 else None

    return Field(name, check)


def choice_field(name: str, values: tuple[Any, ...], why: str) -> Field:
    return Field(name, lambda v: None if v in values else why)


def bool_field(name: str) -> Field:
    return Field(name, lambda v: None if isinstance(v, bool) else f"{name} must be true or false")


def _pile(value: Any) -> str | None:
    if not isinstance(value, str):
        return "pile must be a string"
    if value not in DECKS:
        return f"pile must be {', '.join(DECKS[:-1])} or {DECKS[-1]}"
    return None


for _field in (
    string_field("card"),
    string_field("displace"),
    string_field("observatory"),
    Field("pile", _pile),
    choice_field("until", UNTIL, "until must be null, 'board_change' or 'phase'"),
    count_field("points"),
):
    register_field(_field)


def _malformed(why: str) -> IllegalMove:
    return IllegalMove("malformed_move", f"That move is not written correctly: {why}.", why=why)


@dataclass(frozen=True, slots=True)
class _Reader:
    """What parse_move needs of a kind, worked out once (parsing is on the replay's hot path)."""

    allowed: frozenset[str]
    required: tuple[str, ...]
    checks: tuple[tuple[str, Check], ...]  # in field registration order
    extras: tuple[str, ...]  # fields that are not Move attributes, sorted


def _reader(kind: str) -> _Reader | None:
    reader = _READERS.get(kind)
    if reader is None:
        spec = MOVE_KINDS.get(kind)
        if spec is None:
            return None
        allowed = frozenset(("kind", *spec.required, *spec.optional))
        reader = _READERS[kind] = _Reader(
            allowed,
            spec.required,
            tuple((name, f.check) for name, f in FIELDS.items() if name in allowed),
            tuple(sorted(name for name in allowed if name not in SLOTS and name != "kind")),
        )
    return reader


def parse_move(data: Any) -> Move:
    """Read a move from its JSON form; anything unexpected raises IllegalMove(malformed_move)."""
    if not isinstance(data, dict):
        raise _malformed("a move must be an object")
    kind = data.get("kind")
    if not isinstance(kind, str) or (reader := _reader(kind)) is None:
        raise _malformed(f"unknown kind {kind!r}")
    if not reader.allowed.issuperset(data):
        extra = set(data) - reader.allowed
        raise _malformed(f"unexpected field(s) {', '.join(sorted(map(str, extra)))}")
    for name in reader.required:
        if data.get(name) is None:
            raise _malformed(f"{kind} needs {name}")
    for name, check in reader.checks:
        value = data.get(name)
        if value is not None:
            why = check(value)
            if why is not None:
                raise _malformed(why)
    more: tuple[tuple[str, Any], ...] = ()
    if reader.extras:
        more = tuple(
            (name, tuple(value) if isinstance(value, list) else value)
            for name in reader.extras
            if (value := data.get(name)) is not None
        )
    return Move(
        kind,
        data.get("card"),
        data.get("displace"),
        data.get("until"),
        data.get("observatory"),
        data.get("pile"),
        data.get("points"),
        more,
    )


class SharedMoves(dict[str, Move]):
    """The moves of one kind that name a card and nothing else, by card, made on first use:
    `SHARED_MOVES["buy"][instance]` is one dict lookup where legal_moves lists them."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, card: str) -> Move:
        move = self[card] = Move(self.kind, card)
        return move


SHARED_MOVES: dict[str, SharedMoves] = {kind: SharedMoves(kind) for kind in ("buy", "take", "play")}
_CACHE: dict[tuple[str, str | None, str | None], Move] = {}


def card_move(kind: str, card: str, displace: str | None = None) -> Move:
    """A buy/take/play move, shared rather than rebuilt: moves are immutable values and
    legal_moves makes thousands of the same ones."""
    if displace is None:
        return SHARED_MOVES[kind][card]
    key = (kind, card, displace)
    move = _CACHE.get(key)
    if move is None:
        move = _CACHE[key] = Move(kind, card, displace)
    return move


PASS = Move("pass")
PASS_UNTIL_BOARD_CHANGE = Move("pass", until="board_change")
PASS_PHASE = Move("pass", until="phase")
PASSES = (PASS, PASS_UNTIL_BOARD_CHANGE, PASS_PHASE)
