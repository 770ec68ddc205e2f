import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from games.models import Action, Game, Status

from .conftest import play_one, to_act


def test_verify_games_passes_clean_games(started_game, capsys):
    play_one(started_game)
    play_one(started_game)

    call_command("verify_games")

    assert "1 games checked, 0 differ" in capsys.readouterr().out


def test_verify_games_reports_a_tampered_snapshot_and_fails(started_game, open_game, capsys):
    play_one(started_game)
    state = dict(started_game.state)
    state["round"] = 99
    Game.objects.filter(pk=started_game.pk).update(state=state)

    with pytest.raises(CommandError) as caught:
        call_command("verify_games")

    assert f"game {started_game.pk}" in capsys.readouterr().out
    assert "1 differ" in str(caught.value)


def test_verify_games_reports_a_gap_in_the_log(started_game, capsys):
    play_one(started_game)
    play_one(started_game)
    Action.objects.filter(game=started_game, seq=2).update(seq=3)

    with pytest.raises(CommandError):
        call_command("verify_games")

    assert "gaps" in capsys.readouterr().out


def test_verify_games_exits_with_status_1_on_a_bad_game(started_game):
    Game.objects.filter(pk=started_game.pk).update(version=5)

    with pytest.raises(SystemExit) as caught:
        _run_main("verify_games")

    assert caught.value.code == 1


def _run_main(*args):
    from django.core.management import execute_from_command_line

    execute_from_command_line(["manage.py", *args])


@pytest.fixture
def debug_on(settings):
    """The embedded site (DEBUG on), where the demo club belongs (tests run with DEBUG off)."""
    settings.DEBUG = True


@pytest.mark.usefixtures("debug_on")
def test_demo_creates_the_club_with_the_admins_turn(db, capsys):
    call_command("demo")

    User = get_user_model()
    admin = User.objects.get(username="admin")
    assert admin.is_superuser
    assert admin.check_password("admin")
    for name in ("anna", "boris", "clara"):
        assert User.objects.get(username=name).check_password("stpete-demo")
    running = Game.objects.get(status=Status.RUNNING)
    assert running.options == {"edition": "1st", "players": 4}
    assert to_act(running)[0] == admin
    assert Game.objects.filter(status=Status.OPEN, is_public=True).exists()
    out = capsys.readouterr().out
    assert "http://" in out
    assert "admin / admin" in out
    assert "anna" in out


@pytest.mark.usefixtures("debug_on")
def test_demo_changes_nothing_the_second_time(db):
    call_command("demo")
    before = list(Game.objects.values_list("pk", "version", "state"))
    users = get_user_model().objects.count()

    call_command("demo")

    assert list(Game.objects.values_list("pk", "version", "state")) == before
    assert get_user_model().objects.count() == users


def test_demo_refuses_to_create_admin_admin_when_debug_is_off(db, settings):
    settings.DEBUG = False

    with pytest.raises(CommandError) as refused:
        call_command("demo")

    assert "--force" in str(refused.value)
    assert not get_user_model().objects.filter(username="admin").exists()
    assert not Game.objects.exists()


def test_demo_runs_with_debug_off_only_when_forced(db, settings):
    settings.DEBUG = False

    call_command("demo", "--force")

    assert get_user_model().objects.filter(username="admin").exists()
