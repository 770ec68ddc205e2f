"""The table page, its fragments and JSON: every state a reader can meet."""

import json

from games import actionlog, rules
from games.history import state_after
from games.models import Action
from games.services.chat import chat_hide, chat_post
from tests.web.games.conftest import play_one, play_until, to_act


def _strings(response) -> dict:
    html = response.content.decode()
    start = html.index('<script id="table-strings" type="application/json">')
    body = html[start:].split(">", 1)[1].split("</script>", 1)[0]
    return json.loads(body)


def test_a_running_game_shows_the_table_drawn_from_the_view(client, two_player_game, alice):
    client.force_login(alice)

    response = client.get(f"/games/{two_player_game.pk}/")

    assert response.status_code == 200
    assert b'id="table"' in response.content
    assert b'data-mode="live"' in response.content
    assert f'data-ws-path="/ws/games/{two_player_game.pk}/"'.encode() in response.content
    assert b'id="card-catalogue"' in response.content
    assert b"js/table.js" in response.content


def test_the_table_page_loads_no_inline_script(client, two_player_game, alice):
    client.force_login(alice)

    html = client.get(f"/games/{two_player_game.pk}/").content.decode()

    for chunk in html.split("<script")[1:]:
        attributes = chunk.split(">", 1)[0]
        assert "src=" in attributes or 'type="application/json"' in attributes
    assert " onclick=" not in html


def test_the_table_speaks_german_to_a_german_member(client, two_player_game, alice):
    alice.language = "de"
    alice.save(update_fields=["language"])
    client.force_login(alice)

    response = client.get(f"/games/{two_player_game.pk}/")

    assert b'data-lang="de"' in response.content
    assert _strings(response)["pass_board"] == "Passen, bis sich die Auslage ändert"


def test_the_table_follows_the_browser_when_the_profile_has_no_language(
    client, two_player_game, alice
):
    client.force_login(alice)

    response = client.get(f"/games/{two_player_game.pk}/", HTTP_ACCEPT_LANGUAGE="de")

    assert _strings(response)["pass"] == "Passen"


def test_a_member_who_does_not_sit_at_the_table_watches_it(client, two_player_game, carol):
    client.force_login(carol)

    page = client.get(f"/games/{two_player_game.pk}/")
    view = client.get(f"/games/{two_player_game.pk}/view").json()

    assert b"You are watching" in page.content
    assert (view["seat"], view["can_undo"]) == (None, False)
    assert "moves" not in view["view"]


def test_an_open_game_shows_its_lobby_not_a_table(client, open_game, alice):
    client.force_login(alice)

    response = client.get(f"/games/{open_game.pk}/")

    assert b'id="table"' not in response.content


def test_an_unknown_game_is_a_404_page(client, alice):
    client.force_login(alice)

    assert client.get("/games/424242/").status_code == 404


def test_the_table_needs_a_login(client, two_player_game):
    response = client.get(f"/games/{two_player_game.pk}/")

    assert response.status_code == 302


def test_the_payload_says_who_may_undo(client, two_player_game):
    user, _ = to_act(two_player_game)
    play_one(two_player_game)
    client.force_login(user)

    assert client.get(f"/games/{two_player_game.pk}/view").json()["can_undo"] is True


def test_a_finished_game_links_to_its_replay(client, finished_game, alice):
    client.force_login(alice)

    response = client.get(f"/games/{finished_game.pk}/")

    assert f"/games/{finished_game.pk}/replay".encode() in response.content


# ---------------------------------------------------------------- the side column in the page


def _log_body(html: str) -> tuple[str, str]:
    """The log box of a table page: its opening tag and what it holds."""
    start = html.index('<div id="log-body"')
    tag, rest = html[start:].split(">", 1)
    return tag, rest.split("</div>\n      </section>", 1)[0]


def test_the_table_page_arrives_with_the_log_the_log_fragment_draws(client, two_player_game, alice):
    play_one(two_player_game)
    play_one(two_player_game)
    client.force_login(alice)

    tag, body = _log_body(client.get(f"/games/{two_player_game.pk}/").content.decode())

    assert 'data-version="2"' in tag
    assert body == client.get(f"/games/{two_player_game.pk}/log").content.decode()
    assert body.count("<li>") == 2  # two lines, neither new (her first visit)


