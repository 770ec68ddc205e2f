"""Line breaks and other control characters never get into a game's title or a display name,
and an e-mail goes out whatever an older row holds: its subject is made one line.

A CR/LF in a title used to make every e-mail about the game fail (Django refuses a header
with a line break), so a host could keep the others from hearing that it is their turn.
"""

import pytest
from django.core import mail
from django.urls import reverse

from accounts.text import one_line
from games import services
from games.errors import GameError
from games.models import Game, Seat
from games.services.notices import turn_email_send
from tests.web.accounts_helpers import member

pytestmark = pytest.mark.django_db

SNEAKY = ["Nevsky\r\nBcc: everyone@example.org", "Nevsky\nProspekt", "Nev\x00sky", "Nev\u202esky"]


def create(client, title):
    return client.post(
        "/games/new",
        {
            "title": title,
            "edition": "1st",
            "seats": "2",
            "visibility": "public",
            "bots": "0",
            "bot_kind": "greedy",
        },
    )


def test_the_create_form_takes_a_plain_title(client):
    client.force_login(member("anna"))

    create(client, "Nevsky – Prospekt!")

    assert Game.objects.get().title == "Nevsky – Prospekt!"


@pytest.mark.parametrize("title", SNEAKY)
def test_the_create_form_refuses_a_title_with_control_characters(client, title):
    client.force_login(member("anna"))

    response = create(client, title)

    assert response.status_code == 200
    assert not Game.objects.exists()


def test_a_title_with_control_characters_is_refused_saying_why(client):
    client.force_login(member("anna"))

    response = create(client, "Nevsky\nProspekt")

    [error] = response.context["form"].errors.as_data()["title"]
    assert (error.code, error.messages) == (
        "control_characters",
        ["Use no line breaks, tabs or invisible characters."],
    )


def test_a_line_made_one_turns_invisible_and_control_characters_into_single_spaces():
    # Zero-width and bidirectional characters and NUL are no whitespace to str.split().
    assert one_line("Nev\u200bsky\x00Prospekt\u202e \r\n 2") == "Nev sky Prospekt 2"


def test_the_service_refuses_a_title_with_a_line_break():
    with pytest.raises(GameError) as refused:
        services.game_create(
            host=member("anna"),
            title="A\r\nB",
            edition="1st",
            seats=2,
            days_per_move=1,
            is_public=True,
        )
    assert refused.value.code == "bad_options"


@pytest.mark.parametrize("name", SNEAKY)
def test_the_profile_refuses_a_display_name_with_control_characters(client, name):
    anna = member("anna")
    client.force_login(anna)

    client.post(
        reverse("accounts:profile"),
        {
            "display_name": name,
            "time_zone": "UTC",
            "email_on_turn": "immediately",
            "email_delay_hours": "4",
        },
    )

    anna.refresh_from_db()
    assert anna.display_name == "Anna"


def test_a_stored_title_with_a_line_break_still_gets_its_turn_email_out():
    anna, boris = member("anna"), member("boris")
    game = services.game_create(
        host=anna, title="Nevsky", edition="1st", seats=2, days_per_move=1, is_public=True
    )
    services.seat_join(game_id=game.pk, user=boris)
    Game.objects.filter(pk=game.pk).update(title="Nevsky\r\nBcc: everyone@example.org")
    game.refresh_from_db()
    seat = Seat.objects.get(game=game, position=game.to_act[0])
    Seat.objects.filter(pk=seat.pk).update(remind_at=game.last_move_at)
    mail.outbox.clear()

    turn_email_send(seat.pk)

    [email] = mail.outbox
    assert email.subject == "[stpete] Your turn in “Nevsky Bcc: everyone@example.org”"
    assert email.to == [seat.user.email]
