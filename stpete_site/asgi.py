"""ASGI entry point: HTTP through Django, WebSockets through Channels with session auth."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stpete_site.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402  (needs Django set up first)
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from stpete_site.origins import SameOriginValidator  # noqa: E402
from stpete_site.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# The garbage collector's full passes walked everything Django, Channels and a thousand open
# sockets keep alive and stalled a web process for up to ~0.2 s (the slowest 1 % of move POSTs
# under load: bench/load.py). What exists once the application is loaded lives as long as the
# process, so the collector stops looking at it; and young objects are collected less often.
gc.freeze()
gc.set_threshold(20_000, 50, 100)
