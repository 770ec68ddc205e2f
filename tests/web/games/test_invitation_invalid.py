"""An invitation link whose game is gone (or whose token is wrong) gets a friendly page in the
site's style saying the invitation is not valid, not Django's "No Game matches the given query"."""

import pytest

from games import services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("debug", [True, False])
def test_a_wrong_invitation_token_says_the_invitation_is_not_valid(client, bob, settings, debug):
    settings.DEBUG = debug
    client.force_login(bob)

    response = client.get("/games/join/no-such-token")

    assert response.status_code == 404
    page = response.content.decode()
    assert "This invitation is not valid" in page
    assert "No Game matches" not in page


def test_the_link_of_a_removed_game_says_the_invitation_is_not_valid(client, alice, bob, settings):
    settings.DEBUG = True
    game = services.game_create(
        host=alice, title="Gone", edition="1st", seats=2, days_per_move=None, is_public=False
    )
    token = game.invite_token
    game.delete()
    client.force_login(bob)

    assert "This invitation is not valid" in client.get(f"/games/join/{token}").content.decode()
    assert "This invitation is not valid" in client.post(f"/games/join/{token}").content.decode()


def test_the_page_is_in_german_for_a_german_reader(client, bob):
    client.force_login(bob)
    page = client.get("/games/join/no-such-token", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Diese Einladung ist nicht gültig" in page
