"""Replaying a move log from the start (design §3: the snapshot must equal the log's replay)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .engine import apply_move
from .errors import IllegalMove
from .initial import new_game
from .state import GameState


class ReplayError(IllegalMove):
    """An illegal move in a log; `index` is its 0-based position in the log."""

    def __init__(self, index: int, error: IllegalMove) -> None:
        super().__init__(error.code, error.message)
        self.index = index


def replay(options: dict[str, Any], seed: int, moves: Iterable[dict[str, Any]]) -> GameState:
    """The state after applying `[{"seat": n, "move": {...}}, ...]` to `new_game(options, seed)`."""
    state = new_game(options, seed)
    for index, entry in enumerate(moves):
        try:
            state, _ = apply_move(state, entry["seat"], entry["move"])
        except IllegalMove as error:
            raise ReplayError(index, error) from error
    return state
