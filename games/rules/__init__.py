"""stpete's rules engine for Saint Petersburg (1st and 2nd edition, 1-5 players: five with an
expansion that allows them), with the expansions as modules that fill named moments
(games/rules/modules/, docs/architecture.md); `OPTIONS` says which are built.

Pure Python, standard library only, importable without Django. The stable interface is listed in
../shared/design.md §4 (relative to the repository); formats are documented in docs/moves.md,
docs/state.md and docs/view.md.
"""

from . import abilities, actions, scoring  # noqa: F401  (registries filled at import)
from . import modules as modules
from .abilities import Ability, register_ability
from .bots import BOTS, greedy_bot, random_bot
from .cards import card_catalogue, load_catalogues
from .decisions import Decision, DecisionKind, register_decision
from .engine import apply_move, default_move, is_over, legal_moves, to_act
from .errors import IllegalMove, InvalidOptions
from .events import event_reveals, register_event
from .expert import THINKING, expert_bot, expert_budget, expert_move, thinking_playouts
from .initial import new_game, new_game_with_events
from .ledger import breakdown as ledger_breakdown
from .marks import Mark, MarkKind, register_mark
from .moves import Field, Move, MoveKind, parse_move, register_field, register_move_kind
from .options import OPTIONS, RULES_VERSION, RULES_VERSIONS, check_options, options_schema
from .replay import ReplayError, replay
from .ruleset import (
    Expansion,
    Phase,
    Ruleset,
    game_card_catalogue,
    register_expansion,
    register_final_step,
    register_follow_up,
    register_on_place,
    register_phase_close,
    register_phase_start,
    register_scorer,
    ruleset,
)
from .scoring import final_scores, score_sheet
from .state import GameState, InvalidState, PlayerState
from .visibility import player_view, public_view, register_view_part, seat_view

load_catalogues()  # every ability is registered now: build and check the base catalogues

__all__ = [
    "BOTS",
    "OPTIONS",
    "RULES_VERSION",
    "RULES_VERSIONS",
    "THINKING",
    "Ability",
    "Decision",
    "DecisionKind",
    "Expansion",
    "Field",
    "GameState",
    "IllegalMove",
    "InvalidOptions",
    "InvalidState",
    "Mark",
    "MarkKind",
    "Move",
    "MoveKind",
    "Phase",
    "PlayerState",
    "ReplayError",
    "Ruleset",
    "apply_move",
    "card_catalogue",
    "check_options",
    "default_move",
    "event_reveals",
    "expert_bot",
    "expert_budget",
    "expert_move",
    "final_scores",
    "game_card_catalogue",
    "greedy_bot",
    "is_over",
    "ledger_breakdown",
    "legal_moves",
    "new_game",
    "new_game_with_events",
    "options_schema",
    "parse_move",
    "player_view",
    "public_view",
    "random_bot",
    "register_ability",
    "register_decision",
    "register_event",
    "register_expansion",
    "register_field",
    "register_final_step",
    "register_follow_up",
    "register_mark",
    "register_move_kind",
    "register_on_place",
    "register_phase_close",
    "register_phase_start",
    "register_scorer",
    "register_view_part",
    "replay",
    "ruleset",
    "score_sheet",
    "seat_view",
    "thinking_playouts",
    "to_act",
]
