"""The look of the lobby pages: what each row and empty state tells a member."""

import re

import pytest

from games import services

from .conftest import not_to_act, to_act


def _row(content: str, title: str) -> str:
    """The <li> of the game row whose title link reads `title`."""
    start = content.index(f">{title}</a>")
    return content[content.rindex("<li", 0, start) : content.index("</ul>\n  </div>\n</li>", start)]


def test_my_games_shows_round_phase_deadline_and_who_is_to_act(client, started_game):
    user, _ = to_act(started_game)
    client.force_login(user)

    content = client.get("/games/mine").content.decode()

    row = _row(content, "Alice table")
    assert "Round 1 · Worker phase" in row
    assert "due in 2\xa0days" in row or "due in 3\xa0days" in row
    assert 'class="badge claret">Your turn<' in row
    assert re.search(rf'seat-chip to-act"[^>]*>.*?{user.public_name}', row)


def test_my_games_marks_the_player_to_act_for_those_who_wait(client, started_game):
    acting, _ = to_act(started_game)
    client.force_login(not_to_act(started_game))

    row = _row(client.get("/games/mine").content.decode(), "Alice table")

    assert ">Your turn<" not in row
    assert re.search(rf'seat-chip to-act"[^>]*>.*?{acting.public_name}', row)
    assert row.count("seat-chip to-act") == len(started_game.to_act)


def test_my_games_counts_the_seats_of_a_game_not_started(client, open_game, alice):
    client.force_login(alice)

    row = _row(client.get("/games/mine").content.decode(), "Alice table")

    assert "1 of 4 seats taken" in row
    assert "Round" not in row


def test_the_empty_my_games_page_links_to_new_and_open_games(client, alice):
    client.force_login(alice)

    content = client.get("/games/mine").content.decode()

    empty = content[content.index('class="empty"') :]
    assert 'href="/games/new"' in empty
    assert 'href="/games/open"' in empty


def test_the_home_page_offers_signing_up_first_then_login_and_three_cards(client, settings):
    settings.SIGNUP_MODE = "open"

    content = client.get("/").content.decode()

    assert 'class="button primary" href="/accounts/signup/"' in content
    assert 'class="button secondary" href="/accounts/login/"' in content
    for colour in ("c-worker", "c-building", "c-aristocrat"):
        assert f"deco-card {colour}" in content


def test_a_closed_club_s_home_page_offers_only_the_login(client, settings):
    settings.SIGNUP_MODE = "closed"

    content = client.get("/").content.decode()

    assert 'class="button primary" href="/accounts/login/"' in content
    assert 'href="/accounts/signup/"' not in content


def test_the_host_of_an_invitation_game_gets_a_copy_button_and_free_seats(client, alice):
    game = services.game_create(
        host=alice, title="Private", edition="2nd", seats=3, days_per_move=None, is_public=False
    )
    client.force_login(alice)

    content = client.get(f"/games/{game.pk}/").content.decode()

    assert re.search(rf'data-copy="http://testserver/games/join/{game.invite_token}"', content)
    assert content.count("free seat") == 2


def test_the_open_games_page_offers_no_join_button_where_i_already_sit(client, open_game, alice):
    client.force_login(alice)

    content = client.get("/games/open").content.decode()

    assert f"/games/{open_game.pk}/join" not in content
    assert "You have a seat" in content


@pytest.mark.parametrize(
    ("edition", "name", "other"),
    [("1st", "1. Ausgabe", "2. Ausgabe"), ("2nd", "2. Ausgabe", "1. Ausgabe")],
)
def test_every_page_names_the_edition_the_game_is_played_in(
    client, alice, bob, edition, name, other
):
    waiting = services.game_create(
        host=alice, title="Waiting", edition=edition, seats=3, days_per_move=None, is_public=True
    )
    running = services.game_create(
        host=alice, title="Running", edition=edition, seats=2, days_per_move=None, is_public=True
    )
    services.seat_join(game_id=running.pk, user=bob)
    alice.language = "de"
    alice.save(update_fields=["language"])
    client.force_login(alice)

    badge = f'<span class="badge">{name}</span>'
    mine = client.get("/games/mine").content.decode()
    assert badge in _row(mine, "Waiting")
    assert badge in _row(mine, "Running")
    listed = client.get("/games/open").content.decode()
    listed = listed[listed.index(">Waiting</a>") :]
    assert badge in listed[: listed.index("</div>")]  # the row's head
    assert badge in client.get(f"/games/{waiting.pk}/").content.decode()
    table = client.get(f"/games/{running.pk}/").content.decode()
    meta = table[table.index('<p class="meta muted">') + len('<p class="meta muted">') :]
    assert meta.split()[:2] == name.split()  # the table's heading line starts with it
    for page in (mine, table):
        assert other not in page
