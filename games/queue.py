"""Handing work to the Celery worker by the task's name.

The tasks (`games.tasks`) are the interface that calls the services; the services queue
follow-up work (a bot's turn, a turn e-mail, the ratings) through here by name, so that the
services never import the module that imports them. The tasks are registered when the app
starts (`GamesConfig.ready`); `delay` runs them inline where tasks are eager (embedded, tests).
"""

from celery import current_app


def enqueue(task: str, *args: object) -> None:
    """Queue `games.tasks.<task>(*args)` (run it now when tasks are eager)."""
    current_app.tasks[f"games.tasks.{task}"].delay(*args)
