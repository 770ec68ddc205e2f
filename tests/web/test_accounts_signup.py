import re
from datetime import timedelta

import pytest
from django.core import mail
from django.db import IntegrityError
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.forms import SignupForm
from accounts.models import InviteCode, User
from tests.web.accounts_helpers import member, signup_data

SIGNUP = reverse("accounts:signup")
CHECK_MAIL = "Follow the link in it to finish signing up"


def confirm_link(address: str) -> str:
    """The path of the sign-up link mailed to `address`."""
    [message] = [m for m in mail.outbox if m.to == [address]]
    return re.search(r"https?://testserver(/\S+)", message.body).group(1)


def without_csrf(response) -> str:
    """The page with its per-request CSRF token taken out."""
    return re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", response.content.decode())


def signed_up(client, data: dict):
    """Sign up with `data` and follow the mailed link: the answer to the link's button."""
    page = client.post(SIGNUP, data)
    assert page.status_code == 200
    assert CHECK_MAIL in page.content.decode()
    link = confirm_link(data["email"])
    assert not User.objects.filter(username=data["username"]).exists()  # nothing until then
    assert "Create my account" in client.get(link).content.decode()
    return client.post(link)


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

    response = signed_up(client, signup_data("carol"))

    assert response.status_code == 302
    assert response.url == reverse("accounts:profile")
    carol = User.objects.get(username="carol")
    assert carol.email == "carol@example.org"
    assert carol.check_password(signup_data()["password1"])
    assert carol.language == ""  # follows the browser until she chooses
    assert client.get(reverse("accounts:profile")).status_code == 200


@pytest.mark.parametrize(
    ("sent", "kept"),
    [("Europe/Berlin", "Europe/Berlin"), ("", "UTC"), ("Mars/Olympus_Mons", "UTC")],
)
def test_a_new_member_gets_the_time_zone_of_her_browser(client, sent, kept):
    """The sign-up form's hidden field carries the browser's zone (static/js/site.js); an
    empty or unknown one leaves the default."""
    assert "data-browser-zone" in client.get(SIGNUP).content.decode()

    signed_up(client, {**signup_data("carol"), "time_zone": sent})

    assert User.objects.get(username="carol").time_zone == kept


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
def test_sign_up_without_a_password_asks_for_it_and_for_nothing_else():
    form = SignupForm(signup_data("carol", password1=""))

    assert form.errors == {"password1": ["This field is required."]}


@pytest.mark.usefixtures("open_club")
def test_sign_up_refuses_a_username_that_is_taken_in_any_case(client):
    member("alice")
    response = client.post(SIGNUP, signup_data("Alice"))
    assert "This username is taken" in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.usefixtures("open_club")
def test_sign_up_answers_the_same_for_a_registered_address_and_tells_its_owner(client):
    member("alice")
    fresh = client.post(SIGNUP, signup_data("carol"))
    taken = client.post(SIGNUP, {**signup_data("dora"), "email": "ALICE@example.org"})

    assert taken.status_code == fresh.status_code == 200
    assert without_csrf(taken) == without_csrf(fresh)
    assert "already" not in taken.content.decode()
    assert User.objects.count() == 1
    [to_alice] = [m for m in mail.outbox if m.to == ["alice@example.org"]]
    assert "tried to sign up" in to_alice.body
    assert "/accounts/password/reset/" in to_alice.body
    assert "signup/confirm" not in to_alice.body


@pytest.mark.usefixtures("invite_club")
def test_an_invite_club_without_a_code_says_nothing_about_the_address(client):
    member("alice")

    response = client.post(SIGNUP, {**signup_data("dora"), "email": "alice@example.org"})

    assert "already" not in response.content.decode()
    assert mail.outbox == []


@pytest.mark.usefixtures("open_club")
def test_a_tampered_sign_up_link_creates_nothing(client):
    client.post(SIGNUP, signup_data("carol"))
    link = confirm_link("carol@example.org")

    response = client.post(link[:-3] + "xx/")

    assert "This sign-up link does not work." in response.content.decode()
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.usefixtures("invite_club")
def test_an_invite_club_needs_a_code_to_sign_up(client):
    page = client.get(SIGNUP)
    assert 'name="invite_code"' in page.content.decode()
    assert (
        '<div class="help" id="id_invite_code_helptext">'
        "This club is by invitation: ask a member.</div>"
    ) in page.content.decode()

    response = client.post(SIGNUP, signup_data("carol"))

    assert response.status_code == 200
    assert not User.objects.filter(username="carol").exists()


@pytest.mark.usefixtures("invite_club")
def test_a_valid_invite_code_signs_up_and_counts_one_use(client):
    InviteCode.objects.create(code="WELCOME2025", max_uses=2)

    response = signed_up(client, signup_data("carol", invite_code=" welcome2025 "))

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


def _link(username="carol", email="carol@example.org", invite_code=""):
    return services.signup_link_token(
        username=username, email=email, password="a long pass phrase", invite_code=invite_code
    )


