"""Replays every started game from its log and compares the result with the stored snapshot."""

from django.core.management.base import BaseCommand, CommandError

from games.models import Game, Status
from games.services import game_verify


class Command(BaseCommand):
    help = "Replay every running, finished and aborted game from its log; exit 1 on any mismatch."

    def handle(self, *args, **options) -> None:
        games = Game.objects.exclude(status=Status.OPEN).order_by("pk")
        checked = bad = 0
        for game in games.iterator():
            checked += 1
            problems = game_verify(game=game)
            if problems:
                bad += 1
                self.stdout.write(f"game {game.pk} ({game.title}): {'; '.join(problems)}")
        summary = f"{checked} games checked, {bad} differ from their log"
        if bad:
            raise CommandError(summary)
        self.stdout.write(summary)
