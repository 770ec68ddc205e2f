import json
import subprocess
import sys

from games import services
from games.models import Action, ActionKind, Game, Status

from .conftest import may_pass, play_until, to_act

CHANGELIST = "/admin/games/game/"


def run_action(client, action: str, *games, follow=True, **extra):
    data = {"action": action, "_selected_action": [g.pk for g in games], **extra}
    return client.post(CHANGELIST, data, follow=follow)


def listed(client, query: str = "") -> list[int]:
    """The ids of the games the admin's list shows for `query` (from its ChangeList)."""
    response = client.get(CHANGELIST + query)
    assert response.status_code == 200
    return sorted(game.pk for game in response.context["cl"].result_list)


def test_the_games_list_filters_and_searches(client, admin_user, started_game, bob):
    other = services.game_create(
        host=bob, title="Second table", edition="2nd", seats=2, days_per_move=1, is_public=True
    )
    client.force_login(admin_user)

    assert listed(client) == sorted([started_game.pk, other.pk])
    assert listed(client, "?status=running") == [started_game.pk]
    assert listed(client, "?status=open") == [other.pk]
    assert listed(client, "?edition=1st") == [started_game.pk]
    assert listed(client, "?edition=2nd") == [other.pk]
    assert listed(client, "?q=carol") == [started_game.pk]
    assert listed(client, "?q=Second") == [other.pk]
    assert listed(client, f"?seat_set__user__id__exact={bob.pk}") == sorted(
        [started_game.pk, other.pk]
    )
    assert listed(client, f"?seat_set__user__id__exact={started_game.host_id}") == [started_game.pk]
    page = client.get(f"{CHANGELIST}{started_game.pk}/change/")
    assert page.status_code == 200
    assert page.context["original"] == started_game


def test_actions_cannot_be_added_changed_or_deleted_in_the_admin(admin_user, rf):
    """The action log is shown only as the readable log: no admin of its own, no inline."""
    from django.contrib import admin

    from games.admin import GameAdmin
    from games.models import Action

    request = rf.get("/")
    request.user = admin_user
    game_admin = GameAdmin(Game, admin.site)
    assert not admin.site.is_registered(Action)
    assert all(inline.model is not Action for inline in game_admin.inlines)
    assert not game_admin.has_change_permission(request)
    assert not game_admin.has_delete_permission(request)
    assert "delete_selected" not in game_admin.get_actions(request)


def test_an_admin_aborts_a_game(client, admin_user, started_game):
    client.force_login(admin_user)

    run_action(client, "abort", started_game)

    started_game.refresh_from_db()
    assert started_game.status == Status.ABORTED


def test_an_admin_forces_a_pass_for_the_seat_to_act(client, admin_user, started_game):
    play_until(started_game, may_pass)
    _user, position = to_act(started_game)
    client.force_login(admin_user)

    response = run_action(client, "force_pass", started_game)

    assert b"passed for the seat to act" in response.content
    last = Action.objects.filter(game=started_game).last()
    assert (last.kind, last.seat, last.user) == (ActionKind.FORCED_BY_ADMIN, position, admin_user)


def test_a_refused_admin_action_shows_why(client, admin_user, open_game):
    client.force_login(admin_user)

    response = run_action(client, "force_pass", open_game)

    assert b"This game is not running." in response.content


def test_an_admin_replaces_a_seats_member_through_a_form(
    client, admin_user, started_game, django_user_model
):
    eve = django_user_model.objects.create_user(username="eve", password="x")
    client.force_login(admin_user)

    form = run_action(client, "replace_seat_user", started_game)
    assert b"New member (username)" in form.content
    run_action(client, "replace_seat_user", started_game, apply="1", position="2", username="eve")

    assert started_game.seat_set.get(position=2).user == eve


def test_replacing_with_an_unknown_member_redisplays_the_form(client, admin_user, started_game):
    client.force_login(admin_user)

    response = run_action(
        client, "replace_seat_user", started_game, apply="1", position="1", username="nobody"
    )

    assert b"There is no such member." in response.content


def test_the_verify_action_reports_a_clean_game_and_a_tampered_one(
    client, admin_user, started_game
):
    client.force_login(admin_user)
    assert b"replays exactly" in run_action(client, "verify_replay", started_game).content

    Game.objects.filter(pk=started_game.pk).update(state={"tampered": True})

    assert b"differs from the replay" in run_action(client, "verify_replay", started_game).content


def test_the_exported_replay_is_accepted_by_the_engines_command_line(
    client, admin_user, started_game, tmp_path
):
    play_until(started_game, may_pass)
    services.seat_force_pass(game_id=started_game.pk, by=admin_user)
    play_until(started_game, lambda game: False)
    client.force_login(admin_user)

    response = run_action(client, "export_replay", started_game, follow=False)

    assert response["Content-Disposition"].startswith("attachment;")
    data = json.loads(response.content)
    assert set(data) == {"options", "seed", "moves"}
    assert len(data["moves"]) == Game.objects.get(pk=started_game.pk).version
    path = tmp_path / "game.json"
    path.write_bytes(response.content)
    result = subprocess.run(
        [sys.executable, "-m", "games.rules", "replay", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    json.loads(result.stdout)


def test_the_one_game_actions_refuse_a_selection_of_two(client, admin_user, started_game, bob):
    other = services.game_create(
        host=bob, title="Second table", edition="1st", seats=2, days_per_move=1, is_public=True
    )
    client.force_login(admin_user)
    for action, said in (
        ("export_replay", "Select exactly one game to export."),
        ("replace_seat_user", "Select exactly one game."),
    ):
        response = run_action(client, action, started_game, other)
        assert response["Content-Type"].startswith("text/html")
        assert [str(m) for m in response.context["messages"]] == [said]
