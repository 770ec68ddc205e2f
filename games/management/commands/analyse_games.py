"""Run the post-game analysis of finished games (games.services.analysis).

manage.py analyse_games             # every finished game whose analysis is missing, pending,
                                    # failed or outdated (a later ANALYSIS_VERSION changed
                                    # its figures), one after another
manage.py analyse_games --game 12   # that game's, again even if it is done (--force)
manage.py analyse_games --queue     # hand them to the Celery worker instead of running here
manage.py analyse_games --loop      # keep doing so, every --interval seconds (embedded site)

The embedded run has no worker: `scripts/dev.py run` starts this command with `--loop` in a
process of its own beside the web server (an analysis takes minutes: inline it would hold up
the mover's answer or the sweep), so a finished game's analysis starts within a few seconds;
with a worker it is queued when the game ends, and this command re-runs the analyses after
ANALYSIS_VERSION changed.
"""

import logging

from django.core.management.base import BaseCommand

from games.management.repeat import repeat_until_stopped
from games.queue import enqueue
from games.services.analysis import analyses_due_here, analyses_outdated, analysis_run

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Analyse finished games whose analysis is missing or outdated (or one game)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", type=int, help="Only this game (its id).")
        parser.add_argument("--force", action="store_true", help="Even if it is done.")
        parser.add_argument("--queue", action="store_true", help="Queue tasks instead.")
        parser.add_argument(
            "--loop", action="store_true", help="Keep analysing finished games until stopped."
        )
        parser.add_argument(
            "--interval",
            type=float,
            default=5.0,
            help="Seconds between looks for finished games with --loop (default: 5).",
        )

    def handle(
        self,
        *args,
        game: int | None,
        force: bool,
        queue: bool,
        loop: bool,
        interval: float,
        **options,
    ) -> None:
        if loop:
            self.analyse_until_stopped(interval)
            return
        ids = [game] if game else list(analyses_outdated().values_list("pk", flat=True))
        for game_id in ids:
            if queue:
                enqueue("analyse_game", game_id)
                self.stdout.write(f"game {game_id}: queued")
            else:
                self.stdout.write(f"game {game_id}: {analysis_run(game_id, force=force)}")

    def analyse_until_stopped(self, interval: float) -> None:
        """Analyse what is due, wait, look again; one game's failure (marked failed by the
        service, tried again up to ANALYSIS_ATTEMPTS times) never stops the others."""

        def analyse_due() -> None:
            for game_id in list(analyses_due_here().values_list("pk", flat=True)):
                try:
                    self.stdout.write(f"game {game_id}: {analysis_run(game_id)}")
                except Exception:
                    logger.exception("the analysis of game %s failed", game_id)

        repeat_until_stopped(analyse_due, interval, logger, "looking for analyses")
