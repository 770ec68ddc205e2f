"""The two commands of the README: start the site with a demo club, or run the tests.

Needs nothing but Python 3.11+. It makes a virtual environment in `.venv`, installs the
pinned packages from `pyproject.toml` (again only when that file changed), then hands over
to Django or pytest inside that environment.

    python3 scripts/dev.py run     # migrate, create the demo club once, serve on :8000
    python3 scripts/dev.py test    # the test suite on the embedded settings
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / "python"
STAMP = VENV / ".stpete-installed"


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *project["optional-dependencies"]["test"]]


def ensure_environment() -> None:
    """Create the virtual environment and install the pinned packages when they changed."""
    if sys.version_info < (3, 11):  # noqa: UP036  (a newcomer may run an old python3)
        sys.exit("stpete needs Python 3.11 or newer.")
    if not PYTHON.exists():
        print("Creating the virtual environment in .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    wanted = requirements()
    digest = hashlib.sha256("\n".join(wanted).encode()).hexdigest()
    if STAMP.exists() and STAMP.read_text() == digest:
        return
    print("Installing the pinned packages (first time only) …", flush=True)
    pip = [str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, *wanted], check=True)
    STAMP.write_text(digest)


def in_venv(*args: str, env: dict[str, str] | None = None) -> int:
    return subprocess.run([str(PYTHON), *args], cwd=ROOT, env=env, check=False).returncode


def site_url(address: str) -> str:
    """The site's own address for links in e-mails and the start banner, from runserver's
    `address` ("8001", "0.0.0.0:8001" or "127.0.0.1:8001")."""
    host, _, port = address.rpartition(":")
    if host in {"", "0.0.0.0", "[::]"}:  # noqa: S104  (a listening address, not a bind)
        host = "127.0.0.1"
    return f"http://{host}:{port}"


def run_site(args: list[str]) -> int:
    """Migrate, create the demo club (once) and serve the site with its background sweep."""
    address = args[0] if args else "127.0.0.1:8000"
    # Links in e-mails and the banner name the port the site really runs on (unless set).
    env = {**os.environ, "SITE_URL": os.environ.get("SITE_URL") or site_url(address)}
    for step in (["manage.py", "migrate", "--noinput"], ["manage.py", "demo"]):
        code = in_venv(*step, env=env)
        if code:
            return code
    # Without Redis there is no Celery beat and no worker: one process sweeps due reminders and
    # deadlines (e-mails go to the console), another analyses finished games (minutes of a
    # core each, so at a lower priority than the site); both stop with the web server.
    helpers = [
        subprocess.Popen(
            [str(PYTHON), "manage.py", *command],
            cwd=ROOT,
            env=env,
            preexec_fn=lower_priority if lower and os.name == "posix" else None,
        )
        for command, lower in background_commands(env)
    ]
    try:
        return in_venv("manage.py", "runserver", address, env=env)
    finally:
        for helper in helpers:
            helper.terminate()
        for helper in helpers:
            try:
                helper.wait(timeout=10)
            except subprocess.TimeoutExpired:
                helper.kill()


def background_commands(env: dict[str, str]) -> list[tuple[list[str], bool]]:
    """The manage.py commands that run beside the embedded site, each with whether it runs at a
    lower priority: none where Redis brings Celery beat and a worker."""
    if env.get("REDIS_URL"):
        return []
    return [(["sweep", "--loop"], False), (["analyse_games", "--loop"], True)]


def lower_priority() -> None:
    """In the analyses' process before it starts: the site's requests come first."""
    os.nice(10)


def run_tests(args: list[str]) -> int:
    """The suite on the embedded settings, spread over every core (pytest-xdist, a test file
    per worker at a time; `-n 0` runs it in one process); the browser tests run from .ci/run
    only."""
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    spread = ["-n", "auto", "--dist", "loadfile"]
    return in_venv("-m", "pytest", "-q", "-m", "not browser", *spread, *args, env=env)


def main() -> int:
    if len(sys.argv) < 2 or sys.argv[1] not in {"run", "test"}:
        print(__doc__)
        return 2
    ensure_environment()
    command, rest = sys.argv[1], sys.argv[2:]
    return run_site(rest) if command == "run" else run_tests(rest)


if __name__ == "__main__":
    sys.exit(main())
