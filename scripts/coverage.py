"""Branch coverage across CI's stages and the processes the tests start.

    python3 scripts/coverage.py start    # hook every Python process of .venv, empty the data
    ... run the stages with COVERAGE_PROCESS_START and COVERAGE_FILE exported (.ci/run does) ...
    python3 scripts/coverage.py report   # combine, print the totals and the modules below 90 %

`start` writes a .pth file into the virtual environment's site-packages: Python runs it at
every interpreter start, and it starts coverage.py only when COVERAGE_PROCESS_START names the
configuration (pyproject.toml), so the pytest processes, the Daphne servers, Celery workers
and `manage.py` commands that the integration tests start are all measured, each into its
own data file (parallel mode). `report` combines them, removes the hook, prints coverage's
table and one line per module whose branch coverage is below the bar, then the ones of those
that docs/testing.md's branch coverage table does not name (each needs a reason there, or
tests), and writes var/coverage/summary.json. It never fails on a number (the total is not
stable enough yet to gate on; docs/testing.md).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"
DATA = ROOT / "var" / "coverage"
HOOK_NAME = "stpete-coverage.pth"
HOOK = (
    "import os; os.environ.get('COVERAGE_PROCESS_START') "
    "and __import__('coverage').process_startup()\n"
)
BAR = 90.0
REASONS = ROOT / "docs" / "testing.md"  # its branch coverage table says why a module is low


def _site_packages() -> Path:
    path = subprocess.run(
        [str(PYTHON), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return Path(path)


def start() -> int:
    shutil.rmtree(DATA, ignore_errors=True)
    DATA.mkdir(parents=True)
    (_site_packages() / HOOK_NAME).write_text(HOOK)
    print(f"coverage: every .venv process measures into {DATA} while COVERAGE_PROCESS_START is set")
    return 0


def _coverage(command: str, *args: str) -> None:
    subprocess.run(
        [str(PYTHON), "-m", "coverage", command, f"--data-file={DATA / 'data'}", *args],
        cwd=ROOT,
        check=True,
    )


def branch_percent(summary: dict) -> float:
    branches = summary["num_branches"]
    return 100.0 * summary["covered_branches"] / branches if branches else 100.0


def modules_with_reasons(text: str) -> set[str]:
    """The modules named in the first column of a table in the branch coverage section of
    docs/testing.md (each such row says why the module is below the bar, or what was added)."""
    section = text.split("## Branch coverage", 1)[-1] if "## Branch coverage" in text else ""
    return set(re.findall(r"^\| `([^`]+\.py)` \|", section, re.MULTILINE))


def report() -> int:
    (_site_packages() / HOOK_NAME).unlink(missing_ok=True)
    _coverage("combine", "--quiet", str(DATA))
    _coverage("report")
    _coverage("json", "--quiet", "-o", str(DATA / "coverage.json"))
    measured = json.loads((DATA / "coverage.json").read_text())
    totals = measured["totals"]
    low = sorted(
        (branch_percent(entry["summary"]), name)
        for name, entry in measured["files"].items()
        if branch_percent(entry["summary"]) < BAR
    )
    summary = {
        "lines_percent": round(100.0 * totals["covered_lines"] / totals["num_statements"], 1),
        "branches_percent": round(branch_percent(totals), 1),
        "branches": totals["num_branches"],
        "covered_branches": totals["covered_branches"],
        "below_bar": {name: round(percent, 1) for percent, name in low},
    }
    print(
        f"coverage: {summary['lines_percent']} % of lines, {summary['branches_percent']} % of "
        f"branches ({totals['covered_branches']} of {totals['num_branches']})"
    )
    explained = modules_with_reasons(REASONS.read_text() if REASONS.is_file() else "")
    for percent, name in low:
        print(f"coverage: {name} has {percent:.1f} % of its branches (below {BAR:.0f} %)")
    unexplained = [name for _percent, name in low if name not in explained]
    summary["below_bar_without_reason"] = unexplained
    (DATA / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    for name in unexplained:
        print(f"coverage: {name} is below {BAR:.0f} % and docs/testing.md gives no reason: add one")
    if low and not unexplained:
        print("coverage: docs/testing.md gives a reason for every module below the bar")
    return 0  # never fails on a number (docs/testing.md)


def main() -> int:
    commands = {"start": start, "report": report}
    if len(sys.argv) != 2 or sys.argv[1] not in commands:
        print(__doc__)
        return 2
    return commands[sys.argv[1]]()


if __name__ == "__main__":
    sys.exit(main())
