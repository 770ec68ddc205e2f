"""WebSocket routes; the consumers only push, moves go over HTTP."""

from django.urls import path

from games.consumers import GameConsumer, UserConsumer

websocket_urlpatterns: list = [
    path("ws/games/<int:game_id>/", GameConsumer.as_asgi()),
    path("ws/user/", UserConsumer.as_asgi()),
]
