"""The sweep deletes notification records older than NOTIFICATION_KEEP_DAYS, in batches."""

from datetime import timedelta

import pytest

from games.models import Notification
from games.services import sweep as sweep_module
from games.services.sweep import sweep

from .conftest import START


def notices(user, count: int, *, status: str = "sent") -> list[int]:
    return [
        Notification.objects.create(user=user, kind="your_turn", channel="live", status=status).pk
        for _ in range(count)
    ]


@pytest.fixture(autouse=True)
def _keep_half_a_year(settings):
    settings.NOTIFICATION_KEEP_DAYS = 180


def test_notices_older_than_the_keep_time_are_deleted_younger_ones_stay(anna, clock):
    old = notices(anna, 2) + notices(anna, 1, status="skipped") + notices(anna, 1, status="failed")
    clock.move_to(START + timedelta(days=1))
    young = notices(anna, 2)
    clock.move_to(START + timedelta(days=180, seconds=1))
    report = sweep()
    assert report.pruned == len(old)
    assert sorted(Notification.objects.values_list("pk", flat=True)) == sorted(young)


def test_a_notice_exactly_as_old_as_the_keep_time_stays(anna, clock):
    kept = notices(anna, 1)
    clock.move_to(START + timedelta(days=180))
    sweep()
    assert list(Notification.objects.values_list("pk", flat=True)) == kept


def test_one_sweep_deletes_a_bounded_number_in_batches_and_the_next_goes_on(
    anna, clock, monkeypatch
):
    monkeypatch.setattr(sweep_module, "PRUNE_BATCH", 2)
    monkeypatch.setattr(sweep_module, "PRUNE_BATCHES_PER_SWEEP", 2)
    notices(anna, 5)
    clock.move_to(START + timedelta(days=181))
    assert sweep_module.notifications_prune(START + timedelta(days=181)) == 4
    assert Notification.objects.count() == 1
    assert sweep().pruned == 1
    assert Notification.objects.count() == 0
    assert sweep().pruned == 0


def test_keep_days_zero_keeps_every_notice(anna, clock, settings):
    settings.NOTIFICATION_KEEP_DAYS = 0
    notices(anna, 3)
    clock.move_to(START + timedelta(days=3650))
    assert sweep().pruned == 0
    assert Notification.objects.count() == 3
