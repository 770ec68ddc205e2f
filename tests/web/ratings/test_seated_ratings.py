"""Each seated member's rating on the lobby pages and at the table (bots have none)."""

import re

import pytest
from django.urls import reverse

from games import services
from games.models import Game
from games.rating_system import Skill
from games.services.ratings import ratings_update
from tests.web.ratings.conftest import at, finished_game, oracle_fold

pytestmark = pytest.mark.django_db

RATING_CHIP = (
    r'<span class="seat-rating" title="Rating">'
    r'<span class="visually-hidden">Rating </span>([^<]+)</span>'
)


@pytest.fixture
def rated(club):
    """anna beat boris once; clara has never played."""
    finished_game([(club["anna"], 1), (club["boris"], 2)], at=at(0), title="Earlier duel")
    ratings_update()
    skills = oracle_fold([[("anna", 1), ("boris", 2)]])
    return {name: f"{Skill(*skill).rating:.1f}".replace("-", "−") for name, skill in skills.items()}


def table(host, guests, *, seats: int, bots=()) -> Game:
    """A public 1st-edition table of `seats` hosted by `host`, with `guests` and `bots`."""
    game = services.game_create(
        host=host,
        title=f"{host.public_name}'s table",
        edition="1st",
        seats=seats,
        days_per_move=3,
        is_public=True,
        bots=list(bots),
    )
    for guest in guests:
        services.seat_join(game_id=game.pk, user=guest)
    return game


def chips(content: str) -> list[tuple[str, str]]:
    """(name, rating) of every seat chip with a rating."""
    pattern = r'<li class="seat-chip[^"]*"[^>]*>(?:<span aria-hidden="true">▶</span>)?([^<]+?) '
    return re.findall(pattern + RATING_CHIP, content)


def test_the_open_games_show_the_rating_of_each_seated_member(client, club, rated):
    table(club["anna"], [club["clara"]], seats=4, bots=["greedy"])
    client.force_login(club["boris"])

    content = client.get(reverse("games:open")).content.decode()

    assert chips(content) == [("Anna", rated["anna"]), ("Clara", "–")]
    assert content.count('<li class="seat-chip">') == 3  # the bot's chip has no rating
    assert content.count(" (bot)</li>") == 1


def test_my_games_show_the_ratings_at_each_table(client, club, rated):
    client.force_login(club["boris"])
    content = client.get(reverse("games:mine")).content.decode()
    assert chips(content) == [("Anna", rated["anna"]), ("Boris", rated["boris"])]


def test_an_open_games_own_page_shows_the_seated_members_ratings(client, club, rated):
    game = table(club["boris"], [club["anna"]], seats=3)
    client.force_login(club["clara"])

    content = client.get(reverse("games:detail", args=[game.pk])).content.decode()

    seats = re.findall(r"<span>(\w+) " + RATING_CHIP, content)
    assert sorted(seats) == [("Anna", rated["anna"]), ("Boris", rated["boris"])]


def test_the_table_names_each_seated_member_with_a_link_and_his_rating(client, club, rated):
    game = table(club["anna"], [club["boris"]], seats=3, bots=["greedy"])
    assert Game.objects.get(pk=game.pk).status == "running"
    client.force_login(club["clara"])

    content = client.get(reverse("games:detail", args=[game.pk])).content.decode()

    line = re.search(r'<p class="seated-ratings[^>]*>(.*?)</p>', content, re.S).group(1)
    found = re.findall(
        r'<a href="/players/(\d+)/">(\w+)</a> <span class="seat-rating" data-seat="(\d)">([^<]+)',
        line,
    )
    assert sorted((int(pk), name, rating) for pk, name, _seat, rating in found) == [
        (club["anna"].pk, "Anna", rated["anna"]),
        (club["boris"].pk, "Boris", rated["boris"]),
    ]
    assert "Greedy" not in line
