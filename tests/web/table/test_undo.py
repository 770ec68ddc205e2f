import json
import subprocess
import sys
import threading

import pytest
import time_machine
from django.core.management import call_command
from django.db import connection

from games import actionlog, rules, services
from games.errors import GameError
from games.models import Action, ActionKind, Game
from tests.web.games.conftest import move_first_legal, play_one, to_act


def _undo(client, game: Game, user, version: int | None = None):
    client.force_login(user)
    return client.post(
        f"/games/{game.pk}/undo",
        data=json.dumps({"expected_version": game.version if version is None else version}),
        content_type="application/json",
    )


def test_a_player_takes_back_a_move_before_the_next_player_acts(started_game, client):
    before = started_game.state
    user, _position = move_first_legal(started_game)

    client.force_login(user)
    assert client.get(f"/games/{started_game.pk}/view").json()["can_undo"] is True
    response = _undo(client, started_game, user)

    assert response.status_code == 200
    assert response.json()["version"] == 2
    started_game.refresh_from_db()
    assert started_game.state == before


def test_the_undo_is_logged_as_an_action_naming_the_move(started_game, client):
    user, position = move_first_legal(started_game)

    _undo(client, started_game, user)

    undo = Action.objects.get(game=started_game, seq=2)
    assert (undo.kind, undo.move, undo.seat, undo.user) == (
        ActionKind.UNDO,
        {"undo": 1},
        position,
        user,
    )
    assert undo.events == [{"kind": "undo", "seat": position, "seq": 1}]


def test_a_taken_back_move_leaves_the_log_replaying_to_the_snapshot(started_game, client):
    user, _ = move_first_legal(started_game)
    _undo(client, started_game, user)
    started_game.refresh_from_db()
    move_first_legal(started_game)  # the same player moves again, perhaps differently
    started_game.refresh_from_db()

    assert services.game_verify(game=started_game) == []


def test_verify_games_is_clean_after_an_undo(started_game, client, capsys):
    user, _ = move_first_legal(started_game)
    _undo(client, started_game, user)

    call_command("verify_games")

    assert "0 differ" in capsys.readouterr().out


def test_the_export_lists_only_the_moves_that_count_and_the_engine_replays_it(
    started_game, client, tmp_path
):
    move_first_legal(started_game)
    user, _ = move_first_legal(started_game)
    _undo(client, started_game, user)
    started_game.refresh_from_db()

    export = services.game_replay_export(game=started_game)
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(export))
    result = subprocess.run(
        [sys.executable, "-m", "games.rules", "replay", str(path)], capture_output=True, text=True
    )

    assert len(export["moves"]) == 1
    assert result.returncode == 0, result.stderr


def test_undo_is_refused_once_the_next_player_has_acted(started_game, client):
    first, _ = move_first_legal(started_game)
    move_first_legal(started_game)

    response = _undo(client, started_game, first)

    assert (response.status_code, response.json()["code"]) == (422, "not_your_move")


def test_the_next_player_cannot_take_back_the_previous_players_move(started_game, client):
    move_first_legal(started_game)
    user, _ = to_act(started_game)

    client.force_login(user)
    assert client.get(f"/games/{started_game.pk}/view").json()["can_undo"] is False
    assert _undo(client, started_game, user).json()["code"] == "not_your_move"


def test_undo_is_refused_after_a_move_that_refilled_the_board(started_game, client):
    def refilled(game: Game) -> bool:
        last = actionlog.last_effective_action(game)
        return last is not None and any(e["kind"] == "refill" and e["cards"] for e in last.events)

    for _ in range(200):
        if refilled(started_game):
            break
        play_one(started_game)
    mover = actionlog.last_effective_action(started_game).user

    response = _undo(client, started_game, mover)

    assert (response.status_code, response.json()["code"]) == (422, "undo_revealed")


def test_an_observatory_draw_counts_as_revealing_a_card():
    action = Action(
        events=[
            {
                "kind": "observatory",
                "seat": 0,
                "observatory": "observatory#0",
                "pile": "worker",
                "card": "author#1",
            }
        ]
    )

    assert actionlog.reveals_hidden(action) is True


def test_a_refill_from_an_empty_pile_reveals_nothing():
    action = Action(events=[{"kind": "refill", "pile": "worker", "cards": []}])

    assert actionlog.reveals_hidden(action) is False


def test_an_undo_cannot_itself_be_undone_twice(started_game, client):
    user, _ = move_first_legal(started_game)
    _undo(client, started_game, user)
    started_game.refresh_from_db()

    response = _undo(client, started_game, user)

    assert (response.status_code, response.json()["code"]) == (422, "nothing_to_undo")


