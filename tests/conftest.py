"""Shared fixtures and the rule that the services run may not skip anything.

In the embedded run (no DATABASE_URL / REDIS_URL) tests marked `services` skip; in the
second CI run STPETE_REQUIRE_SERVICES=1 turns every skip into a failure, so a test that
silently stopped running cannot hide there.
"""

import os

import pytest

REQUIRE_SERVICES = os.environ.get("STPETE_REQUIRE_SERVICES") == "1"
HAVE_SERVICES = bool(os.environ.get("DATABASE_URL")) and bool(os.environ.get("REDIS_URL"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if HAVE_SERVICES:
        return
    skip = pytest.mark.skip(reason="needs DATABASE_URL and REDIS_URL (real PostgreSQL and Redis)")
    for item in items:
        if "services" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if not REQUIRE_SERVICES:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped:
        for report in skipped:
            print(f"SKIPPED but services are required: {report.nodeid}")
        session.exitstatus = pytest.ExitCode.TESTS_FAILED
