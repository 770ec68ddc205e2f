"""A member hosts a bounded number of games waiting for players or played against bots only
(those start at once); the open-games list is paged."""

import pytest

from games import services
from games.errors import GameError
from games.models import Game, Status
from games.views import OPEN_GAMES_PER_PAGE
from tests.web.accounts_helpers import member


def open_table(host, n: int = 0) -> Game:
    return services.game_create(
        host=host, title=f"Table {n}", edition="1st", seats=4, days_per_move=3, is_public=True
    )


def test_a_member_hosts_at_most_the_allowed_number_of_open_games(alice, settings):
    settings.OPEN_GAMES_PER_MEMBER = 3
    for n in range(3):
        open_table(alice, n)

    with pytest.raises(GameError) as refused:
        open_table(alice, 3)

    assert (refused.value.code, refused.value.status) == ("too_many_open_games", 409)
    assert Game.objects.filter(host=alice).count() == 3


def bot_table(host, n: int = 0) -> Game:
    return services.game_create(
        host=host,
        title=f"Bots {n}",
        edition="1st",
        seats=3,
        days_per_move=None,
        is_public=True,
        bots=("greedy", "random"),
    )


def solo_table(host, n: int = 0) -> Game:
    return services.game_create(
        host=host, title=f"Alone {n}", edition="1st", seats=1, days_per_move=None, is_public=True
    )


@pytest.mark.parametrize("first_table", [bot_table, solo_table])
@pytest.mark.parametrize("next_table", [bot_table, solo_table, open_table])
def test_a_game_without_other_members_counts_although_it_started_at_once(
    alice, settings, first_table, next_table
):
    settings.OPEN_GAMES_PER_MEMBER = 1
    assert first_table(alice).status == Status.RUNNING

    with pytest.raises(GameError) as refused:
        next_table(alice, 1)

    assert refused.value.code == "too_many_open_games"
    assert Game.objects.filter(host=alice).count() == 1


def test_a_finished_bot_game_frees_its_place(alice, settings):
    settings.OPEN_GAMES_PER_MEMBER = 1
    first = bot_table(alice)
    Game.objects.filter(pk=first.pk).update(status=Status.FINISHED)

    assert bot_table(alice, 1).status == Status.RUNNING


def test_a_game_started_with_another_member_frees_its_place(alice, bob, settings):
    settings.OPEN_GAMES_PER_MEMBER = 1
    first = services.game_create(
        host=alice, title="Duel", edition="1st", seats=2, days_per_move=3, is_public=True
    )
    services.seat_join(game_id=first.pk, user=bob)
    assert Game.objects.get(pk=first.pk).status == Status.RUNNING

    assert open_table(alice).status == Status.OPEN


def test_a_started_or_cancelled_game_frees_a_place(alice, bob, settings):
    settings.OPEN_GAMES_PER_MEMBER = 1
    first = open_table(alice)
    services.game_cancel(game_id=first.pk, user=alice)

    second = open_table(alice)

    assert second.status == Status.OPEN


def test_the_create_form_says_why_it_refuses(client, alice, settings):
    settings.OPEN_GAMES_PER_MEMBER = 1
    open_table(alice)
    client.force_login(alice)

    response = client.post(
        "/games/new",
        {
            "title": "One more",
            "edition": "1st",
            "seats": "2",
            "visibility": "public",
            "bots": "0",
            "bot_kind": "greedy",
        },
    )

    assert response.status_code in (200, 409)
    assert "You already host 1 games that wait for players" in response.content.decode()
    assert not Game.objects.filter(title="One more").exists()


def test_the_open_games_list_comes_in_pages(client, alice, settings):
    settings.OPEN_GAMES_PER_MEMBER = 0
    hosts = [member(f"host{n}") for n in range(3)]
    total = OPEN_GAMES_PER_PAGE + 5
    for n in range(total):
        open_table(hosts[n % 3], n)
    client.force_login(alice)

    first = client.get("/games/open")
    second = client.get("/games/open?page=2")
    beyond = client.get("/games/open?page=99")

    assert len(first.context["games"]) == OPEN_GAMES_PER_PAGE
    assert len(second.context["games"]) == 5
    assert 'rel="next" href="?page=2"' in first.content.decode()
    shown = {g.pk for g in first.context["games"]} | {g.pk for g in second.context["games"]}
    assert len(shown) == total
    assert [g.pk for g in beyond.context["games"]] == [g.pk for g in second.context["games"]]
