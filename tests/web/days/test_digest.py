"""The daily digest: once a day at 07:00 in the member's zone, games longest waiting first."""

from datetime import UTC, datetime, timedelta

from django.core import mail

from games.models import Notification
from games.services.sweep import sweep
from tests.web.accounts_helpers import member

from .conftest import START, two_player_game


def _digest_member(**extra):
    return member("dora", email_on_turn="digest", **extra)


def test_the_digest_lists_waiting_games_longest_waiting_first(boris, clock):
    dora = _digest_member()
    older = two_player_game(dora, boris, title="Older", days=3)
    clock.move_to(START + timedelta(hours=2))
    newer = two_player_game(dora, boris, title="Newer", days=3)
    two_player_game(boris, dora, title="Boris first", days=3)  # boris is to act there
    sweep()
    assert [m for m in mail.outbox if m.to == [dora.email]] == []  # not before 07:00
    clock.move_to(datetime(2026, 3, 3, 7, 0, tzinfo=UTC))
    sweep()
    sweep()
    [digest] = [m for m in mail.outbox if m.to == [dora.email]]
    assert digest.subject.startswith("[stpete] ")
    assert "games are waiting for your move" in digest.subject
    body = digest.body
    assert body.index("Older") < body.index("Newer")
    assert f"/games/{older.pk}/" in body
    assert f"/games/{newer.pk}/" in body
    assert "Boris first" not in body
    assert "Your turn since March 2, 2026, 9 a.m. (UTC)" in body
    assert Notification.objects.filter(user=dora, kind="digest", status="sent").count() == 1


def test_the_digest_follows_the_members_time_zone_and_language(boris, clock):
    dora = _digest_member(time_zone="Asia/Tokyo", language="de")
    two_player_game(dora, boris, title="Newski")
    clock.move_to(datetime(2026, 3, 2, 21, 59, tzinfo=UTC))  # 06:59 in Tokyo
    sweep()
    assert mail.outbox == []
    clock.move_to(datetime(2026, 3, 2, 22, 0, tzinfo=UTC))  # 07:00 in Tokyo
    sweep()
    [digest] = mail.outbox
    assert digest.subject == "[stpete] 1 Partie wartet auf deinen Zug"
    assert "Newski" in digest.body


def test_no_digest_without_waiting_games_and_none_twice_a_day(boris, clock):
    dora = _digest_member()
    clock.move_to(datetime(2026, 3, 3, 7, 0, tzinfo=UTC))
    sweep()
    two_player_game(dora, boris)
    clock.move_to(datetime(2026, 3, 3, 15, 0, tzinfo=UTC))
    sweep()
    assert mail.outbox == []
    clock.move_to(datetime(2026, 3, 4, 7, 0, tzinfo=UTC))
    sweep()
    assert len(mail.outbox) == 1
