"""Recompute every rating from the finished games alone (and say whether anything differed).

manage.py rebuild_ratings          # rebuild and replace the stored ratings
manage.py rebuild_ratings --check  # only compare; exit 1 if a rebuild would change a row
"""

from django.core.management.base import BaseCommand, CommandError

from games.services.ratings import ratings_rebuild


class Command(BaseCommand):
    help = "Rebuild the club's ratings from scratch; --check only compares with the stored ones."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--check",
            action="store_true",
            help="Write nothing; exit 1 if the stored ratings differ from a rebuild.",
        )

    def handle(self, *args, check: bool, **options) -> None:
        report = ratings_rebuild(write=not check)
        if check and report.differed:
            raise CommandError(f"{report} from the stored ratings")
        verb = "checked" if check else "rebuilt"
        self.stdout.write(f"ratings {verb}: {report} from the stored ones")
