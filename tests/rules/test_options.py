"""The options schema (rules.OPTIONS, expansions.md §1.1): plain data for the lobby, every
unbuilt expansion refused by name, every combination rule by its stable code."""

import json

import pytest

from games.rules import OPTIONS, InvalidOptions, check_options, options_schema
from games.rules import options as options_module


def refusal(options):
    with pytest.raises(InvalidOptions) as caught:
        check_options(options)
    return caught.value.code, caught.value.option


def test_the_schema_is_plain_json_listing_every_option_with_its_default_and_label():
    schema = options_schema()
    assert json.loads(json.dumps(schema)) == schema
    assert [o["key"] for o in schema["options"]] == [
        "edition", "players", "new_society", "banquet", "in_good_company", "market",
        "assistants", "events", "assignments", "obstacles",
    ]  # fmt: skip
    by_key = {o["key"]: o for o in schema["options"]}
    assert by_key["players"]["values"] == [1, 2, 3, 4, 5]
    assert by_key["new_society"]["values"] == [None, "full", "sp_plus"]
    assert by_key["market"] == {
        "key": "market",
        "type": "bool",
        "values": [False, True],
        "default": False,
        "label": "option_market",
        "editions": ["2nd"],
        "requires": [],
        "value_editions": {},
        "requires_in_edition": {},
        "built": True,
    }
    assert by_key["obstacles"]["requires"] == ["market"]
    assert by_key["new_society"]["value_editions"] == {"sp_plus": ["1st"]}
    assert by_key["new_society"]["requires_in_edition"] == {"2nd": ["in_good_company"]}
    assert (by_key["edition"]["built"], by_key["players"]["built"]) == (True, True)
    assert len(OPTIONS) == 10


@pytest.mark.parametrize(
    "options",
    [
        {"edition": "1st", "banquet": True},
        {"edition": "2nd", "banquet": True},
        {"edition": "1st", "new_society": "full", "banquet": True},
        {"edition": "1st", "new_society": "sp_plus", "banquet": True},
        {"edition": "2nd", "in_good_company": True, "banquet": True},
        {"edition": "2nd", "market": True, "banquet": True},
    ],
)
def test_the_banquet_is_built_in_both_editions_and_combines_with_the_others(options):
    assert check_options({"players": 3, **options})["banquet"] is True
    by_key = {o["key"]: o for o in options_schema()["options"]}
    assert by_key["banquet"]["built"]


def test_an_expansion_whose_module_is_not_built_is_refused_by_name(monkeypatch):
    """Every option is built today; the refusal stays for the next expansion."""
    monkeypatch.setattr(options_module, "BUILT", options_module.BUILT - {"obstacles"})
    options = {"players": 3, "edition": "2nd", "market": True, "obstacles": True}
    assert refusal(options) == ("option_not_available", "obstacles")
    assert check_options({"players": 3, "edition": "2nd", "market": True})["market"] is True
    by_key = {o["key"]: o for o in options_schema()["options"]}
    assert not by_key["obstacles"]["built"]


@pytest.mark.parametrize("module", ["assistants", "events", "assignments", "obstacles"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_market_modules_3_to_6_are_built_with_the_market_for_2_to_5(module, players):
    options = {"players": players, "edition": "2nd", "market": True, module: True}
    assert check_options(options)[module] is True
    by_key = {o["key"]: o for o in options_schema()["options"]}
    assert by_key[module]["built"]
    assert by_key[module]["requires"] == ["market"]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"edition": "1st", "market": True}, ("option_needs_edition", "market")),
        ({"edition": "1st", "in_good_company": True}, ("option_needs_edition", "in_good_company")),
        ({"edition": "1st", "obstacles": True}, ("option_needs_edition", "obstacles")),
        ({"edition": "2nd", "new_society": "sp_plus"}, ("option_needs_edition", "new_society")),
        (
            {"edition": "2nd", "new_society": "full"},
            ("option_needs_in_good_company", "new_society"),
        ),
        ({"edition": "2nd", "assistants": True}, ("option_needs_market", "assistants")),
        ({"edition": "2nd", "events": True}, ("option_needs_market", "events")),
        ({"edition": "2nd", "assignments": True}, ("option_needs_market", "assignments")),
        ({"edition": "2nd", "obstacles": True}, ("option_needs_market", "obstacles")),
    ],
)
def test_each_combination_rule_is_refused_with_its_code(options, expected):
    assert refusal({"players": 3, **options}) == expected


@pytest.mark.parametrize(
    "options",
    [
        {"edition": "1st"},
        {"edition": "2nd"},
        {"edition": "1st", "banquet": True},
        {"edition": "2nd", "in_good_company": True},
    ],
)
def test_five_players_need_new_society_or_the_market(options):
    assert refusal({"players": 5, **options}) == ("too_many_players", "players")


def test_five_players_with_the_market_are_a_legal_game():
    assert check_options({"players": 5, "edition": "2nd", "market": True})["players"] == 5


@pytest.mark.parametrize(
    "options",
    [
        {"edition": "1st", "new_society": "full"},
        {"edition": "1st", "new_society": "sp_plus"},
        {"edition": "2nd", "new_society": "full", "in_good_company": True},
    ],
)
def test_five_players_with_new_society_are_accepted(options):
    assert check_options({"players": 5, **options})["players"] == 5


def test_new_society_and_in_good_company_are_built_and_offered_to_the_lobby():
    by_key = {o["key"]: o for o in options_schema()["options"]}
    assert by_key["new_society"]["built"]
    assert by_key["in_good_company"]["built"]
    assert check_options({"players": 3, "edition": "2nd", "in_good_company": True})[
        "in_good_company"
    ]


def test_a_solo_game_is_the_base_game_only():
    assert refusal({"players": 1, "banquet": True}) == ("solo_base_game_only", "banquet")


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"players": 2, "banquet": "yes"}, ("invalid_option", "banquet")),
        ({"players": 2, "new_society": "half"}, ("invalid_option", "new_society")),
        ({"players": 6}, ("invalid_option", "players")),
        ({"players": 2, "rules_version": "9"}, ("invalid_option", "rules_version")),
        ({"players": 2, "colour": "red"}, ("unknown_option", "colour")),
        ({"players": 2, "expansions": ["market"]}, ("unknown_option", "expansions")),
    ],
)
def test_a_malformed_option_is_named(options, expected):
    assert refusal(options) == expected


def test_the_legacy_empty_expansions_list_of_stored_games_is_accepted():
    assert check_options({"players": 2, "edition": "2nd", "expansions": []}) == check_options(
        {"players": 2, "edition": "2nd"}
    )
