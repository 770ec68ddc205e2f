"""The Market's Modules 5 and 6 together, and all six modules at once (expansions.md §1.6, §2.10,
§2.11, §2.12, §3.11 X-1): the final scoring runs aristocrats (with New Society's +10) ->
assignment -> money -> hand, each step for every player before the next, and every gain of
points - the assignment's included - walks the obstacles; assignment 6 compares the rubles held
when step 2 begins; the deal of each module alone stays what it was without the others."""

from games.rules import final_scores, new_game
from games.rules.ledger import entries
from games.rules.modules.assignments import dealt
from games.rules.modules.obstacle_track import track_of

from .builders import obstacle_state, of_kind, pass_all, passed

ELEVEN_RED = [
    *("author#1", "administrator#0", "warehouse_manager#0", "secretary#0", "controller#0"),
    *("judge#0", "abbot#0", "admiral#0", "builder#0", "chamber_maid#0", "senator#0"),
]  # eleven different aristocrats: 55 + 10 with New Society
MODULES_1_TO_6 = {
    "new_society": "full",
    "in_good_company": True,
    "banquet": True,
    "assistants": True,
    "events": True,
    "assignments": True,
}
STANDARD_SHAPE = {
    10: "bonus_card",
    20: "real_buildings",
    35: "real_workers",
    50: "bonus_buildings",
    70: "bonus_exchange",
}


def last_phase(track, hands, players, options):
    """The last round's trading phase with the Obstacles (as `track`) and the Assignments (each
    seat's three as `hands`) on: once everybody passes, the game ends."""
    return obstacle_state(
        track,
        phase="trading",
        last_round=True,
        board={"upper": ["lumberjack#5"]},
        players=players,
        options={"assignments": True, **options},
        records={"assignments": {"dealt": hands}},
    )


def final_entries(events, seat=None):
    """The ledger entries of the final scoring (and the bonuses paid during it), in order, as
    (seat, source, rubles, points)."""
    start = next(i for i, e in enumerate(events) if e.get("source", "").startswith("final:"))
    return [
        (e["seat"], e["source"], e["rubles"], e["points"])
        for e in entries(events[start:])
        if seat is None or e["seat"] == seat
    ]


def test_x1_new_society_and_modules_5_and_6_aristocrats_assignment_money_hand_each_walked():
    """Seat 0 from 0 points: his eleven aristocrats (55 + 10) pass the Bonus buildings on 60
    (2 rubles for his 2 blue cards); his assignment (2 per red card: 22) passes the Bonus
    aristocrat on 80 (11 points walk on to 98); money buys one point at a time, 99, then 100,
    where the Real workers stop him (no green card): 2 points, 30 rubles kept; the hand's
    Theater then costs 5 (no obstacle is met again on the way down)."""
    s = last_phase(
        {60: "bonus_buildings", 80: "bonus_aristocrat", 100: "real_workers"},
        [[1, 5, 13], [3, 4, 7]],
        [
            {
                "points": 0,
                "money": 48,
                "area": [*ELEVEN_RED, "library#0", "hospital#0"],
                "hand": ["theater#0"],
            },
            {"money": 0},
        ],
        {"new_society": "full", "in_good_company": True},
    )
    s, events = pass_all(s)
    assert s.step == "over"
    assert final_entries(events, seat=0) == [
        (0, "final:aristocrats", 0, 55 + 10),
        (0, "obstacles:bonus_buildings", 2, 0),
        (0, "final:assignment", 0, 2 * 11),
        (0, "obstacles:bonus_aristocrat", 0, 11),
        (0, "final:money", -10, 1),
        (0, "final:money", -10, 1),
        (0, "final:hand", 0, -5),
    ]
    passed_on = [
        (e["seat"], e["space"], e["rubles"], e["points"])
        for e in of_kind(events, "obstacle_passed")
    ]
    assert passed_on == [(0, 60, 2, 0), (0, 80, 0, 11)]
    [blocked] = of_kind(events, "obstacle_blocked")
    assert (blocked["seat"], blocked["space"], blocked["wasted"]) == (0, 100, 0)
    [row, _] = of_kind(events, "final_score")
    assert row["points"] == {
        "cards": 0, "aristocrats": 65, "obstacles": 11, "assignment": 22, "money": 2, "hand": -5,
    }  # fmt: skip
    assert (row["total"], row["money_left"], row["blocked_at"]) == (95, 30, 100)
    assert row["assignment"] == {"id": 1, "points": 22}


