"""Plant known bugs in a copy of the project and check that the test suite catches each one.

Issue 19 listed small, deliberate bugs that the suite once let through. Each is kept here as
an exact text change to one file. For every plant this script copies the work tree (tracked
and new files, as they are on disk) to a temporary folder, applies the change there, runs the
README's test command (`python3 scripts/dev.py test`, sharing this tree's `.venv`) or, for the
plants only a real database can show, the services run, and reports whether at least one test
failed ("caught") or all passed ("MISSED"). The project itself is never changed.

    python3 scripts/plant.py                      # every plant, README command (~2 min each)
    python3 scripts/plant.py --only lobby-seating --only deadlines-weekend
    python3 scripts/plant.py -- tests/web/days    # pytest arguments after "--" (quick checks)
    python3 scripts/plant.py --fail-fast           # the plant's own test file first, then all
    python3 scripts/plant.py --list
    python3 scripts/plant.py --check               # each plant still applies (seconds; CI lint)

Services plants need DATABASE_URL and REDIS_URL (and CHANNELS_PREFIX) of a database and Redis
db of your own, as for the services run in the README; without them they are reported as
"skipped". Exit status 1 if any plant was missed or did not apply. docs/testing.md has the
last results.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from treecopy import copy_project

ROOT = Path(__file__).resolve().parent.parent
PYTHON = ROOT / ".venv" / "bin" / "python"


@dataclass(frozen=True)
class Plant:
    name: str
    path: str
    old: str
    new: str
    breaks: str
    services: bool = False  # only a real PostgreSQL/Redis run can see it
    guard: str = ""  # the test file written to catch it (tried first with --fail-fast)


PLANTS = [
    Plant(
        "access-staff-seat",
        "games/access.py",
        "mine = next((seat for seat in seats if seat.user_id == user.pk), None)",
        "mine = next((seat for seat in seats if seat.user_id == user.pk"
        " or (user.is_staff and seat.position in game.to_act)), None)",
        "staff play for members",
        guard="tests/web/games/test_moves.py",
    ),
    Plant(
        "vacations-day-boundary",
        "games/vacation_calendar.py",
        "earliest = since.date() - timedelta(days=1)",
        "earliest = since.date()",
        "vacations west of UTC stop pausing after UTC midnight",
        guard="tests/web/days/test_vacation.py",
    ),
    Plant(
        "turns-warning-rearmed",
        "games/services/turns.py",
        "        if game.warn_at is not None:\n            game.warn_at = warn\n",
        "        game.warn_at = warn\n",
        "the 80 % warning is sent twice",
        guard="tests/web/days/test_timeouts.py",
    ),
    Plant(
        "vacations-new-year",
        "games/services/vacations.py",
        "for year in range(first.year, last.year + 1):",
        "for year in range(first.year, first.year + 1):",
        "the second year's allowance is skipped",
        guard="tests/web/days/test_vacation.py",
    ),
    Plant(
        "vacations-cancel-first-day",
        "games/services/vacations.py",
        "if vacation.first_day >= today:",
        "if vacation.first_day > today:",
        "an inverted vacation row",
        guard="tests/web/days/test_vacation.py",
    ),
    Plant(
        "views-undo-rate-limit",
        "games/views.py",
        "        _refuse_early(request, game_id)\n        expected_version = parse_undo_body(",
        "        expected_version = parse_undo_body(",
        "undo floods",
        guard="tests/web/table/test_undo.py",
    ),
    Plant(
        "notifications-warning-throttle",
        "games/services/notices.py",
        "if not reason and _throttle_claim(user, now) is not None:\n            reason = "
        '"throttled"',
        'if False:\n            reason = "throttled"',
        "two e-mails in a minute",
        guard="tests/web/days/test_turn_emails.py",
    ),
    Plant(
        "timeouts-policy",
        "games/services/timeouts.py",
        "game.timeout_policy == TimeoutPolicy.AUTO_PASS_THEN_BOT\n            and streak",
        "streak",
        "a bot takes over under policy auto pass",
        guard="tests/web/days/test_timeouts.py",
    ),
    Plant(
        "notifications-stand-in",
        "games/services/notices.py",
        "        or seat.is_bot\n        or seat.stand_in\n",
        "        or seat.is_bot\n",
        "turn e-mails for a seat the stand-in bot plays",
        guard="tests/web/days/test_turn_emails.py",
    ),
    Plant(
        "notifications-game-end-opt-out",
        "games/services/notices.py",
        "user.email_on_game_end\n        if kind == Kind.GAME_FINISHED",
        "True\n        if kind == Kind.GAME_FINISHED",
        "unwanted game-end e-mails",
        guard="tests/web/days/test_pages.py",
    ),
    Plant(
        "lobby-seating",
        "games/services/lobby.py",
        "        order[i], order[j] = order[j], order[i]\n",
        "        pass\n",
        "the host always starts",
        guard="tests/web/games/test_lobby.py",
    ),
    Plant(
        "access-lock",
        "games/access.py",
        'lambda game_id: Game.objects.select_for_update(of=("self",)).filter(pk=game_id), 1',
        "lambda game_id: Game.objects.filter(pk=game_id), 1",
        "two moves at once both win",
        services=True,
        guard="tests/integration/test_races.py",
    ),
    Plant(
        "deadlines-weekend",
        "games/deadlines.py",
        "if begin - moment >= left:",
        "if begin - moment > left:",
        "a budget ending at the weekend's start moves to Monday",
        guard="tests/web/days/test_deadlines.py",
    ),
    Plant(
        "timeouts-extension-bound",
        "games/services/timeouts.py",
        "if not 1 <= hours <= 24 * 30:",
        "if not 1 <= hours:",
        "unlimited deadline extensions",
        guard="tests/web/days/test_timeouts.py",
    ),
    Plant(
        "ratelimit-login-window",
        "accounts/ratelimit.py",
        "LOGIN_WINDOW = 15 * 60",
        "LOGIN_WINDOW = 60",
        "a login lockout of one minute",
        guard="tests/web/test_accounts_login.py",
    ),
    Plant(
        "timeouts-reclaim-budget",
        "games/services/timeouts.py",
        "            game.last_move_at = timezone.now()\n",
        "",
        "an instant timeout after reclaiming a seat",
        guard="tests/web/days/test_timeouts.py",
    ),
    Plant(
        "control-replace-stand-in",
        "games/services/control.py",
        'update_fields=["user", "is_bot", "bot_kind", "stand_in", "timeouts_in_row", "remind_at"]',
        'update_fields=["user", "is_bot", "bot_kind", "timeouts_in_row", "remind_at"]',
        "the new member inherits the stand-in bot",
        guard="tests/web/days/test_timeouts.py",
    ),
    Plant(
        "vacations-owner",
        "games/services/vacations.py",
        "filter(pk=vacation_id, user=user)",
        "filter(pk=vacation_id)",
        "a member ends another member's vacation",
        guard="tests/web/days/test_vacation.py",
    ),
    Plant(
        "turns-stand-in",
        "games/services/turns.py",
        " and not seat.is_bot and not seat.stand_in",
        " and not seat.is_bot",
        "the stand-in's member is told of his turns and his vacation moves the deadline",
        guard="tests/web/days/test_turn_emails.py",
    ),
    Plant(
        "notices-warning-stand-in",
        "games/services/notices.py",
        "game=game, position__in=game.to_act, is_bot=False, stand_in=False",
        "game=game, position__in=game.to_act, is_bot=False",
        "a deadline warning for a seat the stand-in bot plays",
        guard="tests/web/days/test_timeouts.py",
    ),
    Plant(
        "notices-digest-stand-in",
        "games/services/notices.py",
        "user=user, is_bot=False, stand_in=False, game__status",
        "user=user, is_bot=False, game__status",
        "the digest lists games the stand-in bot plays for him",
        guard="tests/web/days/test_digest.py",
    ),
    Plant(
        "notices-event-throttle",
        "games/services/notices.py",
        "row.kind != Kind.GAME_FINISHED and _throttle_claim(user, now) is not None:",
        "False:",
        "two timeout e-mails in a minute",
        guard="tests/web/days/test_turn_emails.py",
    ),
    Plant(
        "timeouts-reclaim-extension",
        "games/services/timeouts.py",
        "            game.deadline_extension = timedelta(0)\n            times = turn_times(game)",
        "            times = turn_times(game)",
        "the admin's extension of the stand-in's turn outlives the reclaim",
        guard="tests/web/days/test_timeouts.py",
    ),
    Plant(
        "sweep-digest-isolation",
        "games/services/sweep.py",
        "        except Exception:\n            # e.g. a damaged zone file",
        "        except ZeroDivisionError:\n            # e.g. a damaged zone file",
        "one digest member whose time cannot be worked out stops the whole sweep",
        guard="tests/web/days/test_sweep.py",
    ),
    Plant(
        "visibility-pile-order",
        "games/rules/visibility.py",
        "for card_id in sorted(counts)]",
        "for card_id in counts]",
        "the piles' secret order leaks",
        guard="tests/web/proof/test_no_pile_order_leaks.py",
    ),
]


def planted(plant: Plant, tree: Path) -> str | None:
    """The plant's file in `tree` with the bug in it, or None if its text is not there once."""
    file = tree / plant.path
    text = file.read_text() if file.is_file() else ""
    if text.count(plant.old) != 1:
        return None
    return text.replace(plant.old, plant.new)


