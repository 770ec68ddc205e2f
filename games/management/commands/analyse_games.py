"""Run the post-game analysis of finished games (games.services.analysis).

manage.py analyse_games             # every finished game whose analysis is missing, pending,
                                    # failed or of an older ANALYSIS_VERSION, one after another
manage.py analyse_games --game 12   # that game's, again even if it is done (--force)
manage.py analyse_games --queue     # hand them to the Celery worker instead of running here

The embedded run has no worker, so a finished game's analysis waits for this command there;
with a worker it is queued when the game ends, and this command re-runs the analyses after
ANALYSIS_VERSION changed.
"""

from django.core.management.base import BaseCommand

from games.queue import enqueue
from games.services.analysis import analyses_outdated, analysis_run


class Command(BaseCommand):
    help = "Analyse finished games whose analysis is missing or outdated (or one game)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("--game", type=int, help="Only this game (its id).")
        parser.add_argument("--force", action="store_true", help="Even if it is done.")
        parser.add_argument("--queue", action="store_true", help="Queue tasks instead.")

    def handle(self, *args, game: int | None, force: bool, queue: bool, **options) -> None:
        ids = [game] if game else list(analyses_outdated().values_list("pk", flat=True))
        for game_id in ids:
            if queue:
                enqueue("analyse_game", game_id)
                self.stdout.write(f"game {game_id}: queued")
            else:
                self.stdout.write(f"game {game_id}: {analysis_run(game_id, force=force)}")
