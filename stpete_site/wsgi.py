"""WSGI entry point, kept for management tools; the site is served over ASGI."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stpete_site.settings")
application = get_wsgi_application()
