"""Time arithmetic of deadlines: a turn's budget counted on a clock that stops while paused.

Pure functions on aware datetimes, no database. A turn that starts at `start` with a budget of
`budget` ends when `budget` of *unpaused* time has passed. Pauses are:

- weekends, if the game pauses on weekends: Saturday 00:00 to Monday 00:00 **in UTC** (one rule
  for every player of a table, whatever their time zones);
- the vacation days of the seats to act, each day from 00:00 to 24:00 in that member's time zone.

The 80 % warning is the same computation with 80 % of the budget.
"""

import zoneinfo
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta

WARN_FRACTION = 0.8
Interval = tuple[datetime, datetime]


def weekend_pauses(start: datetime, until: datetime) -> list[Interval]:
    """The UTC weekends (Sat 00:00 to Mon 00:00) that overlap [start, until)."""
    day = start.astimezone(UTC).date()
    monday = day - timedelta(days=day.weekday())
    pauses = []
    saturday = monday + timedelta(days=5)
    while datetime.combine(saturday, time(), tzinfo=UTC) < until:
        begin = datetime.combine(saturday, time(), tzinfo=UTC)
        pauses.append((begin, begin + timedelta(days=2)))
        saturday += timedelta(days=7)
    return pauses


def day_span(first: date, last: date, zone: zoneinfo.ZoneInfo) -> Interval:
    """The instants from `first` 00:00 to the end of `last` in `zone`."""
    begin = datetime.combine(first, time(), tzinfo=zone)
    end = datetime.combine(last + timedelta(days=1), time(), tzinfo=zone)
    return begin.astimezone(UTC), end.astimezone(UTC)


def _merged(pauses: Iterable[Interval]) -> list[Interval]:
    merged: list[Interval] = []
    for begin, end in sorted(pauses):
        if merged and begin <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((begin, end))
    return merged


def elapse(start: datetime, budget: timedelta, pauses: Iterable[Interval]) -> datetime:
    """The instant at which `budget` of time outside every pause has passed since `start`."""
    moment, left = start, budget
    for begin, end in _merged(pauses):
        if end <= moment:
            continue
        if begin > moment:
            if begin - moment >= left:
                return moment + left
            left -= begin - moment
        moment = max(moment, end)
    return moment + left


def turn_end(
    start: datetime,
    budget: timedelta,
    *,
    pause_weekends: bool,
    vacations: Iterable[Interval] = (),
) -> datetime:
    """When a turn with `budget` that began at `start` runs out (see the module's rules)."""
    vacations = list(vacations)
    pauses = list(vacations)
    if pause_weekends:
        away = sum((end - begin for begin, end in vacations), timedelta(0))
        # Five days of every seven count, so this horizon always holds the answer.
        horizon = start + budget * 1.5 + away + timedelta(days=14)
        pauses += weekend_pauses(start, horizon)
    return elapse(start, budget, pauses)


def turn_times(
    start: datetime,
    budget: timedelta,
    *,
    pause_weekends: bool,
    vacations: Iterable[Interval] = (),
) -> tuple[datetime, datetime]:
    """(warning due, deadline) of a turn."""
    vacations = list(vacations)
    warn = turn_end(
        start, budget * WARN_FRACTION, pause_weekends=pause_weekends, vacations=vacations
    )
    end = turn_end(start, budget, pause_weekends=pause_weekends, vacations=vacations)
    return warn, end
