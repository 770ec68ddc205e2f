"""A finished game in Chromium: the end screen (points by where they came from, the winner,
the chart) and the replay stepper. tests/browser/seed.py plays the game to its end through the
services and reports the table as the engine's ledger gives it (`end_screen`), which the page
must show cell by cell."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import expect_end_headings, open_table

pytestmark = [pytest.mark.browser, pytest.mark.services]


def test_the_end_screen_shows_the_scores_by_source_the_winner_and_the_chart(signed_in, live_site):
    anna = open_table(signed_in("anna"), f"{live_site['url']}/games/{live_site['finished']}/")
    end = anna.locator("#end")
    expect(end).to_be_visible()
    expect(anna.locator("#status .chip.turn")).to_have_text("Game over")

    parts = live_site["finished_parts"]
    # The game's scorings that paid points, then the final scoring's three steps.
    assert "scoring:building" in parts
    assert parts[-3:] == ["final:aristocrats", "final:money", "final:hand"]
    expect_end_headings(end, parts)
    rows = end.locator("table.scores tbody tr")
    expect(rows).to_have_count(len(live_site["finished_scores"]))
    for row, expected in zip(rows.all(), live_site["finished_scores"], strict=True):
        expect(row.locator("td, th")).to_have_text([str(cell) for cell in expected])
        _rank, _name, total, *points, _left = expected
        assert sum(points) == total  # the parts add up to the total
    expect(end.locator("tr.winner th")).to_have_text(
        [cells[1] for cells in live_site["finished_scores"] if cells[1].endswith("♛")]
    )

    # A base game has no assignments or obstacles to list: the table and its note, nothing else
    # (no stray text such as "null" for the parts it lacks).
    expect(end.locator("#end-scores > *")).to_have_count(2)
    expect(end.locator("#end-scores")).to_have_text(re.compile(r"share the rank\.$"))
    assert anna.evaluate(
        "[...document.getElementById('end-scores').childNodes].every((n) => n.nodeType === 1)"
    )

    chart = end.locator("#end-chart svg.chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(2 * len(live_site["finished_scores"]))
    expect(end.locator("#end-chart .legend")).to_contain_text("Anna")
    expect(end.locator("#end-chart .legend")).to_contain_text("Carol")
    expect(anna.locator("#actions")).to_be_hidden()
    assert anna.errors == []


def test_the_replay_steps_from_the_deal_to_the_end_and_back(signed_in, live_site):
    anna = signed_in("anna")
    anna.goto(f"{live_site['url']}/games/{live_site['finished']}/replay")
    total = live_site["finished_moves"]
    position = anna.locator("#replay-position")
    placed = anna.locator("#players .player .area .card")
    end = anna.locator("#end")

    expect(position).to_have_text(f"Move 0 of {total}")
    expect(placed).to_have_count(0)
    expect(end).to_be_hidden()

    anna.get_by_role("button", name="Forward", exact=True).click()
    expect(position).to_have_text(f"Move 1 of {total}")
    expect(placed).to_have_count(1)

    anna.get_by_role("button", name="Last move", exact=True).click()
    expect(position).to_have_text(f"Move {total} of {total}")
    expect(end).to_be_visible()

    anna.get_by_role("button", name="Back", exact=True).click()
    expect(position).to_have_text(f"Move {total - 1} of {total}")
    expect(end).to_be_hidden()

    anna.get_by_role("button", name="First move", exact=True).click()
    expect(position).to_have_text(f"Move 0 of {total}")
    expect(placed).to_have_count(0)
    assert anna.errors == []


def test_the_end_screen_shows_each_players_analysis_graph_turning_points_and_accuracy(
    signed_in, live_site
):
    anna = open_table(signed_in("anna"), f"{live_site['url']}/games/{live_site['finished']}/")
    analysis = anna.locator("#end-analysis")
    expect(analysis).to_be_visible()
    expect(analysis.locator("h3")).to_have_text("Analysis")
    seats = analysis.locator(".analysis-seat")
    expect(seats).to_have_count(2)  # anna and carol, both members
    names = " ".join(seats.locator("h4").all_inner_texts())
    assert "Anna" in names
    assert "Carol" in names
    graphs = analysis.locator("svg.analysis-graph")
    expect(graphs).to_have_count(2)
    expect(graphs.locator("polyline")).to_have_count(2)
    expect(seats.locator(".analysis-accuracy")).to_have_text(
        [re.compile(r"^Accuracy: \d+(\.\d)? %$")] * 2
    )
    # The turning points say the move played and the better one, in words, each with its
    # round and move number (two alike, such as two passes in a row, stay told apart).
    points = analysis.locator(".turning-points li")
    expect(points.first).to_contain_text("better:")
    answer = anna.request.get(f"{live_site['url']}/games/{live_site['finished']}/analysis").json()
    for seat, figures in answer["seats"].items():
        told = analysis.locator(f'.analysis-seat[data-seat="{seat}"] .turning-points li')
        expect(told).to_have_text(
            [
                re.compile(rf"^Round {tp['round']}, move {tp['step']}: .+; better: ")
                for tp in figures["turning_points"]
            ]
        )
    assert "undefined" not in analysis.inner_text()
    assert anna.errors == []

    # A turning point opens the replay at its move.
    first_seat, step = next(
        (seat, figures["turning_points"][0]["step"])
        for seat, figures in answer["seats"].items()
        if figures["turning_points"]
    )
    analysis.locator(f'.analysis-seat[data-seat="{first_seat}"] .turning-points a').first.click()
    expect(anna).to_have_url(re.compile(rf"/replay\?step={step}$"))
    expect(anna.locator("#replay-position")).to_have_text(re.compile(rf"^Move {step} of \d+$"))
    assert anna.errors == []


def test_a_german_member_reads_the_analysis_in_german_with_a_decimal_comma(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['finished']}/"
    boris = open_table(signed_in("boris"), url)  # a German member watching the finished game
    analysis = boris.locator("#end-analysis")
    expect(analysis.locator("h3")).to_have_text("Analyse")
    answer = boris.request.get(f"{url}analysis").json()
    accuracies = [answer["seats"][seat]["accuracy"] for seat in sorted(answer["seats"], key=int)]
    assert any(a != int(a) for a in accuracies)  # a figure with a decimal to write
    expect(analysis.locator(".analysis-accuracy")).to_have_text(
        [f"Genauigkeit: {a:g} %".replace(".", ",") for a in accuracies]
    )
    expect(analysis.locator(".turning-points li").first).to_contain_text("besser:")
    assert boris.errors == []


def test_the_end_screen_says_how_far_a_running_analysis_is(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['market_finished']}/"
    anna = open_table(signed_in("anna"), url)
    expect(anna.locator("#end")).to_be_visible()
    expect(anna.locator("#end-analysis .analysis-progress")).to_have_text(
        "Analysis running: 4 of 31 decisions"
    )
    expect(anna.locator("#end-analysis svg")).to_have_count(0)
    assert anna.errors == []


def test_the_replay_shows_the_analysis_and_a_turning_point_with_the_better_move(
    signed_in, live_site
):
    anna = signed_in("anna")
    anna.goto(f"{live_site['url']}/games/{live_site['finished']}/replay")
    total = live_site["finished_moves"]
    position = anna.locator("#replay-position")
    panel = anna.locator("#replay-analysis")
    note = anna.locator("#replay-turning .turning-note")
    expect(position).to_have_text(f"Move 0 of {total}")

    expect(panel).to_be_visible()
    graphs = panel.locator("svg.replay-graph")
    expect(graphs).to_have_count(2)  # anna and carol, both members
    expect(graphs.locator("polyline")).to_have_count(2)
    markers = panel.locator(".turning-marker")
    buttons = panel.locator(".replay-turning-points button")
    expect(buttons.first).to_be_visible()
    assert 1 <= buttons.count() <= 6  # at most three turning points a player
    expect(markers).to_have_count(buttons.count())
    expect(note).to_have_count(0)

    # A turning point's button steps to the move it was, which names the better move.
    step = int(buttons.first.get_attribute("data-goto"))
    buttons.first.click()
    expect(position).to_have_text(f"Move {step} of {total}")
    expect(note.first).to_have_text(
        re.compile(
            r"^Turning point for (Anna|Carol): .+ \(chance of winning \d+ %\); "
            r"better: .+ \(\d+ %\)$"
        )
    )
    # The graphs' line stands at that move.
    now = graphs.first.locator(".replay-now")
    at_step = now.get_attribute("x1")

    # Its dot on the graph does the same from another step.
    anna.get_by_role("button", name="First move", exact=True).click()
    expect(position).to_have_text(f"Move 0 of {total}")
    expect(note).to_have_count(0)
    assert now.get_attribute("x1") != at_step
    panel.locator(f'.turning-marker[data-goto="{step}"]').first.click()
    expect(position).to_have_text(f"Move {step} of {total}")
    expect(note.first).to_contain_text("better:")
    assert now.get_attribute("x1") == at_step
    assert "undefined" not in panel.inner_text() + note.first.inner_text()
    assert anna.errors == []