def apply(plant: Plant, tree: Path) -> bool:
    text = planted(plant, tree)
    if text is None:
        return False
    (tree / plant.path).write_text(text)
    return True


def check_all(plants: list[Plant]) -> int:
    """Each plant still applies to this work tree (its text is there exactly once) and leaves
    valid Python: no copy, no test run, nothing written (`--check`, run in .ci/run's lint)."""
    bad = 0
    for plant in plants:
        text = planted(plant, ROOT)
        problem = "DOES NOT APPLY (the code changed: update the plant)" if text is None else ""
        if text is not None and plant.path.endswith(".py"):
            try:
                compile(text, plant.path, "exec")
            except SyntaxError as error:
                problem = f"leaves a syntax error ({error.msg}, line {error.lineno})"
        if problem:
            bad += 1
            print(f"plant {plant.name} ({plant.path}): {problem}")
    print(f"plants: {len(plants) - bad} of {len(plants)} apply")
    return 1 if bad else 0


def command(
    plant: Plant, pytest_args: list[str], fail_fast: bool
) -> tuple[list[str], dict[str, str]]:
    first = ["-x"] if fail_fast else []
    if plant.services:
        env = {**os.environ, "STPETE_REQUIRE_SERVICES": "1"}
        args = pytest_args or ["-m", "not browser"]
        return [str(PYTHON), "-m", "pytest", "-q", *first, *args], env
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    if pytest_args:
        return [str(PYTHON), "-m", "pytest", "-q", "-m", "not browser", *first, *pytest_args], env
    return [sys.executable, "scripts/dev.py", "test", *first], env


