"""The embedded site's background loops (`sweep --loop`, `analyse_games --loop`): do a round,
wait at least a second, do the next; a round that fails is logged and the loop goes on;
Ctrl-C (the web server stopping them) ends it quietly."""

import logging
import time
from collections.abc import Callable

from django.db import close_old_connections


def repeat_until_stopped(
    round_of_work: Callable[[], object], interval: float, logger: logging.Logger, what: str
) -> None:
    """Run `round_of_work` every `interval` seconds (never more than once a second) with fresh
    database connections, logging "`what` failed; trying again in N s" when a round raises."""
    try:
        while True:
            close_old_connections()
            try:
                round_of_work()
            except Exception:  # one bad round must not stop the loop
                logger.exception("%s failed; trying again in %s s", what, interval)
            time.sleep(max(1.0, interval))
    except KeyboardInterrupt:
        return
