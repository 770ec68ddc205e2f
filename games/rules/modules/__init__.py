"""Modules: each one a piece of the game that fills the engine's named moments.

A module is `modules/<name>.py` (+ `data/<name>.toml` for its cards): it registers its
abilities, move kinds, decisions, follow-ups, marks and - for an expansion - its option with
`register_expansion`. The base game's special cards that need more than numbers live here too
(the Observatory, the Pub). docs/architecture.md lists the registration calls.
"""

# The Market (issue 13): market. New Society, In Good Company and five players (issue 11):
# in_good_company, new_society and the modules they import (company_cards, debtors_prison,
# five_players, guild_hall, sycophant, trading_house).
# The Banquet (issue 12): banquet and the modules it imports (purple, banquet_overlays, moocher,
# money_collector, pickpocket); banquet_bots.
# The Market's modules 3-5 (issue 14): assistants, events (with twin, the Twin's pair),
# events_bots, assignments. Module 6, the Obstacles (issue 14): obstacles and the modules it
# imports (obstacle_tiles, obstacle_track, obstacle_walk, obstacles_bots).
from . import (
    assignments,
    assistants,
    banquet,
    banquet_bots,
    events,
    events_bots,
    in_good_company,
    market,
    new_society,
    observatory,
    obstacles,
    pub,
)

__all__ = [
    "assignments",
    "assistants",
    "banquet",
    "banquet_bots",
    "events",
    "events_bots",
    "in_good_company",
    "market",
    "new_society",
    "observatory",
    "obstacles",
    "pub",
]