def test_the_final_scoring_order_with_every_module_on():
    """Modules 1-6 and New Society, three players, the standard layout's shape.

    Step 1, aristocrats: +3, +1, +1. Step 2, assignments, on the rubles held when it begins
    (35, 38, 40): seat 0's 4 points (2 per red card) reach the Real buildings on 20 with one
    blue card and stop there, 2 lost; seat 1's 6 (2 per different blue card) pass the Bonus
    buildings on 50: 3 rubles, 38 -> 41; seat 2 still has the most rubles of step 2's start:
    assignment 6 gives him 10 + 10. Step 3, money: seat 0 is held and converts nothing; seat 1's
    41 rubles buy 4 points (38 would have bought 3); seat 2's 40 buy 4. Step 4: seat 2's
    Lumberjack costs 5, seat 0's Black Market (purple) nothing."""
    s = last_phase(
        STANDARD_SHAPE,
        [[1, 13, 14], [14, 5, 7], [6, 2, 3]],
        [
            {
                "points": 15,
                "money": 35,
                "area": ["author#0", "administrator#0", "library#1"],
                "hand": ["black_market#0"],
                "records": passed(10),
            },
            {
                "points": 44,
                "money": 38,
                "area": ["author#1", "library#0", "hospital#0", "theater#0"],
                "records": passed(10, 20, 35),
            },
            {
                "points": 75,
                "money": 40,
                "area": ["author#2"],
                "hand": ["lumberjack#0"],
                "records": passed(10, 20, 35, 50, 70),
            },
        ],
        {**MODULES_1_TO_6, "obstacles": True},
    )
    s = s.evolve(
        records=s.records.set("assistants", {"held": ["architect", "lawyer", "czars_daughter"]})
    )
    s, events = pass_all(s)
    assert s.step == "over"
    assert final_entries(events) == [
        (0, "final:aristocrats", 0, 3),
        (1, "final:aristocrats", 0, 1),
        (2, "final:aristocrats", 0, 1),
        (0, "final:assignment", 0, 2),
        (1, "final:assignment", 0, 6),
        (1, "obstacles:bonus_buildings", 3, 0),
        (2, "final:assignment", 0, 20),
        *[(1, "final:money", -10, 1)] * 4,
        *[(2, "final:money", -10, 1)] * 4,
        (0, "final:hand", 0, 0),
        (1, "final:hand", 0, 0),
        (2, "final:hand", 0, -5),
    ]
    [wasted] = [e for e in entries(events) if e["source"] == "final:assignment" and e["seat"] == 0]
    assert wasted["wasted"] == 2
    [blocked] = of_kind(events, "obstacle_blocked")
    assert blocked == {
        "kind": "obstacle_blocked",
        "seat": 0,
        "space": 20,
        "obstacle": "real_buildings",
        "wasted": 2,
        "progress": [{"what": "blue", "have": 1, "need": 2}],
    }
    rows = of_kind(events, "final_score")
    assert [{"kind": "final_score", **row} for row in final_scores(s)] == rows  # the end screen
    summary = [
        (r["points"], r["total"], r["money_left"], r["blocked_at"], r["assignment"], r["rank"])
        for r in rows
    ]
    assert summary == [
        (
            {"cards": 15, "aristocrats": 3, "assignment": 2, "money": 0, "hand": 0},
            20, 35, 20, {"id": 1, "points": 4}, 3,
        ),
        (
            {"cards": 44, "aristocrats": 1, "assignment": 6, "obstacles": 0, "money": 4, "hand": 0},
            55, 1, None, {"id": 14, "points": 6}, 2,
        ),
        (
            {"cards": 75, "aristocrats": 1, "assignment": 20, "money": 4, "hand": -5},
            95, 0, None, {"id": 6, "points": 20}, 1,
        ),
    ]  # fmt: skip


