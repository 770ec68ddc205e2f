"""The Market at the table, clicked through in Chromium (issue 13): the value tiles, a goods
track per player, anna's pass bringing the market scoring, her upkeep decision in its dialog,
the other pages following live, the log telling the majorities; the tracks on a phone. Then a
whole round clicked by anna, boris and carol (workers, the market with anna's upkeep, buildings,
aristocrats, a trading card displacing one) with every page following each move, the ∑ table's
market and upkeep columns; a '?' card showing its good; and a finished Market game's scores and
chart with the market's points.

tests/browser/seed.py plays the tables into their positions: round 1's market phase, anna owns
an orange card and is to act, boris and carol pass for the rest of the phase; the start of
round 2 with round 2's moves (greedy, anna keeping her orange card and trading when she can)
and each one's button words, and the ∑ figures worked out from the areas; a game in which a
'?' card has just been covered; a 2-player Market game played to its end.
"""

import pytest
from playwright.sync_api import expect

from tests.browser.pages import expect_end_headings, my_turn, open_table

pytestmark = [pytest.mark.browser, pytest.mark.services]
GOODS = ("grain", "chicken", "apple", "cabbage", "fish")


def track(page, seat, good):
    return page.locator(f'.player[data-seat="{seat}"] .goods-track [data-good="{good}"]')


def test_anna_pays_the_upkeep_at_the_market_scoring_and_the_others_see_it_live(
    signed_in, live_site
):
    url = f"{live_site['url']}/games/{live_site['market']}/"
    anna = open_table(signed_in("anna"), url)
    carol = open_table(signed_in("carol"), url)
    boris = open_table(signed_in("boris", locale="de-DE"), url)

    expect(anna.locator("#status .chip.phase")).to_have_text("Market phase")
    expect(anna.locator("#status .chip.market-value")).to_have_text("Market value 1/0")
    expect(anna.locator("#status .chip.market-next")).to_have_text("next round 2/1")
    expect(boris.locator("#status .chip.market-value")).to_have_text("Marktwert 1/0")
    expect(anna.locator('#board [data-pile="market"]')).to_be_visible()
    positions = live_site["market_positions"]
    for good in GOODS:
        expect(track(carol, 0, good).locator(".good-n")).to_have_text(str(positions[good]))
    expect(anna.locator(".goods-track")).to_have_count(3)

    expect(my_turn(anna)).to_be_visible()
    anna.locator('#actions button.pass[data-pass="turn"]').click()

    upkeep = anna.get_by_role("group", name="Upkeep", exact=True)
    price = live_site["market_price"]
    expect(anna.locator("#status .chip.turn")).to_have_text("Your upkeep decision")
    expect(upkeep.get_by_role("button")).to_have_text([f"Pay {price} ₽ and keep it", "Give it up"])
    expect(carol.locator("#status .chip.turn")).to_have_text("Anna decides on upkeep")
    expect(boris.locator("#status .chip.turn")).to_have_text("Anna entscheidet über den Unterhalt")

    upkeep.get_by_role("button", name=f"Pay {price} ₽ and keep it").click()

    expect(upkeep).to_have_count(0)
    expect(anna.locator(".player.me .tally .money b")).to_have_text(str(live_site["market_money"]))
    expect(anna.locator(".player.me .tally .points b")).to_have_text(
        str(live_site["market_points"])
    )
    for page in (anna, carol):
        expect(page.locator("#status .chip.phase")).to_have_text("Building phase")
        expect(page.locator("#log-body")).to_contain_text(f"Anna pays {price} rubles upkeep for")
    firsts = live_site["market_firsts"]
    assert firsts
    for good in firsts:
        expect(carol.locator("#log-body")).to_contain_text(f"Anna first in {good}: +1")
        expect(track(carol, 0, good).locator(".good-place")).to_have_text("1st")
        expect(track(boris, 0, good).locator(".good-place")).to_have_text("1.")
    expect(boris.locator("#log-body")).to_contain_text(f"Anna zahlt {price} Rubel Unterhalt für")
    for page in (anna, carol, boris):
        assert page.errors == []


