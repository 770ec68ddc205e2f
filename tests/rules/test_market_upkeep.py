"""Upkeep of the orange market cards (expansions.md §2.7 "Orange special cards", §3.6 MK-3, MK-5,
MK-11, decision 4.38): at every market scoring, after the yellow cards' rubles and before the
majorities, each orange card costs the value tile's first number or is given up; one decision per
card, seats from the sack's holder; a seat that cannot pay gives it up without being asked."""

import pytest

from games.rules import IllegalMove, default_move, to_act
from games.rules.modules.market import positions

from .builders import kinds, market_state, moves_of, of_kind, pass_all, play

FISH_CRATE = "market_fish_crate#0"


def at_upkeep(**fields):
    """Pass the market phase's actions: the state waits for the first upkeep decision."""
    s, events = pass_all(market_state(**fields))
    assert s.step == "upkeep"
    return s, events


def scoring_of(events, good):
    return next(e for e in of_kind(events, "market_score") if e["good"] == good)


def test_mk3_a_crate_bought_in_the_market_phase_costs_1_and_brings_4_fish():
    s = market_state(board={"upper": [FISH_CRATE, "author#0"]})
    s, events = play(s, 0, kind="buy", card=FISH_CRATE)
    assert of_kind(events, "buy")[0]["price"] == 1
    assert s.players[0].money == 24


def test_mk3_a_crate_bought_at_the_market_is_given_up_at_that_same_scoring():
    """MK-3 as one round: bought in the market phase (1 ruble, fish +4 at once); at the
    scoring the yellow card pays first, then upkeep 2 is asked; given up, its fish leave
    before the majorities and it lies on the discard pile."""
    s = market_state(
        board={"upper": [FISH_CRATE, "author#0"]},
        players=[{"area": ["market_grain_1#0"]}, {"area": ["market_fish_3#0"]}],
    )
    assert (s.round, s.phase) == (2, "market")

    s, events = play(s, 0, kind="buy", card=FISH_CRATE)
    assert of_kind(events, "buy")[0]["price"] == 1
    assert s.players[0].money == 24
    assert positions(s, 0)["fish"] == 4  # before anything else happens

    s, events = pass_all(s)  # seat 1 and seat 0 pass: the market scoring
    assert [(e["seat"], e["money_gain"]) for e in of_kind(events, "score")] == [(0, 2), (1, 0)]
    assert "market_score" not in kinds(events)
    assert (s.step, to_act(s), s.players[0].money) == ("upkeep", (0,), 26)
    assert (s.decisions[0].data["card"], s.decisions[0].data["price"]) == (FISH_CRATE, 2)

    s, events = play(s, 0, kind="upkeep", keep=False)
    assert kinds(events).index("upkeep") < kinds(events).index("market_score")
    fish = scoring_of(events, "fish")
    assert (fish["positions"], fish["first"], fish["second"]) == ([0, 3], [1], [])
    assert s.players[0].area == ("market_grain_1#0",)
    assert s.discard[-1] == FISH_CRATE
    assert s.players[0].money == 26
    assert s.phase == "building"


def test_mk3_the_upkeep_is_asked_after_the_yellow_income_and_before_the_majorities():
    s, events = at_upkeep(players=[{"area": [FISH_CRATE, "market_fish_1#0"]}, {}])
    assert "score" in kinds(events)
    assert "market_score" not in kinds(events)
    assert s.decisions[0].data["card"] == FISH_CRATE
    assert s.decisions[0].data["price"] == 2  # round 2: tile 2/1
    assert moves_of(s, 0) == [{"kind": "upkeep", "keep": True}, {"kind": "upkeep", "keep": False}]


def test_mk3_paying_the_upkeep_keeps_the_four_fish_for_the_majorities():
    s, _ = at_upkeep(players=[{"area": [FISH_CRATE], "money": 10}, {"area": ["market_fish_3#0"]}])
    s, events = play(s, 0, kind="upkeep", keep=True)
    assert s.players[0].money == 8
    assert scoring_of(events, "fish")["first"] == [0]
    assert s.players[0].points == 2


def test_a_paid_upkeep_is_told_with_its_card_and_price_and_booked_as_upkeep():
    s, _ = at_upkeep(players=[{"area": [FISH_CRATE], "money": 10}, {}])
    s, events = play(s, 0, kind="upkeep", keep=True)
    start = kinds(events).index("upkeep")
    assert events[start : start + 2] == [
        {"kind": "upkeep", "seat": 0, "card": FISH_CRATE, "price": 2, "kept": True,
         "automatic": False},
        {"kind": "ledger", "seat": 0, "source": "upkeep", "rubles": -2, "points": 0},
    ]  # fmt: skip


def test_mk3_a_crate_given_up_goes_to_the_discard_pile_and_its_fish_leave_before_the_majorities():
    s, _ = at_upkeep(players=[{"area": [FISH_CRATE], "money": 10}, {"area": ["market_fish_3#0"]}])
    s, events = play(s, 0, kind="upkeep", keep=False)
    assert s.players[0].area == ()
    assert s.discard[-1] == FISH_CRATE
    assert s.players[0].money == 10
    fish = scoring_of(events, "fish")
    assert (fish["positions"], fish["first"]) == ([0, 3], [1])


