"""The texts tests use the table tests' running games."""

from tests.web.table.conftest import (  # noqa: F401  (fixtures, re-exported for this folder)
    _predictable_tables,
    alice,
    bob,
    two_player_game,
)
