"""A member's player page: what it shows, and who may see it."""

import itertools
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games.player_stats import _NAMES_CACHE, option_set_key, option_set_label, player_page
from games.rating_system import Skill
from games.services.ratings import ratings_update
from tests.web.accounts_helpers import PASSWORD
from tests.web.ratings.conftest import at, finished_game, oracle_fold, table_cells
from tests.web.test_accounts_profile import profile_data

pytestmark = pytest.mark.django_db


def page_of(user) -> str:
    return reverse("games:player", args=[user.pk])


@pytest.fixture
def anna_history(club, robot):
    """anna's finished games, oldest first: two rated duels, a rated 4-player game with a
    shared second place (with the Market), a game with a bot, and a solo game."""
    anna, boris, clara, dmitri = (club[n] for n in ("anna", "boris", "clara", "dmitri"))
    games = [
        finished_game(
            [(anna, 1, 71, ["pub", "lumberjack", "lumberjack"]), (boris, 2, 60)],
            at=at(0),
            title="First duel",
        ),
        finished_game(
            [(boris, 1, 80), (anna, 2, 75, ["pub", "gold_miner"])],
            at=at(1),
            options={"edition": "2nd", "players": 2},
            title="Second duel",
        ),
        finished_game(
            [
                (clara, 2, 90),
                (anna, 2, 90, ["lumberjack", "observatory"]),
                (dmitri, 4, 40),
                (boris, 1, 99),
            ],
            at=at(2),
            options={"edition": "2nd", "players": 4, "market": True},
            title="Market night",
        ),
        finished_game(
            [(anna, 1, 101, ["pub", "observatory"]), (robot, 2, 50)], at=at(3), title="Bot"
        ),
        finished_game([(anna, 1, 66, ["pub"])], at=at(4), title="Alone"),
    ]
    ratings_update()
    return games


def test_the_player_page_shows_rating_results_cards_rivals_and_recent_games(
    client, club, anna_history
):
    anna = club["anna"]
    client.force_login(club["boris"])

    content = client.get(page_of(anna)).content.decode()

    rated = oracle_fold(
        [
            [("anna", 1), ("boris", 2)],
            [("boris", 1), ("anna", 2)],
            [("clara", 2), ("anna", 2), ("dmitri", 4), ("boris", 1)],
        ]
    )
    rating = Skill(*rated["anna"]).rating
    assert f'<b class="stat-value" id="player-rating">{rating:.1f}</b>' in content
    assert "<h1>Anna</h1>" in content
    # Played and won count the games against others (the bot game too, not the solo game).
    assert table_cells(content, "groups") == [
        ["1st edition", "2", "2", "100 %", "86.0"],
        ["2nd edition", "2", "0", "0 %", "82.5"],
    ]
    by_options = table_cells(content.split("By option set", 1)[1], "groups")
    assert by_options == [
        ["1st edition", "2", "2", "100 %", "86.0"],
        ["2nd edition", "1", "0", "0 %", "75.0"],
        ["2nd edition + Market", "1", "0", "0 %", "90.0"],
    ]
    assert "and 1 solo game" in content
    assert re.search(r"Average points</span><b class=\"stat-value\">84.3</b>", content)
    favourites = re.findall(r"<li><span>([^<]+)</span> <span class=\"muted\">in (\d) game", content)
    assert favourites == [
        ("Pub", "4"),
        ("Lumberjack", "2"),
        ("Observatory", "2"),
        ("Gold Miner", "1"),
    ]
    assert table_cells(content, "head-to-head") == [
        ["Boris", "3", "1", "2", "0"],
        ["Clara", "1", "0", "0", "1"],
        ["Dmitri", "1", "1", "0", "0"],
        ["Greedy (bot)", "1", "1", "0", "0"],
    ]
    recent = table_cells(content, "recent-games")
    assert [row[0] for row in recent] == [
        "Alone · 1 player",
        "Bot · 2 players",
        "Market night · 4 players",
        "Second duel · 2 players",
        "First duel · 2 players",
    ]
    assert [row[2:4] for row in recent] == [
        ["1", "66"],
        ["1", "101"],
        ["2", "90"],
        ["2", "75"],
        ["1", "71"],
    ]
    steps = [
        [("anna", 1), ("boris", 2)],
        [("boris", 1), ("anna", 2)],
        [("clara", 2), ("anna", 2), ("dmitri", 4), ("boris", 1)],
    ]
    ratings = [0.0] + [Skill(*oracle_fold(steps[:n])["anna"]).rating for n in (1, 2, 3)]
    changes = [after - before for before, after in itertools.pairwise(ratings)]
    assert [row[4] for row in recent] == ["–", "–"] + [
        f"{'+' if change > 0 else '−'}{abs(change):.1f}" for change in reversed(changes)
    ]
    replays = [f'href="/games/{game.pk}/replay"' for game in reversed(anna_history)]
    assert all(link in content for link in replays)
    assert 'aria-labelledby="chart-desc"' in content
    assert "Rating after each of 3 rated games" in content


