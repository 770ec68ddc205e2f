"""The Market's Modules 3-6 at the table, clicked through in Chromium (issue 14): in one 4-player
game with the Market, the Assistants, the Events, the Assignments and the Obstacles, anna uses
the Sponsor and passes, boris (reading German) - held on a real obstacle - buys the card that
gets him past it, the others' pages following live; then the game is played to its end and the
end screen names each player's scored assignment, in English and in German. Also the table at
360 px and its contrast (axe-core).

tests/browser/seed_modules.py plays the game into its position with the engine's greedy moves
and says what the pages must show; it also finishes the game (`finish_modules`).
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.axe import violations
from tests.browser.pages import my_turn, open_table

pytestmark = [pytest.mark.browser, pytest.mark.services]
ASSISTANTS = {
    "architect": ("Architect", "Architekt"),
    "lawyer": ("Lawyer", "Advokat"),
    "czars_daughter": ("Czar's Daughter", "Zarentochter"),
    "mistress_of_the_manor": ("Mistress of the Manor", "Gutsherrin"),
}
OBSTACLES = {
    "real_workers": ("Real workers", "Hürde Arbeiter"),
    "real_market": ("Real market", "Hürde Markt"),
    "real_buildings": ("Real buildings", "Hürde Gebäude"),
    "real_aristocrats": ("Real aristocrats", "Hürde Adlige"),
    "real_exchange": ("Real exchange", "Hürde Tausch"),
}


def panel(page, seat):
    return page.locator(f'#players .player[data-seat="{seat}"]')


def test_anna_uses_an_event_boris_passes_his_obstacle_and_the_end_names_the_assignments(
    signed_in, live_site, site_facts
):
    url = f"{live_site['url']}/games/{live_site['modules']}/"
    anna = open_table(signed_in("anna"), url)
    boris = open_table(signed_in("boris", locale="de-DE"), url)
    carol = open_table(signed_in("carol"), url)

    # Each panel: the assistant held, three assignments with what each scores now.
    for seat, key in enumerate(live_site["modules_assistants"]):
        english, german = ASSISTANTS[key]
        expect(panel(carol, seat).locator(".assistant strong")).to_have_text(english)
        expect(panel(boris, seat).locator(".assistant strong")).to_have_text(german)
        numbers = [f"No. {n}" for n in live_site["modules_assignments"][seat]]
        expect(panel(carol, seat).locator(".assignment .assignment-no")).to_have_text(numbers)
        expect(panel(carol, seat).locator(".assignment.best")).to_have_count(1)
    expect(panel(boris, 0).locator(".assignment .assignment-points").first).to_contain_text(
        "Punkte"
    )

    # Boris sits on a real obstacle: his panel says where and what he lacks; the track too.
    space, obstacle = live_site["modules_held_space"], live_site["modules_held_obstacle"]
    english, german = OBSTACLES[obstacle]
    expect(panel(anna, 1).locator(".obstacle-next.held")).to_contain_text(
        f"Held on {space} by {english}"
    )
    expect(panel(boris, 1).locator(".obstacle-next.held")).to_contain_text(
        f"Auf Feld {space} festgehalten von {german}"
    )
    track = anna.locator("#modules table.track")
    expect(track.locator('tr[data-seat="1"] td.standing.sitting')).to_have_text(
        re.compile(r"^held here · \d+/\d+")
    )
    expect(anna.locator("#modules .track-obstacle")).to_have_count(5)

    # The six events, all but the ones used available; anna uses the Sponsor.
    events = anna.locator("#modules .event-row .event")
    expect(events).to_have_count(6)
    sponsor = '#modules .event[data-event="sponsor"] .event-state'
    expect(carol.locator(sponsor)).to_have_text("available")
    expect(my_turn(anna)).to_be_visible()
    money = live_site["modules_money"]
    anna.get_by_role("button", name="Use an event…").click()
    dialog = anna.locator("#card-dialog")
    expect(dialog.get_by_role("heading")).to_have_text("Use an event")
    sponsor_group = dialog.get_by_role("group", name="Sponsor")
    sponsor_group.get_by_role("button", name="Use the Sponsor").click()
    expect(dialog).not_to_be_visible()

    expect(carol.locator(sponsor)).to_have_text("used by Anna")
    expect(boris.locator(sponsor)).to_have_text("eingesetzt von Anna")
    expect(panel(carol, 0).locator(".tally .money b")).to_have_text(str(money[0] + 6))
    expect(panel(carol, 1).locator(".tally .money b")).to_have_text(str(money[1] + 2))
    expect(carol.locator("#log-body")).to_contain_text(
        "Anna uses the Sponsor: +6 rubles, every other player +2"
    )
    expect(boris.locator("#log-body")).to_contain_text(
        "Anna setzt den Gönner ein: +6 Rubel, alle anderen +2"
    )
    expect(anna.get_by_role("button", name="Use an event…")).to_have_count(0)
    anna.locator('#actions button.pass[data-pass="turn"]').click()

    # Boris buys the card that meets the requirement: he passes the obstacle.
    expect(my_turn(boris)).to_be_visible()
    boris.locator(f'#board [data-card="{live_site["modules_card"]}"]').click()
    boris.locator("#card-dialog").get_by_role(
        "button", name=live_site["modules_buy_de"], exact=True
    ).click()
    expect(boris.locator("#card-dialog")).not_to_be_visible()
    expect(anna.locator("#log-body")).to_contain_text(
        f"Boris now meets {english} on {space} and overcomes it"
    )
    expect(boris.locator("#log-body")).to_contain_text(
        f"Boris erfüllt nun {german} auf Feld {space} und überwindet es"
    )
    passed = '#modules table.track tr[data-seat="1"] td.standing[data-status="passed"]'
    expect(anna.locator(passed).first).to_be_visible()
    expect(panel(anna, 1).locator(".obstacle-next.held")).to_have_count(0)
    expect(
        boris.locator(
            f'#modules table.track tr[data-seat="1"] td:nth-child({_column(anna, space)})'
        )
    ).to_have_text(re.compile(r"^erhalten: "))

    for page in (anna, boris, carol):
        assert page.errors == []

    # The game played to its end: the end screen names each player's scored assignment.
    finished = site_facts("finish_modules")
    scored, totals = finished["assignments"], [str(total) for total in finished["totals"]]
    names = {0: "Anna", 1: "Boris", 2: "Carol", 3: "Dave"}
    anna.reload()
    boris.reload()
    for page, line in (
        (anna, "{name}: no. {n}, {points} points - "),
        (boris, "{name}: Nr. {n}, {points} Punkte - "),
    ):
        end = page.locator("#end")
        expect(end).to_be_visible()
        lines = end.locator(".scored-assignments li")
        expect(lines).to_have_count(4)
        for seat, number, points in scored:
            expect(end.locator(f'.scored-assignments li[data-seat="{seat}"]')).to_contain_text(
                line.format(name=names[seat], n=number, points=points)
            )
        expect(end.locator(".end-obstacles li")).to_have_count(4)
        # The score track stands where the final scoring left everyone: at their totals.
        expect(page.locator("#modules table.track tbody td.num")).to_have_text(totals)
    expect(anna.locator("#end table.scores thead tr").nth(1)).to_contain_text("Assignment")
    expect(boris.locator("#end h3").first).to_have_text("Gewertete Aufträge")
    assert violations(boris) == []
    # On a desktop the final scores' fourteen figures a row fit without scrolling sideways.
    for page in (anna, boris):
        page.set_viewport_size({"width": 1300, "height": 900})
        table = page.locator("#end-scores .table-wrap")
        assert table.evaluate("(wrap) => wrap.scrollWidth <= wrap.clientWidth")


def _column(page, space: int) -> int:
    """The track table's column (1-based) of the obstacle on `space`."""
    heads = page.locator("#modules table.track thead th").all_inner_texts()
    return next(i for i, text in enumerate(heads, 1) if text.startswith(f"{space} "))


