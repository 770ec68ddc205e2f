"""rules.default_move: what a timeout or an admin's forced pass does for the seat to act."""

import pytest

from games.rules import IllegalMove, Move, default_move, legal_moves, new_game, player_view

from .builders import play, state


def test_on_a_normal_turn_the_default_is_a_plain_pass():
    s = state(board={"upper": ["library#0"]}, players=[{"area": ["pub#0"]}, {}])
    assert Move("pass", until="phase") in legal_moves(s, 0)
    assert default_move(s, 0) == Move("pass")
    assert default_move(s, 0, spend=False) == Move("pass")


def test_in_the_first_worker_phase_the_default_buys_the_cheapest_worker():
    s = new_game({"players": 3}, 11)
    seat = s.turn
    prices = {m["card"]: m["price"] for m in player_view(s, seat)["moves"]}
    move = default_move(s, seat)
    assert move.kind == "buy"
    assert prices[move.card] == min(prices.values())
    first_cheapest = next(card for card, price in prices.items() if price == min(prices.values()))
    assert move.card == first_cheapest


def test_an_admin_may_not_spend_a_players_rubles_in_the_first_worker_phase():
    s = new_game({"players": 3}, 11)
    with pytest.raises(IllegalMove) as caught:
        default_move(s, s.turn, spend=False)
    assert caught.value.code == "must_buy_worker"


def test_a_pub_decision_defaults_to_no_points():
    s = state(
        step="pub",
        turn=1,
        decisions=[{"kind": "pub", "seat": 1}],
        players=[{}, {"area": ["pub#0"], "money": 9}],
    )
    assert default_move(s, 1) == Move("pub", points=0)
    assert default_move(s, 1, spend=False) == Move("pub", points=0)


def test_the_card_drawn_with_the_observatory_defaults_to_the_discard_pile():
    s = state(
        players=[{"area": ["observatory#0"]}, {}],
        piles={"aristocrat": ["judge#0", "author#0"]},
        board={"upper": ["library#0"]},
    )
    s, _ = play(s, 0, kind="observatory", observatory="observatory#0", pile="aristocrat")
    assert default_move(s, 0) == Move("discard", "judge#0")


def test_only_the_seat_to_act_has_a_default_move():
    s = state()
    with pytest.raises(IllegalMove) as caught:
        default_move(s, 1)
    assert caught.value.code == "not_your_turn"


def test_in_the_first_worker_phase_the_lower_rows_discount_makes_the_cheapest_worker():
    # Two Lumberjacks (3 rubles each): the one in the lower row costs 2, though listed last.
    s = state(
        round=1,
        phase="worker",
        first_worker_phase=True,
        players=[{"money": 25}, {}],
        board={"upper": ["lumberjack#0"], "lower": ["lumberjack#1"]},
    )
    assert default_move(s, 0) == Move("buy", "lumberjack#1")


def test_a_finished_game_has_no_default_move():
    with pytest.raises(IllegalMove) as caught:
        default_move(state(step="over"), 0)
    assert caught.value.code == "game_over"
