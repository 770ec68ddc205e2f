"""The card catalogue (rulebook "Game Material", "The cards"), read once from data/cards.toml.

Card *types* live in the catalogue; the cards in a game are *instances* named "<type id>#<n>", n
counting the copies of that type in catalogue order. Instance names therefore depend only on the
edition (and the card sets in play), never on how the piles were shuffled, and reveal nothing.

The base game's cards are in data/cards.toml; an expansion's in data/<name>.toml, listed by its
module (`card_files`). Besides `[[card]]` tables an expansion's file may hold `[[remove]]` (a base
type it takes out: New Society's seven replaced cards) and `[[extra]]` (more copies of a base
type, which stays one type: identical for prices and for the distinct aristocrats).
A catalogue is built for an edition and a tuple of extra card files, and memoised; the base
catalogues are built and checked when the package is imported (after every module has
registered its abilities).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .abilities import ABILITIES, NO_ABILITY, Ability
from .options import EDITIONS

DECKS: tuple[str, ...] = ("worker", "market", "building", "aristocrat", "trading")
# Colours a placed card can have; "market" (yellow, the Market's cards) only with its option.
COLORS: tuple[str, ...] = ("worker", "market", "building", "aristocrat")
# The Banquet's purple cards: never placed, only taken into the hand and used once.
SPECIAL = "special"
# Copies per pile of the base game, as the rulebook lists them for both editions (checked).
PILE_SIZES: dict[str, int] = {"worker": 31, "building": 28, "aristocrat": 27, "trading": 30}

DATA_DIR = Path(__file__).with_name("data")
BASE_FILE = "cards.toml"


@dataclass(frozen=True, slots=True)
class Card:
    """One card type of one edition, with its ability hooks resolved for fast lookups."""

    id: str
    edition: str
    deck: str
    color: str
    cost: int
    rubles: int
    points: int
    copies: int
    symbols: frozenset[str]
    market: tuple[str, ...]
    goods: tuple[str, ...]  # market symbols printed on every copy (the Market's cards)
    name_en: str
    name_de: str
    text_en: str
    text_de: str
    ability: Ability
    # Derived when the catalogue is built, so the hot paths only read attributes:
    trading: bool = False  # a trading card (purple cards from the trading pile are not)
    special: bool = False  # a purple special card (the Banquet)
    displace_value: int = 0  # what the card counts as when a trading card displaces it
    # Types this trading card may displace by the rulebook's rule (none when its ability's
    # `displaces` hook decides, seat by seat: prices.may_target).
    target_ids: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Catalogue:
    """All cards of one edition: types by id, instances by name, instances per pile."""

    edition: str
    types: dict[str, Card]
    instances: dict[str, Card]
    decks: dict[str, tuple[str, ...]]
    # Market symbols of each instance that has any: the type's goods plus its copy's symbol.
    goods: dict[str, tuple[str, ...]] = field(default_factory=dict)


def _card(entry: dict[str, Any], edition: str) -> Card:
    key = entry.get("ability")
    if key is not None and key not in ABILITIES:
        raise ValueError(f"card {entry['id']}: unknown ability {key!r}")
    copies = int(entry["copies"])
    market: tuple[str, ...] = tuple(entry.get("market", ()))
    if market and len(market) != copies:
        raise ValueError(f"card {entry['id']}: one market symbol per copy expected")
    return Card(
        id=str(entry["id"]),
        edition=edition,
        deck=str(entry["deck"]),
        color=str(entry["color"]),
        cost=int(entry["cost"]),
        rubles=int(entry["rubles"]),
        points=int(entry["points"]),
        copies=copies,
        symbols=frozenset(entry.get("symbols", ())),
        market=market,
        goods=tuple(entry.get("goods", ())),
        name_en=str(entry["name_en"]),
        name_de=str(entry["name_de"]),
        text_en=str(entry["text_en"]),
        text_de=str(entry["text_de"]),
        ability=ABILITIES[str(key)] if key is not None else NO_ABILITY,
        trading=entry["deck"] == "trading" and entry["color"] != SPECIAL,
        special=entry["color"] == SPECIAL,
    )


def may_displace(trading: Card, target: Card) -> bool:
    """Rulebook "The trading cards": same colour, never another trading card; a green one only
    a worker sharing a symbol (Czar and Carpenter carries them all)."""
    if not trading.trading or target.trading or target.color != trading.color:
        return False
    return trading.color != "worker" or not trading.symbols.isdisjoint(target.symbols)


def _derive(types: dict[str, Card]) -> dict[str, Card]:
    out = {}
    for card in types.values():
        value = card.ability.displace_value
        by_rulebook = card.trading and card.ability.displaces is None
        targets = frozenset(t.id for t in types.values() if by_rulebook and may_displace(card, t))
        out[card.id] = replace(
            card,
            displace_value=card.cost if value is None else value,
            target_ids=targets,
        )
    return out


def _build(
    edition: str, tables: list[dict[str, Any]], base_only: bool, files: tuple[str, ...] = ()
) -> Catalogue:
    types: dict[str, Card] = {}
    instances: dict[str, Card] = {}
    decks: dict[str, list[str]] = {deck: [] for deck in DECKS}
    goods: dict[str, tuple[str, ...]] = {}
    for table in tables:
        for entry in table.get("card", ()):
            if entry["edition"] not in (edition, "both"):
                continue
            # A card that exists only beside another module's cards (Module 1's three yellow-
            # backed cards join the market pile with the Market and stay in the box without it).
            if entry.get("only_with") and entry["only_with"] not in files:
                continue
            card = _card(entry, edition)
            if card.id in types:
                raise ValueError(f"card {card.id} listed twice for the {edition} edition")
            if card.deck not in DECKS or card.color not in (*COLORS, SPECIAL):
                raise ValueError(f"card {card.id}: bad deck or colour")
            types[card.id] = card
        for entry in table.get("remove", ()):
            if entry["edition"] in (edition, "both"):
                del types[str(entry["id"])]
        for entry in table.get("extra", ()):
            if entry["edition"] in (edition, "both"):
                base = types[str(entry["id"])]
                types[base.id] = replace(base, copies=base.copies + int(entry["copies"]))
    types = _derive(types)
    for card in types.values():
        for n in range(card.copies):
            name = f"{card.id}#{n}"
            instances[name] = card
            decks[card.deck].append(name)
            symbols = card.goods + ((card.market[n],) if n < len(card.market) else ())
            symbols = tuple(symbol for symbol in symbols if symbol)
            if symbols:
                goods[name] = symbols
    for deck, size in PILE_SIZES.items():
        if base_only and len(decks[deck]) != size:
            raise ValueError(f"{edition} edition: {deck} pile has {len(decks[deck])}, not {size}")
    return Catalogue(edition, types, instances, {d: tuple(v) for d, v in decks.items()}, goods)


_TABLES: dict[str, dict[str, Any]] = {}


def _tables(name: str) -> dict[str, Any]:
    """The [[card]], [[remove]] and [[extra]] tables of one data file (read once)."""
    if name not in _TABLES:
        with (DATA_DIR / name).open("rb") as handle:
            _TABLES[name] = tomllib.load(handle)
    return _TABLES[name]


# The base game's catalogue per edition (filled by load_catalogues, at package import).
CATALOGUES: dict[str, Catalogue] = {}
_BUILT: dict[tuple[str, tuple[str, ...]], Catalogue] = {}


def load_catalogues() -> dict[str, Catalogue]:
    """Build and check the base catalogues (once every ability is registered)."""
    if not CATALOGUES:
        for edition in EDITIONS:
            CATALOGUES[edition] = catalogue_for(edition, ())
    return CATALOGUES


def catalogue_for(edition: str, files: tuple[str, ...]) -> Catalogue:
    """The catalogue of an edition with the base cards and the extra data files, memoised."""
    key = (edition, files)
    built = _BUILT.get(key)
    if built is None:
        tables = [_tables(name) for name in (BASE_FILE, *files)]
        built = _BUILT[key] = _build(edition, tables, base_only=not files, files=files)
    return built


def catalogue(edition: str) -> Catalogue:
    """The base catalogue of an edition ("1st" or "2nd")."""
    return load_catalogues()[edition]


def card_catalogue(edition: str, files: tuple[str, ...] = ()) -> dict[str, dict[str, object]]:
    """The cards of an edition (with an expansion's card files: `Ruleset.card_files`) as
    JSON-ready data for clients, by type id."""
    return catalogue_json(catalogue_for(edition, files) if files else catalogue(edition))


def catalogue_json(cards: Catalogue) -> dict[str, dict[str, object]]:
    """A catalogue's cards as JSON-ready data for clients (names, texts, numbers), by type id.

    `market` lists the market symbol of each copy (2nd edition; they count with the Market),
    `goods` the market symbols printed on every copy (the Market's cards).
    """
    return {
        card.id: {
            "deck": card.deck,
            "color": card.color,
            "trading": card.trading,
            "special": card.special,
            "cost": card.cost,
            "rubles": card.rubles,
            "points": card.points,
            "copies": card.copies,
            "symbols": sorted(card.symbols),
            "market": list(card.market),
            "goods": list(card.goods),
            "ability": card.ability.key or None,
            "name_en": card.name_en,
            "name_de": card.name_de,
            "text_en": card.text_en,
            "text_de": card.text_de,
        }
        for card in cards.types.values()
    }
