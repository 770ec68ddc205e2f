"""The clock arithmetic of deadlines (pure functions)."""

import time
from datetime import UTC, date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from games import deadlines

MONDAY = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


def test_without_pauses_the_deadline_is_start_plus_budget():
    assert deadlines.turn_end(MONDAY, 3 * DAY, pause_weekends=False) == MONDAY + 3 * DAY


def test_the_warning_comes_at_eighty_percent_of_the_budget():
    warn, end = deadlines.turn_times(MONDAY, 5 * DAY, pause_weekends=False)
    assert (warn, end) == (MONDAY + 4 * DAY, MONDAY + 5 * DAY)


def test_a_weekend_in_utc_does_not_count():
    friday = datetime(2026, 3, 6, 12, 0, tzinfo=UTC)
    end = deadlines.turn_end(friday, DAY, pause_weekends=True)
    assert end == datetime(2026, 3, 9, 12, 0, tzinfo=UTC)  # Friday noon + 12 h + Monday 12 h


def test_a_budget_ending_exactly_when_the_weekend_starts_ends_then():
    friday = datetime(2026, 3, 6, 0, 0, tzinfo=UTC)
    saturday = datetime(2026, 3, 7, 0, 0, tzinfo=UTC)
    assert deadlines.turn_end(friday, DAY, pause_weekends=True) == saturday
    assert deadlines.elapse(friday, DAY, [(saturday, saturday + 2 * DAY)]) == saturday


@pytest.fixture
def server_zone(monkeypatch):
    """Sets the process's own local time zone (TZ, time.tzset) for one test, and puts the
    settings' zone back afterwards."""

    def set_zone(name):
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield set_zone
    monkeypatch.undo()
    time.tzset()


def test_the_weekend_is_utcs_whatever_the_servers_own_time_zone(server_zone):
    """Sunday 11:00 UTC is already Monday on a server whose clock is set to UTC+14: the turn
    still starts inside the UTC weekend and counts from Monday 00:00 UTC."""
    server_zone("Pacific/Kiritimati")
    sunday = datetime(2026, 3, 8, 11, 0, tzinfo=UTC)
    assert sunday.astimezone().utcoffset() == timedelta(hours=14)  # the zone is in effect
    assert deadlines.turn_end(sunday, DAY, pause_weekends=True) == datetime(
        2026, 3, 10, 0, 0, tzinfo=UTC
    )


def test_a_turn_starting_on_a_saturday_starts_counting_on_monday():
    saturday = datetime(2026, 3, 7, 15, 0, tzinfo=UTC)
    assert deadlines.turn_end(saturday, DAY, pause_weekends=True) == datetime(
        2026, 3, 10, 0, 0, tzinfo=UTC
    )


def test_seven_days_over_weekends_take_nine_calendar_days():
    end = deadlines.turn_end(MONDAY, 7 * DAY, pause_weekends=True)
    assert end == MONDAY + 9 * DAY


def test_vacation_days_in_the_members_zone_pause_the_clock():
    berlin = ZoneInfo("Europe/Berlin")
    away = deadlines.day_span(date(2026, 3, 3), date(2026, 3, 4), berlin)
    assert away == (
        datetime(2026, 3, 2, 23, 0, tzinfo=UTC),
        datetime(2026, 3, 4, 23, 0, tzinfo=UTC),
    )
    end = deadlines.turn_end(MONDAY, DAY, pause_weekends=False, vacations=[away])
    assert end == MONDAY + 3 * DAY


def test_overlapping_pauses_count_once():
    pause = (MONDAY + DAY, MONDAY + 2 * DAY)
    both = [pause, (MONDAY + DAY + timedelta(hours=12), MONDAY + 2 * DAY)]
    assert deadlines.elapse(MONDAY, 2 * DAY, both) == MONDAY + 3 * DAY


def test_a_long_budget_skips_every_weekend_on_its_way():
    # 37 working days (a week's pace plus the longest extension): 7 weeks and 2 days.
    end = deadlines.turn_end(MONDAY, 37 * DAY, pause_weekends=True)
    assert end == MONDAY + 51 * DAY


def test_the_warning_also_stops_on_weekends():
    friday = datetime(2026, 3, 6, 12, 0, tzinfo=UTC)
    warn, end = deadlines.turn_times(friday, DAY, pause_weekends=True)
    # 80 % of a day is 19.2 h: 12 h on Friday, 7.2 h on Monday.
    assert warn == datetime(2026, 3, 9, 7, 12, tzinfo=UTC)
    assert end == datetime(2026, 3, 9, 12, 0, tzinfo=UTC)


def test_a_vacation_that_ended_before_the_turn_does_not_hide_the_next_weekend():
    friday = datetime(2026, 3, 6, 12, 0, tzinfo=UTC)
    over = (MONDAY - 3 * DAY, MONDAY - 2 * DAY)
    end = deadlines.turn_end(friday, DAY, pause_weekends=True, vacations=[over])
    assert end == datetime(2026, 3, 9, 12, 0, tzinfo=UTC)


def test_weekends_after_a_long_vacation_still_pause_the_clock():
    away = (datetime(2026, 3, 3, 0, 0, tzinfo=UTC), datetime(2026, 3, 20, 12, 0, tzinfo=UTC))
    end = deadlines.turn_end(MONDAY, 2 * DAY, pause_weekends=True, vacations=[away])
    # 15 h on Monday; 12 h on Friday 20 March after the vacation; 21 h on Monday 23 March.
    assert end == datetime(2026, 3, 23, 21, 0, tzinfo=UTC)


def test_the_warning_also_waits_out_a_vacation():
    away = (datetime(2026, 3, 3, 0, 0, tzinfo=UTC), datetime(2026, 3, 4, 0, 0, tzinfo=UTC))
    warn, end = deadlines.turn_times(MONDAY, DAY, pause_weekends=False, vacations=[away])
    # 15 h on Monday, then Wednesday: 4.2 h more for the warning, 9 h for the deadline.
    assert warn == datetime(2026, 3, 4, 4, 12, tzinfo=UTC)
    assert end == datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
