"""The very first worker phase (rulebook note in "Differences ... 1st and 2nd edition";
seeds/README.md item 5): buy a worker each turn until you have two, nothing else."""

import pytest

from games.rules import IllegalMove, apply_move, legal_moves, new_game, to_act

from .builders import moves_of, of_kind, state


def test_in_the_first_worker_phase_only_buying_a_worker_is_allowed():
    s = new_game({"players": 3}, 7)
    seat = to_act(s)[0]
    moves = legal_moves(s, seat)
    assert moves
    assert all(m.kind == "buy" for m in moves)
    for move in ({"kind": "take", "card": s.upper[0]}, {"kind": "pass"}):
        with pytest.raises(IllegalMove) as error:
            apply_move(s, seat, move)
        assert error.value.code == "must_buy_worker"


def test_after_the_first_worker_phase_every_player_has_two_workers():
    s = new_game({"players": 4}, 11)
    events = []
    while s.phase == "worker":
        seat = to_act(s)[0]
        s, new = apply_move(s, seat, legal_moves(s, seat)[0])
        events += new
    assert [len(p.area) for p in s.players] == [2, 2, 2, 2]
    assert not s.first_worker_phase
    passes = of_kind(events, "pass")
    assert len(passes) == 4
    assert all(p["forced"] for p in passes)


def test_a_player_with_two_workers_is_passed_for_automatically():
    s = new_game({"players": 2}, 3)
    first = to_act(s)[0]
    s, _ = apply_move(s, first, legal_moves(s, first)[0])
    second = to_act(s)[0]
    s, _ = apply_move(s, second, legal_moves(s, second)[0])
    s, events = apply_move(s, first, legal_moves(s, first)[0])
    assert to_act(s) == (second,)
    s, events = apply_move(s, second, legal_moves(s, second)[0])
    assert [e["seat"] for e in of_kind(events, "pass")] == [first, second]
    assert s.phase == "building"


def test_a_green_trading_card_does_not_count_as_buying_a_worker_in_the_first_phase():
    s = state(
        round=1,
        phase="worker",
        first_worker_phase=True,
        players=[{"area": ["lumberjack#0"]}, {}],
        board={"upper": ["carpenter_workshop#0", "gold_miner#0"]},
    )
    assert moves_of(s, 0) == [{"kind": "buy", "card": "gold_miner#0"}]
    with pytest.raises(IllegalMove) as error:
        apply_move(
            s, 0, {"kind": "buy", "card": "carpenter_workshop#0", "displace": "lumberjack#0"}
        )
    assert error.value.code == "must_buy_worker"


def _first_phase(area, money, *, upper=(), lower=()):
    return state(
        round=1,
        phase="worker",
        first_worker_phase=True,
        players=[{"area": list(area), "money": money}, {}],
        board={"upper": list(upper), "lower": list(lower)},
    )


PASS_MOVES = [
    {"kind": "pass"},
    {"kind": "pass", "until": "board_change"},
    {"kind": "pass", "until": "phase"},
]


def test_with_two_workers_he_only_passes_though_a_worker_is_affordable():
    s = _first_phase(["lumberjack#0", "lumberjack#1"], 25, upper=["gold_miner#0"])
    assert moves_of(s, 0) == PASS_MOVES


def test_who_cannot_afford_any_worker_passes_though_he_can_afford_another_card():
    # One worker, 3 rubles: the Gold Miner costs 4; the Pub (a building, 1) does not count.
    s = _first_phase(["lumberjack#0"], 3, upper=["gold_miner#0", "pub#0"])
    assert moves_of(s, 0) == PASS_MOVES
    _, events = apply_move(s, 0, {"kind": "pass"})
    assert of_kind(events, "pass")[0]["seat"] == 0


def test_a_worker_in_the_lower_row_costs_a_ruble_less_so_exactly_that_much_must_buy_it():
    s = _first_phase(["lumberjack#0"], 3, lower=["gold_miner#0"])
    assert moves_of(s, 0) == [{"kind": "buy", "card": "gold_miner#0"}]
    with pytest.raises(IllegalMove) as error:
        apply_move(s, 0, {"kind": "pass"})
    assert error.value.code == "must_buy_worker"
    s = _first_phase(["lumberjack#0"], 2, lower=["gold_miner#0"])
    assert moves_of(s, 0) == PASS_MOVES
