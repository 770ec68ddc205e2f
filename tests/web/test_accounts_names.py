"""Display names cannot impersonate another member or a bot (accounts/names.py)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from accounts.models import User
from accounts.names import name_skeleton
from accounts.services import profile_update
from games.services import bot_user_get_or_create
from tests.web.accounts_helpers import member, signup_data
from tests.web.test_accounts_signup import confirm_link

pytestmark = pytest.mark.django_db

PROFILE = reverse("accounts:profile")


def profile_data(display_name: str) -> dict:
    return {
        "display_name": display_name,
        "language": "",
        "time_zone": "UTC",
        "email_on_turn": "immediately",
        "email_delay_hours": "4",
        "email_on_game_end": "on",
    }


@pytest.fixture
def bob_client(client):
    member("alice")
    bot_user_get_or_create(name="Ivan")
    bob = member("bob")
    client.force_login(bob)
    client.bob = bob
    return client


def shown_name_after(client, name: str) -> str:
    client.post(PROFILE, profile_data(name))
    client.bob.refresh_from_db()
    return client.bob.display_name


@pytest.mark.parametrize(
    "name",
    ["alice", "ALICE", "\u0410lice", "al1ce", "A l i c e", "ａｌｉｃｅ"],  # Cyrillic A; full-width
)
def test_bob_cannot_go_by_alices_name_or_a_look_alike(bob_client, name):
    assert shown_name_after(bob_client, name) == "Bob"


@pytest.mark.parametrize("name", ["Bot Ivan", "bot ivan", "B0t-Olga", "Bot", "BotIvan", "Вот Ivan"])
def test_bob_cannot_go_by_a_bots_name(bob_client, name):
    assert shown_name_after(bob_client, name) == "Bob"


@pytest.mark.parametrize("name", ["Alicia", "Botond", "Bobby", "BOB"])
def test_bob_may_choose_a_name_of_his_own(bob_client, name):
    assert shown_name_after(bob_client, name) == name


@pytest.mark.parametrize("name", ["★★", "☆ ☆", "...", "—"])
def test_a_name_without_letters_or_digits_is_taken_once_alice_goes_by_one(bob_client, name):
    # Such names have no letters to compare: any two of them look alike.
    User.objects.filter(username="alice").update(display_name="★★")

    assert shown_name_after(bob_client, name) == "Bob"


def test_a_name_without_letters_or_digits_is_free_while_nobody_goes_by_one(bob_client):
    assert shown_name_after(bob_client, "★★") == "★★"


def test_the_service_refuses_a_look_alike_too(bob_client):
    with pytest.raises(ValidationError):
        profile_update(user=bob_client.bob, display_name="Аlice")


def test_a_new_member_cannot_sign_up_as_a_look_alike_username(client, settings):
    settings.SIGNUP_MODE = "open"
    member("alice")

    response = client.post(reverse("accounts:signup"), signup_data("\u0430lice"))  # Cyrillic a

    assert "looks like it" in response.content.decode()


@pytest.mark.parametrize(
    "taken_meanwhile",
    [
        lambda: member("mallory", display_name="Carol"),
        lambda: member("car0l", display_name=""),
    ],
)
def test_a_name_that_looks_like_it_taken_before_the_link_is_followed_creates_nobody(
    client, settings, taken_meanwhile
):
    settings.SIGNUP_MODE = "open"
    client.post(reverse("accounts:signup"), signup_data("carol"))
    taken_meanwhile()  # the link stays valid for days

    response = client.post(confirm_link("carol@example.org"))

    assert "Please sign up again with another username." in response.content.decode()
    assert not User.objects.filter(username="carol").exists()


def test_look_alike_names_share_a_skeleton():
    assert name_skeleton("Аlice") == name_skeleton("al1ce") == name_skeleton("ALICE")
    assert name_skeleton("Alice") != name_skeleton("Alicia")
