"""The German catalogue is whole: every entry translated and none left fuzzy (Django shows a
fuzzy entry in English), and the compiled catalogue the site loads says what the .po says."""

import gettext
import re
from pathlib import Path

from django.conf import settings

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "de" / "LC_MESSAGES"


def po_entries() -> list[dict]:
    """The .po file's entries: flags, msgctxt, msgid, msgid_plural and msgstr (or msgstr[n])."""
    entries, entry, field = [], None, None
    for line in (CATALOGUE / "django.po").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            entry, field = None, None
            continue
        if entry is None:
            entry = {"flags": set()}
            entries.append(entry)
        if line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[field] += _unquote(line)
        else:
            field, _, value = line.partition(" ")
            entry[field] = _unquote(value)
    return [
        e
        for e in entries
        if e.get("msgid") is not None and not e["msgid"] == "" == e.get("msgctxt", "")
    ]


def _unquote(text: str) -> str:
    body = text.strip()[1:-1]
    return re.sub(r'\\(["\\nt])', lambda m: {"n": "\n", "t": "\t"}.get(m[1], m[1]), body)


def translations(entry: dict) -> list[str]:
    return [value for key, value in entry.items() if key.startswith("msgstr")]


def test_every_german_entry_is_translated_and_none_is_fuzzy():
    entries = po_entries()
    assert len(entries) > 500
    assert [e["msgid"] for e in entries if "fuzzy" in e["flags"]] == []
    assert [e["msgid"] for e in entries if not all(translations(e))] == []


def test_the_compiled_catalogue_is_the_po_file():
    with (CATALOGUE / "django.mo").open("rb") as compiled:
        catalogue = gettext.GNUTranslations(compiled)
    for entry in po_entries():
        context = f"{entry['msgctxt']}\x04" if "msgctxt" in entry else ""
        if "msgid_plural" in entry:
            for n, key in ((1, "msgstr[0]"), (2, "msgstr[1]")):
                found = (
                    catalogue.npgettext(entry["msgctxt"], entry["msgid"], entry["msgid_plural"], n)
                    if context
                    else catalogue.ngettext(entry["msgid"], entry["msgid_plural"], n)
                )
                assert found == entry[key], entry["msgid"]
        else:
            found = (
                catalogue.pgettext(entry["msgctxt"], entry["msgid"])
                if context
                else catalogue.gettext(entry["msgid"])
            )
            assert found == entry["msgstr"], entry["msgid"]