def test_mk5_the_holder_of_the_sack_decides_first_then_clockwise():
    s, _ = at_upkeep(
        markers={"market": 2},
        players=[{"area": ["market_grain_crate#0"]}, {}, {"area": [FISH_CRATE]}],
    )
    assert to_act(s) == (2,)
    s, _ = play(s, 2, kind="upkeep", keep=True)
    assert to_act(s) == (0,)
    assert s.decisions[0].data["card"] == "market_grain_crate#0"


@pytest.mark.parametrize("until", ["phase", "board_change"])
def test_a_standing_pass_does_not_answer_the_upkeep(until):
    """§2.7 engine note: the upkeep is never decided for a player by a standing pass (unlike
    the Pick Pocket's question, which a standing pass declines)."""
    s = market_state(players=[{"area": [FISH_CRATE], "money": 10}, {}])
    s, _ = play(s, 0, kind="pass", until=until)
    assert s.players[0].standing == until
    s, events = play(s, 1, kind="pass")

    assert (s.step, to_act(s)) == ("upkeep", (0,))
    assert of_kind(events, "upkeep") == []
    assert moves_of(s, 0) == [{"kind": "upkeep", "keep": True}, {"kind": "upkeep", "keep": False}]
    s, _ = play(s, 0, kind="upkeep", keep=True)
    assert s.players[0].area == (FISH_CRATE,)
    assert s.players[0].money == 8


def test_each_crate_is_its_own_decision_in_area_order():
    s, _ = at_upkeep(players=[{"area": [FISH_CRATE, "market_apple_crate#0"], "money": 10}, {}])
    s, _ = play(s, 0, kind="upkeep", keep=False)
    assert (to_act(s), s.decisions[0].data["card"]) == ((0,), "market_apple_crate#0")
    s, _ = play(s, 0, kind="upkeep", keep=True)
    assert s.players[0].area == ("market_apple_crate#0",)
    assert s.players[0].money == 8


def test_upkeep_refused_by_lack_of_money_gives_the_crate_up_without_asking():
    s, events = pass_all(market_state(players=[{"area": [FISH_CRATE], "money": 1}, {}], round=4))
    upkeep = of_kind(events, "upkeep")
    assert upkeep == [
        {
            "kind": "upkeep",
            "seat": 0,
            "card": FISH_CRATE,
            "price": 4,
            "kept": False,
            "automatic": True,
        }
    ]
    assert s.phase == "building"
    assert s.players[0].money == 1


def test_after_a_crate_given_up_without_asking_the_next_seat_is_still_asked():
    """Decision 4.38 and MK-5: the sack's holder cannot pay (1 ruble, upkeep 4) and gives his
    crate up unasked; the queue goes on - the next seat, who can pay, decides his own."""
    s, events = pass_all(
        market_state(
            round=4,
            players=[
                {"area": [FISH_CRATE], "money": 1},
                {"area": ["market_apple_crate#0"], "money": 10},
            ],
        )
    )
    assert [(e["seat"], e["kept"], e["automatic"]) for e in of_kind(events, "upkeep")] == [
        (0, False, True)
    ]
    assert (s.step, to_act(s)) == ("upkeep", (1,))
    assert s.decisions[0].data["card"] == "market_apple_crate#0"
    s, _ = play(s, 1, kind="upkeep", keep=True)
    assert s.players[1].money == 6
    assert s.players[1].area == ("market_apple_crate#0",)
    assert s.phase == "building"


def test_money_for_one_of_two_crates_lets_the_player_choose_which_and_gives_up_the_other():
    s, _ = at_upkeep(players=[{"area": [FISH_CRATE, "market_apple_crate#0"], "money": 2}, {}])
    s, events = play(s, 0, kind="upkeep", keep=True)
    assert [e["kept"] for e in of_kind(events, "upkeep")] == [True, False]
    assert s.players[0].area == (FISH_CRATE,)
    assert s.players[0].money == 0


def test_keeping_a_crate_one_cannot_pay_for_is_refused():
    s = market_state(
        round=6,
        step="upkeep",
        decisions=[
            {"kind": "upkeep", "seat": 0, "data": {"card": FISH_CRATE, "price": 6, "rest": []}}
        ],
        players=[{"area": [FISH_CRATE], "money": 3}, {}],
    )
    assert moves_of(s, 0) == [{"kind": "upkeep", "keep": False}]
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="upkeep", keep=True)
    assert (error.value.code, error.value.params) == (
        "cannot_afford",
        {"reason": "upkeep", "price": 6, "money": 3},
    )


