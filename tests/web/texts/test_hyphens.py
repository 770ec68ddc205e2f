"""Card names on their tiles break long words only at hand-made hyphenation points
(games/texts/hyphens.py): every long word of every card file has its points, and they never
change how a word is spelt."""

import re
import tomllib
from pathlib import Path

import pytest

from games.texts.hyphens import BREAKS, SOFT_HYPHEN, WORD, hyphenated
from games.texts.table import tile_catalogue

CARD_FILES = sorted(
    (Path(__file__).resolve().parents[3] / "games" / "rules" / "data").glob("*.toml")
)
LONG = 8  # letters: a word this long may not fit a small tile at 11 px


def _names(language: str) -> set[str]:
    found: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == f"name_{language}" and isinstance(value, str):
                    found.add(value)
                else:
                    walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    for path in CARD_FILES:
        walk(tomllib.loads(path.read_text()))
    return found


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_long_word_of_a_card_name_has_its_break_points(language):
    names = _names(language)
    assert len(names) > 50  # the card files were found and read
    words = {w for name in names for w in WORD.findall(name) if len(w) >= LONG}

    assert words - set(BREAKS[language]) == set()


@pytest.mark.parametrize("language", ["en", "de"])
def test_break_points_keep_the_spelling_and_leave_two_letters_at_either_end(language):
    for word, entry in BREAKS[language].items():
        pieces = entry.split("-")
        assert "".join(pieces) == word
        assert len(pieces) > 1, entry
        assert min(len(pieces[0]), len(pieces[-1])) >= 2, entry


def test_a_name_gets_soft_hyphens_in_its_long_words_only():
    assert (
        hyphenated("Warehouse Manager", "en")
        == f"Ware{SOFT_HYPHEN}house Man{SOFT_HYPHEN}ag{SOFT_HYPHEN}er"
    )
    assert hyphenated("Debtor's Prison", "en") == f"Debt{SOFT_HYPHEN}or's Prison"
    assert hyphenated("Holzfäller", "de") == f"Holz{SOFT_HYPHEN}fäl{SOFT_HYPHEN}ler"
    assert hyphenated("Lumberjack", "de") == "Lumberjack"  # each language its own points


def test_the_table_page_hands_the_script_each_name_with_its_break_points():
    catalogue = tile_catalogue({"edition": "1st"}, "de")

    assert catalogue["lumberjack"]["name_breaks"] == f"Holz{SOFT_HYPHEN}fäl{SOFT_HYPHEN}ler"
    assert (
        re.sub(SOFT_HYPHEN, "", catalogue["administrator"]["name_breaks"])
        == (catalogue["administrator"]["name_de"])
    )
