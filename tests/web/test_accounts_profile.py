from datetime import date, timedelta

import pytest
import time_machine
from django.conf import settings
from django.urls import reverse

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
        "vacation_start": "",
        "vacation_end": "",
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


# Vacation: dates are checked against "today" in the member's zone.
TODAY = date(2026, 3, 10)


@pytest.fixture
def on_tenth_of_march():
    with time_machine.travel("2026-03-10 12:00:00+00:00", tick=False):
        yield


@pytest.mark.usefixtures("on_tenth_of_march")
def test_alice_plans_a_vacation(alice_client):
    alice_client.post(PROFILE, profile_data(vacation_start="2026-03-20", vacation_end="2026-03-27"))
    alice = User.objects.get(username="alice")
    assert (alice.vacation_start, alice.vacation_end) == (date(2026, 3, 20), date(2026, 3, 27))
    assert alice.is_on_vacation(date(2026, 3, 27))
    assert not alice.is_on_vacation(TODAY)


@pytest.mark.usefixtures("on_tenth_of_march")
def test_a_vacation_cannot_end_before_it_starts(alice_client):
    response = alice_client.post(
        PROFILE, profile_data(vacation_start="2026-03-20", vacation_end="2026-03-19")
    )
    assert "The vacation cannot end before it starts." in response.content.decode()
    assert User.objects.get(username="alice").vacation_start is None


@pytest.mark.usefixtures("on_tenth_of_march")
def test_a_vacation_cannot_lie_in_the_past(alice_client):
    response = alice_client.post(
        PROFILE, profile_data(vacation_start="2026-03-01", vacation_end="2026-03-09")
    )
    assert "This day is in the past." in response.content.decode()
    response = alice_client.post(
        PROFILE, profile_data(vacation_start="2026-03-09", vacation_end="2026-03-12")
    )
    assert "This day is in the past." in response.content.decode()
    assert User.objects.get(username="alice").vacation_end is None


@pytest.mark.usefixtures("on_tenth_of_march")
def test_a_vacation_needs_both_days(alice_client):
    response = alice_client.post(PROFILE, profile_data(vacation_start="2026-03-20"))
    assert "Give both the first and the last day" in response.content.decode()


@pytest.mark.usefixtures("on_tenth_of_march")
def test_a_vacation_that_has_begun_can_be_kept_or_extended(client):
    client.force_login(
        member("alice", vacation_start=TODAY - timedelta(days=3), vacation_end=TODAY)
    )
    response = client.post(
        PROFILE, profile_data(vacation_start="2026-03-07", vacation_end="2026-03-14")
    )
    assert response.status_code == 302
    assert User.objects.get(username="alice").vacation_end == date(2026, 3, 14)


@pytest.mark.usefixtures("on_tenth_of_march")
def test_a_vacation_can_be_cancelled_by_emptying_both_days(client):
    client.force_login(
        member("alice", vacation_start=date(2026, 4, 1), vacation_end=date(2026, 4, 5))
    )
    client.post(PROFILE, profile_data())
    alice = User.objects.get(username="alice")
    assert (alice.vacation_start, alice.vacation_end) == (None, None)


def test_today_is_the_members_today():
    # 23:30 UTC on the 9th is already the 10th in Berlin: a vacation ending on the 9th is over.
    from accounts.forms import ProfileForm

    alice = member("alice", time_zone="Europe/Berlin")
    with time_machine.travel("2026-03-09 23:30:00+00:00", tick=False):
        form = ProfileForm(
            profile_data(
                time_zone="Europe/Berlin", vacation_start="2026-03-09", vacation_end="2026-03-09"
            ),
            instance=alice,
        )
        assert not form.is_valid()
        assert "vacation_end" in form.errors


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
