"""The bonus choices during play (expansions.md §2.11 "Choices during play", §3.10 M6-7,
M6-11, decision 4.34): the Bonus market and the Bonus card ask their player before play goes
on (decision `obstacle_bonus`), seats gaining in one scoring are asked in their walking order
from the phase's start player, a question with one answer is answered by the engine, a timeout
takes the points that are not lost and rubles for the rest, and the phase's end waits for the
answers (its follow-ups are asked after them)."""

import pytest

from games.rules import IllegalMove, default_move, legal_moves, to_act

from .builders import moves_of, obstacle_state, of_kind, pass_all, play

THREE_MARKETS = ["market#0", "market_apple_1#0", "market_fish_1#0"]  # grain, apple, fish


def m6_7_position(**player):
    """Score 7; the building scoring pays 3 points (Customs House 2, Market 1) to the Bonus
    market on 10; markers in grain, apple and fish."""
    me = {"points": 7, "money": 0, "area": ["customs_house#0", *THREE_MARKETS], **player}
    return obstacle_state({10: "bonus_market"}, phase="building", players=[me, {}])


def test_m6_7_the_bonus_market_reached_in_a_scoring_asks_how_many_markers_are_points():
    s, events = pass_all(m6_7_position())
    assert (s.step, to_act(s)) == ("obstacle_bonus", (0,))
    assert moves_of(s, 0) == [{"kind": "obstacle_bonus", "points": k} for k in range(4)]
    assert of_kind(events, "obstacle_passed")[0]["asked"] is True
    s, events = play(s, 0, kind="obstacle_bonus", points=2)
    assert (s.players[0].points, s.players[0].money) == (12, 1)
    assert of_kind(events, "obstacle_bonus") == [
        {"kind": "obstacle_bonus", "seat": 0, "space": 10, "obstacle": "bonus_market",
         "rubles": 1, "points": 2, "automatic": False},
    ]  # fmt: skip
    assert s.phase == "aristocrat"


def test_the_bonus_it_paid_is_kept_with_the_obstacle_passed():
    s, _ = pass_all(m6_7_position())
    assert s.players[0].records["obstacles"]["passed"][0]["pending"] is True
    s, _ = play(s, 0, kind="obstacle_bonus", points=3)
    [entry] = s.players[0].records["obstacles"]["passed"]
    assert dict(entry) == {"space": 10, "rubles": 0, "points": 3}


def test_m6_11_seats_gaining_in_one_scoring_walk_and_are_asked_from_the_start_player():
    markets = [THREE_MARKETS, ["market#1", "market_apple_1#1"], ["market#2"]]
    players = [
        {"points": 9, "area": ["customs_house#0", *markets[0]]},
        {"points": 9, "area": ["customs_house#1", *markets[1]]},
        {"points": 0, "area": markets[2]},
    ]
    s = obstacle_state(
        {10: "bonus_market"}, phase="building", players=players, markers={"building": 2}
    )
    s, events = pass_all(s)
    assert [e["seat"] for e in of_kind(events, "score")] == [2, 0, 1]
    assert [(d.kind, d.seat) for d in s.decisions] == [("obstacle_bonus", 0), ("obstacle_bonus", 1)]
    s, _ = play(s, 0, kind="obstacle_bonus", points=0)
    assert to_act(s) == (1,)
    assert moves_of(s, 1) == [{"kind": "obstacle_bonus", "points": k} for k in range(3)]


def test_the_follow_ups_of_a_scoring_are_asked_after_its_bonus_with_the_rubles_it_paid():
    """With 1 ruble the Pub could buy nothing; the Bonus market's 3 rubles let it."""
    s, _ = pass_all(m6_7_position(money=1, area=["customs_house#0", "pub#0", *THREE_MARKETS]))
    assert s.step == "obstacle_bonus"
    s, _ = play(s, 0, kind="obstacle_bonus", points=0)
    assert (s.step, to_act(s), s.players[0].money) == ("pub", (0,), 4)
    assert moves_of(s, 0)[-1] == {"kind": "pub", "points": 2}


def test_a_bonus_the_majorities_ask_is_answered_before_the_board_is_refilled():
    s = obstacle_state(
        {10: "bonus_market"},
        round=3,  # the value tile 3/1
        players=[{"points": 7, "area": THREE_MARKETS}, {}],
        piles={"building": ["library#0"]},
    )
    s, events = pass_all(s)
    assert (s.phase, s.step, to_act(s)) == ("market", "obstacle_bonus", (0,))
    assert of_kind(events, "refill") == []
    s, events = play(s, 0, kind="obstacle_bonus", points=3)
    assert of_kind(events, "refill")[0]["cards"] == ["library#0"]
    assert s.phase == "building"
    assert s.players[0].points == 7 + 3 * 3 + 3  # first in apple, grain, fish; 3 bonus points


def test_the_bonus_card_offers_each_cards_rubles_or_points():
    s = obstacle_state(
        {10: "bonus_card"},
        phase="building",
        players=[{"points": 8, "area": ["customs_house#0", "weaving_mill#0"]}, {}],
    )
    s, _ = pass_all(s)
    assert moves_of(s, 0) == [
        {"kind": "obstacle_bonus", "card": "customs_house#0", "gain": "points"},
        {"kind": "obstacle_bonus", "card": "weaving_mill#0", "gain": "rubles"},
    ]
    money = s.players[0].money
    s, events = play(s, 0, kind="obstacle_bonus", card="weaving_mill#0", gain="rubles")
    assert (s.players[0].points, s.players[0].money) == (10, money + 6)
    assert of_kind(events, "obstacle_bonus")[0]["card"] == "weaving_mill#0"


