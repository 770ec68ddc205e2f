import zoneinfo

import pytest
from django.conf import settings
from django.urls import reverse

from accounts.forms import COMMON_TIME_ZONES, ProfileForm
from accounts.models import User
from tests.web.accounts_helpers import member

PROFILE = reverse("accounts:profile")
SETLANG = reverse("set_language")

pytestmark = pytest.mark.django_db


def profile_data(**changes):
    data = {
        "display_name": "",
        "language": "",
        "time_zone": "UTC",
        "email_on_turn": "immediately",
        "email_delay_hours": "4",
        "email_on_game_end": "on",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


@pytest.fixture
def alice_client(client):
    client.force_login(member("alice"))
    return client


def test_the_profile_page_needs_a_login(client):
    response = client.get(PROFILE)
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


def test_alice_saves_her_name_zone_and_notifications(alice_client):
    response = alice_client.post(
        PROFILE,
        profile_data(
            display_name="Alice the Builder",
            time_zone="Europe/Berlin",
            email_on_turn="delayed",
            email_delay_hours="12",
            email_on_game_end=None,
        ),
    )

    assert response.status_code == 302
    alice = User.objects.get(username="alice")
    assert alice.public_name == "Alice the Builder"
    assert alice.time_zone == "Europe/Berlin"
    assert alice.zone.key == "Europe/Berlin"
    assert alice.email_on_turn == "delayed"
    assert alice.email_delay_hours == 12
    assert alice.email_on_game_end is False
    assert "Your profile is saved." in alice_client.get(PROFILE).content.decode()


@pytest.mark.parametrize("choice", ["immediately", "delayed", "digest", "never"])
def test_every_turn_notification_choice_can_be_saved(alice_client, choice):
    alice_client.post(PROFILE, profile_data(email_on_turn=choice))
    assert User.objects.get(username="alice").email_on_turn == choice


def test_an_unknown_time_zone_is_refused(alice_client):
    response = alice_client.post(PROFILE, profile_data(time_zone="Mars/Olympus_Mons"))
    assert response.status_code == 200
    assert User.objects.get(username="alice").time_zone == "UTC"


def test_a_zone_set_by_the_admin_outside_the_common_list_is_still_offered(client):
    client.force_login(member("alice", time_zone="Asia/Kathmandu"))
    assert 'value="Asia/Kathmandu" selected' in client.get(PROFILE).content.decode()


def test_choosing_german_shows_the_site_in_german(alice_client):
    alice_client.post(PROFILE, profile_data(language="de"))
    page = alice_client.get(PROFILE).content.decode()
    assert '<html lang="de">' in page
    assert "Dein Profil" in page


def test_the_profile_language_wins_over_the_browser(client):
    client.force_login(member("bob", language="de"))
    page = client.get(PROFILE, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Dein Profil" in page


def test_without_a_profile_language_the_site_follows_the_browser(client):
    client.force_login(member("carol"))
    assert "Dein Profil" in client.get(PROFILE, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Your profile" in client.get(PROFILE, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_language_switcher_saves_the_choice_on_the_profile(alice_client):
    response = alice_client.post(SETLANG, {"language": "de", "next": PROFILE})
    assert response.status_code == 302
    assert response.url == PROFILE
    assert User.objects.get(username="alice").language == "de"
    assert "Dein Profil" in alice_client.get(PROFILE).content.decode()


def test_the_language_switcher_works_for_visitors_with_a_cookie(client):
    response = client.post(SETLANG, {"language": "de", "next": "/"})
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert "Anmelden" in client.get(reverse("accounts:login")).content.decode()


def test_the_language_switcher_ignores_unknown_languages(alice_client):
    alice_client.post(SETLANG, {"language": "xx", "next": "/"})
    assert User.objects.get(username="alice").language == ""


# Vacations are planned on the vacation page: tests/web/days/test_vacation.py.


def test_following_the_browser_again_forgets_the_language_cookie(alice_client):
    alice_client.post(SETLANG, {"language": "de", "next": "/"})
    response = alice_client.post(PROFILE, profile_data(language=""))
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == ""
    assert User.objects.get(username="alice").language == ""
    assert "Your profile" in alice_client.get(PROFILE, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_a_german_member_sees_the_layout_in_german(client):
    client.force_login(member("bob", language="de"))
    page = client.get(PROFILE).content.decode()
    for words in ("Meine Partien", "Offene Partien", "Neue Partie", "Abmelden", "Urlaub"):
        assert words in page


def test_profile_update_refuses_fields_that_are_not_the_profile():
    from accounts.services import profile_update

    alice = member("alice")
    with pytest.raises(ValueError, match="is_staff"):
        profile_update(user=alice, is_staff=True)
    alice.refresh_from_db()
    assert alice.is_staff is False


@pytest.mark.django_db
def test_the_email_preference_service_saves_a_choice_and_refuses_an_unknown_one():
    from accounts.services import email_preference_set

    anna = member("anna")
    email_preference_set(user=anna, email_on_turn="digest")
    with pytest.raises(ValueError, match="unknown e-mail preference"):
        email_preference_set(user=anna, email_on_turn="carrier pigeon")

    anna.refresh_from_db()
    assert anna.email_on_turn == "digest"


@pytest.mark.django_db
def test_the_profile_service_refuses_a_name_another_member_goes_by_on_the_name_field():
    from django.core.exceptions import ValidationError

    from accounts.services import profile_update

    member("boris", display_name="Boris")
    anna = member("anna")
    with pytest.raises(ValidationError) as error:
        profile_update(user=anna, display_name="B0ris")
    assert error.value.message_dict == {
        "display_name": ["Another member goes by this name or one that looks like it."]
    }
    anna.refresh_from_db()
    assert anna.display_name == "Anna"


def test_the_zones_are_offered_once_each_by_their_names_with_spaces():
    berlin = ProfileForm(instance=member("alice", time_zone="Europe/Berlin"))
    kathmandu = ProfileForm(instance=member("bob", time_zone="Asia/Kathmandu"))

    offered = berlin.fields["time_zone"].choices
    assert [zone for zone, _name in offered] == COMMON_TIME_ZONES
    assert dict(offered)["America/New_York"] == "America/New York"
    offered = kathmandu.fields["time_zone"].choices
    assert [zone for zone, _name in offered] == ["UTC", "Asia/Kathmandu", *COMMON_TIME_ZONES[1:]]


@pytest.fixture
def zone_missing_here(tmp_path):
    """A server whose time zone database lacks Europe/Kyiv (the name came in 2022): here one
    that holds no zone at all."""
    zoneinfo.reset_tzpath(to=[str(tmp_path)])
    zoneinfo.ZoneInfo.clear_cache()
    with pytest.raises(zoneinfo.ZoneInfoNotFoundError):
        zoneinfo.ZoneInfo("Europe/Kyiv")
    yield "Europe/Kyiv"
    zoneinfo.reset_tzpath()
    zoneinfo.ZoneInfo.clear_cache()


def test_an_offered_zone_the_server_cannot_load_is_refused_in_words(zone_missing_here):
    alice = member("alice")
    form = ProfileForm(profile_data(time_zone=zone_missing_here), instance=alice)

    assert form.errors == {"time_zone": ["Unknown time zone."]}


def test_a_display_name_is_checked_for_itself_and_an_empty_one_for_the_username():
    member("boris")
    alice = member("alice")

    taken = ProfileForm(profile_data(display_name="B0ris"), instance=alice)
    assert taken.errors == {
        "display_name": ["Another member goes by this name or one that looks like it."]
    }
    own = ProfileForm(profile_data(display_name=""), instance=alice)
    assert own.is_valid(), own.errors
    assert own.cleaned_data["display_name"] == ""
    member("Alice2", display_name="Alice")  # someone goes by alice's username now
    assert ProfileForm(profile_data(display_name=""), instance=alice).errors == {
        "display_name": ["Another member goes by this name or one that looks like it."]
    }