def check(
    plant: Plant, pytest_args: list[str], fail_fast: bool, keep_log: Path
) -> tuple[str, list[str], float]:
    """(outcome, failed tests, seconds) of one plant."""
    if plant.services and not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")):
        return "skipped (needs DATABASE_URL and REDIS_URL)", [], 0.0
    with tempfile.TemporaryDirectory(prefix=f"plant-{plant.name}-") as folder:
        tree = Path(folder)
        copy_project(tree)
        if not apply(plant, tree):
            return "DOES NOT APPLY (the code changed: update the plant)", [], 0.0
        args, env = command(plant, pytest_args, fail_fast)
        began = time.monotonic()
        result = None
        if fail_fast and plant.guard and not pytest_args:
            # The guard's tests are tests of the same command with the same settings: if one
            # fails, the command fails; only if none does is the whole command run.
            guard = [str(PYTHON), "-m", "pytest", "-q", "-m", "not browser", "-x", plant.guard]
            result = subprocess.run(guard, cwd=tree, env=env, capture_output=True, text=True)
        if result is None or result.returncode == 0:
            result = subprocess.run(args, cwd=tree, env=env, capture_output=True, text=True)
        seconds = time.monotonic() - began
    output = result.stdout + result.stderr
    keep_log.write_text(output)
    failed = sorted(set(re.findall(r"^(?:FAILED|ERROR) (\S+)", output, re.MULTILINE)))
    if result.returncode == 0:
        return "MISSED", failed, seconds
    if not failed:
        return f"error (exit {result.returncode}, see {keep_log})", failed, seconds
    return "caught", failed, seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", default=[], help="a plant's name (repeat)")
    parser.add_argument("--list", action="store_true", help="list the plants and stop")
    parser.add_argument("--fail-fast", action="store_true", help="pytest -x: stop at a failure")
    parser.add_argument(
        "--check", action="store_true", help="only check that every plant applies (no tests)"
    )
    parser.add_argument("pytest_args", nargs="*", help="instead of the README command")
    options = parser.parse_args()
    chosen = [p for p in PLANTS if not options.only or p.name in options.only]
    if options.check:
        return check_all(chosen) if chosen else 2
    if options.list or not chosen:
        for plant in PLANTS:
            where = " (services run)" if plant.services else ""
            print(f"{plant.name:32} {plant.path:30} {plant.breaks}{where}")
        return 0 if chosen else 2
    logs = Path(tempfile.mkdtemp(prefix="plant-logs-"))
    print(f"| plant | file | outcome | seconds | failing tests (logs in {logs}) |")
    print("|---|---|---|---|---|")
    bad = 0
    for plant in chosen:
        log = logs / f"{plant.name}.txt"
        outcome, failed, seconds = check(plant, options.pytest_args, options.fail_fast, log)
        bad += outcome != "caught"
        shown = ", ".join(f"`{name.split('::')[-1]}`" for name in failed[:3])
        more = f" and {len(failed) - 3} more" if len(failed) > 3 else ""
        print(
            f"| {plant.name} | `{plant.path}` | {outcome} | {seconds:.0f} | {shown}{more} |",
            flush=True,
        )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
