"""A deadline that has passed reads as overdue, never as "due in 0 minutes".

Under timeout policy "none" a game stays past its deadline for as long as the player waits;
under the other policies the sweep acts within a minute, and until then the game is overdue too.
"""

from datetime import UTC, datetime, timedelta

from django.core import mail

from games.services.sweep import sweep
from tests.web.accounts_helpers import member

from .conftest import START, hours, two_player_game

DEADLINE = START + timedelta(days=1)  # one day per move from Monday 09:00 UTC


def _deadline_on_my_games(client, user) -> str:
    client.force_login(user)
    page = client.get("/games/mine").content.decode()
    start = page.index('class="game-deadline">') + len('class="game-deadline">')
    return page[start : page.index("</span>", start)]


def test_my_games_says_due_in_before_the_deadline_and_overdue_after_it(client, anna, boris, clock):
    two_player_game(anna, boris, timeout_policy="none")
    clock.move_to(DEADLINE - hours(3))
    assert _deadline_on_my_games(client, anna) == "due in 3\xa0hours"

    clock.move_to(DEADLINE + hours(3))
    assert _deadline_on_my_games(client, anna) == "overdue by 3\xa0hours"

    clock.move_to(DEADLINE + timedelta(days=2, hours=5))
    assert _deadline_on_my_games(client, anna) == "overdue by 2\xa0days, 5\xa0hours"


def test_my_games_says_overdue_in_german(client, anna, boris, clock):
    boris.language = "de"
    boris.save()
    two_player_game(anna, boris, timeout_policy="none")
    clock.move_to(DEADLINE + hours(3))
    assert _deadline_on_my_games(client, boris) == "3\xa0Stunden überfällig"

    clock.move_to(DEADLINE - hours(3))
    assert _deadline_on_my_games(client, boris) == "noch 3\xa0Stunden Zeit"


def test_a_deadline_the_sweep_has_not_acted_on_yet_is_just_overdue(client, anna, boris, clock):
    two_player_game(anna, boris, timeout_policy="auto_pass")
    clock.move_to(DEADLINE + timedelta(seconds=30))
    assert _deadline_on_my_games(client, anna) == "overdue"

    boris.language = "de"
    boris.save()
    assert _deadline_on_my_games(client, boris) == "überfällig"


def _warned_then_reminded_after_the_deadline(clock) -> None:
    clock.move_to(START + hours(20))
    sweep()  # the deadline warning, at 80 % of the day
    mail.outbox.clear()
    clock.move_to(START + hours(30))
    sweep()  # the reminder, 30 hours after the turn began


def test_a_reminder_after_the_deadline_says_it_has_passed(anna, boris, clock):
    anna.email_on_turn = "delayed"
    anna.email_delay_hours = 30
    anna.save()
    two_player_game(anna, boris, timeout_policy="none")
    _warned_then_reminded_after_the_deadline(clock)
    [email] = [m for m in mail.outbox if m.to == [anna.email]]
    assert email.subject == "[stpete] Reminder: your turn in “Nevsky”"
    assert "Your deadline passed on March 3, 2026, 9 a.m. (UTC)" in email.body
    assert "Your deadline passed on March 3, 2026, 9 a.m. (UTC)" in email.alternatives[0][0]


def test_a_german_reminder_after_the_deadline_says_it_has_passed(anna, boris, clock):
    anna.email_on_turn = "delayed"
    anna.email_delay_hours = 30
    anna.language = "de"
    anna.save()
    two_player_game(anna, boris, timeout_policy="none")
    _warned_then_reminded_after_the_deadline(clock)
    [email] = [m for m in mail.outbox if m.to == [anna.email]]
    assert "Deine Frist ist am 3. März 2026 09:00 (UTC) abgelaufen" in email.body


def test_the_digest_says_which_deadlines_have_passed(boris, clock):
    dora = member("dora", email_on_turn="digest")
    two_player_game(dora, boris, title="Overdue", timeout_policy="none")
    two_player_game(dora, boris, title="In time", days=3, timeout_policy="none")
    clock.move_to(datetime(2026, 3, 4, 7, 0, tzinfo=UTC))
    sweep()  # the first sweep only starts her digests
    clock.move_to(datetime(2026, 3, 5, 7, 0, tzinfo=UTC))
    sweep()
    [digest] = [m for m in mail.outbox if "waiting for your move" in m.subject]
    overdue, in_time = digest.body.split("In time")
    assert "Deadline passed on March 3, 2026, 9 a.m. (UTC)" in overdue
    assert "Deadline: March 5, 2026, 9 a.m. (UTC)" in in_time
    assert "Deadline passed on March 3, 2026, 9 a.m. (UTC)" in digest.alternatives[0][0]


def test_the_german_digest_says_which_deadlines_have_passed(boris, clock):
    dora = member("dora", email_on_turn="digest", language="de")
    two_player_game(dora, boris, timeout_policy="none")
    clock.move_to(datetime(2026, 3, 4, 7, 0, tzinfo=UTC))
    sweep()
    clock.move_to(datetime(2026, 3, 5, 7, 0, tzinfo=UTC))
    sweep()
    [digest] = [m for m in mail.outbox if "wartet auf deinen Zug" in m.subject]
    assert "Frist abgelaufen am 3. März 2026 09:00 (UTC)" in digest.body
