"""Taking a card into the hand and playing it from there later (rulebook "Actions": take a
card into the hand, or place a card from the hand into the area, paying its price)."""

import pytest

from games.rules import IllegalMove, to_act

from .builders import play, state


def test_a_card_taken_from_the_upper_row_leaves_the_board_for_the_hand():
    s = state(board={"upper": ["author#0", "library#0"], "lower": ["market#0"]})
    s, events = play(s, 0, kind="take", card="author#0")
    assert events == [{"kind": "take", "seat": 0, "card": "author#0", "from": "upper"}]
    assert (s.upper, s.lower, s.players[0].hand) == (("library#0",), ("market#0",), ("author#0",))
    assert s.players[0].money == 25  # taking is free
    assert to_act(s) == (1,)


def test_a_card_taken_from_the_lower_row_leaves_the_lower_row():
    s = state(board={"upper": ["library#0"], "lower": ["market#0", "author#0"]})
    s, events = play(s, 0, kind="take", card="author#0")
    assert events == [{"kind": "take", "seat": 0, "card": "author#0", "from": "lower"}]
    assert (s.upper, s.lower) == (("library#0",), ("market#0",))


def test_a_card_played_from_the_hand_is_paid_and_the_phase_goes_on():
    s = state(players=[{"hand": ["market#0"], "money": 10}, {}], board={"upper": ["library#0"]})
    s, events = play(s, 0, kind="play", card="market#0")
    assert events == [
        {"kind": "play", "seat": 0, "card": "market#0", "price": 5, "displaced": None},
        {"kind": "ledger", "seat": 0, "source": "price", "rubles": -5, "points": 0},
    ]
    mine = s.players[0]
    assert (mine.hand, mine.area, mine.money) == ((), ("market#0",), 5)
    s, _ = play(s, 1, kind="pass")
    assert (s.phase, to_act(s)) == ("building", (0,))  # playing was no pass


def test_a_card_not_in_the_hand_cannot_be_played():
    s = state(players=[{"hand": ["market#0"]}, {}], board={"upper": ["library#0"]})
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="play", card="library#0")
    assert (error.value.code, error.value.message, error.value.params) == (
        "no_such_card",
        "That card is not in your hand.",
        {"reason": "not_in_hand"},
    )
