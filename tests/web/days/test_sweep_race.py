"""Two sweeps at the same moment send one e-mail: the claims are conditional UPDATEs.

Row-level claims only mean something on a real database: this runs on PostgreSQL in CI.
"""

import threading

import pytest
from django.core import mail
from django.db import connection

from games.models import Notification, Seat
from games.services.sweep import sweep

from .conftest import START, hours, two_player_game


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_sweeps_at_once_send_one_turn_email_and_one_warning(anna, boris, clock):
    assert connection.vendor == "postgresql"
    anna.email_on_turn = "delayed"
    anna.email_delay_hours = 20
    anna.save()
    game = two_player_game(anna, boris)
    Seat.objects.filter(game=game, user=anna).update(remind_at=START + hours(19.2))
    clock.move_to(START + hours(19.5))  # the reminder and the 80 % warning are both due
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def run() -> None:
        try:
            barrier.wait(timeout=10)
            sweep()
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert errors == []
    to_anna = [m.subject for m in mail.outbox if m.to == [anna.email]]
    # One e-mail in all: the reminder and the warning share the 15-minute slot.
    assert len(to_anna) == 1
    emails = Notification.objects.filter(user=anna, channel="email")
    assert emails.filter(status="sent").count() == 1
    assert emails.filter(kind="deadline_warning").count() == 1
