"""The engine is pure (style.md 2.1): no Django, no global randomness, no clock."""

import ast
import os
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "games" / "rules"
FORBIDDEN = {"django", "random", "secrets", "time", "datetime"}
# The command line front end times `simulate` runs with time.perf_counter; the engine modules
# never read a clock, and importing games.rules does not import cli.py (checked below).
CLOCK_ALLOWED = {"cli.py": {"time"}}


def imported_modules(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def test_no_engine_module_imports_django_random_secrets_or_a_clock():
    for path in sorted(ENGINE.rglob("*.py")):
        allowed = CLOCK_ALLOWED.get(path.name, set())
        bad = (set(imported_modules(path)) & FORBIDDEN) - allowed
        assert not bad, f"{path.name} imports {bad}"


def test_importing_the_engine_loads_neither_django_nor_random_nor_the_command_line():
    code = (
        "import sys, games.rules; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('django', 'random', 'secrets') or m == 'games.rules.cli'))"
    )
    # A bare interpreter: coverage.py (started by CI's hook when this variable is set) loads
    # `random` itself and would hide the engine's own imports.
    env = {k: v for k, v in os.environ.items() if k != "COVERAGE_PROCESS_START"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ENGINE.parents[1],
        env=env,
    )
    assert out.stdout.strip() == "[]"


def test_the_games_package_init_stays_empty():
    assert (ENGINE.parent / "__init__.py").read_text(encoding="utf-8").strip() == ""
