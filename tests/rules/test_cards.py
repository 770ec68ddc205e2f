"""The card catalogue (rulebook "Game Material"; numbers from /work/shared/cards)."""

import itertools
import re
import shutil
from collections import Counter, defaultdict

import pytest

from games.rules import OPTIONS, InvalidOptions, card_catalogue, check_options, game_card_catalogue
from games.rules import cards as cards_module
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


def legal_option_sets():
    """Every legal combination of the expansions (three players: the number of players never
    changes the cards, expansions.md §1.3)."""
    flags = [o.key for o in OPTIONS if o.kind == "bool"]
    societies = next(o for o in OPTIONS if o.key == "new_society").values
    for edition, society, on in itertools.product(
        ("1st", "2nd"), societies, itertools.product((False, True), repeat=len(flags))
    ):
        options = {
            "edition": edition,
            "players": 3,
            "new_society": society,
            **dict(zip(flags, on, strict=True)),
        }
        try:
            check_options(options)
        except InvalidOptions:
            continue
        yield options


# The printed values of a card; two types may share a name only when all of these agree - one
# card whose copies have different backs (the Banquet's Away with it! and Black Market).
PRINTED = ("cost", "rubles", "points", "color", "ability", "text_en", "text_de", "goods")


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_two_different_cards_of_a_game_share_a_name(language):
    checked = []
    for options in legal_option_sets():
        named = defaultdict(set)
        for card in game_card_catalogue(options).values():
            printed = tuple(str(card.get(field)) for field in PRINTED)
            named[card[f"name_{language}"]].add(printed)
        shared = sorted(name for name, cards in named.items() if len(cards) > 1)
        assert shared == [], f"{options}: {shared}"
        checked.append({key for key, value in options.items() if value and key != "players"})
    assert {"edition", "market", "banquet", "in_good_company", "new_society"} in checked
    assert {"edition", "new_society", "banquet"} in checked  # the 1st edition's (SP+ too)


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
    assert "pope" in first
    assert "abbot" in second
    assert "czarina" in second


def test_green_trading_cards_displace_the_worker_with_their_symbol():
    cat = CATALOGUES["1st"].types
    assert cat["carpenter_workshop"].target_ids == {"lumberjack", "czar_and_carpenter"}
    assert cat["wharf"].target_ids == {"ship_builder", "czar_and_carpenter"}
    assert "bank" not in cat["harbor"].target_ids


def test_a_card_only_with_the_market_joins_the_market_pile_only_when_the_market_is_on(
    monkeypatch,
):
    from games.rules import cards

    yellow_backed = {
        "id": "moocher_test", "edition": "2nd", "deck": "market", "color": "market", "cost": 0,
        "rubles": 0, "points": 0, "copies": 1, "only_with": "market.toml", "name_en": "Moocher",
        "name_de": "Schnorrer", "text_en": "", "text_de": "",
    }  # fmt: skip
    monkeypatch.setitem(cards._TABLES, "module_test.toml", {"card": [yellow_backed]})
    monkeypatch.setattr(cards, "_BUILT", {})
    with_market = cards.catalogue_for("2nd", ("market.toml", "module_test.toml"))
    without = cards.catalogue_for("2nd", ("module_test.toml",))
    assert "moocher_test#0" in with_market.decks["market"]
    assert len(with_market.decks["market"]) == 36
    assert "moocher_test" not in without.types


# An expansion's data file is checked when its catalogue is built: a mistake in the data stops
# the catalogue with the card and the fault named, instead of a game dealing a broken card.
A_WORKER = """
[[card]]
id = "{id}"
edition = "both"
deck = "{deck}"
color = "{color}"
cost = 3
rubles = 3
points = 0
copies = {copies}
name_en = "Test card"
name_de = "Testkarte"
text_en = "Worker."
text_de = "Handwerker."
"""


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A data folder holding the real base cards, and nothing built or read from it yet."""
    shutil.copy(cards_module.DATA_DIR / cards_module.BASE_FILE, tmp_path)
    monkeypatch.setattr(cards_module, "DATA_DIR", tmp_path)
    monkeypatch.setattr(cards_module, "_TABLES", {})
    monkeypatch.setattr(cards_module, "_BUILT", {})
    return tmp_path


@pytest.mark.parametrize(
    ("card", "message"),
    [
        pytest.param(
            {"id": "lumberjack"},
            "card lumberjack listed twice for the 1st edition",
            id="listed-twice",
        ),
        pytest.param({"deck": "dessert"}, "card test_card: bad deck or colour", id="unknown-deck"),
        pytest.param(
            {"color": "purple"}, "card test_card: bad deck or colour", id="unknown-colour"
        ),
        pytest.param(
            {"extra": 'ability = "fly"'},
            "card test_card: unknown ability 'fly'",
            id="unknown-ability",
        ),
        pytest.param(
            {"extra": 'market = ["grain"]'},
            "card test_card: one market symbol per copy expected",
            id="market-symbols",
        ),
    ],
)
def test_an_expansions_card_file_with_a_mistake_is_refused(data_dir, card, message):
    fields = {"id": "test_card", "deck": "worker", "color": "worker", "copies": 2, **card}
    extra = fields.pop("extra", "")
    (data_dir / "broken.toml").write_text(A_WORKER.format(**fields) + extra + "\n")
    with pytest.raises(ValueError, match="^" + re.escape(message) + "$"):
        cards_module.catalogue_for("1st", ("broken.toml",))


def test_an_expansions_card_file_may_grow_the_piles(data_dir):
    (data_dir / "more.toml").write_text(A_WORKER.format(id="test_card", deck="worker",
                                                        color="worker", copies=2))  # fmt: skip
    built = cards_module.catalogue_for("1st", ("more.toml",))
    assert len(built.decks["worker"]) == 31 + 2
    assert built.decks["worker"][-2:] == ("test_card#0", "test_card#1")


def test_the_base_cards_must_fill_the_rulebooks_piles(data_dir):
    base = data_dir / cards_module.BASE_FILE
    base.write_text(base.read_text().replace("copies = 6", "copies = 5", 1))
    with pytest.raises(ValueError, match=r"^1st edition: worker pile has 30, not 31$"):
        cards_module.catalogue_for("1st", ())
