"""The leaderboard and a player page in Chromium, on a desktop and on a phone, after the
seeded finished games (tests/browser/seed.py rates them as the site does after each game's
end and reports the rows the pages must show)."""

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import OUTPUT

pytestmark = [pytest.mark.browser, pytest.mark.services]

PHONE = {"width": 360, "height": 740}


def leaderboard_rows(page: Page) -> list[list[str]]:
    """Place, player, rating, games and wins of each row."""
    return [
        [
            cell.strip()
            for index, cell in enumerate(row.locator("td").all_inner_texts())
            if index in (0, 1, 2, 4, 5)
        ]
        for row in page.locator("table.standings tbody tr").all()
    ]


def fits_the_screen(page: Page) -> bool:
    """Nothing sticks out to the side: neither the page nor any of its tables needs
    sideways scrolling."""
    return page.evaluate(
        """document.documentElement.scrollWidth <= window.innerWidth
        && [...document.querySelectorAll('.table-wrap')].every(
            (wrap) => wrap.scrollWidth <= wrap.clientWidth)"""
    )


def test_the_leaderboard_and_a_player_page_on_a_desktop(signed_in, live_site, site_facts):
    facts = site_facts("ratings")
    anna = signed_in("anna")
    anna.get_by_role("link", name="Ratings", exact=True).click()

    expect(anna.locator("h1")).to_have_text("Ratings")
    expect(anna.locator("table.standings tbody tr")).to_have_count(len(facts["leaderboard"]))
    assert leaderboard_rows(anna) == facts["leaderboard"]
    expect(anna.locator("table.standings tr.me td").nth(1)).to_have_text("Anna")
    anna.screenshot(path=str(OUTPUT / "ratings-leaderboard-desktop.png"), full_page=True)

    anna.locator("table.standings").get_by_role("link", name="Carol", exact=True).click()
    carol = facts["carol"]
    expect(anna).to_have_url(f"{live_site['url']}/players/{carol['id']}/")
    expect(anna.locator("h1")).to_have_text("Carol")
    expect(anna.locator("#player-rating")).to_have_text(carol["rating"])
    chart = anna.locator("svg.rating-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline.line")).to_have_count(1)
    # the start and each rated game
    expect(chart.locator("polyline.dot")).to_have_count(1 + carol["rated_games"])
    rivals = anna.locator("table.head-to-head tbody tr td:first-child")
    expect(rivals).to_have_text(carol["rivals"])
    recent = anna.locator("table.recent-games tbody tr")
    expect(recent).to_have_count(carol["recent_games"])
    anna.screenshot(path=str(OUTPUT / "ratings-player-desktop.png"), full_page=True)

    recent.first.get_by_role("link").click()
    expect(anna.locator("#replay-position")).to_be_visible()
    assert anna.errors == []


def test_the_leaderboard_and_a_player_page_on_a_phone(signed_in, live_site, site_facts):
    facts = site_facts("ratings")
    boris = signed_in("boris", **PHONE)  # boris reads German
    boris.goto(f"{live_site['url']}/ratings/")

    expect(boris.locator("h1")).to_have_text("Rangliste")
    expect(boris.locator("table.standings")).to_be_visible()
    expect(boris.locator("table.standings tbody tr")).to_have_count(len(facts["leaderboard"]))
    names = boris.locator("table.standings tbody tr td:nth-child(2)")
    expect(names).to_have_text([row[1] for row in facts["leaderboard"]])
    ratings = boris.locator("table.standings tbody tr td:nth-child(3)")
    expect(ratings).to_have_text([row[2].replace(".", ",") for row in facts["leaderboard"]])
    expect(boris.locator("table.standings th").last).to_be_hidden()  # average place
    assert fits_the_screen(boris)
    boris.screenshot(path=str(OUTPUT / "ratings-leaderboard-phone.png"), full_page=True)

    boris.goto(f"{live_site['url']}/players/{facts['carol']['id']}/")
    expect(boris.locator("h1")).to_have_text("Carol")
    expect(boris.locator("#player-rating")).to_have_text(facts["carol"]["rating"].replace(".", ","))
    expect(boris.locator("svg.rating-chart")).to_be_visible()
    assert boris.locator("svg.rating-chart").bounding_box()["width"] > 200
    expect(boris.get_by_role("heading", name="Direkter Vergleich")).to_be_visible()
    assert fits_the_screen(boris)
    boris.screenshot(path=str(OUTPUT / "ratings-player-phone.png"), full_page=True)
    assert boris.errors == []
