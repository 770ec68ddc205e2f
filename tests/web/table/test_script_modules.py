"""The table's script is ES modules: static/js/table.js imports static/js/table/*.js.

A deployment serves hashed file names (stpete_site.static_storage); the imports inside the
modules must name the hashed files too, or a browser could mix a new module with an old one
from its cache after a deploy.
"""

import json
import re
from pathlib import Path

from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[3]
IMPORT = re.compile(r"""^import .*? from "(\./[^"]+)";$""", re.MULTILINE)


def test_the_table_page_loads_its_script_as_a_module(client, two_player_game, alice):
    client.force_login(alice)

    html = client.get(f"/games/{two_player_game.pk}/").content.decode()

    assert '<script type="module" src="/static/js/table.js"></script>' in html


def test_collectstatic_points_every_module_import_at_a_hashed_file(tmp_path, settings):
    settings.STATIC_ROOT = str(tmp_path)
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "stpete_site.static_storage.StaticStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)
    hashed = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]

    imported = set()
    pending = ["js/table.js"]
    while pending:
        name = pending.pop()
        source = (tmp_path / hashed[name]).read_text()
        for url in IMPORT.findall(source):
            target = str(Path(hashed[name]).parent / url)
            original = re.sub(r"\.[0-9a-f]{12}\.js$", ".js", target)
            assert hashed[original] == target  # the import names the hashed file
            if original not in imported:
                imported.add(original)
                pending.append(original)

    modules = {f"js/table/{p.name}" for p in (ROOT / "static/js/table").glob("*.js")}
    assert imported == modules  # each module is reached from the entry point, none is left over
