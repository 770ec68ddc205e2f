"""Trading House (expansions.md §2.1, 3.5 M2-6, 4.14; README-2): right after the building
scoring, in the Pub's queue and before the Pub, an owner with 3 rubles may pay them for 2
points; a plan made during the building phase answers in advance and is then cleared."""

import pytest

from games.rules import IllegalMove, default_move, legal_moves, to_act

from .builders import of_kind, pass_all, play, state

IGC = {"edition": "2nd", "in_good_company": True}
BOARD = {"upper": ["author#0"]}


def owner(money, plans=None, area=("trading_house#0",)):
    player = {"area": list(area), "money": money, "plans": plans or {}}
    return state(options=IGC, board=BOARD, players=[player, {}])


def test_after_the_building_scoring_the_owner_is_asked_and_may_buy_2_points_for_3_rubles():
    s, events = pass_all(owner(10))
    assert (s.step, to_act(s)) == ("trading_house", (0,))
    assert of_kind(events, "score")
    assert [m.to_dict() for m in legal_moves(s, 0)] == [
        {"kind": "trading_house", "use": True},
        {"kind": "trading_house", "use": False},
    ]
    s, events = play(s, 0, kind="trading_house", use=True)
    assert (s.players[0].money, s.players[0].points) == (7, 2)
    assert of_kind(events, "ledger")[0] == {
        "kind": "ledger", "seat": 0, "source": "trading_house", "rubles": -3, "points": 2,
    }  # fmt: skip
    assert s.phase == "aristocrat"


def test_an_owner_with_fewer_than_3_rubles_is_not_asked():
    s, _ = pass_all(owner(2))
    assert s.phase == "aristocrat"


def test_a_timeout_declines():
    s, _ = pass_all(owner(10))
    assert default_move(s, 0).to_dict() == {"kind": "trading_house", "use": False}


def test_a_plan_with_exactly_3_rubles_is_carried_out_and_cleared():
    s = owner(3, area=("trading_house#0", "library#1"))  # the library pays points only
    s, _ = play(s, 0, kind="trading_house_plan", use=True)
    assert to_act(s) == (0,)
    s, events = pass_all(s)
    assert of_kind(events, "trading_house")[0]["automatic"] is True
    library = s.rules.cards["library#1"].points
    assert (s.players[0].money, s.players[0].points) == (0, library + 2)
    assert "trading_house" not in s.players[0].plans


def test_the_owner_of_a_pub_decides_the_trading_house_first():
    s, _ = pass_all(owner(20, area=("trading_house#0", "pub#0")))
    assert s.step == "trading_house"
    s, _ = play(s, 0, kind="trading_house", use=False)
    assert s.step == "pub"


def test_the_trading_house_cannot_be_answered_during_the_actions():
    with pytest.raises(IllegalMove) as error:
        play(owner(10), 0, kind="trading_house", use=True)
    assert error.value.code == "not_now"


def test_a_plan_needs_a_trading_house_and_the_building_phase():
    with pytest.raises(IllegalMove) as error:
        play(owner(10, area=()), 0, kind="trading_house_plan", use=True)
    assert error.value.code == "no_such_card"
    s = owner(10).evolve(phase="aristocrat")
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="trading_house_plan", use=True)
    assert error.value.code == "not_now"


def test_each_answer_and_plan_of_the_trading_house_is_told_in_full():
    s, _ = pass_all(owner(10))
    _, events = play(s, 0, kind="trading_house", use=True)
    assert of_kind(events, "trading_house") == [
        {"kind": "trading_house", "seat": 0, "used": True, "price": 3, "points": 2,
         "automatic": False},
    ]  # fmt: skip
    _, events = play(s, 0, kind="trading_house", use=False)
    assert of_kind(events, "trading_house") == [
        {"kind": "trading_house", "seat": 0, "used": False, "automatic": False}
    ]
    _, events = play(owner(10), 0, kind="trading_house_plan", use=True)
    assert of_kind(events, "trading_house_plan") == [
        {"kind": "trading_house_plan", "seat": 0, "use": True}
    ]
