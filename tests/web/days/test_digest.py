"""The daily digest: once a day at 07:00 in the member's zone, games longest waiting first."""

from datetime import UTC, datetime, timedelta

from django.core import mail

from games.models import Notification
from games.services.chat import chat_post
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


def test_the_digest_quotes_what_the_others_wrote_at_each_table(boris, clock):
    dora = _digest_member()
    game = two_player_game(dora, boris, title="Chatty", days=3)
    sweep()  # her digest clock starts
    chat_post(game_id=game.pk, user=boris, text="Take your time, Dora")
    chat_post(game_id=game.pk, user=dora, text="Thanks")
    clock.move_to(datetime(2026, 3, 3, 7, 0, tzinfo=UTC))
    sweep()
    [digest] = [m for m in mail.outbox if m.to == [dora.email]]
    assert "Boris wrote: Take your time, Dora" in digest.body
    assert "Thanks" not in digest.body
    assert "Boris wrote: Take your time, Dora" in digest.alternatives[0][0]


def _first_digest_day(dora):
    """dora becomes a digest member on Tuesday 07:00 (no digest yet: it starts her clock)."""
    from games.services.notices import digest_send

    assert digest_send(dora.pk, now=datetime(2026, 3, 3, 7, 0, tzinfo=UTC)) == "started"


def test_a_game_without_a_time_limit_is_listed_without_a_deadline(boris, clock):
    dora = _digest_member()
    two_player_game(dora, boris, title="Timed", days=3)
    two_player_game(dora, boris, title="Untimed", days=None)
    _first_digest_day(dora)
    clock.move_to(datetime(2026, 3, 4, 7, 0, tzinfo=UTC))
    sweep()
    [digest] = mail.outbox
    timed, untimed = digest.body.split("* Timed")[1].split("* Untimed")
    assert "Deadline: March 5, 2026, 9 a.m. (UTC)" in timed
    assert "Deadline" not in untimed


def test_on_vacation_the_digest_is_recorded_as_skipped_not_sent(boris, clock):
    from games.services import vacations

    dora = _digest_member()
    two_player_game(dora, boris)
    _first_digest_day(dora)
    vacations.vacation_start_now(user=dora, days=3)
    clock.move_to(datetime(2026, 3, 4, 7, 0, tzinfo=UTC))
    sweep()
    assert mail.outbox == []
    skipped = Notification.objects.get(user=dora, kind="digest")
    assert (skipped.channel, skipped.status, skipped.reason) == ("email", "skipped", "on_vacation")


def test_only_a_digest_member_gets_a_digest(anna, boris):
    from games.services.notices import digest_send

    two_player_game(anna, boris)
    assert digest_send(anna.pk, now=datetime(2026, 3, 3, 7, 0, tzinfo=UTC)) == "not_due"
    assert digest_send(424242, now=datetime(2026, 3, 3, 7, 0, tzinfo=UTC)) == "not_due"
    anna.refresh_from_db()
    assert anna.last_digest_at is None


def test_a_game_whose_seat_the_stand_in_bot_plays_is_not_in_her_digest(boris, clock):
    from games.models import Seat
    from games.services.notices import digest_send

    dora = _digest_member()
    two_player_game(dora, boris, title="Hers", days=3)
    played_for_her = two_player_game(dora, boris, title="Bot plays", days=3)
    Seat.objects.filter(game=played_for_her, user=dora).update(stand_in=True, timeouts_in_row=3)
    _first_digest_day(dora)
    assert digest_send(dora.pk, now=datetime(2026, 3, 4, 7, 0, tzinfo=UTC)) == "sent"
    [digest] = mail.outbox
    assert digest.subject == "[stpete] 1 game is waiting for your move"
    assert "Hers" in digest.body
    assert "Bot plays" not in digest.body


def test_before_the_digest_hour_the_last_digest_time_is_yesterdays(boris):
    from games.services.notices import digest_send

    dora = _digest_member()
    two_player_game(dora, boris, days=3)
    _first_digest_day(dora)  # Tuesday 07:00
    assert digest_send(dora.pk, now=datetime(2026, 3, 4, 6, 59, tzinfo=UTC)) == "not_due"
    assert digest_send(dora.pk, now=datetime(2026, 3, 4, 7, 0, tzinfo=UTC)) == "sent"


def test_a_digest_member_without_an_address_is_recorded_as_such(boris):
    from games.services.notices import digest_send

    dora = _digest_member(email="")
    two_player_game(dora, boris, days=3)
    _first_digest_day(dora)
    assert digest_send(dora.pk, now=datetime(2026, 3, 4, 7, 0, tzinfo=UTC)) == "no_address"
    assert mail.outbox == []
    skipped = Notification.objects.get(user=dora, kind="digest")
    assert (skipped.status, skipped.reason) == ("skipped", "no_address")
