"""The notifications page speaks the reader's language and does not repeat itself.

Each notice's words are made when the page is shown, from the notice's kind and the game (or
its params), so a member who reads in German sees German details under German headings even
for notices made while his language was English. Identical notices a minute apart or less
(the "live" row of every turn in a quick game) show as one row with a count.
"""

from datetime import timedelta

from django.urls import reverse

from games.models import Notification, Seat
from games.services import notices
from games.services.sweep import sweep

from .conftest import START, two_player_game


def _page(client, member) -> str:
    client.force_login(member)
    return client.get(reverse("games:notifications")).content.decode()


def _turn_again(game, member, clock, at) -> None:
    clock.move_to(at)
    seat = Seat.objects.select_related("user").get(game=game, user=member)
    notices.turn_started(game, seats=[seat], now=at)


def test_a_notice_made_in_english_reads_in_german_for_a_german_reader(client, anna, boris):
    anna.email_on_turn = "never"
    anna.save()
    two_player_game(anna, boris, title="Moika")  # the notice is made while anna reads English
    anna.language = "de"
    anna.save()

    page = _page(client, anna)

    assert "Du bist am Zug in „Moika“." in page
    assert "It is your turn" not in page


def test_the_digest_row_reads_in_the_readers_language(client, boris, clock):
    from tests.web.accounts_helpers import member

    dora = member("dora", email_on_turn="digest")
    two_player_game(dora, boris, title="Older", days=3)
    two_player_game(dora, boris, title="Newer", days=3)
    sweep()  # starts dora's digest clock
    clock.move_to(START.replace(day=3, hour=7))
    sweep()
    assert Notification.objects.filter(user=dora, kind="digest", status="sent").exists()
    dora.language = "de"
    dora.save()

    page = _page(client, dora)

    assert "2 Partien warten auf deinen Zug" in page
    assert "waiting for your move" not in page


def test_identical_notices_within_a_minute_show_as_one_row_with_a_count(client, anna, boris, clock):
    anna.email_on_turn = "never"
    anna.save()
    game = two_player_game(anna, boris, title="Moika")  # one at 09:00:00
    for seconds in (20, 40, 70):  # each within a minute of the one before
        _turn_again(game, anna, clock, START + timedelta(seconds=seconds))
    _turn_again(game, anna, clock, START + timedelta(minutes=5))  # a later, separate one

    page = _page(client, anna)

    assert Notification.objects.filter(user=anna, channel="live").count() == 5
    assert page.count('class="notification sent"') == 2  # live: the later one, the four
    assert page.count('class="notification skipped"') == 2  # e-mail skipped: the same
    assert page.count("4 times") == 2
    assert page.count("It is your turn in “Moika”.") == 4


def test_notices_of_different_games_are_not_collapsed(client, anna, boris):
    anna.email_on_turn = "never"
    anna.save()
    two_player_game(anna, boris, title="Moika")
    two_player_game(anna, boris, title="Fontanka")

    page = _page(client, anna)

    assert page.count('class="notification sent"') == 2
    assert "times" not in page
