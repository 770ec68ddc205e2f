"""`scripts/coverage.py report` names every module below 90 % of its branches that
docs/testing.md gives no reason for; the reasons it reads are the rows of the branch
coverage section's tables, and each of them names a module that exists."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _coverage_script():
    spec = importlib.util.spec_from_file_location("coverage_script", ROOT / "scripts/coverage.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_only_the_branch_coverage_tables_give_reasons():
    text = "\n".join(
        [
            "| plant | file |",
            "| access-lock | `games/access.py` |",
            "## Branch coverage",
            "Modules below 90 %, such as `games/views.py`:",
            "| module | CI | why |",
            "|---|---|---|",
            "| `games/rules/rng.py` | 50.0 % | a chance below 1e-17 |",
            "| `games/forms.py` | 86.4 % | second checks behind Django's |",
        ]
    )
    assert _coverage_script().modules_with_reasons(text) == {"games/rules/rng.py", "games/forms.py"}


def test_every_module_docs_testing_gives_a_reason_for_exists():
    named = _coverage_script().modules_with_reasons((ROOT / "docs/testing.md").read_text())
    assert named  # the table is found
    assert sorted(name for name in named if not (ROOT / name).is_file()) == []
