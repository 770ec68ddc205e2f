"""Tasks handed to the broker instead of run in process, to see what a service queued."""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from celery import current_app
from celery.signals import before_task_publish


@contextmanager
def tasks_published(entry: Callable[[str, list], Any]) -> Iterator[list]:
    """Inside, tasks are not eager: each one published appends `entry(task name, its
    arguments)` to the list yielded, unless that is None. Both undone at the end."""
    sent: list = []

    def record(sender=None, body=None, **_):
        kept = entry(sender, list(body[0]))
        if kept is not None:
            sent.append(kept)

    before_task_publish.connect(record)
    was = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = False
    try:
        yield sent
    finally:
        current_app.conf.task_always_eager = was
        before_task_publish.disconnect(record)
