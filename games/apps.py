from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        # Register the Celery tasks, which the services queue by name (games.queue).
        from games import tasks  # noqa: F401
        from games.session_sockets import connect_signals

        connect_signals()
