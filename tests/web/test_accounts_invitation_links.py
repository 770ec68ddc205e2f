"""An invitation link opened logged out: the login page says why it asks, and after logging in
or signing up the member lands in that game's lobby, ready to take his seat."""

import pytest
from django.urls import reverse
from django.utils.http import urlencode

from accounts.models import User
from games import services
from tests.web.accounts_helpers import PASSWORD, member, signup_data
from tests.web.test_accounts_signup import confirm_link

pytestmark = pytest.mark.django_db


@pytest.fixture
def invitation(settings):
    settings.SIGNUP_MODE = "open"
    host = member("hostess")
    game = services.game_create(
        host=host, title="Private table", edition="1st", seats=2, days_per_move=3, is_public=False
    )
    return game, reverse("games:join_by_token", args=[game.invite_token])


def test_the_login_asked_for_by_an_invitation_says_why(client, invitation):
    _game, link = invitation
    asked = client.get(link, follow=True)
    page = asked.content.decode()
    assert asked.redirect_chain[-1][0].startswith(reverse("accounts:login"))
    assert 'id="invitation-note"' in page
    assert "You were invited to a game" in page


def test_a_plain_login_says_nothing_of_invitations(client):
    assert 'id="invitation-note"' not in client.get(reverse("accounts:login")).content.decode()


def test_a_new_member_who_signs_up_from_the_invitation_lands_in_its_lobby(client, invitation):
    game, link = invitation
    login_page = client.get(link, follow=True).content.decode()
    signup_link = f"{reverse('accounts:signup')}?next=%2Fgames%2Fjoin%2F{game.invite_token}"
    assert signup_link in login_page

    signup_page = client.get(signup_link).content.decode()
    assert 'id="invitation-note"' in signup_page
    assert f'name="next" value="{link}"' in signup_page

    client.post(signup_link, {**signup_data("newcomer"), "next": link})
    mailed = confirm_link(signup_data("newcomer")["email"])
    assert mailed.endswith(f"?next=%2Fgames%2Fjoin%2F{game.invite_token}")
    answer = client.post(mailed, follow=True)

    assert User.objects.filter(username="newcomer").exists()
    assert answer.redirect_chain[-1][0] == link
    assert "Join this game" in answer.content.decode()


def test_a_sign_up_never_sends_the_member_to_another_site(client, invitation):
    client.post(
        reverse("accounts:signup"), {**signup_data("newcomer"), "next": "https://evil.example/"}
    )
    mailed = confirm_link(signup_data("newcomer")["email"])
    assert "evil" not in mailed
    answer = client.post(mailed + "?next=https%3A%2F%2Fevil.example%2F")
    assert answer.url == reverse("accounts:profile")


def test_a_member_who_logs_in_from_the_invitation_lands_in_its_lobby(client, invitation):
    _game, link = invitation
    member("guest")
    asked = client.get(link, follow=True)
    login_url = asked.redirect_chain[-1][0]

    answer = client.post(
        login_url,
        {"username": "guest", "password": PASSWORD, "next": link},
        follow=True,
    )

    assert answer.redirect_chain[-1][0] == link
    assert "Join this game" in answer.content.decode()


@pytest.mark.parametrize("where", ["form", "address"])
def test_where_a_new_member_was_going_comes_from_the_form_or_the_pages_address(
    client, invitation, where
):
    """The sign-up form's hidden field, or the page's own ?next= (the mailed link's button
    posts no form fields): a path on this site, or a full address of this site."""
    _game, link = invitation
    full = f"http://testserver{link}"
    if where == "form":
        client.post(reverse("accounts:signup"), {**signup_data("newcomer"), "next": full})
    else:
        client.post(
            f"{reverse('accounts:signup')}?{urlencode({'next': full})}", signup_data("newcomer")
        )
    mailed = confirm_link(signup_data("newcomer")["email"])
    assert mailed.endswith(f"?{urlencode({'next': full})}")

    answer = client.post(mailed)

    assert answer.url == full