def test_the_chart_draws_the_start_and_each_rated_game_across_the_box(club, anna_history):
    steps = [
        [("anna", 1), ("boris", 2)],
        [("boris", 1), ("anna", 2)],
        [("clara", 2), ("anna", 2), ("dmitri", 4), ("boris", 1)],
    ]
    values = [0.0] + [Skill(*oracle_fold(steps[:n])["anna"]).rating for n in (1, 2, 3)]
    top, bottom = max(values), min(values)

    chart = player_page(club["anna"]).chart

    # x from 0 to 1000 in equal steps; y from 8 (the highest) to 192 (the lowest).
    expected = [
        (round(i * 1000 / 3, 1), round(8 + (top - value) / (top - bottom) * 184, 1))
        for i, value in enumerate(values)
    ]
    assert chart.points == " ".join(f"{x},{y}" for x, y in expected)
    assert (chart.top, chart.bottom, chart.games) == (top, bottom, 3)
    assert (chart.first, chart.last) == (at(0), at(2))


def test_favourite_cards_of_expansions_are_named_from_the_games_own_catalogue(club):
    anna, boris = club["anna"], club["boris"]
    market = {"edition": "2nd", "players": 2, "market": True}
    new_society = {"edition": "1st", "players": 2, "new_society": "full"}
    for hour, options, card in ((0, market, "market_grain_1"), (1, new_society, "mayor")):
        for repeat in (0, 1):
            finished_game(
                [(anna, 1, 80, [card, "pub"]), (boris, 2, 70)],
                at=at(hour) + timedelta(minutes=repeat),
                options=options,
            )
    finished_game([(anna, 1, 70, ["pub"]), (boris, 2, 60)], at=at(2))

    assert player_page(anna).favourite_cards == [
        ("Pub", 5),
        ("Ear of Wheat", 2),
        ("Mayor", 2),
    ]
    with translation.override("de"):
        _NAMES_CACHE.clear()
        german = player_page(anna).favourite_cards
    assert [name for name, _count in german] == ["Schenke", "Ähre", "Bürgermeister"]


def test_option_sets_are_named_by_edition_and_every_option_that_is_on():
    assert option_set_label({"edition": "1st", "players": 3}) == "1st edition"
    stored = {"edition": "1st", "players": 3, "expansions": [], "rules_version": "1"}
    assert option_set_label(stored) == "1st edition"
    assert option_set_key(stored) == option_set_key({"edition": "1st", "players": 4})
    assert (
        option_set_label(
            {
                "edition": "2nd",
                "players": 5,
                "market": True,
                "new_society": "full",
                "banquet": False,
                "expansions": [],
                "events": True,
                "future_thing": True,
            }
        )
        == "2nd edition + Events + Future thing + Market + New Society (full)"
    )


def test_members_see_every_player_page_and_visitors_only_public_ones(client, club):
    anna = club["anna"]
    response = client.get(page_of(anna))
    assert response.status_code == 302
    assert response.url == f"{reverse('accounts:login')}?next={page_of(anna)}"

    User.objects.filter(pk=anna.pk).update(page_public=True)
    assert client.get(page_of(anna)).status_code == 200

    client.force_login(anna)
    assert client.get(page_of(club["boris"])).status_code == 200


def page_links(content: str) -> set[str]:
    """The site's own pages a page links to (not its static files)."""
    return {
        href for href in re.findall(r'href="(/[^"]*)"', content) if not href.startswith("/static/")
    }


def test_a_visitor_on_a_public_page_finds_no_link_that_asks_him_to_log_in(
    client, club, anna_history
):
    anna = club["anna"]
    User.objects.filter(pk=anna.pk).update(page_public=True)
    login = reverse("accounts:login")

    links = page_links(client.get(page_of(anna)).content.decode())

    sent_to_login = [
        href
        for href in sorted(links - {login})
        if client.get(href).get("Location", "").startswith(login)
    ]
    assert sent_to_login == []
    client.force_login(club["boris"])  # a member gets the links
    member_links = page_links(client.get(page_of(anna)).content.decode())
    assert {
        reverse("games:leaderboard"),
        page_of(club["clara"]),
        *(f"/games/{game.pk}/replay" for game in anna_history),
    } <= member_links


def test_bots_and_unknown_members_have_no_page(client, club, robot):
    client.force_login(club["anna"])
    assert client.get(page_of(robot)).status_code == 404
    assert client.get(reverse("games:player", args=[9999])).status_code == 404


def test_a_member_makes_his_page_public_on_his_profile(client, club):
    anna = club["anna"]
    client.login(username="anna", password=PASSWORD)
    profile = reverse("accounts:profile")
    assert f'href="{page_of(anna)}"' in client.get(profile).content.decode()
    data = profile_data(page_public="on")
    client.post(profile, data)
    assert User.objects.get(pk=anna.pk).page_public is True
    assert (
        "Visitors who are not members can see this page."
        in client.get(page_of(anna)).content.decode()
    )
    del data["page_public"]
    client.post(profile, data)
    assert User.objects.get(pk=anna.pk).page_public is False


def test_a_new_members_page_says_there_is_nothing_yet(client, club):
    client.force_login(club["elena"])
    content = client.get(page_of(club["elena"])).content.decode()
    assert '<b class="stat-value" id="player-rating">–</b>' in content
    assert content.count("No rated games yet.") == 1
    assert "No finished games against others yet." in content
    assert "Only members can see this page." in content
