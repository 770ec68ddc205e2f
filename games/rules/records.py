"""Plain data kept in the state by the engine's parts and modules: immutable in memory, JSON
outside.

A `Record` is a read-only mapping of strings to frozen JSON values (dicts become Records, lists
become tuples), so it can sit in a frozen, hashable state and round-trips through JSON exactly.
A module keeps its own record under its name (`GameState.records`, `PlayerState.records`) and
player plans live in one (`PlayerState.plans`), so adding a module never edits state.py.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


def freeze(value: Any) -> Any:
    """The immutable form of a JSON value."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:  # most values: no ABC check
        return value
    if isinstance(value, Record):
        return value
    if isinstance(value, Mapping):
        return Record(value)
    if isinstance(value, list | tuple):
        return tuple(freeze(item) for item in value)
    return value


def thaw(value: Any) -> Any:
    """The JSON form of a frozen value (Records become dicts, tuples lists)."""
    if isinstance(value, Record):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [thaw(item) for item in value]
    return value


class Record(Mapping[str, Any]):
    """A frozen JSON object; `set` and `drop` return changed copies."""

    __slots__ = ("_data", "_hash")

    def __init__(self, data: Mapping[str, Any] | None = None) -> None:
        self._data: dict[str, Any] = {str(k): freeze(v) for k, v in (data or {}).items()}
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __bool__(self) -> bool:
        return bool(self._data)  # without it, truth asks __len__ through Mapping

    def __contains__(self, key: object) -> bool:
        """`Mapping.__contains__` without its exception: the engine asks on every turn."""
        return key in self._data

    def get(self, key: str, default: Any = None) -> Any:
        """`Mapping.get` without its exception: the engine reads records on every move."""
        return self._data.get(key, default)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Record):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"Record({self._data!r})"

    def set(self, key: str, value: Any) -> Record:
        """A copy with `key` set to `value`."""
        out = Record()
        out._data = {**self._data, key: freeze(value)}
        return out

    def drop(self, key: str) -> Record:
        """A copy without `key` (the same record if it is absent)."""
        if key not in self._data:
            return self
        out = Record()
        out._data = {k: v for k, v in self._data.items() if k != key}
        return out

    def to_json(self) -> dict[str, Any]:
        return {key: thaw(item) for key, item in self._data.items()}


EMPTY = Record()