def test_the_log_in_the_page_marks_what_happened_since_the_members_last_visit(
    client, two_player_game, alice
):
    play_one(two_player_game)
    client.force_login(alice)
    client.get(f"/games/{two_player_game.pk}/")  # she sees version 1
    play_one(two_player_game)
    play_one(two_player_game)

    tag, body = _log_body(client.get(f"/games/{two_player_game.pk}/").content.decode())

    assert 'data-version="3"' in tag
    assert body.count('<li class="is-new">') == 2
    assert body.count("<li>") == 1
    assert body == client.get(f"/games/{two_player_game.pk}/log?since=1").content.decode()


def test_the_table_page_arrives_with_the_chat_as_text_without_the_lines_staff_hid(
    client, two_player_game, alice, bob, admin_user
):
    kept = chat_post(game_id=two_player_game.pk, user=bob, text="<b>Good luck</b> & have fun")
    hidden = chat_post(game_id=two_player_game.pk, user=alice, text="something rude")
    chat_hide(message_ids=[hidden.pk], by=admin_user)
    client.force_login(alice)

    html = client.get(f"/games/{two_player_game.pk}/").content.decode()

    lines = html.split('<ol id="chat-lines"', 1)[1].split("</ol>", 1)[0]
    assert lines.count('class="chat-line"') == 1
    assert f'data-id="{kept.pk}"' in lines
    assert f'datetime="{kept.created_at.isoformat()}"' in lines
    assert f'<strong class="chat-name">{bob.public_name}</strong>' in lines
    assert '<span class="chat-text">&lt;b&gt;Good luck&lt;/b&gt; &amp; have fun</span>' in lines
    assert "rude" not in html


# ---------------------------------------------------------------- the log fragment


def test_the_log_of_a_game_where_nothing_happened_says_so(client, two_player_game, alice):
    client.force_login(alice)

    response = client.get(f"/games/{two_player_game.pk}/log")

    assert response.status_code == 200
    assert b"Nothing has happened yet." in response.content


def test_the_log_tells_its_version_in_a_header(client, two_player_game, alice):
    play_one(two_player_game)
    client.force_login(alice)

    response = client.get(f"/games/{two_player_game.pk}/log")

    assert response["X-Game-Version"] == "1"


def test_the_log_needs_a_login(client, two_player_game):
    response = client.get(f"/games/{two_player_game.pk}/log")

    assert response.status_code == 401


def test_the_log_of_an_unknown_game_is_a_404(client, alice):
    client.force_login(alice)

    assert client.get("/games/424242/log").status_code == 404


# ---------------------------------------------------------------- replay


def test_the_replay_page_of_a_finished_game_steps_through_it(client, finished_game, alice):
    client.force_login(alice)

    response = client.get(f"/games/{finished_game.pk}/replay")

    assert response.status_code == 200
    assert b'data-mode="replay"' in response.content
    assert b'id="replay-slider"' in response.content


def test_a_running_game_has_no_replay_yet(client, two_player_game, alice):
    client.force_login(alice)

    page = client.get(f"/games/{two_player_game.pk}/replay")
    step = client.get(f"/games/{two_player_game.pk}/replay/0")

    assert (page.status_code, step.status_code) == (409, 409)
    assert step.json()["code"] == "game_not_finished"


def test_a_replay_step_is_the_spectators_view_after_that_many_moves(client, finished_game, alice):
    client.force_login(alice)

    response = client.get(f"/games/{finished_game.pk}/replay/5")

    state, total = state_after(finished_game, 5)
    body = response.json()
    assert (body["step"], body["steps"], body["seat"]) == (5, total, None)
    assert body["view"] == json.loads(json.dumps(rules.player_view(state, None)))


