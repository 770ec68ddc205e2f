"""The games tests' actors and tables, shared with the proof tests (fuzzing, security, leaks)."""

from tests.web.games.conftest import (  # noqa: F401  (fixtures, used by name)
    _predictable_tables,
    admin_user,
    alice,
    bob,
    carol,
    dave,
    finished_game,
    open_game,
    started_game,
)
