"""Mariinskij Theater (rulebook special cards; 2nd edition differences)."""

import pytest

from .builders import of_kind, pass_all, play, state


def scoring_line(events, seat):
    return next(e for e in of_kind(events, "score") if e["seat"] == seat)


def test_first_edition_mariinskij_theater_pays_a_ruble_per_aristocrat_at_building_scoring():
    s = state(
        players=[{"area": ["mariinsky_theater#0", "author#0", "senator#0", "market#0"]}, {}],
        board={"upper": ["author#1"]},
    )
    _, events = pass_all(s)
    line = scoring_line(events, 0)
    assert (line["money_gain"], line["points_gain"]) == (2, 1)


def test_second_edition_mariinsky_theater_scores_a_point_per_aristocrat_instead():
    s = state(
        edition="2nd",
        players=[{"area": ["mariinsky_theater#0", "author#0", "abbot#0", "market#0"]}, {}],
        board={"upper": ["author#1"]},
    )
    _, events = pass_all(s)
    line = scoring_line(events, 0)
    assert (line["money_gain"], line["points_gain"]) == (0, 3)


def test_second_edition_mariinsky_theater_costs_fifteen():
    s = state(
        edition="2nd",
        players=[{"area": ["market#0"]}, {}],
        board={"upper": ["mariinsky_theater#0"]},
    )
    _, events = play(s, 0, kind="buy", card="mariinsky_theater#0", displace="market#0")
    assert of_kind(events, "buy")[0]["price"] == 15 - 5


@pytest.mark.parametrize("edition", ["1st", "2nd"])
@pytest.mark.parametrize("phase", ["worker", "aristocrat"])
def test_the_mariinsky_theater_adds_nothing_at_the_other_scorings(edition, phase):
    def scored(area):
        s = state(
            edition=edition,
            phase=phase,
            players=[{"area": area}, {}],
            board={"upper": ["author#1"]},
        )
        _, events = pass_all(s)
        line = scoring_line(events, 0)
        return line["money_gain"], line["points_gain"]

    cards = ["author#0", "market#0", "lumberjack#0"]
    assert scored(["mariinsky_theater#0", *cards]) == scored(cards)
