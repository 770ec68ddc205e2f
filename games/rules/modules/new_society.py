"""New Society (1st edition `full`, its variant `sp_plus`, 2nd edition `full`; five players).

../shared/expansions.md §1.1-1.3, §2.1-2.3. Every game with New Society replaces seven base
cards (Czar and Carpenter, Observatory x2, Academy, Mistress of Ceremonies x2, Mariinskij
Theater) with their New Society versions; SP+ stops there. `full` adds New Farmer x6, the
Obshchina Commune, extra copies of base cards and the +10 points per distinct aristocrat beyond
the tenth; in the 1st edition also the twelve cards that the 2nd edition sells as In Good
Company (and their rules), in the 2nd edition that module must be on as well (options.py).
Five players without the Market: the sack (modules/five_players.py).
"""

from __future__ import annotations

from typing import Any

from ..ruleset import Expansion, register_expansion
from . import five_players
from .in_good_company import company_rules

OPTION = "new_society"
REPLACEMENTS = "new_society_replacements.toml"
CARD_FILE = "new_society.toml"
BEYOND_TEN = 10  # points per distinct aristocrat beyond the tenth (not with SP+: 4.11)


def _configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    draft["card_files"].append(REPLACEMENTS)
    if options[OPTION] == "full":
        draft["card_files"].append(CARD_FILE)
        draft["aristocrats_beyond_ten"] = BEYOND_TEN
        if options["edition"] == "1st":
            company_rules(draft)
    five_players.configure(draft, options)


register_expansion(Expansion(OPTION, _configure))
