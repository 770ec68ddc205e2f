"""Marks on cards in an area clear at their moment: the turned Observatory at round end; a mark
kind registered here at the end of a phase or after its card's next scoring."""

import pytest

from games.rules import MarkKind, player_view, register_mark
from games.rules.marks import MARK_KINDS

from .builders import obstacle_state, of_kind, pass_all, play, state

OBSERVATORY = {"area": ["observatory#0"]}


def test_the_observatory_is_marked_turned_until_the_round_ends():
    s = state(players=[OBSERVATORY, {}], piles={"worker": ["author#0", "author#1"]},
              board={"upper": ["library#0"]})  # fmt: skip
    s, _ = play(s, 0, kind="observatory", observatory="observatory#0", pile="worker")
    turned = {"card": "observatory#0", "kind": "turned", "clears": "round_end"}
    assert s.to_dict()["players"][0]["marks"] == [turned]
    s, _ = play(s, 0, kind="discard", card="author#0")
    for phase in ("aristocrat", "trading"):
        s, _ = pass_all(s)
        assert (s.phase, s.to_dict()["players"][0]["marks"]) == (phase, [turned])
    s, _ = pass_all(s)
    assert (s.round, s.phase, s.players[0].marks) == (3, "worker", ())


@pytest.fixture
def flipped():
    register_mark(MarkKind("flipped", displaceable=False, scores=False))
    yield
    del MARK_KINDS["flipped"]


def marked(clears):
    mark = {"card": "library#0", "kind": "flipped", "clears": clears}
    return state(
        players=[{"area": ["library#0"], "marks": [mark]}, {}], board={"upper": ["bank#0"]}
    )


def test_a_mark_that_clears_with_the_building_phase_goes_after_its_scoring(flipped):
    s, events = pass_all(marked("phase_end:building"))
    [score] = [e for e in events if e["kind"] == "score" and e["seat"] == 0]
    assert score["points_gain"] == 0  # a mark that says "does not score"
    assert (s.phase, s.players[0].marks) == ("aristocrat", ())


def test_a_mark_that_clears_after_its_cards_scoring_goes_with_that_scoring(flipped):
    s, _ = pass_all(marked("scored"))
    assert s.players[0].marks == ()


def test_a_mark_that_clears_after_its_cards_scoring_goes_too_when_the_scoring_walks_obstacles(
    flipped,
):
    """With the obstacles, a scoring whose points reach one is gained seat by seat along the
    track; the marks go after it all the same."""
    mark = {"card": "library#0", "kind": "flipped", "clears": "scored"}
    s = obstacle_state(
        {10: "bonus_buildings"},
        phase="building",
        players=[{"points": 9, "area": ["library#0", "customs_house#0"], "marks": [mark]}, {}],
    )
    s, events = pass_all(s)
    assert [e["obstacle"] for e in of_kind(events, "obstacle_passed")] == ["bonus_buildings"]
    assert (s.phase, s.players[0].points, s.players[0].marks) == ("aristocrat", 9 + 2, ())


def test_a_mark_that_forbids_displacing_protects_its_card(flipped):
    unmarked = state(players=[{"area": ["library#0"]}, {}], board={"upper": ["bank#0"]})
    assert list(player_view(unmarked, 0)["prices"]["bank#0"]["displace"]) == ["library#0"]
    assert player_view(marked("never"), 0)["prices"]["bank#0"]["displace"] == {}
