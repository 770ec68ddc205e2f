"""Vacations: days on which a member's deadlines pause, within a yearly allowance.

The `Vacation` rows are the truth. The current or next vacation is mirrored onto
`User.vacation_start`/`vacation_end` (what the profile shows and `User.is_on_vacation` reads).
Days are in the member's time zone; a year's allowance is settings.VACATION_DAYS_PER_YEAR,
counting every planned or taken day of that calendar year.
"""

from datetime import date, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import GameError
from games.models import Vacation
from games.services.turns import deadlines_refresh_for_user
from games.vacation_calendar import (  # noqa: F401  (read here by callers of the service)
    days_in_year,
    is_on_vacation,
    today_for,
    vacation_current,
    vacation_days_left,
    vacation_days_used,
)

MAX_DAYS_AHEAD = 366


def _check_allowance(user, first: date, last: date) -> None:
    allowance = settings.VACATION_DAYS_PER_YEAR
    for year in range(first.year, last.year + 1):
        used = vacation_days_used(user, year)
        wanted = days_in_year(first, last, year)
        if used + wanted > allowance:
            raise GameError(
                "vacation_allowance",
                _(
                    "That is more than your vacation allowance: %(left)s of %(allowance)s days "
                    "left in %(year)s."
                )
                % {"left": max(0, allowance - used), "allowance": allowance, "year": year},
            )


def vacation_schedule(*, user, first_day: date, last_day: date) -> Vacation:
    """Plan a vacation (it may start today); refused if in the past, overlapping or too long."""
    today = today_for(user)
    if last_day < first_day:
        raise GameError("vacation_order", _("The vacation cannot end before it starts."))
    if first_day < today:
        raise GameError("vacation_past", _("This day is in the past."))
    if first_day > today + timedelta(days=MAX_DAYS_AHEAD):
        raise GameError("vacation_far", _("Plan at most a year ahead."))
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(
            pk=user.pk
        ).first()  # one writer per user
        overlapping = Vacation.objects.filter(
            user=user, first_day__lte=last_day, last_day__gte=first_day
        )
        if overlapping.exists():
            raise GameError("vacation_overlap", _("This overlaps a vacation you already planned."))
        _check_allowance(user, first_day, last_day)
        vacation = Vacation.objects.create(user=user, first_day=first_day, last_day=last_day)
        _changed(user, today)
    return vacation


def vacation_start_now(*, user, days: int) -> Vacation:
    """A vacation from today for `days` days."""
    if days < 1:
        raise GameError("vacation_order", _("A vacation lasts at least one day."))
    today = today_for(user)
    return vacation_schedule(user=user, first_day=today, last_day=today + timedelta(days=days - 1))


def vacation_end(*, user, vacation_id: int) -> None:
    """Cancel a planned vacation, or end the current one now (it then ended yesterday)."""
    today = today_for(user)
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(pk=vacation_id, user=user).first()
        if vacation is None:
            raise GameError("no_such_vacation", _("There is no such vacation."), status=404)
        if vacation.last_day < today:
            raise GameError("vacation_past", _("This vacation is over."))
        if vacation.first_day >= today:
            vacation.delete()
        else:
            vacation.last_day = today - timedelta(days=1)
            vacation.save(update_fields=["last_day"])
        _changed(user, today)


def _changed(user, today: date) -> None:
    """Mirror the current or next vacation onto the user and move his running deadlines."""
    upcoming = Vacation.objects.filter(user=user, last_day__gte=today).order_by("first_day").first()
    start = upcoming.first_day if upcoming else None
    end = upcoming.last_day if upcoming else None
    get_user_model().objects.filter(pk=user.pk).update(vacation_start=start, vacation_end=end)
    user.vacation_start, user.vacation_end = start, end
    deadlines_refresh_for_user(user)
