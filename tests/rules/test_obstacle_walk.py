"""How points move past the obstacles (expansions.md §2.11 "How points move", §3.10 M6-1, M6-2,
M6-3, M6-6, §3.11 X-2, decisions 4.33 and 4.35): bonus obstacles pay when reached, a real one is
passed if its requirement is met now and otherwise holds the player on its space, the rest of
the gain lost; the gain's points walk first, the bonuses' points after; each obstacle once per
player; a player held on a real obstacle passes it the moment his area meets it; buying points
while held stays allowed, the points are lost."""

from games.rules import legal_moves, to_act
from games.rules.ledger import breakdown

from .builders import obstacle_state, of_kind, pass_all, passed, play

BLUE_5_POINTS = ["customs_house#0", "firehouse#0", "warehouse#0"]  # 2 + 3 + 0 points
TWELVE_RED = [
    *(f"author#{i}" for i in range(6)),
    *(f"administrator#{i}" for i in range(5)),
    "controller#0",  # the only one paying a point at the aristocrat scoring
]
FOUR_GREENS = ["lumberjack#0", "gold_miner#0", "shepherd#0", "fur_trapper#0"]


def seat0(s):
    return s.players[0]


def test_m6_1_a_bonus_obstacle_on_the_way_pays_its_bonus_and_the_walk_goes_on():
    s = obstacle_state(
        {10: "bonus_buildings"},
        phase="building",
        players=[{"points": 8, "money": 0, "area": BLUE_5_POINTS}, {}],
    )
    s, events = pass_all(s)
    assert (seat0(s).points, seat0(s).money) == (13, 3)
    assert of_kind(events, "obstacle_passed") == [
        {"kind": "obstacle_passed", "seat": 0, "space": 10, "obstacle": "bonus_buildings",
         "real": False, "rubles": 3, "points": 0},
    ]  # fmt: skip
    assert breakdown(events)[0]["obstacles:bonus_buildings"] == {"rubles": 3, "points": 0}


def m6_2_position():
    """Score 17, the Real buildings on 20 (2 blue cards), one blue card (a Customs House, 2
    points); two Mistresses of Ceremonies pay 6 points at the aristocrat scoring."""
    return obstacle_state(
        {20: "real_buildings"},
        phase="aristocrat",
        players=[
            {
                "points": 17,
                "money": 0,
                "area": [
                    "customs_house#0",
                    "mistress_of_ceremonies#0",
                    "mistress_of_ceremonies#1",
                ],
            },
            {},
        ],
        board={"upper": ["author#0", "market#0"]},
    )


def test_m6_2_a_real_obstacle_not_met_holds_the_player_on_its_space_and_the_rest_is_lost():
    s, events = pass_all(m6_2_position())
    assert seat0(s).points == 20
    [score] = [e for e in of_kind(events, "score") if e["seat"] == 0]
    assert (score["points_before"], score["points_gain"], score["points_after"]) == (17, 3, 20)
    [entry] = [
        e
        for e in of_kind(events, "ledger")
        if e["source"] == "scoring:aristocrat" and e["seat"] == 0
    ]
    assert (entry["points"], entry["wasted"]) == (3, 3)
    assert of_kind(events, "obstacle_blocked") == [
        {"kind": "obstacle_blocked", "seat": 0, "space": 20, "obstacle": "real_buildings",
         "wasted": 3, "progress": [{"what": "blue", "have": 1, "need": 2}]},
    ]  # fmt: skip


def test_m6_2_buying_the_second_blue_card_overcomes_it_at_once_with_its_bonus():
    s, _ = pass_all(m6_2_position())
    assert (s.phase, to_act(s)) == ("trading", (0,))
    s, events = play(s, 0, kind="buy", card="market#0")
    # bonus: 1 ruble per blue card (2) + the best blue card's points (the Customs House's 2)
    assert of_kind(events, "obstacle_overcome") == [
        {"kind": "obstacle_overcome", "seat": 0, "space": 20, "obstacle": "real_buildings",
         "rubles": 2, "points": 2},
    ]  # fmt: skip
    assert seat0(s).points == 22
    assert seat0(s).money == 12 - 5 + 2  # the Mistresses' rubles, the Market's price, the bonus


