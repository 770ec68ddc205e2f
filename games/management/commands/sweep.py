"""Run the sweep of due times once, or every N seconds (`--loop`) for the embedded site.

With Redis, Celery beat runs the sweep; without it (no worker, tasks eager) this command is
what sends reminders and acts on deadlines. `scripts/dev.py run` starts it next to the web
server.
"""

import logging

from django.conf import settings
from django.core.management.base import BaseCommand

from games.management.repeat import repeat_until_stopped
from games.services.sweep import sweep

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Find due reminders, warnings, deadlines and digests and act on them."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--loop", action="store_true", help="Keep sweeping until stopped.")
        parser.add_argument(
            "--interval",
            type=float,
            default=settings.SWEEP_INTERVAL_SECONDS,
            help="Seconds between sweeps with --loop (default: SWEEP_INTERVAL_SECONDS).",
        )

    def handle(self, *args, loop: bool, interval: float, **options) -> None:
        if not loop:
            self.stdout.write(f"swept: {sweep()}")
            return
        repeat_until_stopped(sweep, interval, logger, "sweep")
