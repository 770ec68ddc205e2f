"""The card catalogue (rulebook "Game Material", "The cards"), read once from data/cards.toml.

Card *types* live in the catalogue; the cards in a game are *instances* named "<type id>#<n>", n
counting the copies of that type in catalogue order. Instance names therefore depend only on the
edition (and the card sets in play), never on how the piles were shuffled, and reveal nothing.

The base game's cards are in data/cards.toml; an expansion's in data/<name>.toml, listed by its
module (`card_files`). A catalogue is built for an edition and a tuple of extra card files, and
memoised; the base catalogues are built and checked when the package is imported (after every
module has registered its abilities).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .abilities import ABILITIES, NO_ABILITY, Ability
from .options import EDITIONS

DECKS: tuple[str, ...] = ("worker", "building", "aristocrat", "trading")
COLORS: tuple[str, ...] = ("worker", "building", "aristocrat")
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
    name_en: str
    name_de: str
    text_en: str
    text_de: str
    ability: Ability
    # Derived when the catalogue is built, so the hot paths only read attributes:
    trading: bool = False
    displace_value: int = 0  # what the card counts as when a trading card displaces it
    target_ids: frozenset[str] = frozenset()  # types this trading card may displace


@dataclass(frozen=True, slots=True)
class Catalogue:
    """All cards of one edition: types by id, instances by name, instances per pile."""

    edition: str
    types: dict[str, Card]
    instances: dict[str, Card]
    decks: dict[str, tuple[str, ...]]

    def market_symbol(self, instance: str) -> str:
        """2nd edition market symbol printed on this copy ("" if none); no rule effect."""
        card = self.instances[instance]
        index = int(instance.rsplit("#", 1)[1])
        return card.market[index] if index < len(card.market) else ""


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
        name_en=str(entry["name_en"]),
        name_de=str(entry["name_de"]),
        text_en=str(entry["text_en"]),
        text_de=str(entry["text_de"]),
        ability=ABILITIES[str(key)] if key is not None else NO_ABILITY,
        trading=entry["deck"] == "trading",
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
        rule = card.ability.displaces or may_displace
        targets = frozenset(t.id for t in types.values() if card.trading and rule(card, t))
        out[card.id] = replace(
            card,
            displace_value=card.cost if value is None else value,
            target_ids=targets,
        )
    return out


def _build(edition: str, entries: list[dict[str, Any]], base_only: bool) -> Catalogue:
    types: dict[str, Card] = {}
    instances: dict[str, Card] = {}
    decks: dict[str, list[str]] = {deck: [] for deck in DECKS}
    for entry in entries:
        if entry["edition"] not in (edition, "both"):
            continue
        card = _card(entry, edition)
        if card.id in types:
            raise ValueError(f"card {card.id} listed twice for the {edition} edition")
        if card.deck not in DECKS or card.color not in COLORS:
            raise ValueError(f"card {card.id}: bad deck or colour")
        types[card.id] = card
    types = _derive(types)
    for card in types.values():
        for n in range(card.copies):
            name = f"{card.id}#{n}"
            instances[name] = card
            decks[card.deck].append(name)
    for deck, size in PILE_SIZES.items():
        if base_only and len(decks[deck]) != size:
            raise ValueError(f"{edition} edition: {deck} pile has {len(decks[deck])}, not {size}")
    return Catalogue(edition, types, instances, {d: tuple(v) for d, v in decks.items()})


_ENTRIES: dict[str, list[dict[str, Any]]] = {}


def _entries(name: str) -> list[dict[str, Any]]:
    """The [[card]] tables of one data file (read once)."""
    if name not in _ENTRIES:
        with (DATA_DIR / name).open("rb") as handle:
            _ENTRIES[name] = list(tomllib.load(handle)["card"])
    return _ENTRIES[name]


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
        entries = [entry for name in (BASE_FILE, *files) for entry in _entries(name)]
        built = _BUILT[key] = _build(edition, entries, base_only=not files)
    return built


def catalogue(edition: str) -> Catalogue:
    """The base catalogue of an edition ("1st" or "2nd")."""
    return load_catalogues()[edition]


def card_catalogue(edition: str) -> dict[str, dict[str, object]]:
    """The cards of an edition as JSON-ready data for clients (names, texts, numbers), by type id.

    `market` lists the market symbol of each copy (2nd edition; shown only, no rule effect).
    """
    return {
        card.id: {
            "deck": card.deck,
            "color": card.color,
            "trading": card.trading,
            "cost": card.cost,
            "rubles": card.rubles,
            "points": card.points,
            "copies": card.copies,
            "symbols": sorted(card.symbols),
            "market": list(card.market),
            "ability": card.ability.key or None,
            "name_en": card.name_en,
            "name_de": card.name_de,
            "text_en": card.text_en,
            "text_de": card.text_de,
        }
        for card in catalogue(edition).types.values()
    }
