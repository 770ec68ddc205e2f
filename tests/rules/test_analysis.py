"""The post-game analysis (games/rules/analysis.py): each decision of a reviewed seat judged by
the expert's search, with the win chance before and after and the better move."""

from games.rules import apply_move, greedy_bot, legal_moves, new_game, to_act
from games.rules.analysis import (
    ANALYSIS_VERSION,
    TURNING_POINTS,
    Review,
    accuracy,
    analyse_game,
    best_and_chance_before,
    decisions_total,
    game_reviews,
    outdated,
    review_move,
)
from games.rules.moves import Move

from .builders import pass_all, state

FOUR_KINDS = ["author#0", "administrator#0", "warehouse_manager#0", "secretary#0"]


def pub_decision():
    """Last round, nothing left to buy: 10 rubles buy the 5 Pub points that overtake seat 1."""
    s = state(
        last_round=True,
        round=6,
        players=[{"area": ["pub#0"], "money": 10, "points": 20}, {"points": 24, "money": 9}],
    )
    s, _ = pass_all(s)
    return s


def test_a_missed_free_pub_point_is_found_with_the_win_it_gave_away():
    review = review_move(pub_decision(), 0, Move("pub", points=0), seed=4, worlds=8)
    assert review.best == Move("pub", points=5)
    assert (review.chance_before, review.chance_after, review.cost) == (1.0, 0.0, 1.0)


def test_the_best_move_played_costs_nothing():
    review = review_move(pub_decision(), 0, Move("pub", points=5), seed=4, worlds=8)
    assert review.best == review.played
    assert review.cost == 0.0


def test_a_missed_aristocrat_that_completes_a_set_is_found():
    """The last phase: a Controller (a fifth kind) would have won 35 to 33; the second Author
    played leaves too few rubles for it and loses 31 to 33."""
    s = state(
        last_round=True,
        round=6,
        phase="trading",
        players=[{"area": FOUR_KINDS, "money": 14, "points": 20}, {"points": 33, "money": 3}],
        board={"upper": ["author#1", "controller#0"]},
    )
    review = review_move(s, 0, Move("buy", "author#1"), seed=2, worlds=8)
    assert review.best == Move("buy", "controller#0")
    assert review.cost == 1.0


def test_a_decision_is_judged_the_same_whatever_the_order_of_the_piles():
    s = new_game({"players": 2}, 5)
    for step in range(12):
        seat = to_act(s)[0]
        s, _ = apply_move(s, seat, greedy_bot(s, seat, step))
    seat = to_act(s)[0]
    played = greedy_bot(s, seat, 0)
    reordered = s.evolve(piles=tuple(tuple(reversed(pile)) for pile in s.piles))
    assert review_move(reordered, seat, played, 9, worlds=4) == review_move(
        s, seat, played, 9, worlds=4
    )


def test_a_game_s_analysis_reviews_each_decision_of_the_chosen_seats_only():
    options, seed = {"players": 2}, 3
    s = new_game(options, seed)
    log = []
    for step in range(40):
        seat = to_act(s)[0]
        move = greedy_bot(s, seat, step)
        log.append({"seat": seat, "move": move.to_dict()})
        s, _ = apply_move(s, seat, move)

    analysis = analyse_game(options, seed, log, seats=[1], worlds=2, width=2)

    assert analysis["version"] == ANALYSIS_VERSION
    assert list(analysis["seats"]) == ["1"]
    mine = analysis["seats"]["1"]
    indexes = [review["index"] for review in mine["moves"]]
    assert indexes == sorted(indexes)
    assert indexes
    assert all(log[i]["seat"] == 1 for i in indexes)
    assert all(log[r["index"]]["move"] == r["played"] for r in mine["moves"])
    points = mine["turning_points"]
    assert len(points) <= TURNING_POINTS
    assert [p["cost"] for p in points] == sorted((p["cost"] for p in points), reverse=True)
    assert all(p["cost"] > 0 for p in points)
    assert 0.0 <= mine["accuracy"] <= 100.0
    assert analyse_game(options, seed, log, seats=[1], worlds=2, width=2) == analysis


