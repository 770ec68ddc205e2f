"""The Market's Modules 3-6 on the table page (issue 14): the page hands its script the words of
the assistants, the events, the assignments and the obstacles in the reader's language; every
seat's view carries the four public parts (the assignments are public, decision 4.32); the end
screen's sheet says how many points the obstacles took from each player."""

import json
import re

import pytest
from django.utils import translation

from games import history, rules, services
from games.texts.table import table_strings

PARTS = ("assistants", "events", "assignments", "obstacles")
MODULES = {"market": True, "assistants": True, "events": True, "assignments": True,
           "obstacles": True}  # fmt: skip


@pytest.fixture
def modules_game(alice, bob):
    """alice and bob at a running 2-player game with the Market and its four modules."""
    game = services.game_create(
        host=alice, title="Modules", edition="2nd", seats=2, days_per_move=3, is_public=True,
        options=MODULES,
    )  # fmt: skip
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def page_strings(client, game, language):
    with translation.override(language):
        html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    found = re.search(r'<script id="table-strings" type="application/json">(.*?)</script>', html)
    return html, json.loads(found.group(1))


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", {"assistant_architect": "Architect", "event_sponsor": "Sponsor",
                "obstacle_real_market": "Real market", "status_sitting": "held here",
                "events_title": "Events", "scored_assignments": "Scored assignments"}),
        ("de", {"assistant_architect": "Architekt", "event_sponsor": "Gönner",
                "obstacle_real_market": "Hürde Markt", "status_sitting": "hier festgehalten",
                "events_title": "Ereignisse", "scored_assignments": "Gewertete Aufträge"}),
    ],
)  # fmt: skip
def test_the_page_hands_the_script_the_modules_words(client, alice, modules_game, language, words):
    client.force_login(alice)
    html, strings = page_strings(client, modules_game, language)
    assert {key: strings[key] for key in words} == words
    assert 'id="modules"' in html


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_assignment_reads_in_the_readers_language(client, alice, modules_game, language):
    client.force_login(alice)
    _, strings = page_strings(client, modules_game, language)
    texts = {a["id"]: a[f"text_{language}"] for a in rules.modules.assignments.catalogue_json()}
    assert len(texts) == 15
    assert {n: strings[f"assignment_text_{n}"] for n in texts} == texts


def test_the_german_words_differ_from_the_english_ones():
    """Every word of the modules is translated (a forgotten one would read the same)."""
    from games.texts.modules_table import module_table_strings

    with translation.override("en"):
        english = module_table_strings()
    with translation.override("de"):
        german = module_table_strings()
    same = {key for key in english if english[key] == german[key]}
    # Symbols and names the languages share.
    assert same <= {"plus_rubles", "plus_points", "bonus_card_choice"}
    assert table_strings().keys() >= english.keys()


def test_every_seat_and_a_spectator_see_the_four_parts(client, alice, bob, carol, modules_game):
    seen = []
    for user in (alice, bob, carol):
        client.force_login(user)
        view = client.get(f"/games/{modules_game.pk}/view").json()["view"]
        seen.append({key: view[key] for key in PARTS})
    assert seen[0] == seen[1] == seen[2]
    assert len(seen[0]["assignments"]) == 2
    assert all(len(s["assignments"]) == 3 for s in seen[0]["assignments"])
    assert [e["event"] for e in seen[0]["events"]["events"]] == [
        "twin", "sponsor", "ghost", "new_luck", "warehouse", "grabber"
    ]  # fmt: skip
    assert [t["space"] for t in seen[0]["obstacles"]["track"]] == [10, 20, 35, 50, 70]


def test_the_end_sheet_counts_the_points_the_obstacles_took(modules_game):
    from tests.web.games.conftest import play_until

    play_until(modules_game, lambda game: False)
    modules_game.refresh_from_db()
    state, events = rules.new_game_with_events(modules_game.options, modules_game.seed)
    for entry in history.actionlog.effective_moves(modules_game):
        state, new = rules.apply_move(state, entry["seat"], entry["move"])
        events += new
    blocked = [0, 0]
    for event in events:
        if event["kind"] == "obstacle_blocked":
            blocked[event["seat"]] += event["wasted"]

    sheet = history.score_sheet(modules_game)

    assert sheet["points_lost"] == blocked
    assert sum(blocked) > 0  # this deal loses points to an obstacle: the sum is tested


def test_a_game_without_the_obstacles_has_no_points_lost(finished_game):
    assert "points_lost" not in history.score_sheet(finished_game)