def test_the_goods_tracks_fit_a_phone(signed_in, live_site):
    phone = open_table(
        signed_in("carol", width=360, height=740),
        f"{live_site['url']}/games/{live_site['market']}/",
    )
    tracks = phone.locator(".goods-track")
    expect(tracks).to_have_count(3)
    for good in GOODS:
        expect(track(phone, 0, good).locator(".good-n")).to_be_visible()
        expect(track(phone, 0, good).locator(".glyph")).to_have_attribute("title", good)
    # Measured in one go on the nodes drawn now (a live update redraws the panels).
    edges = phone.evaluate(
        """() => [...document.querySelectorAll('.player[data-seat="0"] .goods-track .good')]
                 .map((e) => [e.getBoundingClientRect().left, e.getBoundingClientRect().right])"""
    )
    assert len(edges) == len(GOODS)
    assert all(0 <= left < right <= 360 for left, right in edges)
    assert phone.errors == []


PLAYERS = ("anna", "boris", "carol")  # seats 0, 1, 2; boris reads German


def _click(page, seat: int, click: dict) -> None:
    """Make the step's move on its member's page as a player would: the pass button, the
    upkeep dialog, or the card (on the board or in the hand) and its dialog's button."""
    move = click["move"]
    if move["kind"] == "pass":
        page.locator(f'#actions button.pass[data-pass="{move.get("until") or "turn"}"]').click()
    elif move["kind"] == "upkeep":
        upkeep = page.get_by_role("group", name=click["upkeep"], exact=True)
        upkeep.get_by_role("button", name=click["label"], exact=True).click()
    else:
        where = ".player.me .hand" if move["kind"] == "play" else "#board"
        page.locator(f'{where} [data-card="{move["card"]}"]').click()
        dialog = page.locator("#card-dialog")
        dialog.get_by_role("button", name=click["label"], exact=True).click()
        expect(dialog).not_to_be_visible()


def _everyone_sees(pages, seat: int, click: dict, next_seat: int | None) -> None:
    """Every page, without a reload, shows the move: the card where it went, the phase, whose
    turn it is now."""
    move = click["move"]
    for page, language in zip(pages, ("en", "de", "en"), strict=True):
        if move["kind"] in ("buy", "play"):
            area = page.locator(f'.player[data-seat="{seat}"] .area')
            # Identical cards share one tile (a count on it) named by one of its copies: the card's
            # type is in the area.
            kind = move["card"].split("#")[0]
            expect(area.locator(f'[data-card^="{kind}#"]').first).to_be_visible()
            if move.get("displace"):
                expect(area.locator(f'[data-card="{move["displace"]}"]')).to_have_count(0)
        if move["kind"] == "take":
            expect(page.locator(f'#board [data-card="{move["card"]}"]')).to_have_count(0)
        expect(page.locator("#status .chip.phase")).to_have_text(click["phase_after"][language])
    if next_seat is not None:
        for other, page in enumerate(pages):
            expect(my_turn(page)).to_have_count(1 if other == next_seat else 0)