def test_a_question_with_one_answer_is_answered_without_asking():
    s = obstacle_state(
        {10: "bonus_card"},
        phase="building",
        players=[{"points": 8, "area": ["customs_house#0"]}, {}],
    )
    s, events = pass_all(s)
    assert s.phase == "aristocrat"
    assert s.players[0].points == 12  # 8 + 2, then the Customs House's 2 points
    [chosen] = of_kind(events, "obstacle_bonus")
    assert (chosen["card"], chosen["gain"], chosen["automatic"]) == (
        "customs_house#0",
        "points",
        True,
    )


def test_a_timeout_takes_the_points_that_are_not_lost_and_rubles_for_the_rest():
    free = pass_all(m6_7_position())[0]
    assert default_move(free, 0).to_dict() == {"kind": "obstacle_bonus", "points": 3}
    track = {10: "bonus_market", 11: "real_aristocrats"}  # a test layout: 1 red card on 11
    held = obstacle_state(
        track,
        phase="building",
        players=[{"points": 7, "money": 0, "area": ["customs_house#0", *THREE_MARKETS]}, {}],
    )
    held = pass_all(held)[0]
    assert default_move(held, 0).to_dict() == {"kind": "obstacle_bonus", "points": 1}


def test_an_answer_the_obstacle_does_not_offer_is_refused():
    s, _ = pass_all(m6_7_position())
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="obstacle_bonus", points=4)
    assert error.value.code == "bonus_not_offered"
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="obstacle_bonus", card="customs_house#0", gain="points")
    assert error.value.code == "bonus_not_offered"


def test_nothing_else_is_possible_while_the_bonus_is_asked():
    s, _ = pass_all(m6_7_position())
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="pass")
    assert (error.value.code, error.value.params) == ("not_now", {"decision": "obstacle_bonus"})
    assert legal_moves(s, 1) == []


def test_a_bonus_answer_without_a_question_is_refused():
    s = m6_7_position()
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="obstacle_bonus", points=1)
    assert (error.value.code, error.value.params) == ("not_now", {"move": "obstacle_bonus"})


def test_the_points_of_a_bonus_chosen_walk_on_and_a_bonus_card_they_reach_is_asked_too():
    """Score 7: the building scoring's 3 points end on the Bonus market on 10; its 3 markers
    taken as points reach the Bonus card on 12, which asks in turn (only the final scoring
    chooses for him)."""
    me = {"points": 7, "money": 0, "area": ["customs_house#0", *THREE_MARKETS]}
    s = obstacle_state({10: "bonus_market", 12: "bonus_card"}, phase="building", players=[me, {}])
    s, _ = pass_all(s)
    s, events = play(s, 0, kind="obstacle_bonus", points=3)
    assert events == [
        {"kind": "obstacle_bonus", "seat": 0, "space": 10, "obstacle": "bonus_market",
         "rubles": 0, "points": 3, "automatic": False},
        {"kind": "ledger", "seat": 0, "source": "obstacles:bonus_market", "rubles": 0,
         "points": 3},
        {"kind": "obstacle_passed", "seat": 0, "space": 12, "obstacle": "bonus_card",
         "real": False, "rubles": 0, "points": 0, "asked": True},
    ]  # fmt: skip
    assert (s.step, to_act(s), s.players[0].points) == ("obstacle_bonus", (0,), 13)
    assert moves_of(s, 0) == [
        {"kind": "obstacle_bonus", "card": "customs_house#0", "gain": "points"},
        {"kind": "obstacle_bonus", "card": "market#0", "gain": "points"},
        {"kind": "obstacle_bonus", "card": "market_apple_1#0", "gain": "rubles"},
        {"kind": "obstacle_bonus", "card": "market_fish_1#0", "gain": "rubles"},
    ]


def test_a_bonus_taken_as_rubles_while_held_on_a_real_obstacle_is_not_blocked_again():
    """Score 8: the building scoring's 3 points pass the Bonus market on 10 and stop on the
    Real aristocrats on 11 (no red card). Its markers taken as rubles gain no point: they are
    paid, and no second `obstacle_blocked` is told."""
    me = {"points": 8, "money": 0, "area": ["customs_house#0", *THREE_MARKETS]}
    s = obstacle_state(
        {10: "bonus_market", 11: "real_aristocrats"}, phase="building", players=[me, {}]
    )
    s, events = pass_all(s)
    assert len(of_kind(events, "obstacle_blocked")) == 1
    s, events = play(s, 0, kind="obstacle_bonus", points=0)
    assert events == [
        {"kind": "obstacle_bonus", "seat": 0, "space": 10, "obstacle": "bonus_market",
         "rubles": 3, "points": 0, "automatic": False},
        {"kind": "ledger", "seat": 0, "source": "obstacles:bonus_market", "rubles": 3,
         "points": 0},
        {"kind": "refill", "pile": "aristocrat", "cards": []},
        {"kind": "phase", "round": 2, "phase": "aristocrat", "start_seat": 1},
    ]  # fmt: skip
    assert (s.players[0].points, s.players[0].money) == (11, 3)
