"""The login limit counts the real client, not what the client writes into X-Forwarded-For,
and a guesser spread over many addresses meets a per-account limit that never locks the member
out of the browsers he already logs in with.

Behind TRUSTED_PROXY_COUNT proxies the client is the address the outermost proxy saw: that many
entries from the right of X-Forwarded-For (each proxy appends its peer); everything to the left
of it was written by the client. With no proxy configured the header is ignored.
"""

from pathlib import Path

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.middleware import client_address
from accounts.ratelimit import ACCOUNT_FAILURES_MAX, KNOWN_BROWSER_COOKIE, LOGIN_FAILURES_MAX
from tests.web.accounts_helpers import PASSWORD, member

LOGIN = reverse("accounts:login")
PROXY = "10.0.0.2"
ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def login(client, password, *, forwarded=None, peer=PROXY, username="alice"):
    extra = {"REMOTE_ADDR": peer}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client.post(LOGIN, {"username": username, "password": password}, **extra)


def blocked(response) -> bool:
    return response.status_code == 200 and "Too many failed logins" in response.content.decode()


def test_behind_one_proxy_forged_addresses_do_not_dodge_the_limit(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    member("alice")
    for n in range(LOGIN_FAILURES_MAX):
        login(client, "guess", forwarded=f"198.51.100.{n}, 203.0.113.9")

    assert blocked(login(client, PASSWORD, forwarded="192.0.2.1, 203.0.113.9"))


def test_behind_one_proxy_a_guesser_does_not_lock_out_alice_at_another_address(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    member("alice")
    for _ in range(LOGIN_FAILURES_MAX + 2):
        login(client, "guess", forwarded="203.0.113.9")

    assert login(Client(), PASSWORD, forwarded="198.51.100.7").status_code == 302


def test_without_a_trusted_proxy_the_header_is_ignored(client, settings):
    settings.TRUSTED_PROXY_COUNT = 0
    member("alice")
    for n in range(LOGIN_FAILURES_MAX):
        login(client, "guess", forwarded=f"198.51.100.{n}", peer="203.0.113.9")

    assert blocked(login(client, PASSWORD, forwarded="192.0.2.1", peer="203.0.113.9"))


def test_a_header_shorter_than_the_chain_of_proxies_counts_as_the_peer(client, settings):
    settings.TRUSTED_PROXY_COUNT = 2
    member("alice")
    for _ in range(LOGIN_FAILURES_MAX):
        login(client, "guess", forwarded="not an address")

    assert blocked(login(client, PASSWORD, forwarded="also not"))


def test_a_guesser_spread_over_many_addresses_meets_the_account_limit(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    member("alice")
    for n in range(ACCOUNT_FAILURES_MAX):
        login(client, "guess", forwarded=f"198.51.{n // 250}.{n % 250 + 1}")

    assert blocked(login(Client(), PASSWORD, forwarded="192.0.2.77"))
    assert not blocked(login(Client(), PASSWORD, forwarded="192.0.2.77", username="bob"))


def test_alice_still_gets_in_from_a_browser_she_logged_in_with_before(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    member("alice")
    hers = Client()
    assert login(hers, PASSWORD, forwarded="192.0.2.77").status_code == 302
    assert KNOWN_BROWSER_COOKIE in hers.cookies
    hers.post(reverse("accounts:logout"))
    for n in range(ACCOUNT_FAILURES_MAX + 5):
        login(client, "guess", forwarded=f"198.51.{n // 250}.{n % 250 + 1}")

    assert login(hers, PASSWORD, forwarded="192.0.2.77").status_code == 302
    assert blocked(login(Client(), PASSWORD, forwarded="192.0.2.78"))


def test_the_known_browser_mark_of_another_name_does_not_count(client, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    member("alice")
    member("mallory")
    theirs = Client()
    assert login(theirs, PASSWORD, forwarded="192.0.2.5", username="mallory").status_code == 302
    theirs.post(reverse("accounts:logout"))
    for n in range(ACCOUNT_FAILURES_MAX):
        login(client, "guess", forwarded=f"198.51.{n // 250}.{n % 250 + 1}")

    assert blocked(login(theirs, PASSWORD, forwarded="192.0.2.5"))


@pytest.mark.parametrize(("proxies", "address"), [(1, "203.0.113.7"), (2, "198.51.100.1")])
def test_a_forwarded_for_header_written_without_spaces_is_read_entry_by_entry(proxies, address):
    meta = {"REMOTE_ADDR": "10.0.0.9", "HTTP_X_FORWARDED_FOR": "198.51.100.1,203.0.113.7"}

    assert client_address(meta, proxies) == address


@pytest.mark.parametrize("proxies", [0, 1])
def test_a_request_without_a_peer_address_has_an_empty_client_address(proxies):
    # A socket without a peer (a Unix socket) gives ASGI requests no REMOTE_ADDR.
    assert client_address({}, proxies) == ""


def test_compose_runs_daphne_without_its_leftmost_address_proxy_headers():
    compose = (ROOT / "docker-compose.yml").read_text()
    assert "daphne" in compose
    assert "--proxy-headers" not in compose
