"""The final scoring under the obstacles (expansions.md §1.6, §2.12, §3.10 M6-5, M6-6, M6-9,
M6-10, §3.11 X-1, decision 4.36): each step for every player before the next, every gain walks
the track with its choices made for the player (points where they are not lost, rubles
otherwise), money is converted one point at a time up to a block, the rows show the parts as
credited and where a player is held; ties go to the rubles left after the money step."""

import dataclasses

from games.rules import final_scores, register_final_step
from games.rules.ledger import entries
from games.rules.scoring import final_scoring, score_sheet

from .builders import obstacle_state as position
from .builders import of_kind, passed

ARISTOCRATS = ["author#0", "administrator#0", "warehouse_manager#0", "secretary#0"]
FIVE_RED = [*ARISTOCRATS, "controller#0"]
FOUR_BLUE = ["customs_house#0", "firehouse#0", "hospital#0", "library#0"]


def obstacle_state(track, **fields):
    """A position at the end of the game's last phase (the board holds no card in play)."""
    return position(track, board={"upper": ["lumberjack#5"]}, **fields)


def row_of(s, seat=0):
    return final_scores(s)[seat]


def test_m6_10_money_is_converted_point_by_point_and_a_bonus_on_the_way_converts_more():
    s = obstacle_state(
        {70: "bonus_buildings"}, players=[{"points": 68, "money": 35, "area": FOUR_BLUE}, {}]
    )
    row = row_of(s)
    assert row["points"]["money"] == 3  # 68 -> 70 (+4 rubles: 19 left) -> 71
    assert row["money_left"] == 9
    assert row["total"] == 71


def test_4_36_a_held_player_converts_nothing_and_keeps_his_rubles():
    s = obstacle_state({20: "real_buildings"}, players=[{"points": 20, "money": 35}, {}])
    row = row_of(s)
    assert (row["points"]["money"], row["money_left"], row["blocked_at"]) == (0, 35, 20)


def test_4_36_money_is_converted_up_to_the_block_and_no_further():
    s = obstacle_state({20: "real_buildings"}, players=[{"points": 18, "money": 35}, {}])
    row = row_of(s)
    assert (row["points"]["money"], row["money_left"], row["blocked_at"]) == (2, 15, 20)
    events = entries(final_scoring(s).events)
    money = [e for e in events if e["source"] == "final:money" and e["seat"] == 0]
    assert [(e["seat"], e["rubles"], e["points"]) for e in money] == [(0, -10, 1), (0, -10, 1)]


def test_m6_5_the_bonus_card_takes_the_points_when_they_are_not_lost():
    s = obstacle_state(
        {10: "bonus_card"},
        players=[
            {"points": 9, "money": 0, "area": ["author#0", "library#0", "weaving_mill#0"]},
            {},
        ],
    )
    row = row_of(s)
    assert row["points"]["obstacles"] == 5  # the Library's points, not the Weaving Mill's 6 rubles
    assert row["total"] == 9 + 1 + 5


def test_m6_5_the_bonus_card_takes_rubles_when_its_points_would_be_lost():
    """The aristocrats' 15 points pass the Bonus card on 10 and stop on the Real workers on
    20: the bonus's points would be lost, so the Weaving Mill's 6 rubles are taken."""
    s = obstacle_state(
        {10: "bonus_card", 20: "real_workers"},
        players=[
            {"points": 5, "money": 0, "area": [*FIVE_RED, "library#0", "weaving_mill#0"]},
            {},
        ],
    )
    scored = final_scoring(s)
    [bonus] = of_kind(scored.events, "obstacle_passed")
    assert (bonus["card"], bonus["gain"], bonus["rubles"], bonus["automatic"]) == (
        "weaving_mill#0",
        "rubles",
        6,
        True,
    )
    row = row_of(s)
    assert (row["total"], row["money_left"], row["blocked_at"]) == (20, 6, 20)
    assert row["points"]["aristocrats"] == 15  # 5 -> 20: credited, it just ends there


