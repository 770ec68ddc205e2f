"""The table on a phone (390 x 844, and the narrowest common 360 px): what a player looks for
is on screen without scrolling sideways, and the cards stay readable."""

from collections import Counter

import pytest
from playwright.sync_api import Page, expect

from tests.browser.pages import open_table

pytestmark = [pytest.mark.browser, pytest.mark.services]

PHONE_HEIGHT = 844


def _cut_off(page: Page, selector: str) -> list[str]:
    """The texts of the elements matching `selector` that do not fit across the screen (measured
    in one go, so a redraw in between cannot tear the answer)."""
    expect(page.locator(selector).first).to_be_visible()
    return page.eval_on_selector_all(
        selector,
        """(cells) => cells
            .filter((c) => c.getBoundingClientRect().left < 0
                || c.getBoundingClientRect().right > innerWidth)
            .map((c) => c.textContent)""",
    )


@pytest.mark.parametrize("width", [390, 360])
def test_rank_player_and_total_of_the_final_scores_show_without_scrolling(
    signed_in, live_site, width
):
    anna = open_table(
        signed_in("anna", width=width, height=PHONE_HEIGHT),
        f"{live_site['url']}/games/{live_site['finished']}/",
    )
    scores = "#end table.scores"
    expect(anna.locator(f"{scores} thead th").nth(2)).to_have_text("Total")
    _rank, _name, total, *_parts = live_site["finished_scores"][0]
    winner_total = str(total)
    expect(anna.locator(f"{scores} tbody tr").first.locator("td").nth(1)).to_have_text(winner_total)
    # Rank, player and total: the first three cells of each row and of the first heading row
    # (the second heading row holds the parts, which may scroll).
    first_three = ":is(th, td):nth-child(-n+3)"
    rows = f"{scores} thead tr:first-child > {first_three}, {scores} tbody tr > {first_three}"
    assert _cut_off(anna, rows) == []


@pytest.mark.parametrize("width", [390, 360])
def test_the_summary_shows_each_player_and_the_total_income_without_scrolling(
    signed_in, live_site, width
):
    anna = open_table(
        signed_in("anna", width=width, height=PHONE_HEIGHT),
        f"{live_site['url']}/games/{live_site['big']}/",
    )
    summary = "#summary-body table.summary"
    expect(anna.locator(f"{summary} thead th").nth(1)).to_contain_text("∑")
    assert _cut_off(anna, f"{summary} tr > :is(th, td):nth-child(-n+2)") == []


def test_identical_cards_are_stacked_with_their_count(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['finished']}/"
    anna = open_table(signed_in("anna", width=390, height=PHONE_HEIGHT), url)
    view = anna.request.get(f"{url}view").json()["view"]
    stacked = 0
    for player in view["players"]:
        copies = Counter(card.split("#")[0] for card in player["area"])
        stacked += sum(1 for n in copies.values() if n > 1)
        area = anna.locator(f"#players .player[data-seat='{player['seat']}'] .area")
        expect(area.locator(".card")).to_have_count(len(copies))
        badges = sorted(f"× {n}" for n in copies.values() if n > 1)
        assert sorted(area.locator(".card-count").all_inner_texts()) == badges
    assert stacked, "the finished game must have identical cards somewhere"


@pytest.mark.parametrize("width", [390, 360])
def test_card_names_stay_readable_on_a_phone(signed_in, live_site, width):
    anna = open_table(
        signed_in("anna", width=width, height=PHONE_HEIGHT),
        f"{live_site['url']}/games/{live_site['big']}/",
    )
    # Read in one go: a re-render between finding the names and reading them (a push) would
    # leave detached elements, whose computed size is empty.
    sizes = anna.evaluate(
        """[...document.querySelectorAll('#table .card .card-name')].map(
            (n) => parseFloat(getComputedStyle(n).fontSize))"""
    )
    assert sizes
    assert min(sizes) >= 11


OVERLAPS = """() => [...document.querySelectorAll("#table .card")].filter((c) => {
    const name = c.querySelector(".card-name").getBoundingClientRect();
    const symbols = c.querySelector(".card-symbols").getBoundingClientRect();
    const income = c.querySelector(".card-income").getBoundingClientRect();
    const tile = c.getBoundingClientRect();
    return (symbols.height && name.bottom > symbols.top + 0.5)
        || (symbols.height && symbols.bottom > income.top + 0.5)
        || income.bottom > tile.bottom + 0.5;
}).map((c) => c.dataset.card)"""


