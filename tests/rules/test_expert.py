"""The expert bot: greedy's best candidates judged by greedy playouts in pile orders the seat
could be facing (games/rules/expert.py). Small budgets keep these fast; its strength is
measured in bench/bots.py, never asserted here."""

import pytest

from games.rules import (
    BOTS,
    apply_move,
    final_scores,
    greedy_bot,
    is_over,
    legal_moves,
    new_game,
    replay,
    to_act,
)
from games.rules.expert import (
    DEFAULT_PLAYOUTS,
    MIN_PLAYOUTS,
    THINKING,
    candidates,
    compare,
    default_playouts,
    expert_budget,
    expert_move,
    judge,
    sampled_world,
)

from .builders import pass_all, state
from .test_conformance import MAX_MOVES

OPTION_SETS = {
    "1st": {"edition": "1st"},
    "2nd": {"edition": "2nd"},
    "1st + New Society": {"edition": "1st", "new_society": "full"},
    "1st + SP+ + Banquet": {"edition": "1st", "new_society": "sp_plus", "banquet": True},
    "2nd + Module 2": {"edition": "2nd", "in_good_company": True},
    "2nd + New Society + Module 2": {
        "edition": "2nd",
        "new_society": "full",
        "in_good_company": True,
    },
    "2nd + Banquet": {"edition": "2nd", "banquet": True},
    "2nd + Market": {"edition": "2nd", "market": True},
    "2nd + Market + Modules 3-6": {
        "edition": "2nd",
        "market": True,
        "assistants": True,
        "events": True,
        "assignments": True,
        "obstacles": True,
    },
    "2nd + everything": {
        "edition": "2nd",
        "market": True,
        "assistants": True,
        "events": True,
        "assignments": True,
        "obstacles": True,
        "new_society": "full",
        "in_good_company": True,
        "banquet": True,
    },
}


def midgame(options: dict, seed: int, moves: int) -> object:
    """A position after `moves` greedy moves of a fresh game."""
    s = new_game(options, seed)
    for step in range(moves):
        seat = to_act(s)[0]
        s, _ = apply_move(s, seat, greedy_bot(s, seat, seed + step))
    return s


CASES = [
    *(pytest.param(options, 2, id=f"{name}-2p") for name, options in OPTION_SETS.items()),
    pytest.param(OPTION_SETS["1st"], 4, id="1st-4p"),
    pytest.param(OPTION_SETS["2nd + everything"], 5, id="2nd + everything-5p"),
]


@pytest.mark.parametrize(("options", "players"), CASES)
def test_the_expert_only_ever_makes_legal_moves_and_the_game_replays(options, players):
    options = {**options, "players": players}
    seed = players * 31 + len(options)
    s = new_game(options, seed)
    log = []
    while not is_over(s):
        assert len(log) < MAX_MOVES, "the game must end"
        seat = to_act(s)[0]
        if seat == 0:
            move = expert_move(s, seat, seed + len(log), playouts=2, width=2)
            assert move in legal_moves(s, seat)
        else:
            move = greedy_bot(s, seat, seed + len(log))
        s, _ = apply_move(s, seat, move)
        log.append({"seat": seat, "move": move.to_dict()})
    assert replay(options, seed, log) == s


def test_the_expert_is_a_bot_like_the_others():
    s = midgame({"players": 2}, 4, 6)
    seat = to_act(s)[0]
    assert BOTS["expert"](s, seat, 11) in legal_moves(s, seat)


def test_the_expert_chooses_the_same_move_for_the_same_seed():
    s = midgame({"players": 3, "edition": "2nd"}, 8, 20)
    seat = to_act(s)[0]
    first = judge(s, seat, 123, playouts=24)
    assert judge(s, seat, 123, playouts=24) == first
    assert expert_move(s, seat, 123, playouts=24) == first[0].move


def test_two_candidates_each_get_half_the_budget_in_the_same_worlds_as_compare():
    # One halving round for two candidates: each is played out in worlds 0-3 of the seed,
    # the very worlds and playouts `compare` (the analysis's search) gives them.
    s = midgame({"players": 2}, 9, 14)
    seat = to_act(s)[0]
    judged = judge(s, seat, 5, playouts=8, width=2)
    assert [j.playouts for j in judged] == [4, 4]
    value_of = {repr(j.move): j.value for j in judged}
    moves = candidates(s, seat, legal_moves(s, seat), 2)
    compared = compare(s, seat, 5, moves, 4)
    assert [value_of[repr(m)] for m in moves] == pytest.approx([value for _, value in compared])


def test_the_expert_plays_the_move_its_whole_budget_finds():
    """Here 6 playouts and 24 choose differently: the expert's move is the one its search with
    the budget it was given ranks first."""
    s = midgame({"players": 2}, 3, 14)
    seat = to_act(s)[0]
    small, whole = (judge(s, seat, 5, playouts, 6)[0].move for playouts in (6, 24))
    assert small != whole

    assert expert_move(s, seat, 5, 24, 6) == whole


