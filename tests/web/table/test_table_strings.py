"""Every word the table script names is one the server sends: a `T.name` the page looks up
in vain shows as "undefined" on the table, and a counted text needs its singular and its
plural."""

import re
from pathlib import Path

from django.conf import settings
from django.utils import translation

from games.texts.table import table_strings

SCRIPTS = sorted((Path(settings.BASE_DIR) / "static" / "js").rglob("*.js"))


def _names(pattern: str) -> set[str]:
    return {name for script in SCRIPTS for name in re.findall(pattern, script.read_text())}


def test_every_word_the_table_script_looks_up_is_sent_in_both_languages():
    looked_up = _names(r"\bT\.([a-z][a-z_0-9]*)")
    counted = _names(r"\bcounted\(\"([a-z_0-9]+)\"")
    assert looked_up
    assert counted
    wanted = looked_up | {f"{name}_{form}" for name in counted for form in ("one", "other")}
    for language in ("en", "de"):
        with translation.override(language):
            sent = table_strings()
        assert sorted(wanted - sent.keys()) == [], language
