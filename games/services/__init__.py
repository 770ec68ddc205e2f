"""The only writers of games, seats and actions (keyword-only functions; see each module)."""

from games.services.bots import bot_seed, bot_turn_play, bot_user_get_or_create
from games.services.control import (
    analysis_restart,
    game_abort,
    game_replay_export_for,
    seat_force_pass,
    seat_replace_user,
)
from games.services.lobby import game_cancel, game_create, game_start, seat_join, seat_leave
from games.services.moves import MoveResult, move_submit
from games.services.rematch import game_rematch
from games.services.replays import game_replay_export, game_verify
from games.services.undo import move_undo

__all__ = [
    "MoveResult",
    "analysis_restart",
    "bot_seed",
    "bot_turn_play",
    "bot_user_get_or_create",
    "game_abort",
    "game_cancel",
    "game_create",
    "game_rematch",
    "game_replay_export",
    "game_replay_export_for",
    "game_start",
    "game_verify",
    "move_submit",
    "move_undo",
    "seat_force_pass",
    "seat_join",
    "seat_leave",
    "seat_replace_user",
]
