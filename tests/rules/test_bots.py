"""Bots are pure functions of (state, seat, seed) that return a legal move."""

from games.rules import BOTS, apply_move, legal_moves, new_game, to_act

from .builders import state


def test_each_bot_returns_a_legal_move_and_the_same_one_for_the_same_seed():
    s = new_game({"players": 3}, 5)
    seat = to_act(s)[0]
    for bot in BOTS.values():
        move = bot(s, seat, 99)
        assert move in legal_moves(s, seat)
        assert bot(s, seat, 99) == move


def test_the_random_bot_spreads_its_choices_over_the_legal_moves():
    s = new_game({"players": 4}, 1)
    seat = to_act(s)[0]
    chosen = {BOTS["random"](s, seat, seed) for seed in range(200)}
    assert chosen == set(legal_moves(s, seat))


def test_the_greedy_bot_buys_a_new_aristocrat_type_rather_than_a_duplicate():
    s = state(
        phase="aristocrat",
        players=[{"area": ["author#0", "lumberjack#0"], "money": 10}, {}],
        board={"upper": ["author#1", "administrator#0"]},
    )
    assert BOTS["greedy"](s, 0, 1).card == "administrator#0"


def test_a_move_object_and_its_dict_have_the_same_effect():
    s = new_game({"players": 2}, 3)
    seat = to_act(s)[0]
    move = legal_moves(s, seat)[0]
    assert apply_move(s, seat, move) == apply_move(s, seat, move.to_dict())
