import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from accounts.models import User
from accounts.ratelimit import KNOWN_BROWSER_COOKIE, LOGIN_FAILURES_MAX
from tests.web.accounts_helpers import PASSWORD, member

LOGIN = reverse("accounts:login")
LOGOUT = reverse("accounts:logout")
PROFILE = reverse("accounts:profile")
RESET = reverse("accounts:password_reset")

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def test_alice_logs_in_and_out(client):
    member("alice")

    response = client.post(LOGIN, {"username": "alice", "password": PASSWORD})

    assert response.status_code == 302
    assert client.get(PROFILE).status_code == 200
    assert client.post(LOGOUT).status_code == 302
    assert client.get(PROFILE).status_code == 302


def test_a_wrong_password_is_refused(client):
    member("alice")
    response = client.post(LOGIN, {"username": "alice", "password": "not hers"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()
    assert client.get(PROFILE).status_code == 302


def test_login_goes_back_to_the_page_that_asked_for_it(client):
    member("alice")
    response = client.get(PROFILE)
    assert response.url == f"{LOGIN}?next={PROFILE}"
    response = client.post(
        f"{LOGIN}?next={PROFILE}", {"username": "alice", "password": PASSWORD, "next": PROFILE}
    )
    assert response.url == PROFILE


def _fail(client, username="alice", address="10.0.0.1"):
    return client.post(LOGIN, {"username": username, "password": "guess"}, REMOTE_ADDR=address)


def test_after_ten_failed_logins_even_the_right_password_waits_a_quarter_of_an_hour(client):
    member("alice")
    first_failure = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    with time_machine.travel(first_failure, tick=False) as clock:
        for _ in range(LOGIN_FAILURES_MAX):
            _fail(client)

        clock.move_to(first_failure + timedelta(minutes=14, seconds=59))
        response = client.post(
            LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
        )
        assert response.status_code == 200
        assert "Too many failed logins" in response.content.decode()
        assert client.get(PROFILE).status_code == 302

        clock.move_to(first_failure + timedelta(minutes=15))
        response = client.post(
            LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
        )
    assert (response.status_code, response.url) == (302, "/")


def test_nine_failed_logins_still_let_alice_in(client):
    member("alice")
    for _ in range(LOGIN_FAILURES_MAX - 1):
        _fail(client)
    response = client.post(
        LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 302


def test_someone_guessing_from_elsewhere_does_not_lock_alice_out(client):
    member("alice")
    for _ in range(LOGIN_FAILURES_MAX + 2):
        _fail(client, address="203.0.113.9")
    response = client.post(
        LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 302


def test_the_login_form_needs_its_csrf_token(client):
    from django.test import Client

    member("alice")
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(LOGIN, {"username": "alice", "password": PASSWORD})
    assert response.status_code == 403
    assert "Your session has expired" in response.content.decode()


def _reset_link(message):
    return re.search(r"https?://testserver(/\S+)", message.body).group(1)


def test_password_reset_mails_a_link_that_sets_a_new_password(client):
    member("alice")

    response = client.post(RESET, {"email": "alice@example.org"})

    assert response.status_code == 302
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.org"]
    assert mail.outbox[0].subject == "Choose a new stpete password"
    link = _reset_link(mail.outbox[0])
    form_page = client.get(link, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    set_password_url = form_page.redirect_chain[-1][0]
    response = client.post(
        set_password_url,
        {"new_password1": "a brand new secret", "new_password2": "a brand new secret"},
    )
    assert response.url == reverse("accounts:password_reset_complete")
    assert User.objects.get(username="alice").check_password("a brand new secret")
    # The link works once only.
    assert "This link no longer works" in client.get(link, follow=True).content.decode()


def test_password_reset_mail_speaks_the_members_language(client):
    member("bob", language="de")
    client.post(RESET, {"email": "bob@example.org"})
    message = mail.outbox[0]
    assert message.subject == "Wähle ein neues stpete-Passwort"
    assert "Hallo Bob," in message.body
    assert _reset_link(message).startswith("/accounts/password/reset/")


def test_password_reset_for_an_unknown_address_sends_nothing_and_tells_nothing(client):
    member("alice")
    response = client.post(RESET, {"email": "mallory@example.org"}, follow=True)
    assert "Check your e-mail" in response.content.decode()
    assert mail.outbox == []


def test_alice_changes_her_password(client):
    alice = member("alice")
    client.force_login(alice)
    response = client.post(
        reverse("accounts:password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another quiet game",
            "new_password2": "another quiet game",
        },
    )
    assert response.url == reverse("accounts:password_change_done")
    alice.refresh_from_db()
    assert alice.check_password("another quiet game")
    assert client.get(PROFILE).status_code == 200  # still logged in on this device


def test_failures_reported_without_a_request_count_for_that_username():
    # Django's authenticate() may be called without a request; the limit must still hold.
    from accounts.ratelimit import login_blocked, login_failed

    for _ in range(LOGIN_FAILURES_MAX - 1):
        login_failed("alice", None)
    assert login_blocked("alice", None) is False
    login_failed("alice", None)
    assert login_blocked("alice", None) is True
    assert login_blocked("bob", None) is False


def test_password_reset_mails_to_one_address_are_limited(client):
    from accounts.ratelimit import RESET_PER_ADDRESS

    member("alice")
    for n in range(8):
        response = client.post(RESET, {"email": "alice@example.org"}, REMOTE_ADDR=f"10.0.1.{n}")
        assert response.status_code == 302  # the same answer every time

    assert len(mail.outbox) == RESET_PER_ADDRESS


def test_password_reset_requests_from_one_client_are_limited(client):
    from accounts.ratelimit import RESET_PER_CLIENT

    for n in range(RESET_PER_CLIENT + 3):
        member(f"m{n}")
    for n in range(RESET_PER_CLIENT + 3):
        client.post(RESET, {"email": f"m{n}@example.org"}, REMOTE_ADDR="10.0.2.1")

    assert len(mail.outbox) == RESET_PER_CLIENT
    client.post(RESET, {"email": "m0@example.org"}, REMOTE_ADDR="10.0.2.2")
    assert len(mail.outbox) == RESET_PER_CLIENT + 1


def test_a_good_login_forgets_the_failures_from_that_address(client):
    """Nine failures, a good login, nine more: the limit counts from the good login on, so
    alice still gets in; the browser is marked as hers with a cookie sent over HTTPS only."""
    member("alice")
    for _ in range(LOGIN_FAILURES_MAX - 1):
        _fail(client)
    response = client.post(
        LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )
    assert response.status_code == 302
    mark = response.cookies[KNOWN_BROWSER_COOKIE]
    assert (mark["secure"], mark["httponly"], mark["samesite"]) == (True, True, "Lax")
    client.post(LOGOUT)
    for _ in range(LOGIN_FAILURES_MAX - 1):
        _fail(client)

    response = client.post(
        LOGIN, {"username": "alice", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )

    assert (response.status_code, response.url) == (302, "/")


def test_a_login_form_sent_without_a_name_forgets_no_ones_failures(client):
    """A form without a name is no good login of any member (not even of one called "XXXX"):
    nine failures, a nameless form, one more failure, and the limit is reached."""
    member("xxxx")
    for _ in range(LOGIN_FAILURES_MAX - 1):
        _fail(client, username="xxxx")
    client.post(LOGIN, {"username": "", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1")
    _fail(client, username="xxxx")

    response = client.post(
        LOGIN, {"username": "xxxx", "password": PASSWORD}, REMOTE_ADDR="10.0.0.1"
    )

    assert response.status_code == 200
    assert "Too many failed logins" in response.content.decode()
