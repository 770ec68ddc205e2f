"""Turn notices: live at once, e-mail per preference, never while watching, at most one per
15 minutes, in the member's language."""

from datetime import timedelta

from django.core import mail

from games import presence
from games.models import Notification, Seat
from games.realtime import user_group
from games.services.sweep import sweep
from tests.web.listening import IN_MEMORY, Listener

from .conftest import START, acting_user, hours, play, play_until_turn_of, seat_of, two_player_game


def emails_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_a_new_turn_records_a_live_notice_and_pushes_it_after_commit(
    anna, boris, settings, django_capture_on_commit_callbacks
):
    settings.CHANNEL_LAYERS = IN_MEMORY
    pages = Listener()
    pages.listen(user_group(anna.pk), user_group(boris.pk))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game = two_player_game(anna, boris)
        assert pages.drain() == []  # nothing before the commit
    assert callbacks
    notices = [
        (group, message["type"], message["notice"]["kind"], message["notice"]["game_id"])
        for group, message in pages.drain()
    ]
    assert notices == [(user_group(anna.pk), "user.notice", "your_turn", game.pk)]
    live = Notification.objects.get(user=anna, channel="live")
    assert (live.kind, live.status, live.game) == ("your_turn", "sent", game)


def test_at_once_the_turn_email_goes_out_after_the_commit(
    anna, boris, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = two_player_game(anna, boris, title="Nevsky Prospekt")
    [email] = emails_to(anna)
    assert email.subject == "[stpete] Your turn in “Nevsky Prospekt”"
    assert "It is your turn in “Nevsky Prospekt”." in email.body
    assert f"http://127.0.0.1:8000/games/{game.pk}/" in email.body
    assert "/notifications/settings/" in email.body
    html = email.alternatives[0][0]
    assert f'href="http://127.0.0.1:8000/games/{game.pk}/"' in html
    assert seat_of(game, anna).remind_at is None  # claimed


def test_the_deadline_is_shown_in_the_members_time_zone(anna, boris):
    anna.time_zone = "Europe/Berlin"
    anna.save()
    two_player_game(anna, boris)
    sweep()
    [email] = emails_to(anna)
    # 09:00 UTC on Monday 2 March + 1 day = 10:00 in Berlin on Tuesday 3 March.
    assert "Your deadline: March 3, 2026, 10 a.m. (Europe/Berlin)" in email.body


def test_the_email_tells_what_happened_since_the_last_move(anna, boris):
    game = two_player_game(anna, boris)
    play(game)  # anna
    play_until_turn_of(game, anna)
    mail.outbox.clear()
    sweep()
    [email] = emails_to(anna)
    assert "Since your last move:" in email.body
    assert "- Boris bought " in email.body


def test_a_german_member_gets_the_email_in_german(anna, boris):
    anna.language = "de"
    anna.save()
    game = two_player_game(anna, boris, title="Newski")
    play(game)
    play_until_turn_of(game, anna)
    mail.outbox.clear()
    sweep()
    [email] = emails_to(anna)
    assert email.subject == "[stpete] Du bist am Zug in „Newski“"
    assert "Hallo Anna," in email.body
    assert "Seit deinem letzten Zug:" in email.body
    assert "- Boris kaufte " in email.body
    assert "Deine Frist: 3. März 2026 09:00 (UTC)" in email.body


def test_no_email_while_he_has_the_game_open(anna, boris):
    game = two_player_game(anna, boris)
    presence.presence_mark(user_id=anna.pk, game_id=game.pk)
    sweep()
    assert emails_to(anna) == []
    skipped = Notification.objects.get(user=anna, channel="email")
    assert (skipped.kind, skipped.status, skipped.reason) == ("your_turn", "skipped", "watching")


def test_after_some_hours_means_a_reminder_only_if_he_has_not_moved(anna, boris, clock):
    anna.email_on_turn = "delayed"
    anna.email_delay_hours = 4
    anna.save()
    game = two_player_game(anna, boris)
    sweep()
    assert emails_to(anna) == []
    clock.move_to(START + hours(4))
    sweep()
    [email] = emails_to(anna)
    assert email.subject.startswith("[stpete] Reminder: your turn")
    assert seat_of(game, anna).remind_at is None


def test_a_delayed_email_is_dropped_when_he_moved_in_time(anna, boris, clock):
    anna.email_on_turn = "delayed"
    anna.save()
    game = two_player_game(anna, boris)
    play(game)
    clock.move_to(START + hours(5))
    sweep()
    assert emails_to(anna) == []


def test_digest_and_never_send_no_turn_email(anna, boris):
    anna.email_on_turn = "never"
    anna.save()
    two_player_game(anna, boris)
    sweep()
    assert emails_to(anna) == []
    skipped = Notification.objects.get(user=anna, channel="email")
    assert (skipped.status, skipped.reason) == ("skipped", "preference")


def test_at_most_one_email_per_fifteen_minutes(anna, boris, clock):
    first = two_player_game(anna, boris, title="First")
    second = two_player_game(anna, boris, title="Second")
    sweep()
    sweep()
    assert [m.subject for m in emails_to(anna)] == ["[stpete] Your turn in “First”"]
    waiting = seat_of(second, anna)
    assert waiting.remind_at == START + timedelta(minutes=15)  # postponed, not lost
    clock.move_to(START + timedelta(minutes=14))
    sweep()
    assert len(emails_to(anna)) == 1
    clock.move_to(START + timedelta(minutes=15))
    sweep()
    assert [m.subject for m in emails_to(anna)][1] == "[stpete] Your turn in “Second”"
    assert acting_user(first) == anna


def test_a_due_turn_email_is_dropped_once_the_stand_in_bot_plays_the_seat(anna, boris):
    game = two_player_game(anna, boris)
    assert seat_of(game, anna).remind_at == START  # due: the sweep would send it
    Seat.objects.filter(game=game, user=anna).update(stand_in=True)
    sweep()
    assert emails_to(anna) == []
    assert seat_of(game, anna).remind_at is None  # claimed, and dropped
    assert not Notification.objects.filter(user=anna, channel="email").exists()


def test_the_deadline_warning_waits_for_the_fifteen_minute_throttle(anna, boris, clock):
    first = two_player_game(anna, boris, title="First")
    sweep()  # "Your turn in First"
    clock.move_to(first.warn_at - timedelta(minutes=5))
    two_player_game(anna, boris, title="Second")
    sweep()  # "Your turn in Second", five minutes before First's warning is due
    clock.move_to(first.warn_at)
    sweep()
    assert [m.subject for m in emails_to(anna)] == [
        "[stpete] Your turn in “First”",
        "[stpete] Your turn in “Second”",
    ]
    warning = Notification.objects.get(user=anna, kind="deadline_warning", channel="email")
    assert (warning.game, warning.status, warning.reason) == (first, "skipped", "throttled")
    assert (
        Notification.objects.filter(user=anna, kind="deadline_warning", channel="live").count() == 1
    )


def test_no_turn_email_during_a_vacation(anna, boris):
    from games.services import vacations

    vacations.vacation_start_now(user=anna, days=3)
    two_player_game(anna, boris)
    sweep()
    assert emails_to(anna) == []
    skipped = Notification.objects.get(user=anna, channel="email")
    assert (skipped.status, skipped.reason) == ("skipped", "on_vacation")


def test_a_failed_turn_email_is_recorded_and_tried_again(anna, boris, clock, monkeypatch):
    import smtplib

    def refuse(self, fail_silently=False):
        raise smtplib.SMTPServerDisconnected("the mail server is away")

    game = two_player_game(anna, boris)
    with monkeypatch.context() as patch:
        patch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
        sweep()
    failed = Notification.objects.get(user=anna, channel="email")
    assert (failed.kind, failed.status) == ("your_turn", "failed")
    assert seat_of(game, anna).remind_at == START + timedelta(minutes=15)
    clock.move_to(START + timedelta(minutes=15))
    sweep()
    assert len(emails_to(anna)) == 1


def test_the_sweep_command_runs_once(anna, boris):
    from io import StringIO

    from django.core.management import call_command

    two_player_game(anna, boris)
    out = StringIO()
    call_command("sweep", stdout=out)
    assert out.getvalue().startswith("swept: turn e-mails 1,")
    assert len(emails_to(anna)) == 1


def test_a_player_watching_the_table_is_left_to_the_sweep_which_mails_him_once_he_left(
    anna, boris, django_capture_on_commit_callbacks
):
    game = two_player_game(anna, boris)
    presence.presence_mark(user_id=boris.pk, game_id=game.pk)
    with django_capture_on_commit_callbacks(execute=True):
        play_until_turn_of(game, boris)
    assert emails_to(boris) == []
    assert not Notification.objects.filter(user=boris, channel="email").exists()
    assert seat_of(game, boris).remind_at is not None  # due: the sweep will ask again

    presence.presence_clear(user_id=boris.pk, game_id=game.pk)
    sweep()
    [email] = emails_to(boris)
    assert email.subject.startswith("[stpete] Your turn")
    sweep()
    assert len(emails_to(boris)) == 1
