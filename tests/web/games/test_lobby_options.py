"""The lobby's game options come from the engine's options schema: every expansion is listed
(all of them are built), one not built yet would be shown disabled and refused by its name, and
five seats are offered only while an option that allows five players is built (New Society, the
Market)."""

import re

import pytest
from django.utils import translation

from games import rules, services
from games.errors import GameError
from games.forms import GameCreateForm, _seat_counts
from games.models import Game
from games.rules import options as options_module
from games.texts.options import option_name, value_name

FORM = {
    "title": "Expansion night",
    "edition": "2nd",
    "seats": "2",
    "days_per_move": "",
    "visibility": "public",
    "bots": "0",
    "bot_kind": "greedy",
}
UNBUILT = [o["key"] for o in rules.options_schema()["options"] if not o["built"]]
EDITION = next(o for o in rules.options_schema()["options"] if o["key"] == "edition")


def test_the_form_has_a_field_for_every_option_of_the_schema():
    keys = {o["key"] for o in rules.options_schema()["options"]} - {"edition", "players"}

    assert set(GameCreateForm().option_keys) == keys


def test_bots_in_every_seat_are_refused_leaving_one_for_a_person():
    form = GameCreateForm({**FORM, "seats": "2", "bots": "2"})

    assert form.errors == {"__all__": ["Leave at least one seat for a person."]}


def test_a_number_of_bots_the_form_does_not_offer_is_refused_on_its_own_field_only():
    form = GameCreateForm({**FORM, "bots": "9"})

    assert form.errors == {
        "bots": ["Select a valid choice. 9 is not one of the available choices."]
    }


def test_every_expansion_is_built_so_none_is_shown_disabled(client, alice):
    client.force_login(alice)

    page = client.get("/games/new").content.decode()

    assert UNBUILT == []
    assert "Obstacles" in page
    assert 'name="obstacles" disabled' not in page
    assert "Not available yet." not in page


@pytest.fixture
def obstacles_unbuilt(monkeypatch):
    """The Obstacles as if their module were not built yet (every expansion is built today; the
    lobby keeps the way it shows and refuses one that is not, for the next expansion)."""
    monkeypatch.setattr(options_module, "BUILT", options_module.BUILT - {"obstacles"})


def test_the_new_game_page_shows_an_unbuilt_expansion_disabled(client, alice, obstacles_unbuilt):
    client.force_login(alice)

    page = client.get("/games/new").content.decode()

    assert "Obstacles" in page
    assert 'name="obstacles" disabled' in page or 'disabled id="id_obstacles"' in page
    assert page.count("Not available yet.") == 1


def test_an_unbuilt_expansion_is_refused_naming_it(alice, obstacles_unbuilt):
    chosen = {"market": True, "obstacles": True}
    with translation.override("de"):
        names = [option_name(k) for k in chosen]
    with translation.override("de"), pytest.raises(GameError) as refused:
        services.game_create(
            host=alice,
            title="",
            edition="2nd",
            seats=2,
            days_per_move=None,
            is_public=True,
            options=chosen,
        )

    assert refused.value.code == "bad_options"
    assert refused.value.message.endswith(" ist noch nicht verfügbar.")
    assert any(refused.value.message.startswith(name) for name in names)
    assert Game.objects.count() == 0


def test_an_unbuilt_module_sent_anyway_is_refused_on_the_form_by_its_name(
    client, alice, obstacles_unbuilt
):
    client.force_login(alice)

    response = client.post("/games/new", {**FORM, "market": "on", "obstacles": "on"})

    assert response.status_code == 200
    assert "Obstacles is not available yet." in response.content.decode()
    assert not Game.objects.filter(title="Expansion night").exists()


def test_an_expansion_of_the_other_edition_is_refused_by_its_name(alice):
    with pytest.raises(GameError, match=r"The Market is played with the 2nd edition\."):
        services.game_create(
            host=alice,
            title="",
            edition="1st",
            seats=2,
            days_per_move=None,
            is_public=True,
            options={"market": True},
        )


def test_five_seats_are_offered_only_with_an_option_that_allows_them():
    schema = rules.options_schema()
    allow_five = {k for keys in schema["five_players_need_any_of"].values() for k in keys}

    assert _seat_counts(schema) == [1, 2, 3, 4, 5]  # New Society and the Market are built
    for option in schema["options"]:
        if option["key"] in allow_five:
            option["built"] = False
    assert _seat_counts(schema) == [1, 2, 3, 4]


def test_five_seats_without_such_an_expansion_are_refused(alice):
    with pytest.raises(GameError, match=r"Five players need New Society \(1st edition\)"):
        services.game_create(
            host=alice, title="", edition="1st", seats=5, days_per_move=None, is_public=True
        )


def test_a_base_game_stores_its_short_options(client, alice):
    client.force_login(alice)

    client.post("/games/new", FORM)

    assert Game.objects.get(title="Expansion night").options == {"edition": "2nd", "players": 2}


def test_the_edition_field_offers_the_schemas_editions_by_name_its_default_chosen(client, alice):
    alice.language = "de"
    alice.save(update_fields=["language"])
    client.force_login(alice)

    page = client.get("/games/new").content.decode()

    select = page[page.index('name="edition"') :]
    offered = re.findall(
        r'<option value="([^"]*)"( selected)?>', select[: select.index("</select>")]
    )
    assert offered == [
        (e, " selected" if e == EDITION["default"] else "") for e in EDITION["values"]
    ]
    assert '<option value="1st" selected>1. Ausgabe</option>' in select
    assert '<option value="2nd">2. Ausgabe</option>' in select


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_edition_of_the_schema_has_a_name_of_its_own(language):
    with translation.override(language):
        names = [value_name("edition", edition) for edition in EDITION["values"]]

    assert not set(names) & set(EDITION["values"])  # none shown as its bare key
    assert len(set(names)) == len(names)