def m6_3_position(greens):
    """Score 9, the Bonus aristocrat on 10 with 12 red cards, the Real workers on 20 (4
    different green cards there); the aristocrat scoring pays 1 point (the Controller)."""
    return obstacle_state(
        {10: "bonus_aristocrat", 20: "real_workers"},
        phase="aristocrat",
        players=[{"points": 9, "area": [*TWELVE_RED, *greens]}, {}],
        board={"upper": ["library#0"]},
    )


def test_m6_3_a_bonus_walks_on_and_passes_a_real_obstacle_whose_requirement_is_met():
    s, events = pass_all(m6_3_position(FOUR_GREENS))
    assert seat0(s).points == 22  # 9 + 1, +12 from the bonus; the Real workers pay nothing
    assert [(e["space"], e["points"]) for e in of_kind(events, "obstacle_passed")] == [
        (10, 12),
        (20, 0),
    ]
    assert of_kind(events, "obstacle_blocked") == []


def test_m6_3_a_bonus_walks_on_and_stops_at_a_real_obstacle_whose_requirement_is_not_met():
    s, events = pass_all(m6_3_position(FOUR_GREENS[:3]))
    assert seat0(s).points == 20
    [blocked] = of_kind(events, "obstacle_blocked")
    assert (blocked["space"], blocked["wasted"]) == (20, 2)
    [entry] = [e for e in of_kind(events, "ledger") if e["source"] == "obstacles:bonus_aristocrat"]
    assert (entry["points"], entry["wasted"]) == (10, 2)


def test_a_real_obstacle_met_is_passed_with_its_bonus_and_stays_passed():
    s = obstacle_state(
        {20: "real_buildings"},
        phase="aristocrat",
        players=[
            {
                "points": 17,
                "area": [
                    "customs_house#0",
                    "market#0",
                    *(f"mistress_of_ceremonies#{i}" for i in range(2)),
                ],
            },
            {},
        ],
    )
    s, events = pass_all(s)
    # 17 + 6 passes 20 (2 blue cards): +2 rubles, +2 points (the Customs House) on top
    assert seat0(s).points == 25
    assert [e["space"] for e in of_kind(events, "obstacle_passed")] == [20]


def test_each_obstacle_is_passed_once_per_player():
    """A bonus obstacle already passed pays nothing when its space is reached again."""
    s = obstacle_state(
        {10: "bonus_buildings"},
        phase="building",
        players=[
            {"points": 8, "money": 0, "area": BLUE_5_POINTS, "records": passed(10)},
            {"points": 8, "money": 0, "area": ["customs_house#1", "firehouse#1"]},
        ],
    )
    s, events = pass_all(s)
    assert [(p.points, p.money) for p in s.players] == [(13, 0), (13, 2)]
    assert [e["seat"] for e in of_kind(events, "obstacle_passed")] == [1]


def test_a_player_sitting_on_a_real_obstacle_he_passed_before_walks_on():
    s = obstacle_state(
        {20: "real_buildings"},
        phase="building",
        players=[{"points": 20, "area": ["library#0"], "records": passed(20)}, {}],
    )
    s, _ = pass_all(s)
    assert seat0(s).points == 25


def test_a_player_held_on_a_real_obstacle_loses_every_point_of_a_scoring():
    s = obstacle_state(
        {20: "real_buildings"},
        phase="building",
        players=[{"points": 20, "area": ["library#0"]}, {}],
    )
    s, events = pass_all(s)
    assert seat0(s).points == 20
    [blocked] = of_kind(events, "obstacle_blocked")
    assert blocked["wasted"] == 5


