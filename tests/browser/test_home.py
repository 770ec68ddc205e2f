"""The start page as a visitor finds it, in Chromium: it says how many sit at a table, offers
signing up first, sends nowhere that needs a login, and every page has the site's icon."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.services]


def test_a_visitor_is_offered_to_sign_up_first(browser, live_site):
    context = browser.new_context(locale="en-GB")
    try:
        page = context.new_page()
        page.goto(f"{live_site['url']}/")
        expect(page.locator("main")).to_contain_text("one to five at a table")
        hero = page.locator(".hero .actions .button")
        expect(hero).to_have_text(["Sign up", "Log in"])
        expect(hero.first).to_have_class("button primary")
        # Nothing in the header leads to a page that only sends a visitor to the login.
        expect(page.locator(".site-header a[href='/games/open']")).to_have_count(0)
        expect(page.locator("link[rel=icon]")).to_have_count(1)
    finally:
        context.close()


def test_the_site_icon_is_on_pages_outside_the_table(signed_in, live_site):
    anna = signed_in("anna")
    for path in ("/games/mine", "/accounts/profile/", "/ratings/"):
        anna.goto(f"{live_site['url']}{path}")
        icon = anna.locator("link[rel=icon]")
        expect(icon).to_have_count(1)
        href = icon.get_attribute("href")
        assert anna.request.get(f"{live_site['url']}{href}").ok


def test_the_sign_up_form_sends_the_browsers_time_zone(browser, live_site):
    context = browser.new_context(locale="en-US", timezone_id="America/New_York")
    try:
        page = context.new_page()
        page.goto(f"{live_site['url']}/accounts/signup/")
        expect(page.locator("input[name=time_zone]")).to_have_value("America/New_York")
    finally:
        context.close()


@pytest.mark.parametrize(
    ("locale", "link", "heading", "rules_page"),
    [
        ("en-GB", "How to play: the rules", "How to play Saint Petersburg", "/en/Rules/"),
        ("de-DE", "So wird gespielt: die Regeln", "So spielt man Sankt Petersburg", "/de/Rules/"),
    ],
)
def test_a_visitor_finds_the_rules_from_the_start_page_and_the_header(
    browser, live_site, locale, link, heading, rules_page
):
    context = browser.new_context(locale=locale)
    try:
        page = context.new_page()
        page.goto(f"{live_site['url']}/")
        page.get_by_role("link", name=link).click()
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        expect(page.locator(f"main a[href*='yucata.de{rules_page}']").first).to_be_visible()
        page.goto(f"{live_site['url']}/accounts/login/")
        page.locator(".site-header a[href='/rules/']").click()
        expect(page).to_have_url(f"{live_site['url']}/rules/")
    finally:
        context.close()


def test_a_member_finds_the_rules_in_the_header(signed_in, live_site):
    anna = signed_in("anna")
    anna.goto(f"{live_site['url']}/games/mine")
    anna.locator(".site-nav").get_by_role("link", name="Rules").click()
    expect(anna.get_by_role("heading", level=1)).to_have_text("How to play Saint Petersburg")
