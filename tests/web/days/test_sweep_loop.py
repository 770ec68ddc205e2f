"""`manage.py sweep --loop`, the embedded site's background sweeper (scripts/dev.py run): it
sweeps, waits at least a second, sweeps again; a sweep that fails is logged and the loop goes
on; Ctrl-C ends it quietly.

Its waits are the loop's `time.sleep` (games/management/repeat.py), replaced here by one that
only counts them (and ends the loop at the third), so no test waits on the wall clock.
"""

import logging

import pytest
from django.core import mail
from django.core.management import call_command

from games.management import repeat
from games.management.commands import sweep as sweep_command

from .conftest import two_player_game


class Waits:
    """Stands in for the command's `time.sleep`: between sweeps it does what `between` says."""

    def __init__(self, between) -> None:
        self.seconds: list[float] = []
        self.between = between

    def __call__(self, seconds: float) -> None:
        self.seconds.append(seconds)
        self.between(len(self.seconds))


@pytest.mark.django_db(transaction=True)
def test_the_loop_sweeps_until_stopped_and_a_failed_sweep_stops_nothing(
    anna, boris, settings, monkeypatch, caplog
):
    two_player_game(anna, boris)  # anna's turn e-mail is due at once

    def between(waits: int) -> None:
        if waits == 1:  # the next sweep breaks outside any one item's task
            settings.NOTIFICATION_KEEP_DAYS = "soon"
        elif waits == 2:
            settings.NOTIFICATION_KEEP_DAYS = 30
        else:
            raise KeyboardInterrupt

    waits = Waits(between)
    monkeypatch.setattr(repeat.time, "sleep", waits)
    with caplog.at_level(logging.ERROR, logger=sweep_command.__name__):
        call_command("sweep", "--loop", "--interval", "0.2")

    assert waits.seconds == [1.0, 1.0, 1.0]  # never faster than once a second
    assert [m.subject for m in mail.outbox] == ["[stpete] Your turn in “Nevsky”"]
    [failure] = [r for r in caplog.records if r.name == sweep_command.__name__]
    assert failure.getMessage() == "sweep failed; trying again in 0.2 s"
    assert failure.exc_info[0] is TypeError
