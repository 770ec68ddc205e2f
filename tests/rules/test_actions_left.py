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
