"""The site's pages around the table as members meet them in Chromium (issue 16): the
notifications page in one language with repeated notices as one row, the pages for an
address or invitation that is not there, the chat's refusals and a line staff hid, and an
invitation followed through the login of a member."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import open_table

pytestmark = [pytest.mark.browser, pytest.mark.services]


def test_the_notifications_page_reads_in_german_and_counts_repeated_notices(
    signed_in, live_site, site_facts
):
    counts = site_facts("notifications")["boris_notice_counts"]
    assert any(n > 1 for n in counts), "the seeded games give boris turns in quick succession"
    boris = signed_in("boris")
    boris.goto(f"{live_site['url']}/notifications/")
    table = boris.locator("table.notifications")

    expect(table.locator("thead th")).to_have_text(["Wann", "Partie", "Was", "Wie", "Ergebnis"])
    expect(table.locator("tbody tr")).to_have_count(len(counts))
    expect(table.locator("tbody tr .repeat")).to_have_text([f"({n}-mal)" for n in counts if n > 1])
    expect(table).to_contain_text("Du bist am Zug in „")
    for english in ("your turn", "It is your turn", "times", "sent"):
        expect(table).not_to_contain_text(english)


def test_on_a_phone_each_notice_reads_as_one_block_with_its_columns_named(signed_in, live_site):
    boris = signed_in("boris")
    boris.set_viewport_size({"width": 360, "height": 740})
    boris.goto(f"{live_site['url']}/notifications/")
    row = boris.locator("table.notifications tbody tr").first
    cells = row.locator("td")

    expect(cells).to_have_count(5)
    expect(boris.locator("table.notifications thead")).not_to_be_in_viewport()
    # One cell under the other, each as wide as the row: no word broken in a narrow column.
    boxes = cells.evaluate_all(
        "(cells) => cells.map((c) => [Math.round(c.getBoundingClientRect().left),"
        " Math.round(c.getBoundingClientRect().width)])"
    )
    width = row.evaluate("(r) => Math.round(r.getBoundingClientRect().width)")
    assert [box[1] for box in boxes] == [width] * 5
    assert len({box[0] for box in boxes}) == 1
    labels = cells.evaluate_all("(cells) => cells.map((c) => c.dataset.label)")
    assert labels == ["Wann", "Partie", "Was", "Wie", "Ergebnis"]
    before = cells.first.evaluate("(c) => getComputedStyle(c, '::before').content")
    assert "Wann" in before or "attr(data-label)" in before
    assert boris.evaluate("() => document.documentElement.scrollWidth") <= 360


NOT_FOUND = {
    "anna": ("This page is not here", "The address may be mistyped, or the game has been removed."),
    "boris": (
        "Diese Seite gibt es nicht",
        "Vielleicht ist die Adresse vertippt, oder die Partie wurde entfernt.",
    ),
}
NO_SUCH_GAME = {
    "anna": ("Sorry", "There is no such game."),
    "boris": ("Entschuldigung", "Diese Partie gibt es nicht."),
}
INVITATION_NOT_VALID = {
    "anna": ("This invitation is not valid", "Ask the host for a new invitation."),
    "boris": ("Diese Einladung ist nicht gültig", "Bitte den Gastgeber um eine neue Einladung."),
}


@pytest.mark.parametrize("member", ["anna", "boris"])
def test_an_unknown_address_gets_the_sites_own_page_not_found(signed_in, live_site, member):
    page = signed_in(member)
    for path, (heading, says) in (
        ("/no-such-page/", NOT_FOUND[member]),
        ("/games/999999/", NO_SUCH_GAME[member]),
    ):
        response = page.goto(f"{live_site['url']}{path}")

        assert response.status == 404
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        expect(page.locator("main")).to_contain_text(says)
        expect(page.locator(".site-header")).to_be_visible()  # the site's page, not Django's


@pytest.mark.parametrize("member", ["anna", "boris"])
def test_an_invitation_that_is_not_valid_says_so(signed_in, live_site, member):
    heading, says = INVITATION_NOT_VALID[member]
    page = signed_in(member)

    response = page.goto(f"{live_site['url']}/games/join/no-such-token")

    assert response.status == 404
    expect(page.get_by_role("heading", level=1)).to_have_text(heading)
    expect(page.locator("main")).to_contain_text(says)
    expect(page.locator("main")).not_to_contain_text("No Game matches")


def _write(page: Page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.locator("#chat-text").press("Enter")


def test_the_chat_says_why_it_refuses_a_line(signed_in, live_site):
    carol = open_table(signed_in("carol"), f"{live_site['url']}/games/{live_site['chat']}/")
    note, lines = carol.locator("#chat-note"), carol.locator("#chat-lines .chat-line")
    expect(note).to_be_hidden()

    # The field takes 500 characters; a page whose field does not (an older one, another
    # browser) sends more, and the server refuses the line.
    carol.locator("#chat-text").evaluate("(input) => input.removeAttribute('maxlength')")
    _write(carol, "x" * 501)
    expect(note).to_have_text("A message has 1 to 500 characters.")
    expect(note).to_be_visible()
    expect(lines).to_have_count(0)

    _write(carol, "line 1")
    expect(lines).to_have_count(1)
    expect(note).to_be_hidden()
    # At most 5 lines in a fixed window of 20 s: of 11 lines sent at once, whichever two
    # windows they fall in, one is refused.
    for n in range(2, 12):
        _write(carol, f"line {n}")
        taken = carol.locator("#chat-lines .chat-text", has_text=re.compile(rf"^line {n}$"))
        expect(taken.or_(carol.locator("#chat-note:visible"))).to_be_visible()
        if note.is_visible():
            break
    expect(note).to_have_text("Too many messages in a short time; please wait.")
    assert 5 <= lines.count() <= 10
    expect(carol.locator("#chat-text")).to_have_value(f"line {lines.count() + 1}")  # kept
    assert carol.errors == []


def test_a_line_staff_hide_leaves_the_open_table_at_once(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['chat']}/"
    carol = open_table(signed_in("carol"), url)
    dave = open_table(signed_in("dave"), url)
    _write(dave, "something rude")
    rude = carol.locator("#chat-lines .chat-line", has_text="something rude")
    expect(rude).to_have_count(1)
    line_id = rude.get_attribute("data-id")

    vera = signed_in("vera")
    vera.goto(f"{live_site['url']}/admin/games/chatmessage/")
    vera.locator(f'#result_list input.action-select[value="{line_id}"]').check()
    vera.locator("select[name=action]").select_option("hide")
    vera.locator("#changelist-form button[name=index]").click()
    expect(vera.locator(".messagelist .success")).to_have_text("1 message hidden.")

    # Both open pages drop it without a reload; the table stays live.
    for page in (carol, dave):
        expect(page.locator("#chat-lines .chat-line", has_text="something rude")).to_have_count(0)
    expect(carol.locator('#table[data-live="on"]')).to_have_count(1)
    assert (carol.errors, dave.errors) == ([], [])


def test_a_member_following_an_invitation_logs_in_and_lands_in_its_lobby(browser, live_site):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-GB")
    context.set_default_timeout(10_000)
    try:
        page = context.new_page()
        page.goto(f"{live_site['url']}{live_site['invitation_for_anna']}")

        expect(page.locator("#invitation-note")).to_contain_text("You were invited to a game")
        page.fill("input[name=username]", "anna")
        page.fill("input[name=password]", live_site["password"])
        page.press("input[name=password]", "Enter")

        expect(page.locator("h1")).to_have_text(live_site["invitation_for_anna_title"])
        page.get_by_role("button", name="Join this game").click()
        expect(page.locator("#table")).to_have_count(1)  # the table was full: it started
        expect(page.locator("#players .player.me")).to_have_count(1)
    finally:
        context.close()
