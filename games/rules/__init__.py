"""stpete's rules engine for Saint Petersburg (base game, 1st and 2nd edition, 1-4 players).

Pure Python, standard library only, importable without Django. The stable interface is listed in
/work/shared/design.md §4; formats are documented in docs/moves.md and docs/state.md.
"""

from .bots import BOTS, greedy_bot, random_bot
from .cards import card_catalogue
from .engine import apply_move, is_over, legal_moves, to_act
from .errors import IllegalMove, InvalidOptions
from .initial import new_game
from .moves import Move, parse_move
from .replay import ReplayError, replay
from .scoring import final_scores
from .state import GameState, InvalidState, PlayerState
from .visibility import player_view

RULES_VERSION = "1"

__all__ = [
    "BOTS",
    "RULES_VERSION",
    "GameState",
    "IllegalMove",
    "InvalidOptions",
    "InvalidState",
    "Move",
    "PlayerState",
    "ReplayError",
    "apply_move",
    "card_catalogue",
    "final_scores",
    "greedy_bot",
    "is_over",
    "legal_moves",
    "new_game",
    "parse_move",
    "player_view",
    "random_bot",
    "replay",
    "to_act",
]
