from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from accounts import services
from accounts.models import InviteCode, User
from tests.web.accounts_helpers import member, signup_data
from tests.web.test_accounts_signup import signed_up

INVITES = reverse("accounts:invites")

pytestmark = pytest.mark.django_db


@pytest.fixture
def invite_club(settings):
    settings.SIGNUP_MODE = "invite"


@pytest.mark.usefixtures("invite_club")
def test_alice_makes_invite_links_up_to_the_limit(client):
    alice = member("alice")
    client.force_login(alice)
    assert "No open invitations" in client.get(INVITES).content.decode()

    for _ in range(services.INVITES_OPEN_MAX):
        client.post(INVITES)
    page = client.post(INVITES, follow=True).content.decode()

    assert InviteCode.objects.filter(created_by=alice).count() == services.INVITES_OPEN_MAX
    assert "You already have 5 unused invite codes." in page
    assert "Make an invite link" not in page
    code = InviteCode.objects.filter(created_by=alice).first().code
    assert f"/accounts/signup/?invite={code}" in page


@pytest.mark.usefixtures("invite_club")
def test_used_and_expired_codes_do_not_count_against_the_limit():
    alice = member("alice")
    for _ in range(services.INVITES_OPEN_MAX):
        services.invite_create(user=alice)
    first, second, *_ = InviteCode.objects.filter(created_by=alice)
    InviteCode.objects.filter(pk=first.pk).update(uses=1)
    InviteCode.objects.filter(pk=second.pk).update(expires_at=timezone.now() - timedelta(days=1))

    services.invite_create(user=alice)
    services.invite_create(user=alice)

    with pytest.raises(services.InviteError):
        services.invite_create(user=alice)


@pytest.mark.usefixtures("invite_club")
def test_a_new_invite_code_is_for_one_person_within_two_weeks():
    invite = services.invite_create(user=member("alice"))
    assert invite.max_uses == 1
    assert len(invite.code) == 10
    assert timedelta(days=13) < invite.expires_at - timezone.now() <= timedelta(days=14)


@pytest.mark.usefixtures("invite_club")
def test_carol_joins_with_the_link_alice_made(client):
    invite = services.invite_create(user=member("alice"))
    link = f"{reverse('accounts:signup')}?invite={invite.code}"
    assert f'value="{invite.code}"' in client.get(link).content.decode()

    response = signed_up(client, signup_data("carol", invite_code=invite.code))

    assert response.status_code == 302
    assert User.objects.filter(username="carol").exists()
    invite.refresh_from_db()
    assert invite.uses == 1
    assert not invite.is_usable(timezone.now())


def test_an_open_club_makes_no_invite_codes(client, settings):
    settings.SIGNUP_MODE = "open"
    alice = member("alice")
    client.force_login(alice)
    page = client.get(INVITES).content.decode()
    assert "This club needs no invitations." in page
    client.post(INVITES)
    assert not InviteCode.objects.exists()
    with pytest.raises(services.InviteError):
        services.invite_create(user=alice)


def test_the_invite_page_needs_a_login(client):
    assert client.get(INVITES).status_code == 302


def test_an_invite_code_is_usable_until_the_instant_it_expires_and_not_at_it():
    ends = timezone.now() + timedelta(days=1)
    invite = InviteCode.objects.create(code="LASTCALL", max_uses=2, uses=1, expires_at=ends)

    assert invite.is_usable(ends - timedelta(microseconds=1))
    assert not invite.is_usable(ends)
