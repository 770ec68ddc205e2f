"""Layout, error pages and the security settings around them."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from django.urls import reverse
from django.utils import translation
from django.views import defaults

from tests.web.accounts_helpers import member

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.django_db


def test_the_layout_links_the_games_and_the_account_for_a_member(client):
    client.force_login(member("alice", display_name="Alice"))
    page = client.get(reverse("accounts:profile")).content.decode()
    for path in ("/games/mine", "/games/open", "/games/new", reverse("accounts:profile")):
        assert f'href="{path}"' in page
    assert "Log out" in page
    assert 'action="/i18n/setlang/"' in page
    assert 'name="viewport"' in page


def test_the_layout_offers_login_and_sign_up_to_visitors(client):
    page = client.get(reverse("accounts:login")).content.decode()
    assert f'href="{reverse("accounts:signup")}"' in page
    assert 'href="/games/mine"' not in page


@pytest.mark.parametrize(
    "name",
    [
        "accounts:login",
        "accounts:signup",
        "accounts:password_reset",
        "accounts:password_reset_done",
        "accounts:password_reset_complete",
    ],
)
def test_pages_have_no_inline_scripts_so_the_csp_can_forbid_them(client, name):
    page = client.get(reverse(name)).content.decode()
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == []
    assert " onclick=" not in page
    assert " onchange=" not in page


def test_a_missing_page_shows_the_friendly_404(client, settings):
    settings.DEBUG = False
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "This page is not here" in response.content.decode()


def test_the_404_page_speaks_german_to_a_german_browser(client, settings):
    settings.DEBUG = False
    response = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="de")
    assert "Diese Seite gibt es nicht" in response.content.decode()


def test_the_403_page_renders():
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    with translation.override("en"):
        response = defaults.permission_denied(request, exception=None)
    assert response.status_code == 403
    assert "You may not open this page" in response.content.decode()


def test_the_500_page_renders_without_any_context():
    with translation.override("en"):
        response = defaults.server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert "Something went wrong on our side" in response.content.decode()
    with translation.override("de"):
        response = defaults.server_error(RequestFactory().get("/"))
    assert "Bei uns ist etwas schiefgegangen" in response.content.decode()


def test_an_expired_form_shows_the_friendly_csrf_page(settings):
    from django.test import Client

    settings.DEBUG = False
    response = Client(enforce_csrf_checks=True).post(reverse("accounts:signup"), {})
    assert response.status_code == 403
    content = response.content.decode()
    assert "Your session has expired" in content
    assert "reload the page" in content


def test_the_content_security_policy_is_sent_when_debug_is_off(client, settings):
    settings.DEBUG = False
    settings.SITE_URL = "https://stpete.example.org"
    policy = client.get(reverse("accounts:login"))["Content-Security-Policy"]
    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy
    # Sockets only to the site itself, not to any host (a bare ws: or wss: would allow that).
    connect = policy.split("connect-src")[1].split(";")[0].split()
    assert connect == ["'self'", "wss://stpete.example.org"]
    assert "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]


def test_no_content_security_policy_while_debugging(client, settings):
    settings.DEBUG = True
    assert "Content-Security-Policy" not in client.get(reverse("accounts:login"))


def test_the_deploy_check_passes_with_production_settings():
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(48)[:50],
        ALLOWED_HOSTS="club.example.org",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    "sent",
    [
        {"data": "{}", "content_type": "application/json"},
        {"data": {}, "headers": {"Accept": "text/html, application/json"}},
    ],
)
def test_a_json_request_without_the_token_gets_the_apis_refusal(sent):
    from django.test import Client

    response = Client(enforce_csrf_checks=True).post(reverse("accounts:signup"), **sent)

    assert (response.status_code, response.json()) == (
        403,
        {
            "code": "csrf_failed",
            "message": "The security token is missing or expired; please reload.",
            "version": None,
        },
    )
