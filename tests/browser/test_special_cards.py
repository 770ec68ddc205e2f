"""The Observatory's draw-and-decide dialog and the Pub decision, clicked through in Chromium.

tests/browser/seed.py plays each table through the services into its position: anna may use
the Observatory she bought; anna decides how many points to buy in her Pub.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import buy_two_points_in_the_pub, my_turn, open_table, rewrite_views

pytestmark = [pytest.mark.browser, pytest.mark.services]
USED = re.compile(r"\bused\b")  # an Observatory turned over this round


def test_anna_draws_with_her_observatory_and_takes_the_card_into_her_hand(signed_in, live_site):
    anna = open_table(signed_in("anna"), f"{live_site['url']}/games/{live_site['observatory']}/")
    expect(my_turn(anna)).to_be_visible()
    observatory = anna.locator('.player.me .area [data-card^="observatory#"]')
    expect(observatory).not_to_have_class(USED)

    anna.get_by_role("button", name="Use the Observatory").click()
    dialog = anna.locator("#card-dialog")
    expect(dialog.get_by_role("heading")).to_have_text("Use the Observatory")
    draws = dialog.locator(".dialog-actions button")
    expect(draws.first).to_contain_text("Draw from the ")
    draws.first.click()

    expect(dialog).not_to_be_visible()
    decision = anna.get_by_role("group", name="Drawn with the Observatory")
    expect(decision).to_contain_text("You drew")
    drawn = anna.locator("#board .row-drawn [data-card]").get_attribute("data-card")
    expect(decision.get_by_role("button", name="Discard it")).to_be_visible()
    decision.get_by_role("button", name="Take into your hand").click()

    expect(anna.locator(f'.player.me .hand [data-card="{drawn}"]')).to_have_count(1)
    expect(decision).to_have_count(0)
    expect(anna.locator("#board .row-drawn")).to_have_count(0)
    expect(observatory).to_have_class(USED)
    expect(my_turn(anna)).to_have_count(0)
    assert anna.errors == []


def test_anna_buys_two_points_in_the_pub_for_four_rubles(signed_in, live_site):
    anna = open_table(signed_in("anna"), f"{live_site['url']}/games/{live_site['pub']}/")
    pub = anna.get_by_role("group", name="Pub", exact=True)
    expect(pub).to_contain_text("Buy points, 2 rubles each.")
    expect(anna.locator("#status .chip.turn")).to_have_text("Your Pub decision")
    # One point is one point (issue 16: "1 points").
    expect(pub.get_by_role("button").nth(1)).to_have_text("1 point for 2 ₽")

    buy_two_points_in_the_pub(anna, pub)

    assert anna.errors == []


def test_the_pub_counts_its_points_in_german(signed_in, live_site):
    game = live_site["pub_de"]
    boris = signed_in("boris")

    def plans_one_point(payload):
        """Boris's Pub plan: the panel's "up to 1 point", and the plan's choices offered."""
        view = payload["view"]
        view["players"][view["seat"]]["pub_plan"] = 1
        view["moves"] += [{"kind": "pub_plan", "points": n} for n in (1, 2)]

    rewrite_views(boris, game, plans_one_point)
    open_table(boris, f"{live_site['url']}/games/{game}/")
    pub = boris.get_by_role("group", name="Schenke", exact=True)

    buttons = pub.get_by_role("button")
    for n, label in enumerate(["0 Punkte für 0 ₽", "1 Punkt für 2 ₽", "2 Punkte für 4 ₽"]):
        expect(buttons.nth(n)).to_have_text(label)
    expect(boris.locator(".player.me .tally")).to_contain_text("bis zu 1 Punkt")
    expect(boris.locator("select.pub-plan option")).to_have_text(
        ["bis zu 1 Punkt", "bis zu 2 Punkte"]
    )
    assert boris.errors == []