@pytest.mark.parametrize("width", [1280, 390, 360])
@pytest.mark.parametrize("game", ["big", "finished"])
def test_no_card_name_runs_into_its_symbols_or_income(signed_in, live_site, width, game):
    """A two-line name, a row of symbols, the income: each keeps its own row."""
    anna = open_table(
        signed_in("anna", width=width, height=PHONE_HEIGHT),
        f"{live_site['url']}/games/{live_site[game]}/",
    )
    expect(anna.locator("#players .area .card").first).to_be_visible()
    assert anna.evaluate(OVERLAPS) == []


@pytest.mark.parametrize("width", [1280, 390, 360])
def test_the_czar_and_carpenters_five_symbols_keep_off_its_name(signed_in, live_site, width):
    """issue 16: the tile with the most symbols, five under a two-line name, overlapped it."""
    anna = open_table(
        signed_in("anna", width=width, height=PHONE_HEIGHT),
        f"{live_site['url']}/games/{live_site['czar']}/",
    )
    czar = anna.locator('#players .area .card[data-card^="czar_and_carpenter#"]')
    expect(czar).to_be_visible()
    expect(czar.locator(".card-symbols .glyph")).to_have_count(5)
    assert anna.evaluate(OVERLAPS) == []


# Each card name's words as they are drawn: a word whose letters lie on more than one line must
# break right after one of its soft hyphens (U+00AD, drawn as a hyphen) or a hyphen of its own;
# and no letter may stick out of the name's box or be cut off by the line clamp.
SPLIT_NAMES = """() => [...document.querySelectorAll("#table .card-name")].flatMap((name) => {
    const text = name.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) return [];
    const s = text.data, box = name.getBoundingClientRect(), range = document.createRange();
    const problems = [];
    let previous = null;  // [index, rect] of the last drawn letter of the current word
    for (let i = 0; i < s.length; i++) {
        if (/\\s/.test(s[i])) { previous = null; continue; }
        range.setStart(text, i); range.setEnd(text, i + 1);
        // the letter's own box is its range's last (after a break, the first may be the
        // hyphen drawn at the end of the line before)
        const rect = [...range.getClientRects()].filter((r) => r.width > 0).pop();
        if (!rect) continue;  // a soft hyphen where the word does not break
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5
            || rect.bottom > box.bottom + 0.5) {
            problems.push(`${s}: "${s[i]}" outside its box`);
        }
        if (previous && rect.top > previous[1].top + 1) {
            const between = s.slice(previous[0], i);
            if (!/[\\u00ad-]/.test(between)) problems.push(`${s}: split before "${s[i]}"`);
        }
        previous = [i, rect];
    }
    return problems;
})"""


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize(
    ("member", "game"), [("anna", "big"), ("anna", "finished"), ("boris", "big")]
)
def test_no_card_name_splits_a_word_without_a_hyphen(signed_in, live_site, width, member, game):
    """issue 16: "Lumberjac|k", "Administr|ator" on the small tiles; English and German."""
    page = open_table(
        signed_in(member, width=width, height=PHONE_HEIGHT),
        f"{live_site['url']}/games/{live_site[game]}/",
    )
    expect(page.locator("#players .area .card").first).to_be_visible()
    assert page.evaluate(SPLIT_NAMES) == []


@pytest.mark.parametrize("width", [390, 360])
def test_each_pile_shows_its_whole_name_in_german_with_the_markets_six_piles(
    signed_in, live_site, width
):
    boris = open_table(  # a German member: the longest pile names
        signed_in("boris", width=width, height=PHONE_HEIGHT),
        f"{live_site['url']}/games/{live_site['market']}/",
    )
    piles = boris.locator("#board .pile")
    expect(piles.locator(".pile-name")).to_have_text(
        ["Handwerker", "Marktkarten", "Gebäude", "Adlige", "Tauschkarten", "Ablagestapel"]
    )
    spilled = boris.eval_on_selector_all(
        "#board .pile",
        """(piles) => piles
            .filter((pile) => {
                const tile = pile.getBoundingClientRect();
                const name = pile.querySelector('.pile-name').getBoundingClientRect();
                return name.left < tile.left || name.right > tile.right || tile.right > innerWidth;
            })
            .map((pile) => pile.textContent)""",
    )
    assert spilled == []
    assert boris.errors == []
