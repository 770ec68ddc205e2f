"""Standing passes (yucata "Hints for handling": Pass until board changes, Pass phase) and
automatic passes for seats that can only pass."""

from games.rules import to_act

from .builders import of_kind, play, state

BOARD = {"upper": ["author#0", "author#1", "author#2", "author#3"]}


def test_pass_phase_keeps_passing_for_the_seat_until_the_next_phase():
    s = state(players=3, board=BOARD)
    s, _ = play(s, 0, kind="pass", until="phase")
    s, _ = play(s, 1, kind="take", card="author#0")
    s, events = play(s, 2, kind="take", card="author#1")
    assert of_kind(events, "pass") == [
        {"kind": "pass", "seat": 0, "until": "phase", "automatic": True, "forced": False}
    ]
    assert to_act(s) == (1,)


def test_pass_phase_ends_with_the_phase():
    s = state(players=2, board=BOARD)
    s, _ = play(s, 0, kind="pass", until="phase")
    s, _ = play(s, 1, kind="pass")
    assert s.phase == "aristocrat"
    assert s.players[0].standing is None
    assert to_act(s) == (0,)


def test_pass_until_board_change_holds_while_nobody_takes_a_card():
    s = state(players=3, board=BOARD)
    s, _ = play(s, 0, kind="pass", until="board_change")
    s, _ = play(s, 1, kind="pass")
    assert s.phase == "building"
    s, _ = play(s, 2, kind="pass")
    assert s.phase == "aristocrat"  # seat 0's standing pass made the third pass


def test_pass_until_board_change_ends_when_another_player_takes_a_card():
    s = state(players=2, board=BOARD)
    s, _ = play(s, 0, kind="pass", until="board_change")
    s, _ = play(s, 1, kind="take", card="author#0")
    assert to_act(s) == (0,)
    assert s.players[0].standing is None


def test_a_seat_that_can_only_pass_is_passed_for_and_the_event_says_forced():
    s = state(players=[{}, {"money": 0, "hand": ["market#0", "market#1", "market#2"]}], board=BOARD)
    s, events = play(s, 0, kind="take", card="author#0")
    assert to_act(s) == (0,)
    assert of_kind(events, "pass") == [
        {"kind": "pass", "seat": 1, "until": None, "automatic": False, "forced": True}
    ]


def test_a_pending_pub_decision_is_never_passed_for():
    s = state(players=[{"area": ["pub#0"]}, {}], board=BOARD)
    s, _ = play(s, 0, kind="pass", until="phase")
    s, _ = play(s, 1, kind="pass")
    assert s.step == "pub" and to_act(s) == (0,)