def test_a_budget_of_one_playout_is_rounded_up_to_one_per_candidate():
    s = midgame({"players": 2}, 9, 14)
    seat = to_act(s)[0]
    assert [j.playouts for j in judge(s, seat, 5, playouts=1, width=2)] == [1, 1]


def test_with_one_candidate_the_expert_plays_greedy_s_best_move_without_a_search():
    s = midgame({"players": 2}, 9, 14)
    seat = to_act(s)[0]
    best = candidates(s, seat, legal_moves(s, seat), 1)[0]
    judged = judge(s, seat, 5, playouts=24, width=1)
    assert [(j.move, j.value, j.playouts) for j in judged] == [(best, 0.0, 0)]


def test_the_expert_chooses_the_same_move_whatever_the_order_of_the_piles():
    s = midgame({"players": 2}, 9, 14)
    seat = to_act(s)[0]
    reordered = s.evolve(piles=tuple(tuple(reversed(pile)) for pile in s.piles))
    assert reordered.piles != s.piles
    assert judge(reordered, seat, 5, playouts=24) == judge(s, seat, 5, playouts=24)


def test_a_sampled_world_keeps_every_pile_s_cards_and_ignores_their_order():
    s = midgame({"players": 4}, 2, 10)
    world = sampled_world(s, 77)
    assert [sorted(p) for p in world.piles] == [sorted(p) for p in s.piles]
    reordered = s.evolve(piles=tuple(tuple(reversed(pile)) for pile in s.piles))
    assert sampled_world(reordered, 77) == world
    assert sampled_world(s, 78) != world


def test_the_expert_buys_the_pub_points_that_win_the_game():
    """Last round, nothing left to buy: 10 rubles buy the 5 Pub points that overtake seat 1
    (4 would only tie, and seat 1 has more rubles left; kept, they would be worth 1 point)."""
    s = state(
        last_round=True,
        round=6,
        players=[{"area": ["pub#0"], "money": 10, "points": 20}, {"points": 24, "money": 9}],
    )
    s, _ = pass_all(s)
    assert s.step == "pub"
    assert to_act(s) == (0,)
    judged = judge(s, 0, 3, playouts=24)
    assert judged[0].move.points == 5
    assert judged[0].value > max(j.value for j in judged[1:])
    s, _ = apply_move(s, 0, judged[0].move)
    while not is_over(s):
        seat = to_act(s)[0]
        s, _ = apply_move(s, seat, greedy_bot(s, seat, 0))
    assert final_scores(s)[0]["winner"]


def test_the_expert_buys_the_aristocrat_that_completes_a_set_of_distinct_ones():
    """The last phase of the game: a fifth kind of aristocrat (a Controller) lifts the set from
    10 to 15 points and wins (35 to 33); the cheaper second Author adds no kind, leaves too
    little to buy the Controller after it, and loses (31 to 33)."""
    four = ["author#0", "administrator#0", "warehouse_manager#0", "secretary#0"]
    s = state(
        last_round=True,
        round=6,
        phase="trading",
        players=[{"area": four, "money": 14, "points": 20}, {"points": 33, "money": 3}],
        board={"upper": ["author#1", "controller#0"]},
    )
    judged = judge(s, 0, 1, playouts=24)
    assert judged[0].move.kind == "buy"
    assert judged[0].move.card == "controller#0"
    s, _ = apply_move(s, 0, judged[0].move)
    while not is_over(s):
        seat = to_act(s)[0]
        s, _ = apply_move(s, seat, greedy_bot(s, seat, 0))
    assert final_scores(s)[0]["winner"]


def test_the_default_budget_shrinks_where_the_engine_works_harder():
    base = default_playouts(new_game({"players": 4}, 1))
    market = default_playouts(new_game({"players": 4, "edition": "2nd", "market": True}, 1))
    everything = default_playouts(new_game({**OPTION_SETS["2nd + everything"], "players": 4}, 1))
    assert base == DEFAULT_PLAYOUTS
    assert base > market > everything >= MIN_PLAYOUTS


@pytest.mark.parametrize("name", list(OPTION_SETS))
def test_standard_thinking_is_the_default_budget_of_every_option_set(name):
    options = {**OPTION_SETS[name], "players": 4}
    assert expert_budget(options, "standard") == default_playouts(new_game(options, 1))


def test_quick_thinking_halves_the_budget_and_deep_thinking_adds_two_fifths():
    base = {"edition": "1st", "players": 4}
    assert [expert_budget(base, thinking) for thinking in THINKING] == [48, 96, 134]
    market = {"edition": "2nd", "players": 4, "market": True}
    assert [expert_budget(market, thinking) for thinking in THINKING] == [30, 60, 84]


def test_every_thinking_keeps_its_share_of_the_floor_where_the_engine_works_hardest():
    everything = {**OPTION_SETS["2nd + everything"], "players": 4}
    budgets = [expert_budget(everything, thinking) for thinking in THINKING]
    assert budgets == [MIN_PLAYOUTS // 2, MIN_PLAYOUTS, 17]


def test_an_unknown_thinking_has_no_budget():
    with pytest.raises(KeyError):
        expert_budget({"players": 2}, "genius")
