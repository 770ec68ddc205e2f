"""Conformance playouts with the Market's four modules together - the Assistants, the Events,
the Assignments and the Obstacles: 2-5 players x both bots, and the same with New Society, In
Good Company and the Banquet on top. Each with the checks of playouts.py: every position's checks
(every listed move applies, unlisted ones are refused, the JSON round trip, no pile order in a
view), no pile order in an event, cards neither made nor lost (the Twin's drawn card held by its
decision), nobody past an obstacle he has not passed (during play and after the final scoring),
the replay equal to the game, and the ledger adding up to the final scores and rubles left (the
assignment's points as the obstacles credited them)."""

import pytest

from .playouts import play_out_checking_every_invariant

MODULES = ("assistants", "events", "assignments", "obstacles")
ALL_FOUR = {"edition": "2nd", "market": True, **dict.fromkeys(MODULES, True)}
EVERYTHING = {**ALL_FOUR, "new_society": "full", "in_good_company": True, "banquet": True}


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playouts_with_the_four_market_modules_keep_every_invariant(bot, players):
    play_out_checking_every_invariant({**ALL_FOUR, "players": players}, players * 43 + 6, bot)


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playouts_with_every_expansion_at_once_keep_every_invariant(bot, players):
    play_out_checking_every_invariant({**EVERYTHING, "players": players}, players * 47 + 9, bot)
