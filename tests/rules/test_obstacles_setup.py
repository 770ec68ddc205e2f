"""Module 6's option and layout (expansions.md §1.1, §2.11 "Setup", decision 4.37): it needs the
Market (2nd edition, 2-5 players); three of the five bonus obstacles lie on 10, 50 and 70 and
two of the five real ones on 20 and 35, drawn from the game's seed; a hand-written state may
lay out any obstacles anywhere."""

import pytest

from games.rules import InvalidOptions, check_options, new_game, options_schema
from games.rules.modules.obstacle_tiles import BONUS_OBSTACLES, REAL_OBSTACLES
from games.rules.modules.obstacle_track import track_of

from .builders import obstacle_state, pass_all

OBSTACLES = {"edition": "2nd", "market": True, "obstacles": True}


def layout(s):
    return {p.space: p.obstacle.id for p in track_of(s).placed}


def test_the_option_is_offered_and_needs_the_market_in_the_2nd_edition():
    by_key = {o["key"]: o for o in options_schema()["options"]}
    assert by_key["obstacles"]["built"] is True
    with pytest.raises(InvalidOptions) as error:
        check_options({"edition": "2nd", "players": 3, "obstacles": True})
    assert (error.value.code, error.value.option) == ("option_needs_market", "obstacles")
    with pytest.raises(InvalidOptions) as error:
        check_options({"edition": "1st", "players": 3, "market": True, "obstacles": True})
    assert error.value.code == "option_needs_edition"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_two_to_five_players_play_with_the_obstacles(players):
    assert check_options({**OBSTACLES, "players": players})["obstacles"] is True


def test_solo_is_the_base_game_only():
    with pytest.raises(InvalidOptions) as error:
        check_options({**OBSTACLES, "players": 1})
    assert error.value.code == "solo_base_game_only"


@pytest.mark.parametrize("seed", range(12))
def test_three_bonus_obstacles_lie_on_10_50_70_and_two_real_ones_on_20_and_35(seed):
    track = layout(new_game({**OBSTACLES, "players": 3}, seed))
    assert sorted(track) == [10, 20, 35, 50, 70]
    assert {track[space] for space in (10, 50, 70)} <= set(BONUS_OBSTACLES)
    assert {track[space] for space in (20, 35)} <= set(REAL_OBSTACLES)
    assert len(set(track.values())) == 5


def test_the_layout_is_drawn_from_the_seed():
    layouts = [layout(new_game({**OBSTACLES, "players": 4}, seed)) for seed in range(30)]
    assert layout(new_game({**OBSTACLES, "players": 4}, 7)) == layouts[7]
    assert len({tuple(sorted(t.items())) for t in layouts}) > 10
    assert {t[10] for t in layouts} == set(BONUS_OBSTACLES)
    assert {t[20] for t in layouts} == set(REAL_OBSTACLES)


def test_the_piles_and_markers_are_dealt_as_without_the_obstacles():
    """The layout is drawn after the piles and the start markers."""
    without = new_game({"edition": "2nd", "market": True, "players": 4}, 11)
    with_them = new_game({**OBSTACLES, "players": 4}, 11)
    assert (with_them.piles, with_them.markers) == (without.piles, without.markers)


def test_a_hand_written_state_may_lay_out_any_obstacle_anywhere():
    """A real obstacle off the standard spaces asks what it asks on the standard space below
    it: the Real exchange on 15 wants one exchange card, as on 10."""
    s = obstacle_state(
        {3: "bonus_card", 15: "real_exchange", 99: "bonus_market"},
        phase="building",
        players=[{"points": 12, "area": ["library#0"]}, {}],
    )
    assert layout(s) == {3: "bonus_card", 15: "real_exchange", 99: "bonus_market"}
    s, events = pass_all(s)
    assert s.players[0].points == 15
    assert [e["progress"] for e in events if e["kind"] == "obstacle_blocked"] == [
        [{"what": "exchange", "have": 0, "need": 1}]
    ]


def test_a_layout_with_two_obstacles_on_one_space_is_refused():
    s = obstacle_state({10: "bonus_card"}, players=[{"points": 9, "area": ["library#0"]}, {}])
    s = s.evolve(
        records=s.records.set(
            "obstacles",
            {"track": [{"space": 10, "id": "bonus_card"}, {"space": 10, "id": "bonus_market"}]},
        )
    )
    with pytest.raises(ValueError, match="one obstacle per space"):
        track_of(s)
