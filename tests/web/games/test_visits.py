"""Since your last visit: the table remembers the version each player was shown, and his next
visit's log marks the lines of the actions after it."""

import re

from django.urls import reverse

from games.models import Seat
from games.services.visits import seat_saw

from .conftest import move_first_legal, to_act


def _seen(game, user) -> int:
    return Seat.objects.get(game=game, user=user).seen_version


def _new_lines(client, game, since) -> list[str]:
    page = client.get(reverse("games:log", args=[game.pk]), {"since": since}).content.decode()
    return re.findall(r'<li class="is-new">(.*?)</li>', page)


def test_opening_the_table_records_the_version_and_hands_the_page_the_one_before(
    client, started_game
):
    user, _position = to_act(started_game)
    client.force_login(user)
    first = client.get(reverse("games:detail", args=[started_game.pk]))
    assert first.context["seen_version"] == 0
    move_first_legal(started_game)
    move_first_legal(started_game)
    started_game.refresh_from_db()

    again = client.get(reverse("games:detail", args=[started_game.pk]))

    assert again.context["seen_version"] == 0
    assert 'data-seen-version="0"' in again.content.decode()
    assert _seen(started_game, user) == started_game.version == 2
    assert client.get(reverse("games:detail", args=[started_game.pk])).context["seen_version"] == 2


def test_the_log_marks_only_the_lines_after_the_version_seen(client, started_game, alice):
    move_first_legal(started_game)
    move_first_legal(started_game)
    client.force_login(alice)

    every_line, after_the_first = (
        _new_lines(client, started_game, 0),
        _new_lines(client, started_game, 1),
    )
    assert after_the_first
    assert len(after_the_first) < len(every_line)
    assert every_line[-len(after_the_first) :] == after_the_first
    assert _new_lines(client, started_game, 2) == []
    page = client.get(reverse("games:log", args=[started_game.pk])).content.decode()
    assert "is-new" not in page  # without `since` nothing is marked


def test_a_fetched_view_records_the_version_and_an_older_one_never_unmarks(
    client, started_game, alice
):
    move_first_legal(started_game)
    client.force_login(alice)
    client.get(reverse("games:view", args=[started_game.pk]))
    assert _seen(started_game, alice) == 1

    seat = Seat.objects.get(game=started_game, user=alice)
    assert seat_saw(seat=seat, version=0) == 1
    assert _seen(started_game, alice) == 1


def test_a_spectator_leaves_no_mark(client, started_game, admin_user):
    client.force_login(admin_user)
    client.get(reverse("games:detail", args=[started_game.pk]))
    assert not Seat.objects.filter(game=started_game, seen_version__gt=0).exists()
