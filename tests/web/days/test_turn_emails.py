"""Turn notices: live at once, e-mail per preference, never while watching, at most one per
15 minutes, in the member's language."""

from datetime import timedelta

from django.core import mail

from games import presence
from games.models import Game, Notification, Seat
from games.realtime import user_group
from games.services.chat import chat_hide, chat_post
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


def test_the_email_quotes_what_the_others_wrote_at_the_table_since_the_last_move(
    anna, boris, admin_user
):
    game = two_player_game(anna, boris)
    chat_post(game_id=game.pk, user=boris, text="Before your move")
    play(game)  # anna
    chat_post(game_id=game.pk, user=anna, text="My own words")
    rude = chat_post(game_id=game.pk, user=boris, text="Something rude")
    chat_post(game_id=game.pk, user=boris, text="Your turn, Anna <3")
    chat_hide(message_ids=[rude.pk], by=admin_user)
    play_until_turn_of(game, anna)
    mail.outbox.clear()
    sweep()
    [email] = emails_to(anna)
    assert "Boris wrote: Your turn, Anna <3" in email.body
    assert "Before your move" not in email.body
    assert "My own words" not in email.body
    assert "Something rude" not in email.body
    assert "Boris wrote: Your turn, Anna &lt;3" in email.alternatives[0][0]


def test_a_turn_email_task_run_again_or_for_a_vanished_seat_sends_nothing_more(anna, boris):
    from games.services.notices import turn_email_send

    game = two_player_game(anna, boris)
    seat = seat_of(game, anna)
    assert turn_email_send(seat.pk) == "sent"
    assert turn_email_send(seat.pk) == "not_due"
    assert turn_email_send(424242) == "not_due"
    assert len(emails_to(anna)) == 1


def test_a_member_without_an_address_is_recorded_as_such(anna, boris):
    anna.email = ""
    anna.save(update_fields=["email"])
    two_player_game(anna, boris)
    sweep()
    assert mail.outbox == []
    skipped = Notification.objects.get(user=anna, channel="email")
    assert (skipped.kind, skipped.status, skipped.reason) == ("your_turn", "skipped", "no_address")


def test_the_deadline_warning_is_mailed_to_digest_members_but_not_to_who_wants_none(
    anna, boris, clock
):
    anna.email_on_turn = "never"
    anna.save(update_fields=["email_on_turn"])
    boris.email_on_turn = "digest"
    boris.save(update_fields=["email_on_turn"])
    for_anna = two_player_game(anna, boris, title="Anna first")
    for_boris = two_player_game(boris, anna, title="Boris first")
    clock.move_to(for_anna.warn_at)
    sweep()
    assert [m.subject for m in mail.outbox] == ["[stpete] Time is running out in “Boris first”"]
    assert emails_to(boris) == mail.outbox
    warnings = Notification.objects.filter(kind="deadline_warning", channel="email")
    assert sorted(warnings.values_list("user__username", "game", "status", "reason")) == [
        ("anna", for_anna.pk, "skipped", "preference"),
        ("boris", for_boris.pk, "sent", ""),
    ]
    assert Notification.objects.filter(kind="deadline_warning", channel="live").count() == 2


def test_a_pending_email_sent_by_a_late_task_is_not_sent_again(anna, boris, clock):
    from games.models import NotificationKind
    from games.services.notices import event_notice, notification_email_send

    game = two_player_game(anna, boris)
    clock.move_to(START + timedelta(minutes=30))  # past the turn e-mail's throttle
    event_notice(anna, game, NotificationKind.TIMEOUT)
    pending = Notification.objects.get(user=anna, kind="timeout", channel="email")
    assert notification_email_send(pending.pk) == "sent"
    assert notification_email_send(pending.pk) == "not_pending"
    assert notification_email_send(424242) == "not_pending"
    [email] = emails_to(anna)
    assert email.subject.startswith("[stpete] ")


def test_a_bot_member_gets_no_notices(anna):
    from games.models import NotificationKind
    from games.services import bot_user_get_or_create
    from games.services.notices import event_notice

    bot = bot_user_get_or_create(name="Ivan")
    game = two_player_game(anna, bot)
    event_notice(bot, game, NotificationKind.TIMEOUT)
    assert not Notification.objects.filter(user=bot).exists()


def test_a_turn_email_already_due_is_dropped_when_he_switches_to_the_digest(anna, boris):
    two_player_game(anna, boris)
    anna.email_on_turn = "digest"
    anna.save(update_fields=["email_on_turn"])
    sweep()
    assert emails_to(anna) == []
    skipped = Notification.objects.get(user=anna, channel="email")
    assert (skipped.kind, skipped.status, skipped.reason) == ("your_turn", "skipped", "preference")


