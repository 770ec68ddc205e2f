"""What the view shows of the obstacles (expansions.md §2.11 "Statuses shown", decision 4.35):
the layout, each seat's standing at each obstacle (approaching; sitting on it and losing points;
requirement met but not reached; passed, with the bonus received), have/need for the real ones
not passed, the points a seat can still gain and a warning that points bought now are lost."""

from games.rules import player_view

from .builders import obstacle_state, pass_all, passed

TRACK = {10: "bonus_buildings", 20: "real_buildings", 35: "real_aristocrats"}


def shown(s, seat=None):
    return player_view(s, seat)["obstacles"]


def test_the_view_shows_the_layout_to_everybody():
    s = obstacle_state(TRACK, players=[{}, {}])
    assert shown(s)["track"] == [
        {"space": 10, "obstacle": "bonus_buildings", "real": False},
        {"space": 20, "obstacle": "real_buildings", "real": True},
        {"space": 35, "obstacle": "real_aristocrats", "real": True},
    ]
    assert shown(s, 1) == shown(s)


def test_each_seat_sees_how_it_stands_at_each_obstacle():
    s = obstacle_state(
        TRACK,
        players=[
            {"points": 20, "area": ["library#0"], "records": passed(10)},
            {"points": 4, "area": ["author#1"]},
        ],
    )
    held, behind = shown(s)["players"]
    assert held["obstacles"] == [
        {"space": 10, "obstacle": "bonus_buildings", "status": "passed",
         "bonus": {"rubles": 0, "points": 0}},
        {"space": 20, "obstacle": "real_buildings", "status": "sitting",
         "progress": [{"what": "blue", "have": 1, "need": 2}]},
        {"space": 35, "obstacle": "real_aristocrats", "status": "approaching",
         "progress": [{"what": "red", "have": 0, "need": 3}]},
    ]  # fmt: skip
    assert (held["blocked_at"], held["room"], held["points_lost"]) == (20, 0, True)
    assert [o["status"] for o in behind["obstacles"]] == [
        "approaching",
        "approaching",
        "approaching",
    ]
    assert (behind["blocked_at"], behind["room"], behind["points_lost"]) == (None, 16, False)


def test_a_requirement_met_before_the_obstacle_is_reached_is_shown_as_met():
    s = obstacle_state(TRACK, players=[{"points": 12, "area": ["library#0", "theater#0"]}, {}])
    standing = shown(s)["players"][0]
    assert standing["obstacles"][1]["status"] == "met"
    assert standing["room"] == 23  # the Real aristocrats on 35 stop him


def test_a_bonus_still_to_choose_is_shown_passed_without_its_bonus():
    s = obstacle_state(
        {10: "bonus_market"},
        phase="building",
        players=[{"points": 8, "area": ["customs_house#0", "market#0", "market_fish_1#0"]}, {}],
    )
    s, _ = pass_all(s)
    view = player_view(s, 0)
    assert view["obstacles"]["players"][0]["obstacles"][0] == {
        "space": 10, "obstacle": "bonus_market", "status": "passed", "bonus": None,
    }  # fmt: skip
    assert view["pending"]["kind"] == "obstacle_bonus"
    assert view["pending"]["room"] is None
    assert [c["answer"] for c in view["pending"]["choices"]] == [
        {"points": 0},
        {"points": 1},
        {"points": 2},
    ]


def test_a_game_without_obstacles_has_no_obstacles_part():
    s = obstacle_state({}, players=[{}, {}])
    assert "obstacles" not in player_view(s, 0)


def test_at_the_games_end_the_track_shows_where_the_final_scoring_left_each_seat():
    """His money's points walk him from 68 past the Bonus buildings on 70 (+4 rubles for his
    four blue cards, which buy one point more): the finished game's track shows him on 71 with
    the obstacle passed and its bonus, as his total reads; before the end, where play left him."""
    blue = ["customs_house#0", "firehouse#0", "hospital#0", "library#0"]
    fields = {
        "players": [{"points": 68, "money": 35, "area": blue}, {"points": 3, "money": 0}],
        "board": {"upper": ["lumberjack#5"]},
    }
    playing = shown(obstacle_state({70: "bonus_buildings"}, **fields))
    over = obstacle_state({70: "bonus_buildings"}, step="over", **fields)
    ended = shown(over)

    assert [p["points"] for p in playing["players"]] == [68, 3]
    assert playing["players"][0]["obstacles"][0]["status"] == "approaching"
    assert [p["points"] for p in ended["players"]] == [71, 3]
    assert [row["total"] for row in player_view(over, None)["scores"]] == [71, 3]
    assert ended["players"][0]["obstacles"] == [
        {"space": 70, "obstacle": "bonus_buildings", "status": "passed",
         "bonus": {"rubles": 4, "points": 0}},
    ]  # fmt: skip
    assert ended["players"][1]["obstacles"][0]["status"] == "approaching"