def test_an_upkeep_asked_for_a_card_no_longer_in_the_area_is_refused():
    """Only a written state gets there: in play the decision names a card of the area."""
    s = market_state(
        step="upkeep",
        decisions=[
            {"kind": "upkeep", "seat": 0, "data": {"card": FISH_CRATE, "price": 2, "rest": []}}
        ],
        players=[{"money": 10}, {}],
    )
    for keep in (True, False):
        with pytest.raises(IllegalMove) as error:
            play(s, 0, kind="upkeep", keep=keep)
        assert (error.value.code, error.value.params) == ("no_such_card", {"reason": "not_in_area"})


def test_mk11_round_7_the_upkeep_is_still_6():
    s, _ = at_upkeep(players=[{"area": [FISH_CRATE], "money": 6}, {}], round=7)
    assert s.decisions[0].data["price"] == 6
    s, _ = play(s, 0, kind="upkeep", keep=True)
    assert s.players[0].money == 0


def test_a_crate_in_the_hand_costs_no_upkeep():
    s, events = pass_all(market_state(players=[{"hand": [FISH_CRATE]}, {}]))
    assert s.phase == "building"
    assert of_kind(events, "upkeep") == []


def test_while_upkeep_is_pending_nothing_else_may_be_done():
    s, _ = at_upkeep(players=[{"area": [FISH_CRATE]}, {}])
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="pass")
    assert error.value.code == "not_now"


def test_a_timeout_gives_the_crate_up():
    s, _ = at_upkeep(players=[{"area": [FISH_CRATE]}, {}])
    assert default_move(s, 0).to_dict() == {"kind": "upkeep", "keep": False}


def test_an_upkeep_plan_to_keep_pays_for_every_crate_it_can_then_is_cleared():
    s = market_state(players=[{"area": [FISH_CRATE, "market_apple_crate#0"], "money": 3}, {}])
    s, events = play(s, 0, kind="upkeep_plan", keep=True)
    assert to_act(s) == (0,)  # a plan is no action
    assert of_kind(events, "upkeep_plan") == [{"kind": "upkeep_plan", "seat": 0, "keep": True}]
    s, events = pass_all(s)
    assert s.phase == "building"
    assert [(e["kept"], e["automatic"]) for e in of_kind(events, "upkeep")] == [
        (True, True),
        (False, True),
    ]
    assert "upkeep" not in s.players[0].plans


def test_an_upkeep_plan_to_give_up_gives_every_crate_up():
    s = market_state(players=[{"area": [FISH_CRATE], "money": 30}, {}])
    s, _ = play(s, 0, kind="upkeep_plan", keep=False)
    s, events = pass_all(s)
    assert [e["kept"] for e in of_kind(events, "upkeep")] == [False]
    assert s.players[0].money == 30


def test_an_upkeep_plan_without_keep_clears_it():
    s = market_state(players=[{"area": [FISH_CRATE]}, {}])
    s, _ = play(s, 0, kind="upkeep_plan", keep=True)
    s, _ = play(s, 0, kind="upkeep_plan")
    assert "upkeep" not in s.players[0].plans


def test_an_upkeep_plan_is_made_in_the_market_phase_only():
    s = market_state(phase="building", players=[{"area": [FISH_CRATE]}, {}])
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="upkeep_plan", keep=True)
    assert error.value.code == "not_now"
    assert {"kind": "upkeep_plan", "keep": True} not in moves_of(s, 0)


def test_upkeep_plans_are_offered_to_crate_owners_in_the_market_phase():
    s = market_state(players=[{"area": [FISH_CRATE]}, {}])
    assert [m for m in moves_of(s, 0) if m["kind"] == "upkeep_plan"] == [
        {"kind": "upkeep_plan", "keep": True},
        {"kind": "upkeep_plan", "keep": False},
        {"kind": "upkeep_plan"},
    ]
    assert {"kind": "upkeep_plan", "keep": True} not in moves_of(s.evolve(turn=1), 1)


def test_an_upkeep_plan_needs_an_orange_card():
    s = market_state(players=[{"area": ["market_fish_1#0"]}, {}])
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="upkeep_plan", keep=True)
    assert error.value.code == "no_orange_card"


def test_an_orange_card_from_the_lower_row_still_costs_1():
    """§2.7 "the usual reductions cannot bring it under 1": the lower row's ruble is lost."""
    s = market_state(board={"upper": ["author#0"], "lower": [FISH_CRATE]})
    s, events = play(s, 0, kind="buy", card=FISH_CRATE)
    assert of_kind(events, "buy")[0]["price"] == 1
    assert s.players[0].money == 24


def test_an_orange_card_through_the_money_collector_costs_nothing():
    """§2.7 and decision 4.15: half of the reduced price 1, rounded down, is 0."""
    s = market_state(
        options={"banquet": True},
        players=[{"hand": ["money_collector#0"]}, {}],
        board={"upper": [FISH_CRATE, "author#0"]},
    )
    s, events = play(s, 0, kind="special", card="money_collector#0", target=FISH_CRATE)
    assert of_kind(events, "collect")[0]["price"] == 0
    assert s.players[0].money == 25
    assert s.players[0].area == (FISH_CRATE,)