def test_the_bonus_market_at_the_final_scoring_takes_as_many_points_as_are_not_lost():
    s = obstacle_state(
        {10: "bonus_market", 12: "real_workers"},
        players=[
            {"points": 9, "money": 0, "area": ["author#0", "market#0", "market_fish_1#0"]},
            {},
        ],
    )
    [bonus] = of_kind(final_scoring(s).events, "obstacle_passed")[:1]
    assert (bonus["points"], bonus["rubles"]) == (2, 0)
    s = obstacle_state(
        {10: "bonus_market", 11: "real_workers"},
        players=[
            {"points": 9, "money": 0, "area": ["author#0", "market#0", "market_fish_1#0"]},
            {},
        ],
    )
    [bonus] = of_kind(final_scoring(s).events, "obstacle_passed")[:1]
    assert (bonus["points"], bonus["rubles"]) == (1, 1)


def test_m6_6_two_sycophants_meet_the_real_aristocrats_on_20_for_2_points_and_no_rubles():
    s = obstacle_state(
        {20: "real_aristocrats"},
        options={"in_good_company": True},
        players=[{"points": 19, "money": 0, "area": ["sycophant#0", "sycophant#1"]}, {}],
    )
    row = row_of(s)
    assert row["total"] == 19 + 1 + 2  # one aristocrat type, then 1 point per red card
    assert row["money_left"] == 0  # the best red card's rubles: 0, never -1
    assert row["points"]["obstacles"] == 2


def test_m6_6_a_lone_sycophant_meets_the_real_aristocrats_on_10_for_1_point_and_no_rubles():
    s = obstacle_state(
        {10: "real_aristocrats"},
        options={"in_good_company": True},
        players=[{"points": 9, "money": 0, "area": ["sycophant#0"]}, {}],
    )
    row = row_of(s)
    assert (row["total"], row["money_left"]) == (11, 0)


def test_m6_9_the_hand_penalty_takes_him_under_a_bonus_he_passed_and_nothing_happens():
    s = obstacle_state(
        {50: "bonus_buildings"},
        players=[
            {
                "points": 52,
                "money": 0,
                "hand": ["author#0"],
                "area": FOUR_BLUE,
                "records": passed(50),
            },
            {},
        ],
    )
    scored = final_scoring(s)
    assert of_kind(scored.events, "obstacle_passed") == []
    row = row_of(s)
    assert (row["total"], row["money_left"]) == (52 - 5, 0)


def test_every_step_is_done_for_every_player_before_the_next_step():
    s = obstacle_state(
        {10: "bonus_buildings"},
        players=[
            {"points": 9, "money": 20, "area": ["author#0"], "hand": ["theater#0"]},
            {"points": 9, "money": 20, "area": ["author#1", *FOUR_BLUE]},
        ],
    )
    steps = [(e["source"], e["seat"]) for e in entries(final_scoring(s).events)]
    assert steps == [
        ("final:aristocrats", 0),
        ("final:aristocrats", 1),
        ("obstacles:bonus_buildings", 1),
        ("final:money", 0),
        ("final:money", 0),
        ("final:money", 1),
        ("final:money", 1),
        ("final:hand", 0),
        ("final:hand", 1),
    ]


def test_x_1_new_societys_aristocrats_beyond_ten_walk_through_the_obstacles():
    eleven = [
        *FIVE_RED, "judge#0", "abbot#0", "weapon_master#0", "builder#0", "senator#0",
        "merchant#0",
    ]  # fmt: skip
    s = obstacle_state(
        {20: "real_workers"},
        options={"new_society": "full", "in_good_company": True},
        players=[{"points": 0, "money": 0, "area": eleven}, {}],
    )
    row = row_of(s)
    assert row["points"]["aristocrats"] == 20  # 55 + 10 points, stopped on 20
    assert row["blocked_at"] == 20


def test_a_final_step_between_the_aristocrats_and_the_money_walks_through_the_obstacles():
    """Module 5's assignment comes in as such a step (register_final_step): it is gated with
    no more work, and its points are a part of their own."""
    register_final_step("test_assignment", lambda state, seat, player: (0, 7))
    s = obstacle_state(
        {20: "real_workers"}, players=[{"points": 15, "money": 30, "area": ["author#0"]}, {}]
    )
    rules = s.rules
    steps = ("aristocrats", "test_assignment", "money", "hand")
    functions = (
        rules.final_step_fns[0],
        lambda state, seat, player: (0, 7),
        *rules.final_step_fns[1:],
    )
    s = s.evolve(rules=dataclasses.replace(rules, final_steps=steps, final_step_fns=functions))
    row = row_of(s)
    assert row["points"] == {
        "cards": 15, "aristocrats": 1, "test_assignment": 4, "money": 0, "hand": 0,
    }  # fmt: skip
    assert (row["money_left"], row["blocked_at"]) == (30, 20)