def test_the_decisions_counted_before_an_analysis_are_the_decisions_it_reviews():
    options, seed = {"players": 2}, 5
    s = new_game(options, seed)
    log = []
    forced = 0
    for step in range(60):
        seat = to_act(s)[0]
        forced += seat == 0 and len(legal_moves(s, seat)) == 1
        move = greedy_bot(s, seat, step)
        log.append({"seat": seat, "move": move.to_dict()})
        s, _ = apply_move(s, seat, move)

    reviews = list(game_reviews(options, seed, log, [0], worlds=1, width=2))

    total = decisions_total(options, seed, log, [0])
    assert total == len(reviews)
    assert total == sum(entry["seat"] == 0 for entry in log) - forced
    assert [r.index for r in reviews] == sorted(r.index for r in reviews)


def reviewed(index, chance_before, chance_after):
    """A decision of seat 0 in round 2's worker phase, played against the better pass."""
    return Review(
        index=index,
        seat=0,
        round=2,
        phase="worker",
        played=Move("take", "author#0"),
        best=Move("pass"),
        chance_before=chance_before,
        chance_after=chance_after,
        value_best=chance_before,
        value_played=chance_after,
    )


def test_the_best_move_is_the_one_of_the_finest_value_and_the_played_move_wins_a_tie():
    # (win chance, value): the played move first, then greedy's rivals.
    assert best_and_chance_before([(0.4, 3.0), (0.5, 4.0), (0.45, 2.0)]) == (1, 0.5)
    assert best_and_chance_before([(0.4, 4.0), (0.5, 4.0)]) == (0, 0.4)


def test_the_chance_before_a_move_counts_only_the_best_and_the_played_move():
    """A rival that wins more often but is worth less by the finer value is not what the
    search would have played: its chance is not the chance the seat had."""
    assert best_and_chance_before([(0.3, 1.0), (0.9, 2.0), (0.6, 5.0)]) == (2, 0.6)
    assert best_and_chance_before([(0.7, 1.0), (0.9, 2.0), (0.6, 5.0)]) == (2, 0.7)


def test_accuracy_is_the_share_of_decisions_within_two_points_to_one_decimal():
    decisions = [reviewed(0, 0.5, 0.49), reviewed(1, 0.5, 0.5), reviewed(2, 0.5, 0.3)]
    assert accuracy(decisions) == 66.7
    assert accuracy([]) is None


def test_a_decision_is_stored_with_its_chances_to_four_decimals():
    assert reviewed(7, 2 / 3, 1 / 3).to_dict() == {
        "index": 7,
        "seat": 0,
        "round": 2,
        "phase": "worker",
        "played": Move("take", "author#0").to_dict(),
        "best": Move("pass").to_dict(),
        "chance_before": 0.6667,
        "chance_after": 0.3333,
        "cost": 0.3333,
    }


def test_an_analysis_weighs_only_as_many_of_greedys_moves_as_its_width():
    """Seat 0's sixth move bought a Firehouse; with greedy's six best moves weighed the search
    finds the Pub better, with its one best (the other Firehouse) it cannot."""
    options = {"edition": "1st", "players": 2}
    s, log = new_game(options, 1), []
    for step in range(6):
        seat = to_act(s)[0]
        move = greedy_bot(s, seat, 1 + step)
        log.append({"seat": seat, "move": move.to_dict()})
        s, _ = apply_move(s, seat, move)

    def best_at_5(width):
        moves = analyse_game(options, 1, log, [0], worlds=2, width=width)["seats"]["0"]["moves"]
        return next(m["best"]["card"] for m in moves if m["index"] == 5)

    assert best_at_5(6) == "pub#0"
    assert best_at_5(1) != "pub#0"


def test_an_analysis_is_outdated_only_where_a_later_version_changed_its_games_figures():
    """Version 1 was every game's; version 2 changed only games with Module 6's obstacles."""
    obstacles = {"edition": "2nd", "market": True, "obstacles": True}
    market = {"edition": "2nd", "market": True}
    assert outdated(1, obstacles)
    assert not outdated(1, market)
    assert not outdated(1, {**market, "obstacles": False})
    assert not outdated(ANALYSIS_VERSION, obstacles)
    assert outdated(0, market)  # before the first version: every game
