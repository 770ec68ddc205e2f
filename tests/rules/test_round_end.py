"""Rulebook "The trading card phase and the end of the round"."""

from .builders import of_kind, pass_all, state

WORKER_PILE = [f"lumberjack#{i}" for i in range(6)] + ["gold_miner#0", "gold_miner#1"]


def end_of_round(**extra):
    fields = {
        "phase": "trading",
        "players": 3,
        "markers": {"worker": 0, "building": 1, "aristocrat": 2, "trading": 0},
        "board": {"upper": ["market#0", "author#0", "bank#0"], "lower": ["market#1", "pope#0"]},
        "piles": {"worker": WORKER_PILE},
    }
    fields.update(extra)
    return pass_all(state(**fields))


def test_the_lower_row_is_discarded_and_the_upper_row_moves_down():
    s, _ = end_of_round()
    assert s.discard == ("market#1", "pope#0")
    assert s.lower == ("market#0", "author#0", "bank#0")


def test_workers_fill_the_upper_row_so_that_the_board_holds_eight_cards():
    s, events = end_of_round()
    assert s.upper == tuple(WORKER_PILE[:5])
    assert len(s.upper) + len(s.lower) == 8
    assert of_kind(events, "refill")[-1]["pile"] == "worker"


def test_start_markers_pass_one_seat_to_the_left():
    s, _ = end_of_round()
    assert s.markers == (1, 2, 0, 1)


def test_the_next_round_starts_with_the_new_worker_start_player():
    s, events = end_of_round()
    assert (s.round, s.phase, s.turn) == (3, "worker", 1)
    assert of_kind(events, "phase")[-1] == {
        "kind": "phase",
        "round": 3,
        "phase": "worker",
        "start_seat": 1,
    }
    assert of_kind(events, "round_end")[0]["round"] == 2


def test_in_a_solo_game_the_player_keeps_all_markers():
    s, _ = end_of_round(
        players=1, markers={"worker": 0, "building": 0, "aristocrat": 0, "trading": 0}
    )
    assert s.markers == (0, 0, 0, 0)
