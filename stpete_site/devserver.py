"""Daphne as a local child process, for the load generator and the tests that need real sockets.

The bench and the integration and browser tests start the server the same way: the real ASGI
application, bound to 127.0.0.1 on a free port, its output in a log file, and a bounded wait
until it listens. Nothing here runs in production (docker-compose starts Daphne itself).
"""

import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, seconds: float = 30) -> None:
    """Return once something accepts connections on 127.0.0.1:`port`; RuntimeError after
    `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            if time.monotonic() > deadline:
                message = f"nothing listens on port {port} after {seconds:.0f} s"
                raise RuntimeError(message) from None
            time.sleep(0.1)


def daphne_command(port: int) -> list[str]:
    """The command line of a Daphne serving stpete on 127.0.0.1:`port`."""
    return [
        sys.executable,
        "-m",
        "daphne",
        "-b",
        "127.0.0.1",
        "-p",
        str(port),
        "stpete_site.asgi:application",
    ]


def stop_process(process: subprocess.Popen, grace: float = 30) -> None:
    """SIGTERM, then SIGKILL if it has not ended after `grace` seconds.

    The grace is long because a process under coverage writes its data when it is terminated,
    which takes seconds on a loaded machine; a kill would only lose that data.
    """
    process.terminate()  # nothing happens to a process that has already ended
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def start_daphne(port: int, env: dict, log: Path) -> subprocess.Popen:
    """Start Daphne on `port` with `env`, writing its output to `log` (truncated first).

    It returns at once: call `wait_for_port` before talking to it. The parent's copy of the
    log file is closed here; the child keeps its own.
    """
    with log.open("w") as handle:
        return subprocess.Popen(  # noqa: S603  (our own command line, no shell)
            daphne_command(port), cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT
        )