def test_three_players_play_a_whole_market_round_and_see_each_others_moves_live(
    signed_in, live_site
):
    url = f"{live_site['url']}/games/{live_site['market_round']}/"
    pages = [
        open_table(signed_in(name, locale="de-DE" if name == "boris" else "en-US"), url)
        for name in PLAYERS
    ]
    clicks = live_site["market_round_clicks"]
    kinds = [(c["seat"], c["move"]["kind"]) for c in clicks]
    assert (0, "upkeep") in kinds
    assert any(c["move"].get("displace") for c in clicks)
    expect(pages[0].locator("#status .chip.phase")).to_have_text("Worker phase")
    expect(my_turn(pages[clicks[0]["seat"]])).to_be_visible()

    for n, click in enumerate(clicks):
        seat = click["seat"]
        next_seat = clicks[n + 1]["seat"] if n + 1 < len(clicks) else None
        _click(pages[seat], seat, click)
        _everyone_sees(pages, seat, click, next_seat)

    # Round 2 is over (round 3's worker phase, tile 3/1); the ∑ table has the market phase's
    # column (the yellow cards' rubles, the majorities' points) and its upkeep column, as the
    # seed worked them out from the cards in the areas, every orange card kept.
    expect(pages[2].locator("#status .chip.phase")).to_have_text("Worker phase")
    summary = pages[2].locator("#summary-body table.summary")
    headers = summary.locator("thead th").all_inner_texts()
    # player and ∑ first (readable on a phone), then the phases in their order
    assert headers[2:5] == ["Workers", "Market cards", "Upkeep"]  # after player and ∑
    expected = live_site["market_round_summary"]
    assert any(seat["points"] for seat in expected)
    assert expected[0]["upkeep"] == 3  # anna kept her orange card: 3 rubles at tile 3/1
    market_cells = summary.locator("tbody tr td:nth-child(4)")  # th, ∑, workers, market
    expect(market_cells).to_have_text([f"{s['rubles']}₽ {s['points']}★" for s in expected])
    upkeep_cells = summary.locator("tbody tr td:nth-child(5)")
    expect(upkeep_cells).to_have_text(
        [f"−{s['upkeep']}₽" if s["upkeep"] else "0₽" for s in expected]
    )
    for page in pages:
        assert page.errors == []


def test_a_question_mark_card_shows_the_good_whose_tile_covers_it(signed_in, live_site):
    url = f"{live_site['url']}/games/{live_site['market_joker']}/"
    card, seat, good = (live_site[f"market_joker_{key}"] for key in ("card", "seat", "good"))
    for name, language in (("carol", "en"), ("boris", "de")):
        page = open_table(signed_in(name, locale="de-DE" if language == "de" else "en-US"), url)
        tile = page.locator(f'.player[data-seat="{seat}"] .area [data-card="{card}"]')
        words = live_site["market_joker_words"][language]
        symbol = tile.locator(".card-top .glyph")
        expect(symbol).to_have_class(f"glyph g-{good}")
        expect(symbol).to_have_attribute("title", words)
        expect(tile.locator(".visually-hidden").first).to_contain_text(words)
        assert page.errors == []


def test_the_end_of_a_market_game_shows_the_market_points_in_the_scores_and_chart(
    signed_in, live_site
):
    anna = signed_in("anna")
    with anna.expect_response(lambda r: r.url.endswith("/history")) as history:
        open_table(anna, f"{live_site['url']}/games/{live_site['market_finished']}/")
    end = anna.locator("#end")
    expect(end).to_be_visible()
    parts = live_site["market_finished_parts"]
    expect_end_headings(end, parts)
    rows = end.locator("table.scores tbody tr")
    scores = live_site["market_finished_scores"]
    expect(rows).to_have_count(len(scores))
    for row, expected in zip(rows.all(), scores, strict=True):
        expect(row.locator("td, th")).to_have_text([str(cell) for cell in expected])
    majorities = 3 + parts.index("market")  # the cell of the majorities' points
    assert any(cells[majorities] > 0 for cells in scores)  # someone won majorities
    # The chart's points line ends at each player's points during the game, the market's
    # majorities included.
    series = history.value.json()
    during = [3 + i for i, part in enumerate(parts) if not part.startswith("final:")]
    played = {cells[1].removesuffix(" ♛"): sum(cells[i] for i in during) for cells in scores}
    names = {0: "Anna", 1: "Dave"}
    assert {names[p["seat"]]: p["points"][-1] for p in series["players"]} == played
    expect(end.locator("#end-chart svg.chart polyline")).to_have_count(2 * len(scores))
    assert anna.errors == []
