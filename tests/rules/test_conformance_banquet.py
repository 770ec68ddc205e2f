"""Conformance playouts with the Banquet: every legal option set that includes it (both
editions; with New Society, SP+, In Good Company and the Market) x its player counts x both bots,
with the checks of the base game's playouts (test_conformance.py) plus: cards neither made nor
lost (2nd-edition purple cards that were used leave the game into the public `removed` list),
the ledger adds up to the final scores, and the replay equals the game."""

import pytest

from .playouts import play_out_checking_every_invariant, playout_cases

OPTION_SETS = {
    "1st + Banquet": ({"edition": "1st"}, (2, 3, 4)),
    "1st + New Society + Banquet": ({"edition": "1st", "new_society": "full"}, (2, 3, 4, 5)),
    "1st + SP+ + Banquet": ({"edition": "1st", "new_society": "sp_plus"}, (2, 3, 4, 5)),
    "2nd + Module 1": ({"edition": "2nd"}, (2, 3, 4)),
    "2nd + Modules 1+2": ({"edition": "2nd", "in_good_company": True}, (2, 3, 4)),
    "2nd + New Society + Modules 1+2": (
        {"edition": "2nd", "new_society": "full", "in_good_company": True},
        (2, 3, 4, 5),
    ),
    "2nd + Market + Module 1": ({"edition": "2nd", "market": True}, (2, 3, 4, 5)),
    "2nd + Market + Modules 1+2": (
        {"edition": "2nd", "market": True, "in_good_company": True},
        (2, 3, 4, 5),
    ),
    "2nd + Market + New Society + Modules 1+2": (
        {"edition": "2nd", "market": True, "new_society": "full", "in_good_company": True},
        (2, 3, 4, 5),
    ),
}
CASES = playout_cases(OPTION_SETS)


@pytest.mark.parametrize(("bot", "options", "players"), CASES)
def test_playouts_with_the_banquet_keep_every_invariant(bot, options, players):
    options = {**options, "banquet": True, "players": players}
    seed = players * 37 + len(options)
    play_out_checking_every_invariant(options, seed, bot)
