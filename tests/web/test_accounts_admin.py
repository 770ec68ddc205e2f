import re

import pytest
from django.urls import reverse

from accounts.models import InviteCode, User
from tests.web.accounts_helpers import member

pytestmark = pytest.mark.django_db


def test_the_admin_lists_members_with_filters_and_search(admin_client):
    member("alice", language="de", display_name="Alice")
    member("randombot", is_bot=True)
    url = reverse("admin:accounts_user_changelist")

    def listed(**query) -> list[str]:
        response = admin_client.get(url, query)
        assert response.status_code == 200
        return sorted(user.username for user in response.context["cl"].result_list)

    assert listed() == ["admin", "alice", "randombot"]
    assert listed(is_bot__exact="1") == ["randombot"]
    assert listed(q="alice") == ["alice"]
    assert listed(language__exact="de") == ["alice"]
    assert listed(is_staff__exact="1") == ["admin"]


def test_the_admin_shows_a_members_profile_fields(admin_client):
    alice = member("alice")
    page = admin_client.get(reverse("admin:accounts_user_change", args=[alice.pk]))
    content = page.content.decode()
    assert page.status_code == 200
    for field in ("display_name", "time_zone", "email_on_turn", "is_bot"):
        assert f'name="{field}"' in content
    # Vacations are games.Vacation rows (kept within the allowance); the admin only shows them.
    assert "field-vacation_start" in content


def test_the_admin_lists_invite_codes_with_their_uses(admin_client):
    InviteCode.objects.create(code="CLUBNIGHT", max_uses=10, uses=3)
    page = admin_client.get(reverse("admin:accounts_invitecode_changelist")).content.decode()
    assert "CLUBNIGHT" in page
    assert ">3<" in page


def test_the_admin_offers_a_generated_code_and_creates_it(admin_client):
    add = reverse("admin:accounts_invitecode_add")
    page = admin_client.get(add).content.decode()
    assert re.search(r'name="code" value="[A-Z2-9]{10}"', page)

    response = admin_client.post(add, {"code": "SPRING2026", "max_uses": "20", "note": "Open day"})

    assert response.status_code == 302
    invite = InviteCode.objects.get(code="SPRING2026")
    assert invite.created_by == User.objects.get(username="admin")
    assert invite.max_uses == 20


def test_editing_an_invite_code_keeps_the_admin_who_created_it(admin_client):
    founder = member("olga", is_staff=True)
    invite = InviteCode.objects.create(code="AUTUMN2026", max_uses=5, created_by=founder)
    change = reverse("admin:accounts_invitecode_change", args=[invite.pk])

    response = admin_client.post(change, {"code": "AUTUMN2026", "max_uses": "8", "note": "More"})

    assert response.status_code == 302
    invite.refresh_from_db()
    assert (invite.created_by, invite.max_uses, invite.note) == (founder, 8, "More")


def test_editing_an_invite_code_whose_creator_has_left_keeps_it_without_a_creator(admin_client):
    invite = InviteCode.objects.create(code="WINTER2026", max_uses=5, created_by=None)
    change = reverse("admin:accounts_invitecode_change", args=[invite.pk])

    response = admin_client.post(change, {"code": "WINTER2026", "max_uses": "6", "note": ""})

    assert response.status_code == 302
    invite.refresh_from_db()
    assert (invite.created_by, invite.max_uses) == (None, 6)
