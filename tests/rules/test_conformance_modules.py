"""Conformance playouts with the Market's Modules 3-5 (the Assistants, the Events, the
Assignments): every combination of them with the Market x 2-5 players x both bots, and the three
together with New Society, In Good Company and the Banquet on top, each with the checks of
playouts.py - the base game's per-position checks (every listed move applies, unlisted ones are
refused, the JSON round trip, no pile order in a view), cards neither made nor lost (the Twin's
drawn card held by its decision), no pile order in an event, the replay equal to the game and the
ledger adding up to the final scores."""

from itertools import combinations

import pytest

from .playouts import play_out_checking_every_invariant

MODULES = ("assistants", "events", "assignments")
SUBSETS = [subset for k in (1, 2, 3) for subset in combinations(MODULES, k)]
CASES = [
    pytest.param(bot, subset, players, id=f"{'+'.join(subset)}-{players}p-{bot}")
    for subset in SUBSETS
    for players in (2, 3, 4, 5)
    for bot in ("random", "greedy")
]
EVERYTHING = {"new_society": "full", "in_good_company": True, "banquet": True}


@pytest.mark.parametrize(("bot", "subset", "players"), CASES)
def test_playouts_with_the_markets_modules_keep_every_invariant(bot, subset, players):
    options = {"edition": "2nd", "market": True, "players": players, **dict.fromkeys(subset, True)}
    play_out_checking_every_invariant(options, players * 31 + len(subset), bot)


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playouts_with_every_module_and_the_other_expansions_keep_every_invariant(bot, players):
    options = {
        "edition": "2nd",
        "market": True,
        "players": players,
        **dict.fromkeys(MODULES, True),
        **EVERYTHING,
    }
    play_out_checking_every_invariant(options, players * 17 + 5, bot)
