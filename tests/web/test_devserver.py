"""The helper that starts local servers for the bench, integration and browser tests: its
wait for a port is bounded, and says which port never answered; stopping a server ends it even
when it ignores the polite signal."""

import signal
import socket
import subprocess
import sys
import time

import pytest

from stpete_site.devserver import free_port, stop_process, wait_for_port

# A child that says when it is ready, then sleeps; with "stubborn" it ignores SIGTERM.
SLEEPER = """
import signal, sys, time
if sys.argv[1] == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
print("ready", flush=True)
time.sleep(120)
"""


def _sleeper(kind: str) -> subprocess.Popen:
    child = subprocess.Popen(
        [sys.executable, "-c", SLEEPER, kind], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout.readline() == "ready\n"  # its signal handling is in place
    return child


def test_waiting_for_a_port_that_listens_returns_at_once():
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        wait_for_port(server.getsockname()[1], seconds=5)


def test_waiting_for_a_port_nothing_listens_on_gives_up_naming_it():
    port = free_port()
    started = time.monotonic()
    with pytest.raises(RuntimeError, match=f"^nothing listens on port {port} after 0 s$"):
        wait_for_port(port, seconds=0.3)
    assert time.monotonic() - started >= 0.3  # it tried until its bound, not just once


def test_stopping_a_server_terminates_it_politely():
    child = _sleeper("polite")
    with child.stdout:
        stop_process(child, grace=30)
    assert child.returncode == -signal.SIGTERM


def test_a_server_that_ignores_the_terminate_signal_is_killed_after_the_grace():
    child = _sleeper("stubborn")
    with child.stdout:
        stop_process(child, grace=0.5)
    assert child.returncode == -signal.SIGKILL


def test_stopping_a_process_that_already_ended_keeps_its_exit_status():
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait(timeout=30)
    stop_process(child, grace=30)
    assert child.returncode == 0