def test_no_email_to_the_member_whose_join_starts_the_game_on_his_turn(
    client, anna, boris, django_capture_on_commit_callbacks
):
    from games import services

    # The fixtures' seed and seating deal boris (the guest) the first turn: checked below.
    game = services.game_create(
        host=anna, title="Moika", edition="1st", seats=2, days_per_move=1, is_public=True
    )
    client.force_login(boris)

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/games/{game.pk}/join")

    assert response["Location"] == f"/games/{game.pk}/"  # he goes on looking at the game
    assert acting_user(Game.objects.get(pk=game.pk)) == boris
    assert emails_to(boris) == []
    assert seat_of(game, boris).remind_at is not None  # the sweep asks again once he left


def test_a_seat_the_stand_in_bot_plays_gets_no_notice_when_its_turn_comes(anna, boris):
    game = two_player_game(anna, boris)
    play(game)  # anna; then boris is to act
    assert acting_user(game) == boris
    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    notices_before = Notification.objects.filter(user=anna).count()
    play_until_turn_of(game, anna)
    assert Notification.objects.filter(user=anna).count() == notices_before  # no live notice
    assert seat_of(game, anna).remind_at is None  # and no turn e-mail due


def test_a_second_timeout_email_within_fifteen_minutes_is_skipped_as_throttled(anna, boris, clock):
    from games.models import NotificationKind
    from games.services.notices import event_notice, notification_email_send

    first = two_player_game(anna, boris, title="First")
    second = two_player_game(anna, boris, title="Second")
    clock.move_to(START + hours(24))  # both of her deadlines have passed
    event_notice(anna, first, NotificationKind.TIMEOUT)
    event_notice(anna, second, NotificationKind.BOT_TOOK_OVER)
    timed_out, took_over = Notification.objects.filter(user=anna, channel="email").order_by("pk")
    assert notification_email_send(timed_out.pk) == "sent"
    clock.move_to(START + hours(24) + timedelta(minutes=14))
    assert notification_email_send(took_over.pk) == "throttled"
    took_over.refresh_from_db()
    assert (took_over.status, took_over.reason, took_over.sent_at) == ("skipped", "throttled", None)
    assert [m.subject for m in emails_to(anna)] == ["[stpete] You ran out of time in “First”"]


def test_the_deadline_warning_is_pushed_to_his_open_pages_after_the_commit(
    game, anna, clock, settings, django_capture_on_commit_callbacks
):
    from games.services import timeouts

    settings.CHANNEL_LAYERS = IN_MEMORY
    pages = Listener()
    pages.listen(user_group(anna.pk))
    clock.move_to(game.warn_at)
    with django_capture_on_commit_callbacks(execute=True):
        assert timeouts.deadline_warn(game_id=game.pk) == "warned"
    notices = [(m["type"], m["notice"]["kind"], m["notice"]["game_id"]) for _g, m in pages.drain()]
    assert notices == [("user.notice", "deadline_warning", game.pk)]


def test_a_timeout_email_waits_for_no_vacation_but_a_digest_member_gets_it(anna, boris, clock):
    from games.models import NotificationKind
    from games.services import vacations
    from games.services.notices import event_notice, notification_email_send

    game = two_player_game(anna, boris)
    boris.email_on_turn = "digest"
    boris.save(update_fields=["email_on_turn"])
    vacations.vacation_start_now(user=anna, days=2)
    clock.move_to(START + hours(24))
    event_notice(anna, game, NotificationKind.TIMEOUT)
    event_notice(boris, game, NotificationKind.TIMEOUT)
    for_anna, for_boris = Notification.objects.filter(channel="email").order_by("user__username")
    assert notification_email_send(for_anna.pk) == "on_vacation"
    assert notification_email_send(for_boris.pk) == "sent"
    assert [m.to for m in mail.outbox] == [[boris.email]]


def test_a_timeout_email_the_mail_server_refuses_is_recorded_as_failed(
    anna, boris, clock, monkeypatch
):
    import smtplib

    from games.models import NotificationKind
    from games.services.notices import event_notice, notification_email_send

    def refuse(self, fail_silently=False):
        raise smtplib.SMTPServerDisconnected("the mail server is away")

    game = two_player_game(anna, boris)
    event_notice(anna, game, NotificationKind.TIMEOUT)
    row = Notification.objects.get(user=anna, channel="email")
    monkeypatch.setattr("django.core.mail.EmailMultiAlternatives.send", refuse)
    assert notification_email_send(row.pk) == "failed"
    row.refresh_from_db()
    assert (row.status, row.sent_at) == ("failed", None)
