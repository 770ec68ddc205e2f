from datetime import timedelta

import pytest
from django.db import IntegrityError
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.models import InviteCode, User
from tests.web.accounts_helpers import member, signup_data

SIGNUP = reverse("accounts:signup")

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_club(settings):
    settings.SIGNUP_MODE = "open"


@pytest.fixture
def invite_club(settings):
    settings.SIGNUP_MODE = "invite"


@pytest.fixture
def closed_club(settings):
    settings.SIGNUP_MODE = "closed"


@pytest.mark.usefixtures("open_club")
def test_anybody_can_sign_up_when_the_club_is_open(client):
    page = client.get(SIGNUP)
    assert page.status_code == 200
    assert 'name="invite_code"' not in page.content.decode()

    response = client.post(SIGNUP, signup_data("carol"))

    assert response.status_code == 302
    assert response.url == reverse("accounts:profile")
    carol = User.objects.get(username="carol")
    assert carol.email == "carol@example.org"
    assert carol.check_password(signup_data()["password1"])
    assert carol.language == ""  # follows the browser until she chooses
    assert client.get(reverse("accounts:profile")).status_code == 200


@pytest.mark.usefixtures("open_club")
def test_sign_up_refuses_two_different_passwords(client):
    response = client.post(SIGNUP, signup_data("carol", password2="something else entirely"))
    assert response.status_code == 200
    assert "The two passwords differ." in response.content.decode()
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.usefixtures("open_club")
def test_sign_up_refuses_a_weak_password(client):
    response = client.post(SIGNUP, signup_data("carol", password1="12345678", password2="12345678"))
    assert response.status_code == 200
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.usefixtures("open_club")
def test_sign_up_refuses_a_username_or_address_that_is_taken_in_any_case(client):
    member("alice")
    response = client.post(SIGNUP, signup_data("Alice"))
    assert "This username is taken" in response.content.decode()
    response = client.post(SIGNUP, {**signup_data("carol"), "email": "ALICE@example.org"})
    assert "already an account with this e-mail address" in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.usefixtures("invite_club")
def test_an_invite_club_needs_a_code_to_sign_up(client):
    page = client.get(SIGNUP)
    assert 'name="invite_code"' in page.content.decode()

    response = client.post(SIGNUP, signup_data("carol"))

    assert response.status_code == 200
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.usefixtures("invite_club")
def test_a_valid_invite_code_signs_up_and_counts_one_use(client):
    InviteCode.objects.create(code="WELCOME2025", max_uses=2)

    response = client.post(SIGNUP, signup_data("carol", invite_code=" welcome2025 "))

    assert response.status_code == 302
    assert User.objects.filter(username="carol").exists()
    assert InviteCode.objects.get(code="WELCOME2025").uses == 1


@pytest.mark.usefixtures("invite_club")
def test_a_used_up_invite_code_is_refused_with_a_clear_message(client):
    InviteCode.objects.create(code="ONCEONLY", max_uses=1, uses=1)
    response = client.post(SIGNUP, signup_data("carol", invite_code="ONCEONLY"))
    assert "This invite code has already been used." in response.content.decode()
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.usefixtures("invite_club")
def test_an_expired_invite_code_is_refused_with_a_clear_message(client):
    InviteCode.objects.create(code="TOOLATE", expires_at=timezone.now() - timedelta(minutes=1))
    response = client.post(SIGNUP, signup_data("carol", invite_code="TOOLATE"))
    assert "This invite code has expired." in response.content.decode()
    assert InviteCode.objects.get(code="TOOLATE").uses == 0


@pytest.mark.usefixtures("invite_club")
def test_an_unknown_invite_code_is_refused(client):
    response = client.post(SIGNUP, signup_data("carol", invite_code="NOSUCHCODE"))
    assert "This invite code does not exist." in response.content.decode()


@pytest.mark.usefixtures("invite_club")
def test_an_invite_link_fills_in_the_code(client):
    InviteCode.objects.create(code="FROMALICE")
    page = client.get(f"{SIGNUP}?invite=fromalice").content.decode()
    assert 'value="FROMALICE"' in page
    assert "This invite code" not in page


@pytest.mark.usefixtures("invite_club")
def test_an_invite_link_with_a_used_code_says_so_before_the_form_is_filled(client):
    InviteCode.objects.create(code="SPENT", uses=1)
    page = client.get(f"{SIGNUP}?invite=SPENT").content.decode()
    assert "This invite code has already been used." in page


@pytest.mark.usefixtures("invite_club")
def test_a_one_use_code_cannot_be_redeemed_twice():
    InviteCode.objects.create(code="SINGLE")
    services.invite_redeem(code="SINGLE")
    with pytest.raises(services.InviteError, match="already been used"):
        services.invite_redeem(code="SINGLE")
    assert InviteCode.objects.get(code="SINGLE").uses == 1


@pytest.mark.usefixtures("invite_club")
def test_the_last_use_goes_to_whoever_commits_first_even_after_both_checked_the_code(client):
    # Both forms saw a usable code; the conditional UPDATE lets only the first sign-up through.
    InviteCode.objects.create(code="LASTSEAT")
    assert services.invite_problem("LASTSEAT") is None
    services.user_signup(
        username="carol", email="carol@example.org", password="x" * 12, invite_code="LASTSEAT"
    )
    with pytest.raises(services.InviteError):
        services.user_signup(
            username="dave", email="dave@example.org", password="x" * 12, invite_code="LASTSEAT"
        )
    assert list(User.objects.values_list("username", flat=True)) == ["carol"]


@pytest.mark.usefixtures("invite_club")
def test_a_sign_up_that_fails_gives_the_invite_use_back():
    member("carol")
    InviteCode.objects.create(code="ROLLBACK")
    with pytest.raises(IntegrityError):
        services.user_signup(
            username="carol", email="c2@example.org", password="x" * 12, invite_code="ROLLBACK"
        )
    assert InviteCode.objects.get(code="ROLLBACK").uses == 0


@pytest.mark.usefixtures("closed_club")
def test_a_closed_club_shows_no_sign_up_form_and_refuses_sign_ups(client):
    page = client.get(SIGNUP)
    assert page.status_code == 403
    assert "Sign-up is closed" in page.content.decode()
    assert '<form method="post" class="form"' not in page.content.decode()

    response = client.post(SIGNUP, signup_data("carol"))

    assert response.status_code == 403
    assert not User.objects.filter(username="carol").exists()
    with pytest.raises(services.SignupClosed):
        services.user_signup(username="dave", email="d@example.org", password="x" * 12)


@pytest.mark.usefixtures("closed_club")
def test_a_closed_club_hides_the_sign_up_link(client):
    page = client.get(reverse("accounts:login")).content.decode()
    assert SIGNUP not in page
