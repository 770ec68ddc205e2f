"""The stpete Django project. The Celery app is imported so tasks bind when Django starts."""

from stpete_site.celery import app as celery_app

__all__ = ["celery_app"]
