"""Conformance playouts with New Society (full, SP+, 2nd edition), In Good Company, five
players and the Market: every legal option set of issues 11 and 13 x its player counts x both
bots, with the checks of
the base game's playouts (test_conformance.py: listed moves apply, unlisted ones are refused,
the input stays, exact JSON round trip, cards neither made nor lost, no pile order in a view or
an event) plus: the ledger adds up to the final scores, and the replay equals the game."""

import pytest

from .playouts import play_out_checking_every_invariant, playout_cases

OPTION_SETS = {
    "1st + New Society": ({"edition": "1st", "new_society": "full"}, (2, 3, 4, 5)),
    "1st + SP+": ({"edition": "1st", "new_society": "sp_plus"}, (2, 3, 4, 5)),
    "2nd + New Society + In Good Company": (
        {"edition": "2nd", "new_society": "full", "in_good_company": True},
        (2, 3, 4, 5),
    ),
    "2nd + In Good Company": ({"edition": "2nd", "in_good_company": True}, (2, 3, 4)),
    # The Market (issue 13) alone and with the expansions above: the ledger checks hold for the
    # market's yellow income, upkeep and majorities too.
    "2nd + Market": ({"edition": "2nd", "market": True}, (2, 3, 4, 5)),
    "2nd + Market + In Good Company": (
        {"edition": "2nd", "market": True, "in_good_company": True},
        (2, 3, 4, 5),
    ),
    "2nd + Market + New Society + In Good Company": (
        {"edition": "2nd", "market": True, "new_society": "full", "in_good_company": True},
        (2, 3, 4, 5),
    ),
}
CASES = playout_cases(OPTION_SETS)


@pytest.mark.parametrize(("bot", "options", "players"), CASES)
def test_playouts_with_new_society_keep_every_invariant(bot, options, players):
    options = {**options, "players": players}
    seed = players * 31 + len(options)
    play_out_checking_every_invariant(options, seed, bot)
