"""The last use of an invite code under real concurrency (PostgreSQL; the services CI run)."""

import threading

import pytest
from django.db import connection

from accounts import services
from accounts.models import InviteCode, User

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_two_people_racing_for_a_one_use_code_cannot_both_join(settings):
    settings.SIGNUP_MODE = "invite"
    InviteCode.objects.create(code="ONESEAT")
    start = threading.Barrier(2)
    outcomes = []

    def sign_up(name):
        try:
            start.wait()
            services.user_signup(
                username=name, email=f"{name}@example.org", password="x" * 12, invite_code="ONESEAT"
            )
            outcomes.append("joined")
        except services.InviteError:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [threading.Thread(target=sign_up, args=(name,)) for name in ("carol", "dave")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["joined", "refused"]
    assert User.objects.count() == 1
    assert InviteCode.objects.get(code="ONESEAT").uses == 1
