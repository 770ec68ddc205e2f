"""In Good Company (Module 2 of the 2nd edition; ../shared/expansions.md §2.6, §1.2-1.3).

Twelve cards shuffled into the piles by their backs: Coffee House, Trading House, Debtor's
Prison (building), Sycophant x2 (aristocrat), October Revolution, Textile Factory, Guild Hall,
University, Merchant, Lt. Kije, Mayor (trading). Their 1st-edition twins come with New Society
(modules/new_society.py), which switches the same rules on through `company_rules`.

The rules they bring: the Trading House decision follows the building scoring before the Pub,
and the aristocrat scoring charges the Sycophants' upkeep. The +10 points per distinct aristocrat
beyond ten are not part of this module (decision 4.11).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..ruleset import Expansion, register_expansion
from . import company_cards, debtors_prison, guild_hall, sycophant, trading_house

CARD_FILE = "in_good_company.toml"
OPTION = "in_good_company"


def company_rules(draft: dict[str, Any]) -> None:
    """The Trading House before the Pub after the building scoring; Sycophant upkeep."""
    phases = []
    for phase in draft["phases"]:
        if phase.name == trading_house.PHASE_NAME and trading_house.KIND not in phase.after_scoring:
            phase = replace(phase, after_scoring=(trading_house.KIND, *phase.after_scoring))
        if phase.name == sycophant.PHASE and phase.scorer == "cards":
            phase = replace(phase, scorer=sycophant.SCORER)
        phases.append(phase)
    draft["phases"] = phases
    if CARD_FILE not in draft["card_files"]:
        draft["card_files"].append(CARD_FILE)


def _configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    company_rules(draft)


register_expansion(Expansion(OPTION, _configure))

__all__ = ["company_cards", "company_rules", "debtors_prison", "guild_hall"]
