"""WebSocket routes; the consumers only push, moves go over HTTP."""

websocket_urlpatterns: list = []
