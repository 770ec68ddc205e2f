"""A turn may grant more than one action (`actions_left`, for the Double Turn to come): the same
seat acts again until its actions are used up."""

from games.rules import to_act

from .builders import play, state


def test_a_seat_with_two_actions_left_acts_twice_before_the_turn_moves_on():
    s = state(actions_left=2, board={"upper": ["author#0", "author#1", "library#0"]})
    s, _ = play(s, 0, kind="take", card="author#0")
    assert (to_act(s), s.actions_left) == ((0,), 1)
    s, _ = play(s, 0, kind="take", card="author#1")
    assert (to_act(s), s.actions_left) == ((1,), 1)


def test_a_double_turn_passed_for_with_nothing_left_to_do_hands_the_next_seat_one_action():
    """The Double Turn's holder, with an empty hand and board, is passed for while his two extra
    actions are open: the turn moves on with one action, so the next seat acts once and the
    holder is passed for again before that seat's next action."""
    s = state(
        options={"edition": "1st", "banquet": True},
        players=[{"hand": ["double_turn#0"]}, {"hand": ["library#0", "library#1"], "money": 40}],
    )
    s, events = play(s, 0, kind="special", card="double_turn#0")
    assert events == [
        {"kind": "special", "seat": 0, "card": "double_turn#0", "target": None, "actions": 2},
        {"kind": "pass", "seat": 0, "until": None, "automatic": False, "forced": True},
    ]
    assert (to_act(s), s.actions_left, s.players[0].records) == ((1,), 1, {})
    s, events = play(s, 1, kind="play", card="library#0")
    assert events == [
        {"kind": "play", "seat": 1, "card": "library#0", "price": 17, "displaced": None},
        {"kind": "ledger", "seat": 1, "source": "price", "rubles": -17, "points": 0},
        {"kind": "pass", "seat": 0, "until": None, "automatic": False, "forced": True},
    ]
    assert (to_act(s), s.actions_left) == ((1,), 1)
