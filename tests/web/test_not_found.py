"""An address no page has: the site's own 404 page, also in the default run with DEBUG on
(Django would show its debugging page listing the URL patterns), and the redirect to the
address with a slash still works."""

import pytest

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("debug", [True, False])
def test_an_unknown_address_gets_the_friendly_404_page(client, settings, debug):
    settings.DEBUG = debug
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    page = response.content.decode()
    assert "This page is not here" in page
    assert "URLconf" not in page


def test_an_address_missing_its_slash_is_redirected_to_the_page(client):
    response = client.get("/accounts/login?next=/games/mine")
    assert response.status_code == 301
    assert response["Location"] == "/accounts/login/?next=/games/mine"


def test_an_unknown_address_without_a_slash_is_not_redirected(client):
    assert client.get("/no-such-page").status_code == 404
