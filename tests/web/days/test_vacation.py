"""Vacations: planned ahead or started now, within the yearly allowance; opponents see them."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.errors import GameError
from games.models import Game, Vacation
from games.services import vacations
from tests.web.accounts_helpers import member

from .conftest import two_player_game

VACATION = reverse("games:vacation")


def test_a_vacation_is_planned_and_mirrored_on_the_profile(anna):
    vacations.vacation_schedule(user=anna, first_day=date(2026, 3, 20), last_day=date(2026, 3, 27))
    anna.refresh_from_db()
    assert (anna.vacation_start, anna.vacation_end) == (date(2026, 3, 20), date(2026, 3, 27))
    assert vacations.vacation_days_used(anna, 2026) == 8


@pytest.mark.parametrize(
    ("first", "last", "code", "message"),
    [
        (
            date(2026, 3, 20),
            date(2026, 3, 19),
            "vacation_order",
            "The vacation cannot end before it starts.",
        ),
        (date(2026, 3, 1), date(2026, 3, 9), "vacation_past", "This day is in the past."),
        (
            date(2026, 4, 1),
            date(2026, 4, 30),
            "vacation_allowance",
            "That is more than your vacation allowance: 21 of 21 days left in 2026.",
        ),
    ],
)
def test_refused_vacations(anna, first, last, code, message):
    with pytest.raises(GameError) as error:
        vacations.vacation_schedule(user=anna, first_day=first, last_day=last)
    assert (error.value.code, error.value.message) == (code, message)
    assert not Vacation.objects.exists()


def test_the_allowance_counts_every_vacation_of_the_year(anna, settings):
    settings.VACATION_DAYS_PER_YEAR = 10
    vacations.vacation_schedule(user=anna, first_day=date(2026, 4, 1), last_day=date(2026, 4, 7))
    with pytest.raises(GameError) as error:
        vacations.vacation_schedule(
            user=anna, first_day=date(2026, 5, 1), last_day=date(2026, 5, 4)
        )
    assert "3 of 10 days left in 2026" in error.value.message
    vacations.vacation_schedule(user=anna, first_day=date(2026, 5, 1), last_day=date(2026, 5, 3))
    assert vacations.vacation_days_left(anna, 2026) == 0


def test_overlapping_vacations_are_refused(anna):
    vacations.vacation_schedule(user=anna, first_day=date(2026, 4, 1), last_day=date(2026, 4, 7))
    with pytest.raises(GameError) as error:
        vacations.vacation_schedule(
            user=anna, first_day=date(2026, 4, 7), last_day=date(2026, 4, 8)
        )
    assert (error.value.code, error.value.message) == (
        "vacation_overlap",
        "This overlaps a vacation you already planned.",
    )


def test_start_now_and_come_back_early(anna, clock):
    vacation = vacations.vacation_start_now(user=anna, days=5)
    assert (vacation.first_day, vacation.last_day) == (date(2026, 3, 2), date(2026, 3, 6))
    assert vacations.is_on_vacation(anna)
    clock.move_to("2026-03-04 10:00:00+00:00")
    vacations.vacation_end(user=anna, vacation_id=vacation.pk)
    vacation.refresh_from_db()
    assert vacation.last_day == date(2026, 3, 3)
    assert not vacations.is_on_vacation(anna)
    assert vacations.vacation_days_used(anna, 2026) == 2


def test_a_vacation_over_new_year_counts_against_the_allowance_of_both_years(anna, settings):
    settings.VACATION_DAYS_PER_YEAR = 10
    vacations.vacation_schedule(user=anna, first_day=date(2027, 1, 5), last_day=date(2027, 1, 11))
    with pytest.raises(GameError) as error:
        # 3 days of 2026 (all free) and 4 of 2027, where only 3 of 10 are left.
        vacations.vacation_schedule(
            user=anna, first_day=date(2026, 12, 29), last_day=date(2027, 1, 4)
        )
    assert error.value.code == "vacation_allowance"
    assert "3 of 10 days left in 2027" in error.value.message
    assert Vacation.objects.count() == 1
    vacations.vacation_schedule(user=anna, first_day=date(2026, 12, 29), last_day=date(2027, 1, 3))
    used = (vacations.vacation_days_used(anna, 2026), vacations.vacation_days_used(anna, 2027))
    assert used == (3, 10)


def test_ending_a_vacation_on_its_first_day_cancels_it(anna):
    vacation = vacations.vacation_start_now(user=anna, days=3)
    vacations.vacation_end(user=anna, vacation_id=vacation.pk)
    assert not Vacation.objects.exists()
    anna.refresh_from_db()
    assert (anna.vacation_start, anna.vacation_end) == (None, None)
    assert not vacations.is_on_vacation(anna)
    assert vacations.vacation_days_used(anna, 2026) == 0


def test_a_member_cannot_end_another_members_vacation(anna, boris):
    vacation = vacations.vacation_start_now(user=anna, days=3)
    with pytest.raises(GameError) as error:
        vacations.vacation_end(user=boris, vacation_id=vacation.pk)
    assert (error.value.code, error.value.status) == ("no_such_vacation", 404)
    vacation.refresh_from_db()
    assert (vacation.first_day, vacation.last_day) == (date(2026, 3, 2), date(2026, 3, 4))
    assert vacations.is_on_vacation(anna)


def test_a_vacation_west_of_utc_still_pauses_after_utc_midnight(anna, boris, clock):
    anna.time_zone = "America/Los_Angeles"  # UTC-8 in early March
    anna.save(update_fields=["time_zone"])
    # Monday 2 March, her whole local day: until Tuesday 08:00 UTC.
    vacations.vacation_schedule(user=anna, first_day=date(2026, 3, 2), last_day=date(2026, 3, 2))
    clock.move_to(datetime(2026, 3, 3, 2, 0, tzinfo=UTC))  # Monday 18:00 in Los Angeles
    game = two_player_game(anna, boris)
    assert game.last_move_at == datetime(2026, 3, 3, 2, 0, tzinfo=UTC)
    # Six hours of her vacation are left: the day's budget ends six hours later.
    assert game.deadline == datetime(2026, 3, 4, 8, 0, tzinfo=UTC)


def test_a_planned_vacation_can_be_cancelled(anna):
    vacation = vacations.vacation_schedule(
        user=anna, first_day=date(2026, 6, 1), last_day=date(2026, 6, 2)
    )
    vacations.vacation_end(user=anna, vacation_id=vacation.pk)
    assert not Vacation.objects.exists()
    anna.refresh_from_db()
    assert anna.vacation_start is None


def test_a_vacation_may_start_up_to_a_year_ahead_and_no_later(anna):
    today = date(2026, 3, 2)
    with pytest.raises(GameError) as error:
        vacations.vacation_schedule(
            user=anna, first_day=today + timedelta(days=367), last_day=today + timedelta(days=367)
        )
    assert (error.value.code, error.value.message) == ("vacation_far", "Plan at most a year ahead.")
    furthest = today + timedelta(days=366)
    vacation = vacations.vacation_schedule(user=anna, first_day=furthest, last_day=furthest)
    assert (vacation.first_day, vacation.last_day) == (furthest, furthest)


def test_a_vacation_starting_now_lasts_at_least_one_day(anna):
    with pytest.raises(GameError) as error:
        vacations.vacation_start_now(user=anna, days=0)
    assert (error.value.code, error.value.message) == (
        "vacation_order",
        "A vacation lasts at least one day.",
    )
    assert not Vacation.objects.exists()
    vacation = vacations.vacation_start_now(user=anna, days=1)
    assert (vacation.first_day, vacation.last_day) == (date(2026, 3, 2), date(2026, 3, 2))


def test_a_vacation_that_is_over_cannot_be_ended_again(anna, clock):
    vacation = vacations.vacation_start_now(user=anna, days=2)  # Monday and Tuesday
    clock.move_to("2026-03-04 10:00:00+00:00")  # Wednesday
    with pytest.raises(GameError) as error:
        vacations.vacation_end(user=anna, vacation_id=vacation.pk)
    assert (error.value.code, error.value.message) == ("vacation_past", "This vacation is over.")
    vacation.refresh_from_db()
    assert (vacation.first_day, vacation.last_day) == (date(2026, 3, 2), date(2026, 3, 3))


def test_a_vacation_on_its_last_day_ends_yesterday_when_he_comes_back(anna, clock):
    vacation = vacations.vacation_start_now(user=anna, days=2)
    clock.move_to("2026-03-03 10:00:00+00:00")  # Tuesday, its last day
    vacations.vacation_end(user=anna, vacation_id=vacation.pk)
    vacation.refresh_from_db()
    assert (vacation.first_day, vacation.last_day) == (date(2026, 3, 2), date(2026, 3, 2))
    assert not vacations.is_on_vacation(anna)


def test_a_vacation_ending_on_the_first_day_of_another_overlaps_it(anna):
    vacations.vacation_schedule(user=anna, first_day=date(2026, 4, 7), last_day=date(2026, 4, 9))
    with pytest.raises(GameError) as error:
        vacations.vacation_schedule(
            user=anna, first_day=date(2026, 4, 1), last_day=date(2026, 4, 7)
        )
    assert error.value.code == "vacation_overlap"
    vacations.vacation_schedule(user=anna, first_day=date(2026, 4, 1), last_day=date(2026, 4, 6))
    assert Vacation.objects.count() == 2


def test_the_profile_shows_the_next_of_his_planned_vacations(anna):
    june = vacations.vacation_schedule(
        user=anna, first_day=date(2026, 6, 1), last_day=date(2026, 6, 2)
    )
    april = vacations.vacation_schedule(
        user=anna, first_day=date(2026, 4, 1), last_day=date(2026, 4, 2)
    )
    anna.refresh_from_db()
    assert (anna.vacation_start, anna.vacation_end) == (april.first_day, april.last_day)
    vacations.vacation_end(user=anna, vacation_id=april.pk)
    anna.refresh_from_db()
    assert (anna.vacation_start, anna.vacation_end) == (june.first_day, june.last_day)


def test_days_left_never_drop_below_zero_when_the_allowance_shrinks(anna, settings):
    vacations.vacation_schedule(user=anna, first_day=date(2026, 4, 1), last_day=date(2026, 4, 8))
    settings.VACATION_DAYS_PER_YEAR = 5
    assert vacations.vacation_days_left(anna, 2026) == 0
    with pytest.raises(GameError) as error:
        vacations.vacation_start_now(user=anna, days=1)
    assert "0 of 5 days left in 2026" in error.value.message
    assert vacations.vacation_days_left(anna, 2027) == 5


def test_the_vacation_page_shows_the_allowance_and_plans(client, anna):
    client.force_login(anna)
    response = client.post(VACATION, {"do": "now", "days": "30"}, follow=True)
    assert "more than your vacation allowance" in response.content.decode()
    page = client.get(VACATION).content.decode()
    assert "In 2026 you have used 0 of 21 vacation days; 21 are left." in page
    response = client.post(
        VACATION, {"do": "plan", "first_day": "2026-03-10", "last_day": "2026-03-12"}
    )
    assert response.status_code == 302
    page = client.get(VACATION).content.decode()
    assert "used 3 of 21" in page


def test_opponents_see_the_vacation_on_the_table(client, game, anna, boris):
    vacations.vacation_start_now(user=anna, days=2)
    client.force_login(boris)
    players = client.get(f"/games/{game.pk}/view").json()["players"]
    assert {p["name"]: p["on_vacation"] for p in players} == {"Anna": True, "Boris": False}


def test_the_vacation_page_starts_a_vacation_now_and_ends_it(client, anna):
    client.force_login(anna)
    page = client.post(VACATION, {"do": "now", "days": "3"}, follow=True)
    assert "Enjoy your vacation! Your deadlines are paused." in page.content.decode()
    vacation = Vacation.objects.get(user=anna)
    assert (vacation.first_day, vacation.last_day) == (date(2026, 3, 2), date(2026, 3, 4))
    page = client.post(VACATION, {"do": "end", "id": str(vacation.pk)}, follow=True)
    assert "Your vacation is ended or cancelled." in page.content.decode()
    assert not Vacation.objects.exists()


def test_ending_a_vacation_the_page_does_not_know_says_so_and_changes_nothing(client, anna):
    vacation = vacations.vacation_start_now(user=anna, days=3)
    client.force_login(anna)
    for sent, said in (("abc", "That did not work."), ("424242", "There is no such vacation.")):
        page = client.post(VACATION, {"do": "end", "id": sent})
        assert page.status_code == 200
        assert said in page.content.decode()
    vacation.refresh_from_db()
    assert (vacation.first_day, vacation.last_day) == (date(2026, 3, 2), date(2026, 3, 4))


def test_a_plan_without_its_days_shows_the_page_again_with_the_fields_to_fill(client, anna):
    client.force_login(anna)
    page = client.post(VACATION, {"do": "plan", "first_day": "2026-03-10"})
    assert page.status_code == 200
    assert page.context["plan"].errors == {"last_day": ["This field is required."]}
    assert not Vacation.objects.exists()


def test_a_vacation_ending_on_new_years_day_counts_that_day_in_the_new_year(anna):
    vacations.vacation_schedule(user=anna, first_day=date(2026, 12, 30), last_day=date(2027, 1, 1))
    assert (vacations.vacation_days_used(anna, 2026), vacations.vacation_days_used(anna, 2027)) == (
        2,
        1,
    )


def test_next_years_plans_over_a_lowered_allowance_do_not_block_this_years_vacation(anna, settings):
    vacations.vacation_schedule(user=anna, first_day=date(2027, 1, 4), last_day=date(2027, 1, 11))
    settings.VACATION_DAYS_PER_YEAR = 5  # lowered: 2027 now holds more than it allows
    vacation = vacations.vacation_schedule(
        user=anna, first_day=date(2026, 12, 28), last_day=date(2026, 12, 31)
    )
    assert (vacation.first_day, vacation.last_day) == (date(2026, 12, 28), date(2026, 12, 31))


def test_whether_he_is_on_vacation_is_judged_on_the_day_asked_about_in_his_zone(anna):
    from games.vacation_calendar import is_on_vacation

    anna.time_zone = "America/New_York"
    anna.save(update_fields=["time_zone"])
    vacations.vacation_schedule(user=anna, first_day=date(2026, 3, 4), last_day=date(2026, 3, 4))
    # The clock stands on Monday 2 March; the vacation is Wednesday 4 March in New York.
    assert not is_on_vacation(anna, datetime(2026, 3, 4, 4, 59, tzinfo=UTC))  # Tue 23:59 there
    assert is_on_vacation(anna, datetime(2026, 3, 4, 5, 0, tzinfo=UTC))  # Wed 00:00 there
    assert is_on_vacation(anna, datetime(2026, 3, 5, 4, 59, tzinfo=UTC))  # Wed 23:59 there
    assert not is_on_vacation(anna)  # today, Monday


def test_a_vacation_moves_only_the_deadlines_of_the_games_where_he_is_to_act(
    game, anna, boris, django_capture_on_commit_callbacks
):
    other = two_player_game(boris, member("clara"), title="Without anna")
    deadlines = dict(Game.objects.values_list("pk", "deadline"))

    with (
        CaptureQueriesContext(connection) as queries,
        django_capture_on_commit_callbacks(execute=True),
    ):
        vacations.vacation_start_now(user=anna, days=2)

    games_written = [q["sql"] for q in queries if q["sql"].startswith('UPDATE "games_game"')]
    assert len(games_written) == 1
    assert games_written[0].endswith(f'WHERE "games_game"."id" = {game.pk}')
    now = dict(Game.objects.values_list("pk", "deadline"))
    assert now[game.pk] > deadlines[game.pk]
    assert now[other.pk] == deadlines[other.pk]
