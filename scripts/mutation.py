"""Mutation testing with mutmut 3: how many small changes to the code make a test fail.

    python3 scripts/mutation.py                          # the issue's modules (hours)
    python3 scripts/mutation.py games/deadlines.py accounts/ratelimit.py
    python3 scripts/mutation.py --ref main games/deadlines.py   # the suite of another commit
    python3 scripts/mutation.py --tests tests/web/days games/deadlines.py
    nice -n 19 python3 scripts/mutation.py --minutes 30 games/access.py   # stop after 30 min
    python3 scripts/mutation.py --label worktree --report    # the results of an earlier run
    python3 scripts/mutation.py --mutant "games.access.x_move_access__mutmut_1*" games/access.py

The work tree (or `--ref`'s tree) is copied to var/mutation/<label>/, mutmut's settings are
added to that copy's pyproject.toml, and `mutmut run` mutates only the named modules and runs
the embedded suite (no PostgreSQL/Redis, no browser) against each mutant, using only the tests
that reach the mutated function. It prints the score (killed / all) and every survivor as a
diff; `cd var/mutation/<label> && .venv/bin/mutmut show NAME` shows one again. With `--minutes`
the run is stopped after that long (on a shared machine): the score then counts only the
mutants checked, and the ones not reached are counted as such. mutmut must be
installed in .venv (`.venv/bin/pip install mutmut==3.8.1`; it is not in CI). docs/testing.md
records the results and which survivors were judged equivalent.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from treecopy import copy_project

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "var" / "mutation"
MODULES = [  # the modules issue 19 names (the notices are games/services/notices.py)
    "games/rules/*",
    "games/services/*",
    "games/access.py",
    "games/deadlines.py",
    "games/vacation_calendar.py",
    "accounts/*",
]
TESTS = ["tests/rules", "tests/web"]
SETTINGS = """
[tool.mutmut]
source_paths = ["games", "accounts"]
only_mutate = {only}
do_not_mutate = ["*/migrations/*", "*/tests.py"]
also_copy = ["stpete_site", "templates", "static", "locale", "manage.py", "docker-compose.yml"]
pytest_add_cli_args = ["-p", "no:randomly", "-x", "-q"]
pytest_add_cli_args_test_selection = ["-m", "not browser and not services", {tests}]
use_git_change_detection = false
# mutmut stops a mutant's run after (its tests' measured time + 1 s) x this, in wall-clock
# seconds; at its default (15) a loaded shared machine turns slow runs into false "timeouts",
# which mutmut counts as caught and which hide survivors.
timeout_multiplier = 100.0
"""


def _quoted(items: list[str]) -> str:
    return ", ".join(f'"{item}"' for item in items)


def _run(command: list[str], cwd: Path, log: Path, minutes: float | None) -> int:
    """Run mutmut (its progress spinner into `log`); stop its process group after `minutes`."""
    with log.open("w") as handle:
        process = subprocess.Popen(
            command, cwd=cwd, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
        )
        try:
            return process.wait(timeout=minutes * 60 if minutes else None)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
            print(f"stopped after {minutes:g} minutes (--minutes): the rest is not checked")
            return 0


def report(tree: Path) -> int:
    """Print the score and every survivor of the run in `tree`."""
    mutmut = str(tree / ".venv" / "bin" / "mutmut")
    results = subprocess.run(
        [mutmut, "results", "--all", "true"], cwd=tree, capture_output=True, text=True
    ).stdout
    outcomes = dict(re.findall(r"^\s*(\S+): (.+)$", results, re.MULTILINE))
    counted = {o: sum(1 for v in outcomes.values() if v == o) for o in set(outcomes.values())}
    # mutmut counts a timeout as caught; whatever a stopped run left is not checked.
    caught = counted.get("killed", 0) + counted.get("timeout", 0)
    checked = caught + counted.get("survived", 0) + counted.get("no tests", 0)
    survivors = sorted(name for name, outcome in outcomes.items() if outcome == "survived")
    print(f"mutants: {len(outcomes)}; " + ", ".join(f"{o} {n}" for o, n in sorted(counted.items())))
    print(f"mutation score: {caught}/{checked} = {100 * caught / max(checked, 1):.1f} % of checked")
    for name in survivors:
        shown = subprocess.run(
            [mutmut, "show", name], cwd=tree, capture_output=True, text=True
        ).stdout
        changed = [line for line in shown.splitlines() if re.match(r"^[-+](?![-+])", line)]
        print(f"survived: {name}")
        for line in changed:
            print(f"    {line.strip()}")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", default=MODULES, help="files or globs to mutate")
    parser.add_argument("--ref", help="mutate and test this commit's tree instead")
    parser.add_argument("--tests", action="append", help="test paths (default: rules, web)")
    parser.add_argument("--label", help="folder name under var/mutation/")
    parser.add_argument("--max-children", default="2")
    parser.add_argument("--minutes", type=float, help="stop the run after this many minutes")
    parser.add_argument("--mutant", action="append", default=[], help="only these (globs)")
    parser.add_argument("--report", action="store_true", help="only print an earlier run's")
    options = parser.parse_args()
    label = options.label or (options.ref or "worktree").replace("/", "-")
    tree = WORK / label
    if options.report:
        return report(tree)
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
    command = [mutmut, "run", "--max-children", options.max_children, *options.mutant]
    returncode = _run(command, tree, log, options.minutes)
    if returncode:
        print(f"mutmut run failed ({returncode}); see {log}")
        return 1
    return report(tree)


if __name__ == "__main__":
    sys.exit(main())
