"""Vacations: planned ahead or started now, within the yearly allowance; opponents see them."""

from datetime import UTC, date, datetime

import pytest
from django.urls import reverse

from games.errors import GameError
from games.models import Vacation
from games.services import vacations

from .conftest import two_player_game

VACATION = reverse("games:vacation")


def test_a_vacation_is_planned_and_mirrored_on_the_profile(anna):
    vacations.vacation_schedule(user=anna, first_day=date(2026, 3, 20), last_day=date(2026, 3, 27))
    anna.refresh_from_db()
    assert (anna.vacation_start, anna.vacation_end) == (date(2026, 3, 20), date(2026, 3, 27))
    assert anna.is_on_vacation(date(2026, 3, 27))
    assert vacations.vacation_days_used(anna, 2026) == 8


@pytest.mark.parametrize(
    ("first", "last", "code"),
    [
        (date(2026, 3, 20), date(2026, 3, 19), "vacation_order"),
        (date(2026, 3, 1), date(2026, 3, 9), "vacation_past"),
        (date(2026, 4, 1), date(2026, 4, 30), "vacation_allowance"),
    ],
)
def test_refused_vacations(anna, first, last, code):
    with pytest.raises(GameError) as error:
        vacations.vacation_schedule(user=anna, first_day=first, last_day=last)
    assert error.value.code == code
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
    assert error.value.code == "vacation_overlap"


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
