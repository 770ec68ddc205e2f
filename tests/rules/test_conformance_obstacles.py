"""Conformance playouts with Module 6, the Obstacles: the Market and the obstacles, and the same
with New Society, In Good Company and the Banquet on top, x 2-5 players x both bots, with the
checks of the other playouts (playouts.py: every position's checks, no pile order in an event,
cards neither made nor lost, the replay, the ledger adding up to the final points and rubles)
and the obstacles' own: nobody is ever past an obstacle he has not passed, during the game and
after the final scoring."""

import pytest

from .playouts import play_out_checking_every_invariant, playout_cases

OPTION_SETS = {
    "Market + Obstacles": {"edition": "2nd", "market": True, "obstacles": True},
    "Market + Obstacles + New Society + Modules 1+2": {
        "edition": "2nd",
        "market": True,
        "obstacles": True,
        "new_society": "full",
        "in_good_company": True,
        "banquet": True,
    },
}
CASES = playout_cases({name: (options, (2, 3, 4, 5)) for name, options in OPTION_SETS.items()})


@pytest.mark.parametrize(("bot", "options", "players"), CASES)
def test_playouts_with_the_obstacles_keep_every_invariant(bot, options, players):
    seed = players * 41 + len(options)
    play_out_checking_every_invariant({**options, "players": players}, seed, bot)
