"""Reading members' vacations: which days pause their deadlines (no writes).

`games.services.vacations` plans and ends vacations (the writes); the move path, the deadline
arithmetic and the notices read them here, so reading never climbs back into a service.
"""

from datetime import date, datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games import deadlines
from games.models import Vacation


def today_for(user, now: datetime | None = None) -> date:
    return (now or timezone.now()).astimezone(user.zone).date()


def days_in_year(first: date, last: date, year: int) -> int:
    begin, end = max(first, date(year, 1, 1)), min(last, date(year, 12, 31))
    return max(0, (end - begin).days + 1)


def vacation_days_used(user, year: int) -> int:
    rows = Vacation.objects.filter(user=user, first_day__lte=date(year, 12, 31)).filter(
        last_day__gte=date(year, 1, 1)
    )
    return sum(days_in_year(v.first_day, v.last_day, year) for v in rows)


def vacation_days_left(user, year: int) -> int:
    return max(0, settings.VACATION_DAYS_PER_YEAR - vacation_days_used(user, year))


def vacation_current(user, day: date) -> Vacation | None:
    return Vacation.objects.filter(user=user, first_day__lte=day, last_day__gte=day).first()


def is_on_vacation(user, now: datetime | None = None) -> bool:
    return vacation_current(user, today_for(user, now)) is not None


Pauses = dict[int, list[deadlines.Interval]]


def vacation_pauses_by_user(users, since: datetime) -> Pauses:
    """The vacations of `users` that end after `since`, as UTC instants, by user id (one
    query, none if no one of them has a vacation planned)."""
    users = [u for u in users if u is not None and u.has_vacation_planned]
    if not users:
        return {}
    by_id = {u.pk: u for u in users}
    earliest = since.date() - timedelta(days=1)
    pauses: Pauses = {}
    for v in Vacation.objects.filter(user_id__in=by_id, last_day__gte=earliest):
        span = deadlines.day_span(v.first_day, v.last_day, by_id[v.user_id].zone)
        pauses.setdefault(v.user_id, []).append(span)
    return pauses
