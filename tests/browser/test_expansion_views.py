"""The table draws what the expansions will add before it has words or dialogs for it: a
decision kind without its own dialog, moves of kinds it has no label for, a phase and a pile
the translated strings do not know, a colour and a fifth seat defined by one CSS variable.

The decision kind is real: a test app registers it in the engine of the live server
(tests/browser/expansion_app) and the server plays its moves. No engine option produces the
other views yet (a decision with moves of kinds no expansion has, a phase and pile of no option),
so those tests edit the view on its way to the page (pages.rewrite_views); their moves still go
to the real server.
"""

import pytest
from playwright.sync_api import expect

from games import rules
from tests.browser.pages import my_tally, open_table, rewrite_views

pytestmark = [pytest.mark.browser, pytest.mark.services]


def test_a_decision_without_its_own_dialog_offers_each_legal_move_and_plays_it(
    signed_in, live_site
):
    """The toll: a real engine decision kind, registered by the test app in the live server
    (tests/browser/expansion_app), with no dialog of its own; anna's toll is pending."""
    game = live_site["decision"]
    anna = signed_in("anna")
    open_table(anna, f"{live_site['url']}/games/{game}/")
    decision = anna.get_by_role("group", name="Toll", exact=True)
    money = my_tally(anna, "money")

    expect(decision).to_contain_text("Choose one:")
    expect(decision.get_by_role("button")).to_have_text(
        ["Toll pay: 0 points", "Toll pay: 1 point", "Toll pay: 2 points"]
    )
    expect(anna.locator("#status .chip.turn")).to_have_text("Your turn")

    decision.get_by_role("button", name="Toll pay: 2 points").click()

    expect(decision).to_have_count(0)
    expect(anna.locator(".player.me .tally .money b")).to_have_text(str(money - 2))
    assert anna.errors == []


def test_moves_of_kinds_the_table_has_no_words_for_are_labelled_from_their_fields(
    signed_in, live_site
):
    game = live_site["big"]
    anna = signed_in("anna")
    catalogue = rules.card_catalogue("2nd")
    shown = {}

    def new_decision(payload):
        view = payload["view"]
        shown["card"] = card = view["board"]["upper"][0]
        view["pending"] = {"kind": "festival_choice", "seat": payload["seat"]}
        view["moves"] = [
            {"kind": "trade_in", "card": card, "points": 2},
            {"kind": "choose_pile", "pile": "aristocrat"},
            {"kind": "take_rubles", "rubles": 3},
            {"kind": "pass"},
        ]

    rewrite_views(anna, game, new_decision)
    open_table(anna, f"{live_site['url']}/games/{game}/")
    name = catalogue[shown["card"].split("#")[0]]["name_en"]

    decision = anna.get_by_role("group", name="Festival choice", exact=True)
    expect(decision.get_by_role("button")).to_have_text(
        [f"Trade in: {name}, 2 points", "Choose pile: Aristocrats", "Take rubles: 3 ₽", "Pass"]
    )
    # The decision offers the pass; the action bar does not offer it a second time.
    expect(anna.locator("#actions button.pass")).to_have_count(0)
    expect(anna.locator("#actions .prompt")).to_have_text("Decide:")
    # The prompt stands before the buttons it asks about.
    expect(anna.locator("#actions > .prompt + .decision")).to_have_count(1)
    assert anna.errors == []


def test_a_phase_and_pile_the_strings_do_not_know_show_by_name_in_a_colour_of_one_variable(
    signed_in, live_site
):
    game = live_site["big"]
    carol = signed_in("carol")

    def fair(payload):
        view = payload["view"]
        view["phases"].append({"name": "fair", "pile": "fair", "scores": True})
        view["piles"]["fair"] = {"size": 5, "contents": []}
        view["phase"] = "fair"
        for player in view["players"]:
            player["summary"]["income"]["fair"] = {"rubles": 1, "points": 2}

    rewrite_views(carol, game, fair)
    open_table(carol, f"{live_site['url']}/games/{game}/")

    expect(carol.locator("#board .pile .pile-name")).to_have_text(
        ["Workers", "Buildings", "Aristocrats", "Trading cards", "fair", "Discard pile"]
    )
    pile = carol.locator('#board [data-pile="fair"]')
    expect(pile).to_have_accessible_name("5 fair")
    expect(carol.locator("#status .chip.phase")).to_have_text("fair")
    expect(carol.locator("#summary-body thead th")).to_have_text(
        [
            "Player",
            "∑ Income of all scorings",
            "Workers",
            "Buildings",
            "Aristocrats",
            "fair",
            "Arist.",
            "Hand",
        ]
    )
    expect(carol.locator("#summary-body tbody tr").first.locator("td").nth(4)).to_have_text("1₽ 2★")
    # No colour is defined for it: the neutral one. Defining --card-fair colours it.
    expect(pile).to_have_css("background-color", "rgb(122, 114, 106)")
    carol.evaluate("document.getElementById('table').style.setProperty('--card-fair', '#e0b000')")
    expect(pile).to_have_css("background-color", "rgb(224, 176, 0)")
    expect(carol.locator("#status .chip.phase")).to_have_css("color", "rgb(224, 176, 0)")
    assert carol.errors == []


def test_five_seats_have_five_colours(signed_in, live_site):
    carol = open_table(signed_in("carol"), f"{live_site['url']}/games/{live_site['big']}/")

    colours = carol.evaluate(
        "[0, 1, 2, 3, 4].map((n) => getComputedStyle(document.getElementById('table'))"
        ".getPropertyValue(`--seat-${n}`).trim())"
    )

    assert len(set(colours)) == 5
    assert "" not in colours
    # Each player's panel is drawn in its seat's colour.
    for seat in range(4):
        expect(carol.locator(f'.player[data-seat="{seat}"]')).to_have_css(
            "border-top-color", _rgb(colours[seat])
        )


def _rgb(hex_colour: str) -> str:
    red, green, blue = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"
