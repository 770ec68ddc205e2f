"""One bad item never stops the sweep: the other games' deadlines, warnings, turn e-mails and
digests go on, and the failure is logged with the game (embedded: tasks run inline)."""

import logging
import zoneinfo
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command

from games.models import Action, Game
from games.services.sweep import sweep
from tests.web.accounts_helpers import member

from .conftest import START, two_player_game


def broken(game: Game) -> Game:
    """A running game whose seat to act does not exist (a damaged row): acting on it raises."""
    Game.objects.filter(pk=game.pk).update(to_act=[7])
    game.refresh_from_db()
    return game


def test_a_game_whose_timeout_fails_does_not_stop_the_next_games_deadline(
    anna, boris, clock, caplog
):
    bad = broken(two_player_game(anna, boris, title="Broken"))
    clock.move_to(START + timedelta(minutes=1))
    good = two_player_game(boris, anna, title="Fine")
    clock.move_to(good.deadline + timedelta(seconds=1))
    assert bad.deadline < good.deadline  # the sweep comes to the bad one first

    with caplog.at_level(logging.WARNING):
        report = sweep()

    assert report.failed == [f"deadline of game {bad.pk}"]
    [timeout] = Action.objects.filter(game=good)
    assert (timeout.kind, timeout.user) == ("timeout", boris)
    assert not Action.objects.filter(game=bad).exists()
    errors = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert [r.getMessage() for r in errors] == [f"the deadline of game {bad.pk} failed"]
    assert errors[0].exc_info is not None  # with its traceback
    bad.refresh_from_db()
    assert bad.deadline is not None  # still due: the next sweep tries again


def test_warnings_and_digests_go_out_around_a_bad_game(anna, boris, clock):
    bad = broken(two_player_game(boris, anna, title="Broken"))
    dora = member("dora", email_on_turn="digest")
    sweep()  # starts dora's digest clock
    clock.move_to(START + timedelta(hours=1))
    two_player_game(dora, boris, title="Digest")
    mail.outbox.clear()
    clock.move_to(bad.deadline + timedelta(seconds=1))  # after the digest hour and dora's warning
    out = StringIO()

    call_command("sweep", stdout=out)

    assert out.getvalue() == (
        "swept: turn e-mails 0, warnings 2, deadlines 1, pending e-mails 0, digests 1, "
        "old notifications deleted 0, failed 1\n"
    )
    subjects = sorted((m.to[0], m.subject) for m in mail.outbox)
    assert subjects == [
        ("dora@example.org", "[stpete] 1 game is waiting for your move"),
        ("dora@example.org", "[stpete] Time is running out in “Digest”"),
    ]
    assert not Action.objects.filter(game=bad).exists()


@pytest.fixture
def damaged_zone(tmp_path):
    """A time zone "Mars/Olympus" whose zone file is cut short after its first bytes, found
    before the system's zones (zoneinfo reads it only when a member's zone is asked for)."""
    (tmp_path / "Mars").mkdir()
    (tmp_path / "Mars" / "Olympus").write_bytes(b"TZif2")
    zoneinfo.reset_tzpath(to=[str(tmp_path), *zoneinfo.TZPATH])
    zoneinfo.ZoneInfo.clear_cache()
    yield "Mars/Olympus"
    zoneinfo.reset_tzpath()
    zoneinfo.ZoneInfo.clear_cache()


def test_a_member_whose_digest_time_cannot_be_worked_out_does_not_stop_the_others(
    boris, clock, caplog, damaged_zone
):
    dora = member("dora", email_on_turn="digest")
    emil = member("emil", email_on_turn="digest", time_zone=damaged_zone)
    two_player_game(dora, boris, title="Digest", days=3)
    two_player_game(emil, boris, title="Mars", days=3)
    sweep()  # starts both digest clocks (a first digest is due at once, no zone asked)
    mail.outbox.clear()
    clock.move_to(datetime(2026, 3, 3, 7, 0, tzinfo=UTC))

    with caplog.at_level(logging.WARNING):
        report = sweep()

    assert f"digest of member {emil.pk}" in report.failed
    assert [(m.to, m.subject) for m in mail.outbox] == [
        (["dora@example.org"], "[stpete] 1 game is waiting for your move")
    ]
    logged = [r for r in caplog.records if r.name == "games.services.sweep"]
    assert [r.getMessage() for r in logged] == [
        f"sweep: could not tell whether the digest of member {emil.pk} is due"
    ]
    assert logged[0].exc_info is not None  # with its traceback