def test_undo_posts_count_against_the_move_rate_limit(started_game, client, settings):
    settings.MOVE_RATE_LIMIT = 2
    settings.MOVE_RATE_WINDOW = 600
    user, _position = move_first_legal(started_game)
    with time_machine.travel("2026-12-01 12:00:00+00:00", tick=False):
        answers = [_undo(client, started_game, user, version=0) for _ in range(3)]
    assert [(a.status_code, a.json()["code"]) for a in answers] == [
        (409, "stale_version"),
        (409, "stale_version"),
        (429, "rate_limited"),
    ]
    assert answers[2]["Retry-After"] == "600"
    assert not Action.objects.filter(game=started_game, kind=ActionKind.UNDO).exists()


def test_undo_with_an_old_version_is_refused_as_stale(started_game, client):
    user, _ = move_first_legal(started_game)

    response = _undo(client, started_game, user, version=0)

    assert (response.status_code, response.json()["code"]) == (409, "stale_version")


def test_a_spectator_cannot_undo(two_player_game, carol, client):
    move_first_legal(two_player_game)

    response = _undo(client, two_player_game, carol)

    assert (response.status_code, response.json()["code"]) == (422, "cannot_undo")


def test_undo_without_a_version_is_a_bad_request(started_game, client):
    user, _ = move_first_legal(started_game)
    client.force_login(user)

    response = client.post(
        f"/games/{started_game.pk}/undo", data="[]", content_type="application/json"
    )

    assert (response.status_code, response.json()["code"]) == (400, "malformed_request")


def test_undo_needs_a_login(started_game, client):
    response = client.post(
        f"/games/{started_game.pk}/undo", data="{}", content_type="application/json"
    )

    assert (response.status_code, response.json()["code"]) == (401, "not_logged_in")


def test_the_service_refuses_an_undo_in_a_finished_game(finished_game):
    user = Action.objects.filter(game=finished_game).order_by("-seq").first().user

    with pytest.raises(GameError) as caught:
        services.move_undo(
            game_id=finished_game.pk, user=user, expected_version=finished_game.version
        )

    assert caught.value.code == "cannot_undo"


def test_the_undone_state_is_the_replay_of_the_effective_log(started_game, client):
    move_first_legal(started_game)
    user, _ = move_first_legal(started_game)
    _undo(client, started_game, user)
    started_game.refresh_from_db()

    replayed = rules.replay(
        started_game.options, started_game.seed, actionlog.effective_moves(started_game)
    )

    assert json.loads(json.dumps(replayed.to_dict())) == started_game.state


@pytest.mark.parametrize(
    ("names", "problem"),
    [
        ({"undo": 4}, "undo 4 does not name an earlier move"),
        ({"undo": "1"}, "undo 4 does not name an earlier move"),
        ({"undo": 2}, "undo 4 cancels 2, which is not a normal move"),
        ({"undo": 1}, "undo 4 cancels 1 a second time"),
    ],
)
def test_verify_names_an_undo_in_the_log_that_cancels_what_it_may_not(
    started_game, client, names, problem
):
    user, _ = move_first_legal(started_game)  # 1
    _undo(client, started_game, user)  # 2 cancels 1
    started_game.refresh_from_db()
    move_first_legal(started_game)  # 3
    started_game.refresh_from_db()
    assert _undo(client, started_game, user).status_code == 200  # 4 cancels 3
    started_game.refresh_from_db()
    assert services.game_verify(game=started_game) == []

    Action.objects.filter(game=started_game, seq=4).update(move=names)

    assert services.game_verify(game=started_game) == [problem]


def test_verify_finds_nothing_to_replay_in_a_game_not_yet_started(open_game):
    assert services.game_verify(game=open_game) == []


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_undos_of_one_move_take_it_back_exactly_once(started_game):
    """The undo locks the game's row (PostgreSQL: SQLite has no row locks): of two tabs that
    take the move back at once, one does and the other is told the game moved on."""
    assert connection.vendor == "postgresql"
    user, _position = move_first_legal(started_game)
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def undo() -> None:
        try:
            barrier.wait(timeout=10)
            services.move_undo(game_id=started_game.pk, user=user, expected_version=1)
            outcomes.append("undone")
        except GameError as exc:
            outcomes.append(exc.code)
        except Exception as exc:
            outcomes.append(type(exc).__name__)
        finally:
            connection.close()

    threads = [threading.Thread(target=undo) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(outcomes) == ["stale_version", "undone"]
    assert list(
        Action.objects.filter(game=started_game).order_by("seq").values_list("seq", "kind")
    ) == [
        (1, ActionKind.NORMAL),
        (2, ActionKind.UNDO),
    ]
    started_game.refresh_from_db()
    assert started_game.version == 2
