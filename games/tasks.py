"""Celery interface of the games app: thin tasks that call services."""

from celery import shared_task


@shared_task(acks_late=True)
def play_bot_turn(game_id: int, version: int) -> None:
    """Let the bot to act at `version` make its move (does nothing if the game moved on)."""
    from games.services.bots import bot_turn_play

    bot_turn_play(game_id=game_id, version=version)