def test_the_majorities_walk_good_by_good_so_the_later_goods_are_the_ones_lost():
    """Round 6 (value 6/3): firsts in apple and grain; the apple comes first in yucata's order
    and takes him to the Real workers on 20, the grain's 6 points are all lost."""
    s = obstacle_state(
        {20: "real_workers"},
        round=6,
        players=[{"points": 16, "area": ["market_apple_1#0", "market_grain_1#0"]}, {}],
    )
    s, events = pass_all(s)
    assert seat0(s).points == 20
    entries = {
        e["source"]: e for e in of_kind(events, "ledger") if e["source"].startswith("market:")
    }
    assert (entries["market:apple"]["points"], entries["market:apple"]["wasted"]) == (4, 2)
    assert (entries["market:grain"]["points"], entries["market:grain"]["wasted"]) == (0, 6)
    assert [e["wasted"] for e in of_kind(events, "obstacle_blocked")] == [2, 6]


def test_4_35_points_bought_at_the_pub_while_held_are_allowed_and_lost():
    s = obstacle_state(
        {20: "real_buildings"},
        phase="building",
        players=[{"points": 20, "money": 10, "area": ["pub#0"]}, {}],
    )
    s, _ = pass_all(s)
    assert (s.step, to_act(s)) == ("pub", (0,))
    assert {"kind": "pub", "points": 5} in [m.to_dict() for m in legal_moves(s, 0)]
    s, events = play(s, 0, kind="pub", points=2)
    assert (seat0(s).points, seat0(s).money) == (20, 6)
    [pub] = of_kind(events, "pub")
    assert (pub["points"], pub["points_before"], pub["points_after"]) == (2, 20, 20)
    [entry] = [e for e in of_kind(events, "ledger") if e["source"] == "pub"]
    assert (entry["rubles"], entry["points"], entry["wasted"]) == (-4, 0, 2)


def test_x_2_the_moochers_points_walk_through_the_moocher_players_obstacles():
    s = obstacle_state(
        {10: "bonus_buildings"},
        options={"banquet": True},
        phase="aristocrat",
        players=[
            {"points": 8, "money": 0, "hand": ["moocher#0"], "area": ["warehouse#0"]},
            {"area": ["library#0"]},
        ],
    )
    s, events = play(s, 0, kind="special", card="moocher#0", target="library#0", gain="points")
    assert (seat0(s).points, seat0(s).money) == (13, 1)  # 8 + 5, and the bonus's 1 ruble
    assert [e["obstacle"] for e in of_kind(events, "obstacle_passed")] == ["bonus_buildings"]
    assert s.players[1].points == 0


def test_losing_points_never_walks_the_track():
    """Only gains are gated: the hand penalty of the final scoring takes points off as they
    are (M6-9 has the case with the bonus behind him)."""
    s = obstacle_state({20: "real_buildings"}, players=[{"points": 20, "hand": ["author#1"]}, {}])
    from games.rules.scoring import final_scoring

    scored = final_scoring(s)
    assert scored.state.players[0].points == 15
    assert of_kind(scored.events, "obstacle_blocked") == []


def test_a_market_symbol_chosen_for_a_question_mark_overcomes_the_real_market_at_once():
    """Sitting on the Real market on 20 (3 markers, one at 4) with grain 4 and fish 1: the
    '?' of a Czar and Carpenter counts once its good is chosen, not before."""
    s = obstacle_state(
        {20: "real_market"},
        players=[{"points": 20, "area": ["market_grain_crate#0", "market_fish_1#0"]}, {}],
        board={"upper": ["author#0", "czar_and_carpenter#0"]},
    )
    s, events = play(s, 0, kind="buy", card="czar_and_carpenter#0")
    assert of_kind(events, "obstacle_overcome") == []
    money = seat0(s).money
    s, events = play(s, 0, kind="joker", good="cabbage")
    assert of_kind(events, "obstacle_overcome") == [
        {"kind": "obstacle_overcome", "seat": 0, "space": 20, "obstacle": "real_market",
         "rubles": 4, "points": 3},
    ]  # fmt: skip
    assert (seat0(s).points, seat0(s).money) == (23, money + 4)
