"""The card catalogue (rulebook "Game Material"; numbers from /work/shared/cards)."""

from collections import Counter

from games.rules import card_catalogue
from games.rules.cards import CATALOGUES


def test_each_edition_has_31_workers_28_buildings_27_aristocrats_and_30_trading_cards():
    for cat in CATALOGUES.values():
        counts = Counter(card.deck for card in cat.instances.values())
        assert counts == {"worker": 31, "building": 28, "aristocrat": 27, "trading": 30}


def test_trading_cards_are_ten_of_each_colour():
    for cat in CATALOGUES.values():
        colours = Counter(c.color for c in cat.instances.values() if c.trading)
        assert colours == {"worker": 10, "building": 10, "aristocrat": 10}


def test_every_card_has_english_and_german_names_and_texts():
    for edition in ("1st", "2nd"):
        for card_id, card in card_catalogue(edition).items():
            for field in ("name_en", "name_de", "text_en", "text_de"):
                assert card[field], f"{edition} {card_id} lacks {field}"


def test_second_edition_markets_and_ship_builders_show_one_market_symbol_per_copy():
    cards = card_catalogue("2nd")
    assert cards["market"]["market"] == ["grain", "chicken", "apple", "cabbage", "fish"]
    assert len(cards["ship_builder"]["market"]) == 6
    assert card_catalogue("1st")["market"]["market"] == []


def test_the_editions_differ_where_the_rulebook_says():
    first, second = card_catalogue("1st"), card_catalogue("2nd")
    for card_id, cost_1st, cost_2nd in [
        ("observatory", 6, 7),
        ("judge", 16, 17),
        ("mistress_of_ceremonies", 18, 20),
        ("mariinsky_theater", 10, 15),
    ]:
        assert (first[card_id]["cost"], second[card_id]["cost"]) == (cost_1st, cost_2nd)
    assert "pope" in first and "abbot" in second and "czarina" in second


def test_green_trading_cards_displace_the_worker_with_their_symbol():
    cat = CATALOGUES["1st"].types
    assert cat["carpenter_workshop"].target_ids == {"lumberjack", "czar_and_carpenter"}
    assert cat["wharf"].target_ids == {"ship_builder", "czar_and_carpenter"}
    assert "bank" not in cat["harbor"].target_ids