@pytest.mark.usefixtures("open_club")
def test_a_sign_up_link_works_for_three_days_and_then_says_it_expired():
    import time_machine

    mailed = timezone.now()
    token = _link()
    later = time_machine.travel(mailed + timedelta(days=3, seconds=1))
    with later, pytest.raises(services.SignupLinkProblem) as problem:
        services.signup_confirm(token=token)
    assert problem.value.message == "This sign-up link has expired. Please sign up again."
    with time_machine.travel(mailed + timedelta(days=3, seconds=-1)):
        assert services.signup_confirm(token=token).username == "carol"


@pytest.mark.usefixtures("open_club")
@pytest.mark.parametrize(
    ("taken", "message"),
    [
        (
            {"username": "Carol", "email": "c@example.org"},
            "This username was taken meanwhile. Please sign up again.",
        ),
        (
            {"username": "carla", "email": "CAROL@example.org"},
            "An account with this address exists. Log in instead.",
        ),
    ],
)
def test_a_link_whose_name_or_address_was_taken_since_creates_nothing(taken, message):
    token = _link()
    User.objects.create_user(**taken)
    with pytest.raises(services.SignupLinkProblem) as problem:
        services.signup_confirm(token=token)
    assert problem.value.message == message
    assert User.objects.count() == 1


def test_a_link_that_is_not_one_says_so_and_one_followed_after_the_club_closed_creates_nothing(
    settings,
):
    with pytest.raises(services.SignupLinkProblem) as problem:
        services.signup_confirm(token=_link() + "x")
    assert problem.value.message == "This sign-up link does not work."
    settings.SIGNUP_MODE = "closed"
    with pytest.raises(services.SignupClosed):
        services.signup_confirm(token=_link())
    assert not User.objects.exists()


def test_redeeming_one_invite_code_counts_no_use_of_another():
    InviteCode.objects.create(code="FIRST", max_uses=2)
    InviteCode.objects.create(code="SECOND", max_uses=2)
    services.invite_redeem(code="first")
    uses = dict(InviteCode.objects.values_list("code", "uses"))
    assert uses == {"FIRST": 1, "SECOND": 0}


def test_why_an_invite_code_cannot_be_used_in_its_own_words():
    import time_machine

    ends = timezone.now() + timedelta(days=1)
    InviteCode.objects.create(code="USED", max_uses=1, uses=1)
    InviteCode.objects.create(code="ENDS", expires_at=ends)
    assert services.invite_problem("NOSUCH") == (
        "This invite code does not exist. Please check it for typos."
    )
    assert services.invite_problem("used") == (
        "This invite code has already been used. Please ask for a new one."
    )
    assert services.invite_problem("ENDS") is None
    with time_machine.travel(ends, tick=False):  # at the moment it ends, it has ended
        assert services.invite_problem("ENDS") == (
            "This invite code has expired. Please ask for a new one."
        )


@pytest.mark.usefixtures("open_club")
def test_each_password_refusal_of_the_sign_up_form_says_why():
    differ = SignupForm(signup_data("carol", password2="something else entirely"))
    like_name = SignupForm(
        signup_data("marguerite", password1="Marguerite7", password2="Marguerite7")
    )
    like_address = SignupForm(
        {
            **signup_data("carol", password1="Bartholomew7", password2="Bartholomew7"),
            "email": "bartholomew@example.org",
        }
    )

    assert differ.errors == {"password2": ["The two passwords differ."]}
    assert like_name.errors == {"password1": ["The password is too similar to the username."]}
    assert like_address.errors == {
        "password1": ["The password is too similar to the email address."]
    }


@pytest.mark.usefixtures("open_club")
def test_the_sign_up_mails_say_what_they_are_and_one_address_gets_three_an_hour(client):
    member("alice")
    client.post(SIGNUP, {**signup_data("dora"), "email": "alice@example.org"})
    for _ in range(4):
        client.post(SIGNUP, signup_data("carol"))

    to_alice, *to_carol = mail.outbox
    assert (to_alice.to, to_alice.subject) == (
        ["alice@example.org"],
        "Someone tried to sign up with your address at stpete",
    )
    assert to_alice.body.startswith("Hello Alice,\n")
    assert "Your username: alice\n" in to_alice.body
    assert [(m.to, m.subject) for m in to_carol] == [
        (["carol@example.org"], "Confirm your stpete sign-up")
    ] * 3
    assert "open this link within 3 days:" in to_carol[0].body


def test_a_link_mailed_by_an_open_club_followed_after_it_went_invite_only_needs_a_code(
    client, settings
):
    settings.SIGNUP_MODE = "open"
    client.post(SIGNUP, signup_data("carol"))
    settings.SIGNUP_MODE = "invite"

    answer = client.post(confirm_link("carol@example.org"))

    assert answer.status_code == 200
    assert "This invite code does not exist. Please check it for typos." in (
        answer.content.decode()
    )
    assert not User.objects.exists()
