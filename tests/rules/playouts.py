"""One seeded playout of a game with expansions, with every invariant checked on the way: the
base game's per-position checks (test_conformance.check_position), no pile order in an event,
cards neither made nor lost, the replay equal to the game, and the ledger adding up to the final
points and the rubles left (start money and a start marker's money included); with Module 6's
obstacles, nobody past an obstacle he has not passed (obstacle_track.check_track), after every
move and after the final scoring."""

import json
from collections.abc import Iterable

import pytest

from games.rules import (
    BOTS,
    apply_move,
    final_scores,
    is_over,
    ledger_breakdown,
    replay,
    ruleset,
    to_act,
)
from games.rules.initial import new_game_with_events
from games.rules.modules.obstacle_track import check_track
from games.rules.rng import SplitMix64
from games.rules.scoring import final_scoring

from .test_conformance import MAX_MOVES, card_count, check_position

BOT_NAMES = ("random", "greedy")


def playout_cases(option_sets: dict[str, tuple[dict, Iterable[int]]]) -> list:
    """Each named option set x its player counts x both bots, as `(bot, options, players)`
    parameters whose ids say which (`"1st + Banquet-3p-greedy"`)."""
    return [
        pytest.param(bot, options, players, id=f"{name}-{players}p-{bot}")
        for name, (options, counts) in option_sets.items()
        for players in counts
        for bot in BOT_NAMES
    ]


def play_out_checking_every_invariant(options: dict, seed: int, bot: str) -> None:
    rules = ruleset(options)
    cards_of = rules.cards
    instances = sorted(cards_of)
    total = sum(rules.pile_sizes.values())
    rng = SplitMix64(seed)
    s, events = new_game_with_events(options, seed)
    assert card_count(s) == total
    log = []
    step = 0
    while not is_over(s):
        assert step < MAX_MOVES, "the game must end"
        check_position(s, rng, instances, cards_of, full=step % 4 == 0)
        seat = to_act(s)[0]
        move = BOTS[bot](s, seat, seed * 100_003 + step)
        s, new = apply_move(s, seat, move)
        check_track(s)
        text = json.dumps(new)
        assert not any(f'"{card}"' in text for pile in s.piles for card in pile)
        events += new
        log.append({"seat": seat, "move": move.to_dict()})
        step += 1
    assert card_count(s) == total
    check_track(final_scoring(s).state)
    assert replay(options, seed, log) == s
    sources = ledger_breakdown(events)
    start = rules.start_money
    for row in final_scores(s):
        mine = sources[row["seat"]]
        assert sum(part["points"] for part in mine.values()) == row["total"]
        dealt = zip(rules.markers, new_game_with_events(options, seed)[0].markers, strict=True)
        bonus = sum(rules.marker_money.get(m, 0) for m, holder in dealt if holder == row["seat"])
        assert start + bonus + sum(part["rubles"] for part in mine.values()) == row["money_left"]