def test_ties_are_broken_by_the_rubles_a_block_left():
    s = obstacle_state(
        {20: "real_buildings"},
        players=[
            {"points": 20, "money": 35},
            {"points": 20, "money": 5, "records": passed(20)},
        ],
    )
    rows = final_scores(s)
    assert [row["total"] for row in rows] == [20, 20]
    assert [row["rank"] for row in rows] == [1, 2]


def test_a_game_without_obstacles_has_no_blocked_at_and_no_obstacle_part():
    s = obstacle_state({}, players=[{"points": 9, "money": 12}, {}])
    row = row_of(s)
    assert row["blocked_at"] is None
    assert "obstacles" not in row["points"]


def ledger(seat, source, points):
    return {"kind": "ledger", "seat": seat, "source": source, "rubles": 0, "points": points}


def test_the_score_sheet_shows_a_bonus_of_the_final_scoring_within_it_after_its_step():
    """Seat 0 took 4 points during play from the Pub and 2 from an obstacle's bonus; at the
    final scoring the aristocrats' point carries him onto the Bonus card on 10, whose 5
    points (the Library's) are the final scoring's, shown after the aristocrats' step and not
    added to the bonuses of the game."""
    s = obstacle_state(
        {10: "bonus_card"},
        players=[
            {"points": 9, "money": 0, "area": ["author#0", "library#0", "weaving_mill#0"]},
            {"points": 3},
        ],
    )
    during = [ledger(0, "pub", 4), ledger(0, "obstacles", 2), ledger(0, "scoring:worker", 3)]
    during.append(ledger(1, "scoring:worker", 3))

    sheet = score_sheet(s, [*during, *final_scoring(s).events])

    keys = [part["key"] for part in sheet["parts"] if part["final"]]
    assert keys == [
        "final:aristocrats",
        "final:obstacles",
        "final:money",
        "final:hand",
    ]
    assert [part["key"] for part in sheet["parts"] if not part["final"]] == [
        "scoring:worker",
        "pub",
        "obstacles",
    ]
    mine = sheet["rows"][0]["parts"]
    assert (mine["obstacles"], mine["final:obstacles"], mine["final:aristocrats"]) == (2, 5, 1)
    assert sum(mine.values()) == sheet["rows"][0]["total"] == 9 + 1 + 5


def test_a_bonus_paid_only_in_the_final_scoring_leaves_no_column_among_the_games_parts():
    s = obstacle_state(
        {10: "bonus_card"},
        players=[
            {"points": 9, "money": 0, "area": ["author#0", "library#0", "weaving_mill#0"]},
            {"points": 3},
        ],
    )
    during = [ledger(0, "scoring:worker", 9), ledger(1, "scoring:worker", 3)]

    sheet = score_sheet(s, [*during, *final_scoring(s).events])

    assert "obstacles" not in [part["key"] for part in sheet["parts"]]
    assert sheet["rows"][0]["parts"]["final:obstacles"] == 5
    assert sheet["rows"][1]["parts"]["final:obstacles"] == 0


def test_the_bonuses_of_two_obstacles_passed_at_the_final_scoring_add_up_in_its_obstacles_part():
    """Score 5, five red types (15 points) and a Wharf: the aristocrats' points pass the Bonus
    aristocrat on 10 (5 points) and the Bonus exchange on 20 (1 ruble, 1 point)."""
    s = obstacle_state(
        {10: "bonus_aristocrat", 20: "bonus_exchange"},
        players=[{"points": 5, "money": 0, "area": [*FIVE_RED, "wharf#0"]}, {}],
    )
    row = row_of(s)
    assert row["points"] == {
        "cards": 5,
        "aristocrats": 15,
        "obstacles": 5 + 1,
        "money": 0,
        "hand": 0,
    }
    assert (row["total"], row["money_left"], row["blocked_at"]) == (26, 1, None)
