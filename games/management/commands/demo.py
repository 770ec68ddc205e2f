"""A demo club for a first look: an admin, three players, a game to play and one to join.

Idempotent: it creates what is missing and changes nothing on a second run. Its admin's
password is "admin", so with DEBUG off (a site others can reach) it refuses unless `--force`.
"""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games import services
from games.models import Game

ADMIN = ("admin", "admin")
PLAYERS = [("anna", "Anna"), ("boris", "Boris"), ("clara", "Clara")]
PASSWORD = "stpete-demo"  # noqa: S105  (a published demo password, for the embedded site only)
RUNNING_TITLE = "Demo: the admin's move"
OPEN_TITLE = "Demo: a seat is free"


class Command(BaseCommand):
    help = "Create the demo club (admin, anna, boris, clara and two games) once."

    def add_arguments(self, parser) -> None:
        parser.add_argument(
            "--force",
            action="store_true",
            help="Create the demo club (admin / admin) even with DEBUG off.",
        )

    def handle(self, *args, **options) -> None:
        if not settings.DEBUG and not options["force"]:
            raise CommandError(
                "DEBUG is off: the demo club's admin has the password 'admin'. "
                "Run it with --force if this site is really only a demo."
            )
        with transaction.atomic():
            admin = self._user(ADMIN[0], "Admin", password=ADMIN[1], staff=True)
            players = [self._user(name, shown, password=PASSWORD) for name, shown in PLAYERS]
        if not Game.objects.filter(title=RUNNING_TITLE).exists():
            game = services.game_create(
                host=admin,
                title=RUNNING_TITLE,
                edition="1st",
                seats=4,
                days_per_move=None,
                is_public=True,
            )
            # The last join fills the table and starts the game; `first` seats the admin where
            # the worker start marker was dealt, so the admin moves first.
            for player in players:
                services.seat_join(game_id=game.pk, user=player, first=admin)
        if not Game.objects.filter(title=OPEN_TITLE).exists():
            services.game_create(
                host=players[0],
                title=OPEN_TITLE,
                edition="2nd",
                seats=3,
                days_per_move=3,
                is_public=True,
            )
        self.stdout.write(
            f"stpete is at {settings.SITE_URL}/\n"
            f"  admin: {ADMIN[0]} / {ADMIN[1]}  (also {settings.SITE_URL}/admin/)\n"
            f"  players: {', '.join(name for name, _ in PLAYERS)} / {PASSWORD}\n"
        )

    def _user(self, username: str, shown: str, *, password: str, staff: bool = False):
        User = get_user_model()
        user, created = User.objects.get_or_create(
            username=username,
            defaults={
                "display_name": shown,
                "email": f"{username}@example.com",
                "is_staff": staff,
                "is_superuser": staff,
            },
        )
        if created:
            user.set_password(password)
            user.save(update_fields=["password"])
        return user