def test_an_assignments_points_reaching_the_bonus_card_take_its_points_where_none_are_lost():
    """46 points after the aristocrats; assignment 11 (3 x his best blue card, the Theater's 6)
    gives 18 and passes the Bonus card on 50: the Theater's 6 points (not the Weaving Mill's 6
    rubles) walk on, 64 -> 70; then his 19 rubles buy 1 point."""
    s = last_phase(
        {50: "bonus_card"},
        [[11, 3, 4], [3, 4, 7]],
        [
            {
                "points": 45,
                "money": 19,
                "area": ["author#0", "theater#0", "weaving_mill#0"],
                "records": passed(),
            },
            {"money": 0},
        ],
        {},
    )
    s, events = pass_all(s)
    assert final_entries(events, seat=0) == [
        (0, "final:aristocrats", 0, 1),
        (0, "final:assignment", 0, 18),
        (0, "obstacles:bonus_card", 0, 6),
        (0, "final:money", -10, 1),
        (0, "final:hand", 0, 0),
    ]
    [bonus] = of_kind(events, "obstacle_passed")
    assert (bonus["space"], bonus["card"], bonus["gain"], bonus["automatic"]) == (
        50,
        "theater#0",
        "points",
        True,
    )
    [row, _] = of_kind(events, "final_score")
    assert (row["total"], row["money_left"], row["points"]["obstacles"]) == (71, 9, 6)


def test_an_assignments_points_reaching_the_bonus_card_take_rubles_when_its_points_are_lost():
    """The same, with the Real workers on 64: the assignment's 18 points end exactly there, so
    the Bonus card's points would be lost and the Weaving Mill's 6 rubles are taken; held on 64,
    he converts no money and keeps 19 + 6."""
    s = last_phase(
        {50: "bonus_card", 64: "real_workers"},
        [[11, 3, 4], [3, 4, 7]],
        [
            {
                "points": 45,
                "money": 19,
                "area": ["author#0", "theater#0", "weaving_mill#0"],
            },
            {"money": 0},
        ],
        {},
    )
    s, events = pass_all(s)
    assert final_entries(events, seat=0) == [
        (0, "final:aristocrats", 0, 1),
        (0, "final:assignment", 0, 18),
        (0, "obstacles:bonus_card", 6, 0),
        (0, "final:hand", 0, 0),
    ]
    [bonus] = of_kind(events, "obstacle_passed")
    assert (bonus["card"], bonus["gain"], bonus["rubles"]) == ("weaving_mill#0", "rubles", 6)
    [row, _] = of_kind(events, "final_score")
    assert (row["total"], row["money_left"], row["blocked_at"]) == (64, 25, 64)


def test_the_setups_draw_by_key_so_the_obstacles_leave_the_others_deal_as_it_was():
    """The setups draw from the seed in the order of their keys (assignments, assistants,
    obstacles): with all four modules the assignments are those dealt with the Assignments
    alone, the assistants those dealt with the Assignments and the Assistants, and the piles,
    the markers and the first workers those of the Market alone."""
    market = {"edition": "2nd", "players": 4, "market": True}
    four = {**market, **dict.fromkeys(("assistants", "events", "assignments", "obstacles"), True)}
    for seed in range(6):
        plain = new_game(market, seed)
        every = new_game(four, seed)
        assert dealt(every) == dealt(new_game({**market, "assignments": True}, seed))
        before = new_game({**market, "assignments": True, "assistants": True}, seed)
        assert every.records["assistants"] == before.records["assistants"]
        assert (every.piles, every.markers, every.upper) == (
            plain.piles,
            plain.markers,
            plain.upper,
        )
        assert len(track_of(every).placed) == 5
