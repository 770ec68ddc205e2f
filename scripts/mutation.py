"""Mutation testing with mutmut 3: how many small changes to the code make a test fail.

    python3 scripts/mutation.py                          # the issue's modules (hours)
    python3 scripts/mutation.py games/deadlines.py accounts/ratelimit.py
    python3 scripts/mutation.py --ref main games/deadlines.py   # the suite of another commit
    python3 scripts/mutation.py --tests tests/web/days games/deadlines.py

The work tree (or `--ref`'s tree) is copied to var/mutation/<label>/, mutmut's settings are
added to that copy's pyproject.toml, and `mutmut run` mutates only the named modules and runs
the embedded suite (no PostgreSQL/Redis, no browser) against each mutant, using only the tests
that reach the mutated function. It prints the score (killed / all) and every survivor as a
diff; `cd var/mutation/<label> && .venv/bin/mutmut show NAME` shows one again. mutmut must be
installed in .venv (`.venv/bin/pip install mutmut==3.8.1`; it is not in CI). docs/testing.md
records the results and which survivors were judged equivalent.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

from treecopy import copy_project

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "var" / "mutation"
MODULES = [
    "games/rules/*",
    "games/services/*",
    "games/access.py",
    "games/deadlines.py",
    "games/notifications.py",
    "accounts/*",
]
TESTS = ["tests/rules", "tests/web"]
SETTINGS = """
[tool.mutmut]
source_paths = ["games", "accounts"]
only_mutate = {only}
do_not_mutate = ["*/migrations/*", "*/tests.py"]
also_copy = ["stpete_site", "templates", "static", "locale", "manage.py"]
pytest_add_cli_args = ["-p", "no:randomly", "-x", "-q"]
pytest_add_cli_args_test_selection = ["-m", "not browser and not services", {tests}]
use_git_change_detection = false
"""


def _quoted(items: list[str]) -> str:
    return ", ".join(f'"{item}"' for item in items)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", default=MODULES, help="files or globs to mutate")
    parser.add_argument("--ref", help="mutate and test this commit's tree instead")
    parser.add_argument("--tests", action="append", help="test paths (default: rules, web)")
    parser.add_argument("--label", help="folder name under var/mutation/")
    parser.add_argument("--max-children", default="2")
    options = parser.parse_args()
    label = options.label or (options.ref or "worktree").replace("/", "-")
    tree = WORK / label
    shutil.rmtree(tree, ignore_errors=True)
    tree.mkdir(parents=True)
    copy_project(tree, options.ref)
    with (tree / "pyproject.toml").open("a") as pyproject:
        pyproject.write(
            SETTINGS.format(
                only=f"[{_quoted(options.modules)}]", tests=_quoted(options.tests or TESTS)
            )
        )
    mutmut = str(tree / ".venv" / "bin" / "mutmut")
    log = tree / "mutmut-run.log"
    with log.open("w") as handle:  # the progress spinner goes to the log, not the terminal
        run = subprocess.run(
            [mutmut, "run", "--max-children", options.max_children],
            cwd=tree,
            stdout=handle,
            stderr=subprocess.STDOUT,
        )
    if run.returncode:
        print(f"mutmut run failed ({run.returncode}); see {log}")
        return 1
    results = subprocess.run(
        [mutmut, "results", "--all", "true"], cwd=tree, capture_output=True, text=True
    ).stdout
    outcomes = dict(re.findall(r"^\s*(\S+): (.+)$", results, re.MULTILINE))
    counted = {o: sum(1 for v in outcomes.values() if v == o) for o in set(outcomes.values())}
    killed = counted.get("killed", 0)
    survivors = sorted(name for name, outcome in outcomes.items() if outcome == "survived")
    total = len(outcomes)
    print(f"mutants: {total}; " + ", ".join(f"{o} {n}" for o, n in sorted(counted.items())))
    print(f"mutation score: {killed}/{total} = {100 * killed / max(total, 1):.1f} %")
    for name in survivors:
        shown = subprocess.run(
            [mutmut, "show", name], cwd=tree, capture_output=True, text=True
        ).stdout
        changed = [line for line in shown.splitlines() if re.match(r"^[-+](?![-+])", line)]
        print(f"survived: {name}")
        for line in changed:
            print(f"    {line.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