def test_the_first_and_the_last_replay_steps_exist(client, finished_game, alice):
    client.force_login(alice)
    _state, total = state_after(finished_game, 0)

    first = client.get(f"/games/{finished_game.pk}/replay/0")
    last = client.get(f"/games/{finished_game.pk}/replay/{total}")

    assert (first.status_code, last.status_code) == (200, 200)
    assert last.json()["view"]["game_over"] is True


def test_a_replay_step_past_the_end_is_a_404(client, finished_game, alice):
    client.force_login(alice)
    _state, total = state_after(finished_game, 0)

    response = client.get(f"/games/{finished_game.pk}/replay/{total + 1}")

    assert (response.status_code, response.json()["code"]) == (404, "no_such_step")


def test_a_replay_step_of_an_unknown_game_is_a_404(client, alice):
    client.force_login(alice)

    assert client.get("/games/424242/replay/0").status_code == 404


# ---------------------------------------------------------------- the end screen's score sheet


def _sheet_from_the_ledger(game) -> dict:
    """The engine's score sheet of the game, from the events of replaying its log."""
    state, events = rules.new_game_with_events(game.options, game.seed)
    for entry in actionlog.effective_moves(game):
        state, new = rules.apply_move(state, entry["seat"], entry["move"])
        events += new
    return json.loads(json.dumps(rules.score_sheet(state, events)))


def test_a_finished_games_view_has_its_score_sheet_read_from_the_ledger(
    client, finished_game, alice
):
    client.force_login(alice)

    sheet = client.get(f"/games/{finished_game.pk}/view").json()["score_sheet"]

    assert sheet == _sheet_from_the_ledger(finished_game)
    final = rules.final_scores(rules.GameState.from_dict(finished_game.state))
    assert [(row["total"], row["rank"]) for row in sheet["rows"]] == [
        (row["total"], row["rank"]) for row in final
    ]
    assert [part["key"] for part in sheet["parts"] if part["final"]] == [
        "final:aristocrats", "final:money", "final:hand"
    ]  # fmt: skip


def test_the_score_sheet_replays_the_log_so_moves_stored_without_ledger_entries_have_one(
    client, finished_game, alice
):
    for action in Action.objects.filter(game=finished_game):
        action.events = [e for e in action.events if e.get("kind") != "ledger"]
        action.save(update_fields=["events"])
    client.force_login(alice)

    sheet = client.get(f"/games/{finished_game.pk}/view").json()["score_sheet"]

    assert sheet == _sheet_from_the_ledger(finished_game)


def test_a_running_game_has_no_score_sheet(client, two_player_game, alice):
    client.force_login(alice)

    assert client.get(f"/games/{two_player_game.pk}/view").json()["score_sheet"] is None


def test_only_the_last_replay_step_has_the_score_sheet(client, finished_game, alice):
    client.force_login(alice)
    _state, total = state_after(finished_game, 0)

    before = client.get(f"/games/{finished_game.pk}/replay/{total - 1}").json()
    last = client.get(f"/games/{finished_game.pk}/replay/{total}").json()

    assert before["score_sheet"] is None
    assert last["score_sheet"] == _sheet_from_the_ledger(finished_game)


# ---------------------------------------------------------------- the chart's series


def test_the_history_has_a_value_per_round_for_every_player(client, finished_game, alice):
    client.force_login(alice)

    series = client.get(f"/games/{finished_game.pk}/history").json()

    final = rules.GameState.from_dict(finished_game.state)
    assert series["rounds"][0] == 0
    assert len(series["players"]) == 4
    for player in series["players"]:
        assert len(player["points"]) == len(series["rounds"])
        assert player["points"][-1] == final.players[player["seat"]].points


def test_a_game_that_has_not_started_has_no_history(client, open_game, alice):
    client.force_login(alice)

    response = client.get(f"/games/{open_game.pk}/history")

    assert (response.status_code, response.json()["code"]) == (409, "game_not_started")


def test_a_game_well_into_play_has_a_history_up_to_now(client, two_player_game, alice):
    play_until(two_player_game, lambda game: game.state["round"] >= 3)
    client.force_login(alice)

    series = client.get(f"/games/{two_player_game.pk}/history").json()

    assert series["rounds"] == [0, 1, 2]