def test_the_modules_fit_a_phone_and_pass_axe(signed_in, live_site):
    phone = open_table(
        signed_in("dave", width=360, height=740),
        f"{live_site['url']}/games/{live_site['modules']}/",
    )
    expect(phone.locator("#modules .event")).to_have_count(6)
    expect(phone.locator("#players .assignment")).to_have_count(12)
    # Nothing sticks out to the side: the track's table scrolls inside its own region.
    overflow = phone.evaluate(
        """() => [...document.querySelectorAll(`#modules .event, #modules .track-bar,
                   #players .assistant, #players .assignment, #modules .table-wrap`)]
                 .filter((e) => e.getBoundingClientRect().right > 360.5
                                || e.getBoundingClientRect().left < 0).length"""
    )
    assert overflow == 0
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert violations(phone) == []
    assert phone.errors == []


BONUS_NAMES = {"bonus_market": "Bonus market", "bonus_card": "Bonus card"}


def test_anna_chooses_an_obstacles_bonus_in_its_dialog(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['modules_bonus']}/"
    anna = open_table(signed_in("anna"), url)
    obstacle = BONUS_NAMES[live_site["modules_bonus_obstacle"]]
    expect(anna.locator("#status .chip.turn")).to_have_text("Choose your obstacle bonus")
    choice = anna.get_by_role("group", name="Obstacle bonus", exact=True)
    expect(choice).to_contain_text(f"You reached {obstacle} on")
    buttons = choice.get_by_role("button")
    assert buttons.count() > 1
    for text in buttons.all_inner_texts():
        assert "Obstacle bonus:" not in text  # worded, not the generic fallback
    buttons.first.click()

    expect(choice).to_have_count(0)
    expect(anna.locator("#log-body")).to_contain_text(f"from {obstacle}")
    assert anna.errors == []


def test_anna_uses_the_twin_and_takes_its_pair(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['modules_twin']}/"
    anna = open_table(signed_in("anna"), url)
    expect(my_turn(anna)).to_be_visible()
    anna.get_by_role("button", name="Use an event…").click()
    dialog = anna.locator("#card-dialog")
    dialog.get_by_role("group", name="Twin").get_by_role("button", name="Use the Twin").click()
    expect(dialog).not_to_be_visible()

    pair = anna.get_by_role("group", name="The Twin's pair", exact=True)
    expect(anna.locator("#status .chip.turn")).to_have_text(
        "Your Twin's pair: take it together, or act otherwise"
    )
    expect(anna.locator("#board .row-drawn .row-title")).to_have_text(
        "The Twin's pair (with the first card of the upper row)"
    )
    expect(anna.locator("#log-body")).to_contain_text("Anna uses the Twin:")
    first = pair.get_by_role("button").first
    expect(first).to_have_text(re.compile(r", then .+: \d+ ₽$"))
    first.click()

    expect(pair).to_have_count(0)
    expect(anna.locator("#log-body")).to_contain_text("Anna takes the Twin's pair:")
    assert anna.errors == []
