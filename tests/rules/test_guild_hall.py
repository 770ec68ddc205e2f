"""Guild Hall (expansions.md §2.1, 3.1 NS-9): 4 at building scoring, split between rubles and
points as set in advance during the building phase (a free move); 4 points until a split is
set, the last split kept until changed."""

import pytest

from games.rules import IllegalMove, legal_moves, to_act
from games.rules.marks import Mark

from .builders import of_kind, pass_all, play, state

NS1 = {"edition": "1st", "new_society": "full"}
BOARD = {"upper": ["library#0"]}


def building(plans=None, options=NS1, **extra):
    player = {"area": ["guild_hall#0"], "money": 10, "plans": plans or {}}
    return state(options=options, board=BOARD, players=[player, {}], **extra)


def building_income(s):
    s, events = pass_all(s)
    score = next(e for e in of_kind(events, "score") if e["seat"] == 0)
    return score["money_gain"], score["points_gain"]


def test_a_guild_hall_never_set_pays_4_points():
    assert building_income(building()) == (0, 4)


def test_a_split_set_in_the_building_phase_is_paid_and_the_turn_goes_on():
    s, events = play(building(), 0, kind="guild_hall_plan", points=1)
    assert to_act(s) == (0,)
    assert of_kind(events, "guild_hall_plan") == [
        {"kind": "guild_hall_plan", "seat": 0, "points": 1, "rubles": 3}
    ]
    assert building_income(s) == (3, 1)


def test_the_last_split_is_kept_for_the_next_rounds():
    s, _ = play(building(), 0, kind="guild_hall_plan", points=1)
    s, _ = pass_all(s)
    assert s.players[0].plans["guild_hall"] == 1
    later = building(plans={"guild_hall": 1}, round=3)
    assert building_income(later) == (3, 1)


def test_the_split_is_offered_in_the_building_phase_only():
    s = building()
    assert [m.points for m in legal_moves(s, 0) if m.kind == "guild_hall_plan"] == [0, 1, 2, 3, 4]
    aristocrat = building(phase="aristocrat")
    assert not [m for m in legal_moves(aristocrat, 0) if m.kind == "guild_hall_plan"]
    with pytest.raises(IllegalMove) as error:
        play(aristocrat, 0, kind="guild_hall_plan", points=2)
    assert error.value.code == "not_now"


def test_the_split_cannot_exceed_4_or_be_set_without_a_guild_hall():
    with pytest.raises(IllegalMove) as error:
        play(building(), 0, kind="guild_hall_plan", points=5)
    assert error.value.code == "too_many_points"
    with pytest.raises(IllegalMove) as error:
        play(building(turn=1), 1, kind="guild_hall_plan", points=2)
    assert error.value.code == "no_such_card"


@pytest.mark.parametrize(("points", "income"), [(None, (0, 0)), (4, (0, 0)), (0, (4, 0))])
def test_m2_5_a_guild_hall_under_a_money_collector_chip_pays_its_rubles_but_never_points(
    points, income
):
    """2nd edition with Module 1 (the Money Collector needs the Market) and In Good Company:
    preset 4 points (or none set) scores nothing, the points are lost; 4 rubles are paid."""
    options = {"edition": "2nd", "banquet": True, "market": True, "in_good_company": True}
    plans = {} if points is None else {"guild_hall": points}
    s = building(plans, options=options, markers={"market": 0})
    chipped = s.players[0].evolve(marks=(Mark("guild_hall#0", "collected", "never"),))
    assert building_income(s.with_player(0, chipped)) == income
