"""Deadlines: the 80 % warning, the timeout move, the stand-in bot after 3 timeouts, reclaiming,
weekend and vacation pauses."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.core import mail

from games import rules
from games.errors import GameError
from games.models import Action, Notification, Seat
from games.services import timeouts, vacations
from games.services.sweep import sweep

from .conftest import START, acting_user, hours, play, play_until_turn_of, seat_of, two_player_game


def test_the_deadline_and_the_warning_follow_the_pace(game):
    assert game.deadline == START + timedelta(days=1)
    assert game.warn_at == START + hours(24 * 0.8)


def test_a_game_without_a_time_limit_has_no_deadline(anna, boris):
    table = two_player_game(anna, boris, days=None)
    assert (table.deadline, table.warn_at) == (None, None)


def test_the_warning_comes_once_at_eighty_percent(game, anna, clock):
    sweep()
    mail.outbox.clear()
    clock.move_to(START + hours(19))
    sweep()
    assert mail.outbox == []
    clock.move_to(START + hours(19.2))
    sweep()
    sweep()
    [email] = mail.outbox
    assert email.subject == "[stpete] Time is running out in “Nevsky”"
    assert "Most of your time for this move" in email.body
    game.refresh_from_db()
    assert game.warn_at is None
    assert (
        Notification.objects.filter(user=anna, kind="deadline_warning", channel="live").count() == 1
    )


def test_on_expiry_the_game_moves_for_him_and_the_log_says_timeout(game, anna, clock):
    clock.move_to(game.deadline + timedelta(seconds=1))
    sweep()
    sweep()
    [action] = Action.objects.filter(game=game)
    assert (action.kind, action.user, action.seat) == (
        "timeout",
        anna,
        seat_of(game, anna).position,
    )
    # The first worker phase allows no pass: the cheapest worker is bought.
    assert action.move["kind"] == "buy"
    prices = [e["price"] for e in action.events if e["kind"] == "buy"]
    state = rules.new_game(game.options, game.seed)
    cheapest = min(
        ev["price"]
        for move in rules.legal_moves(state, action.seat)
        for ev in rules.apply_move(state, action.seat, move)[1]
        if ev["kind"] == "buy"
    )
    assert prices == [cheapest]
    assert seat_of(game, anna).timeouts_in_row == 1
    assert Notification.objects.filter(user=anna, kind="timeout", channel="email").exists()


def test_a_pass_is_preferred_and_a_pub_decision_gets_no_points():
    # Seat 0 owns a Pub and 4 rubles: its Pub decision allows 0, 1 or 2 points.
    pub_decision = rules.GameState.from_dict(
        {
            "phase": "building",
            "step": "pub",
            "turn": 0,
            "decisions": [{"kind": "pub", "seat": 0}],
            "players": [{"area": ["pub#0"], "money": 4}, {}],
        }
    )
    assert timeouts.timeout_move(pub_decision, 0) == {"kind": "pub", "points": 0}
    # In the building phase with the same Pub, every pass (and Pub plans) is legal.
    a_turn = rules.GameState.from_dict(
        {"round": 2, "phase": "building", "turn": 0, "players": [{"area": ["pub#0"]}, {}]}
    )
    assert timeouts.timeout_move(a_turn, 0) == {"kind": "pass"}


def test_policy_none_only_shows_the_deadline(anna, boris, clock):
    table = two_player_game(anna, boris, timeout_policy="none")
    clock.move_to(table.deadline + hours(1))
    sweep()
    assert not Action.objects.filter(game=table).exists()


@pytest.mark.parametrize(
    ("language", "subject", "says", "never_says"),
    [
        (
            "en",
            "[stpete] Your agreed time is nearly up in “Nevsky”",
            "The game will not move for you when it runs out",
            "Please move soon",
        ),
        (
            "de",
            "[stpete] Deine vereinbarte Zeit ist fast um in „Nevsky“",
            "Die Partie zieht nicht für dich",
            "Bitte zieh",
        ),
    ],
)
def test_with_policy_none_the_warning_asks_for_the_agreed_pace_without_threatening(
    anna, boris, clock, language, subject, says, never_says
):
    anna.language = language
    anna.save(update_fields=["language"])
    table = two_player_game(anna, boris, timeout_policy="none")
    sweep()
    mail.outbox.clear()
    clock.move_to(table.warn_at)
    sweep()
    [email] = mail.outbox
    assert email.subject == subject
    assert says in email.body
    assert never_says not in email.body
    live = Notification.objects.get(user=anna, kind="deadline_warning", channel="live")
    assert says in live.text


def _time_out(game, clock):
    game.refresh_from_db()
    clock.move_to(game.deadline + timedelta(seconds=1))
    sweep()
    game.refresh_from_db()


def test_three_timeouts_in_a_row_hand_the_seat_to_a_bot_until_he_reclaims_it(
    game, anna, boris, clock, client, django_capture_on_commit_callbacks
):
    for round_ in range(3):
        play_until_turn_of(game, anna)
        with django_capture_on_commit_callbacks(execute=True):
            _time_out(game, clock)
        assert seat_of(game, anna).timeouts_in_row == round_ + 1
    seat = seat_of(game, anna)
    assert seat.stand_in
    assert Notification.objects.filter(user=anna, kind="bot_took_over", channel="live").exists()
    # From now on the stand-in bot plays anna's turns, logged as such.
    with django_capture_on_commit_callbacks(execute=True):
        play_until_turn_of(game, boris)
        play(game)
    assert Action.objects.filter(game=game, seat=seat.position, kind="stand_in").exists()
    assert acting_user(game) == boris
    client.force_login(anna)
    payload = client.get(f"/games/{game.pk}/view").json()
    assert payload["can_reclaim"] is True
    assert payload["players"][seat.position]["stand_in_bot"] is True
    response = client.post(f"/games/{game.pk}/reclaim", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response.json()["can_reclaim"] is False
    seat.refresh_from_db()
    assert (seat.stand_in, seat.timeouts_in_row) == (False, 0)


TIMEOUT_KINDS = ("timeout", "bot_took_over")


def test_policy_auto_pass_passes_for_him_but_never_hands_his_seat_to_a_bot(anna, boris, clock):
    table = two_player_game(anna, boris, timeout_policy="auto_pass")
    for _ in range(4):
        play_until_turn_of(table, anna)
        _time_out(table, clock)
    seat = seat_of(table, anna)
    assert (seat.stand_in, seat.timeouts_in_row) == (False, 4)
    kinds = Action.objects.filter(game=table, seat=seat.position).values_list("kind", flat=True)
    assert list(kinds) == ["timeout"] * 4
    notices = Notification.objects.filter(user=anna, channel="live", kind__in=TIMEOUT_KINDS)
    assert list(notices.values_list("kind", flat=True)) == ["timeout"] * 4


def test_reclaiming_his_seat_on_his_turn_gives_him_a_fresh_budget(game, anna, clock):
    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    clock.move_to(START + hours(20))
    timeouts.seat_reclaim(game_id=game.pk, user=anna)
    game.refresh_from_db()
    assert game.last_move_at == START + hours(20)
    assert game.deadline == START + hours(44)
    assert game.warn_at == START + hours(20 + 24 * 0.8)
    assert timeouts.deadline_expire(game_id=game.pk) == "not_due"


def test_a_normal_move_ends_the_timeout_streak(game, anna, clock):
    play_until_turn_of(game, anna)
    _time_out(game, clock)
    play_until_turn_of(game, anna)
    play(game)
    assert seat_of(game, anna).timeouts_in_row == 0


def test_only_a_seat_played_by_the_stand_in_can_be_reclaimed(game, anna):
    with pytest.raises(GameError) as error:
        timeouts.seat_reclaim(game_id=game.pk, user=anna)
    assert error.value.code == "not_stand_in"


def test_an_admin_replacing_the_player_ends_the_stand_in(game, anna, boris, admin_user):
    from accounts.models import User
    from games import services

    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    newcomer = User.objects.create_user(username="clara", email="c@example.com")
    position = seat_of(game, anna).position
    services.seat_replace_user(game_id=game.pk, position=position, new_user=newcomer, by=admin_user)
    seat = Seat.objects.get(game=game, position=position)
    assert (seat.user, seat.stand_in, seat.timeouts_in_row) == (newcomer, False, 0)


def test_weekends_pause_the_clock_when_the_game_says_so(anna, boris, clock):
    clock.move_to(START + timedelta(days=4))  # Friday 09:00
    table = two_player_game(anna, boris, pause_weekends=True)
    assert table.deadline == START + timedelta(days=7)  # Monday 09:00


def test_a_vacation_pauses_his_deadline_and_no_timeout_comes(
    game, anna, clock, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        vacations.vacation_schedule(
            user=anna, first_day=date(2026, 3, 2), last_day=date(2026, 3, 4)
        )
    game.refresh_from_db()
    # Monday to Wednesday are paused whole: the day's budget runs on Thursday.
    assert game.deadline == datetime(2026, 3, 6, 0, 0, tzinfo=UTC)
    clock.move_to(START + timedelta(days=2))
    sweep()
    assert not Action.objects.filter(game=game).exists()
    game.refresh_from_db()
    assert game.deadline == datetime(2026, 3, 6, 0, 0, tzinfo=UTC)
    # Her turn e-mail fell on her vacation (skipped); no warning, no timeout.
    assert mail.outbox == []
    emails = Notification.objects.filter(user=anna, channel="email")
    assert list(emails.values_list("kind", "status", "reason")) == [
        ("your_turn", "skipped", "on_vacation")
    ]


def test_a_vacation_planned_after_the_deadline_was_set_still_moves_it(game, anna, clock):
    clock.move_to(START + hours(20))
    vacations.vacation_start_now(user=anna, days=2)
    clock.move_to(START + hours(25))
    sweep()
    assert not Action.objects.filter(game=game).exists()
    game.refresh_from_db()
    # 15 h on Monday, Tuesday and Wednesday paused, the other 9 h on Thursday.
    assert game.deadline == datetime(2026, 3, 5, 9, 0, tzinfo=UTC)


def test_an_admin_extends_the_deadline(game, admin_user):
    timeouts.game_deadline_extend(game_id=game.pk, hours=12, by=admin_user)
    game.refresh_from_db()
    assert game.deadline == START + hours(36)


@pytest.mark.parametrize("hours_asked", [0, 24 * 30 + 1])
def test_an_extension_is_one_hour_to_thirty_days(game, admin_user, hours_asked):
    with pytest.raises(GameError) as error:
        timeouts.game_deadline_extend(game_id=game.pk, hours=hours_asked, by=admin_user)
    assert (error.value.code, error.value.message) == (
        "bad_options",
        "Extend by 1 hour to 30 days.",
    )
    game.refresh_from_db()
    assert (game.deadline, game.deadline_extension) == (START + hours(24), timedelta(0))
    timeouts.game_deadline_extend(game_id=game.pk, hours=24 * 30, by=admin_user)
    game.refresh_from_db()
    assert game.deadline == START + hours(24 + 24 * 30)


def test_a_warning_already_sent_is_not_sent_again_when_a_vacation_moves_the_deadline(
    game, anna, clock, django_capture_on_commit_callbacks
):
    sweep()  # her turn e-mail
    clock.move_to(game.warn_at)
    sweep()
    game.refresh_from_db()
    assert game.warn_at is None
    with django_capture_on_commit_callbacks(execute=True):
        vacations.vacation_start_now(user=anna, days=1)  # Tuesday 3 March
    game.refresh_from_db()
    assert (game.warn_at, game.deadline) == (None, datetime(2026, 3, 4, 9, 0, tzinfo=UTC))
    clock.move_to(datetime(2026, 3, 4, 8, 59, tzinfo=UTC))
    sweep()
    warnings = Notification.objects.filter(user=anna, kind="deadline_warning", channel="email")
    assert list(warnings.values_list("status", flat=True)) == ["sent"]
    assert [m.subject for m in mail.outbox].count("[stpete] Time is running out in “Nevsky”") == 1


def test_only_an_admin_changes_the_policy_or_extends_the_deadline(game, anna):
    for change in (
        lambda: timeouts.game_timeout_policy_set(game_id=game.pk, policy="none", by=anna),
        lambda: timeouts.game_deadline_extend(game_id=game.pk, hours=6, by=anna),
    ):
        with pytest.raises(GameError) as error:
            change()
        assert (error.value.code, error.value.status) == ("not_admin", 403)
    game.refresh_from_db()
    assert (game.timeout_policy, game.deadline) == ("auto_pass_then_bot", START + hours(24))


def test_an_unknown_timeout_policy_is_refused(game, admin_user):
    with pytest.raises(GameError) as error:
        timeouts.game_timeout_policy_set(game_id=game.pk, policy="bot_at_once", by=admin_user)
    assert (error.value.code, error.value.message) == ("bad_options", "Unknown timeout policy.")
    game.refresh_from_db()
    assert game.timeout_policy == "auto_pass_then_bot"
    timeouts.game_timeout_policy_set(game_id=game.pk, policy="auto_pass", by=admin_user)
    game.refresh_from_db()
    assert game.timeout_policy == "auto_pass"


def test_a_game_without_a_time_limit_has_no_deadline_to_extend(anna, boris, admin_user):
    table = two_player_game(anna, boris, days=None)
    with pytest.raises(GameError) as error:
        timeouts.game_deadline_extend(game_id=table.pk, hours=6, by=admin_user)
    assert (error.value.code, error.value.status) == ("no_deadline", 409)
    table.refresh_from_db()
    assert (table.deadline, table.deadline_extension) == (None, timedelta(0))


def test_an_extension_after_the_warning_warns_again_only_if_the_new_warning_is_still_ahead(
    game, admin_user, clock
):
    clock.move_to(game.warn_at)
    sweep()  # the warning at 80 % of one day: 19.2 h
    game.refresh_from_db()
    assert game.warn_at is None
    timeouts.game_deadline_extend(game_id=game.pk, hours=1, by=admin_user)
    game.refresh_from_db()
    # 80 % of 25 hours is 20 hours: still ahead, so he is warned again then.
    assert (game.warn_at, game.deadline) == (START + hours(20), START + hours(25))
    clock.move_to(START + hours(23))
    sweep()  # the second warning
    timeouts.game_deadline_extend(game_id=game.pk, hours=1, by=admin_user)
    game.refresh_from_db()
    # 80 % of 26 hours is 20.8 hours, already behind him: no third warning.
    assert (game.warn_at, game.deadline) == (None, START + hours(26))


def test_reclaiming_his_seat_while_another_is_to_act_leaves_the_turns_deadline(
    game, anna, boris, clock
):
    play_until_turn_of(game, boris)
    game.refresh_from_db()
    deadline, warn_at = game.deadline, game.warn_at
    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    clock.move_to(START + hours(5))
    timeouts.seat_reclaim(game_id=game.pk, user=anna)
    game.refresh_from_db()
    assert (game.deadline, game.warn_at) == (deadline, warn_at)
    assert (seat_of(game, anna).stand_in, seat_of(game, anna).timeouts_in_row) == (False, 0)


def test_a_seat_cannot_be_reclaimed_once_the_game_is_over(game, anna, admin_user):
    from games import services

    Seat.objects.filter(game=game, user=anna).update(stand_in=True)
    services.game_abort(game_id=game.pk, by=admin_user)
    with pytest.raises(GameError) as error:
        timeouts.seat_reclaim(game_id=game.pk, user=anna)
    assert (error.value.code, error.value.status, error.value.message) == (
        "game_not_running",
        409,
        "This game is not running.",
    )
    assert seat_of(game, anna).stand_in


def test_at_the_deadline_of_a_stand_in_seat_its_bot_is_asked_to_move_not_timed_out(
    game, anna, clock, django_capture_on_commit_callbacks
):
    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    clock.move_to(game.deadline + timedelta(seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        assert timeouts.deadline_expire(game_id=game.pk) == "bot_seat"
    kinds = list(Action.objects.filter(game=game).values_list("kind", flat=True))
    assert kinds == ["stand_in"]
    assert seat_of(game, anna).timeouts_in_row == 3
    assert not Notification.objects.filter(user=anna, kind__in=TIMEOUT_KINDS).exists()


def test_a_warning_or_deadline_task_that_comes_early_or_for_an_untimed_game_does_nothing(
    game, anna, boris
):
    untimed = two_player_game(boris, anna, days=None)
    assert timeouts.deadline_warn(game_id=game.pk) == "not_due"
    assert timeouts.deadline_expire(game_id=game.pk) == "not_due"
    assert timeouts.deadline_warn(game_id=untimed.pk) == "not_due"
    assert timeouts.deadline_expire(game_id=untimed.pk) == "not_due"
    game.refresh_from_db()
    assert (game.warn_at, game.deadline) == (START + hours(24 * 0.8), START + hours(24))
    assert not Action.objects.exists()


def test_a_deadline_a_vacation_moved_after_the_warning_is_not_acted_on_at_the_old_time(
    game, anna, clock
):
    clock.move_to(game.warn_at)
    sweep()  # the warning: from now on only the deadline is due
    vacations.vacation_start_now(user=anna, days=1)  # Tuesday; its refresh is never run
    game.refresh_from_db()
    assert game.deadline == START + hours(24)  # still the old one
    clock.move_to(START + hours(24))
    assert timeouts.deadline_expire(game_id=game.pk) == "moved"
    game.refresh_from_db()
    # 15 h ran on Monday, Tuesday is paused whole, the other 9 h run on Wednesday.
    assert game.deadline == datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
    assert not Action.objects.filter(game=game).exists()


def test_a_late_bot_task_for_a_table_without_bots_or_stand_ins_does_nothing(game):
    from games.services import bot_turn_play
    from games.services.bots import stand_in_turn_play

    assert bot_turn_play(game_id=game.pk, version=game.version) is False
    assert stand_in_turn_play(game_id=game.pk, version=game.version) is False
    assert not Action.objects.filter(game=game).exists()


def test_admin_changes_to_a_game_that_does_not_exist_are_a_404(anna, admin_user):
    changes = [
        lambda: timeouts.seat_reclaim(game_id=424242, user=anna),
        lambda: timeouts.game_timeout_policy_set(game_id=424242, policy="none", by=admin_user),
        lambda: timeouts.game_deadline_extend(game_id=424242, hours=6, by=admin_user),
    ]
    for change in changes:
        with pytest.raises(GameError) as error:
            change()
        assert (error.value.code, error.value.status) == ("not_found", 404)


def test_a_vacation_leaves_an_untimed_game_without_a_deadline(
    anna, boris, django_capture_on_commit_callbacks
):
    untimed = two_player_game(anna, boris, days=None)
    with django_capture_on_commit_callbacks(execute=True):
        vacations.vacation_start_now(user=anna, days=2)
    untimed.refresh_from_db()
    assert (untimed.warn_at, untimed.deadline) == (None, None)


def test_a_warning_a_vacation_moved_moves_the_shown_deadline_with_it(game, anna, clock):
    clock.move_to(START + hours(10))  # Monday 19:00
    vacations.vacation_start_now(user=anna, days=1)  # all Monday; its refresh is never run
    clock.move_to(game.warn_at)  # the old warning time, Tuesday 04:12
    assert timeouts.deadline_warn(game_id=game.pk) == "moved"
    game.refresh_from_db()
    # Monday is paused whole: the day's budget runs from Tuesday 00:00.
    assert (game.warn_at, game.deadline) == (
        datetime(2026, 3, 3, 19, 12, tzinfo=UTC),
        datetime(2026, 3, 4, 0, 0, tzinfo=UTC),
    )
    assert not Notification.objects.filter(kind="deadline_warning").exists()


def test_a_seat_the_stand_in_bot_plays_is_not_warned(game, anna, clock):
    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    clock.move_to(game.warn_at)
    assert timeouts.deadline_warn(game_id=game.pk) == "warned"
    assert not Notification.objects.filter(user=anna, kind="deadline_warning").exists()
    assert mail.outbox == []


def test_the_vacation_of_a_member_the_stand_in_bot_plays_for_does_not_move_the_deadline(
    game, anna, django_capture_on_commit_callbacks
):
    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        vacations.vacation_start_now(user=anna, days=2)
    assert callbacks  # the deadline was worked out again
    game.refresh_from_db()
    assert (game.warn_at, game.deadline) == (START + hours(24 * 0.8), START + hours(24))


def test_reclaiming_his_seat_ends_an_extension_the_admin_gave_the_stand_in_turn(
    game, anna, admin_user, clock
):
    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    timeouts.game_deadline_extend(game_id=game.pk, hours=12, by=admin_user)
    clock.move_to(START + hours(20))
    timeouts.seat_reclaim(game_id=game.pk, user=anna)
    game.refresh_from_db()
    # One fresh day from now, without the twelve hours given to the turn before.
    assert (game.deadline_extension, game.deadline) == (timedelta(0), START + hours(44))
