"""A benchmark game played again (bench/bots_replay.py): the same game as the benchmark's, and
where each seat was held on Module 6's obstacles, from which round to which."""

from bench.bots import play
from bench.bots_replay import replay


def test_a_replayed_game_ends_as_the_benchmarks_game_did_and_has_no_holds_without_obstacles():
    told = replay("base-1st", 2, deal=3, expert=1, playouts=1, width=2)
    played = play({"players": 2, "edition": "1st"}, seed=3, expert=1, playouts=1, width=2)
    assert told["margin"] == played["margin"]
    assert told["margin"] == told["totals"][1] - told["totals"][0]
    assert told["holds"] == [[], []]
    assert told["lost_on_obstacles"] == [0, 0]


def test_a_hold_is_told_from_the_round_it_began_to_the_round_it_ended_or_to_the_end():
    """Width 1: the expert plays greedy's best move, so these are quick greedy games (deal 6:
    both held on the Real exchange on 20, seat 0 for a round, seat 1 until round 7; deal 4:
    both to the end, every point after 20 lost)."""
    freed = replay("market-modules-2nd", 2, deal=6, expert=0, playouts=None, width=1)
    exchange = {"space": 20, "obstacle": "real_exchange", "from_round": 3}
    assert freed["holds"] == [[{**exchange, "until_round": 4}], [{**exchange, "until_round": 7}]]
    assert freed["lost_on_obstacles"] == [16, 189]

    stuck = replay("market-modules-2nd", 2, deal=4, expert=0, playouts=None, width=1)
    assert stuck["holds"] == [[{**exchange, "until_round": None}]] * 2
    assert stuck["totals"] == [20, 20]
    assert min(stuck["lost_on_obstacles"]) > 100
