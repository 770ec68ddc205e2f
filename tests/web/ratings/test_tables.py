"""The leaderboard and the season tables: who is listed, in which order, with which numbers,
paging, the split tables a club may choose, and the link in the header."""

from datetime import UTC, date, datetime

import pytest
from django.urls import reverse

from games.models import PlayerRating, Season
from games.rating_system import MU, SIGMA, Skill
from games.services.ratings import ratings_update
from tests.web.accounts_helpers import member
from tests.web.ratings.conftest import at, finished_game, oracle_fold, table_cells

pytestmark = pytest.mark.django_db

LEADERBOARD = reverse("games:leaderboard")


def shown(mu_sigma: tuple[float, float]) -> str:
    """The rating as the English pages show it: mu - 3 sigma with one decimal."""
    value = Skill(*mu_sigma).rating
    return f"{value:.1f}".replace("-", "−")


@pytest.fixture
def history(club):
    """Three rated games (one of them 4-player, with a shared second place) and a bot game."""
    anna, boris, clara, dmitri = (club[n] for n in ("anna", "boris", "clara", "dmitri"))
    finished_game([(anna, 1), (boris, 2)], at=at(0))
    finished_game([(clara, 1), (anna, 2), (boris, 2), (dmitri, 4)], at=at(1))
    finished_game([(boris, 1), (dmitri, 2)], at=at(2))
    ratings_update()
    return oracle_fold(
        [
            [("anna", 1), ("boris", 2)],
            [("clara", 1), ("anna", 2), ("boris", 2), ("dmitri", 4)],
            [("boris", 1), ("dmitri", 2)],
        ]
    )


def test_the_leaderboard_needs_a_login(client):
    response = client.get(LEADERBOARD)
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


def test_the_header_links_to_the_leaderboard_for_members_only(client, club):
    assert LEADERBOARD not in client.get(reverse("games:open")).content.decode()
    client.force_login(club["anna"])
    content = client.get(reverse("games:mine")).content.decode()
    assert f'<a href="{LEADERBOARD}">Ratings</a>' in content
    current = client.get(LEADERBOARD).content.decode()
    assert f'<a href="{LEADERBOARD}" aria-current="page">Ratings</a>' in current


def test_without_seasons_the_leaderboard_offers_no_lone_all_time_tab(client, club):
    client.force_login(club["anna"])
    content = client.get(LEADERBOARD).content.decode()
    assert '<p class="muted">All time</p>' in content
    assert "table-choice" not in content
    Season.objects.create(name="Winter", starts_on=at(0).date(), ends_on=at(0).date())
    content = client.get(LEADERBOARD).content.decode()
    assert f'<a href="{LEADERBOARD}" aria-current="page">All time</a>' in content
    assert ">Winter</a>" in content


def test_the_leaderboard_ranks_every_rated_member_by_the_conservative_rating(
    client, club, history, robot
):
    client.force_login(club["elena"])  # unrated members see it too, and are not listed
    rows = table_cells(client.get(LEADERBOARD).content.decode(), "standings")

    order = sorted(history, key=lambda name: -Skill(*history[name]).rating)
    assert [row[1] for row in rows] == [name.title() for name in order]
    assert [row[0] for row in rows] == ["1", "2", "3", "4"]
    expected = {
        "anna": ("2", "1", "1.50"),
        "boris": ("3", "1", "1.67"),
        "clara": ("1", "1", "1.00"),
        "dmitri": ("2", "0", "3.00"),
    }
    for row, name in zip(rows, order, strict=True):
        rating = shown(history[name])
        change = rating if rating.startswith("−") else f"+{rating}"
        assert row[2:] == [rating, change, *expected[name]]


def test_equal_ratings_share_a_place(client, club):
    finished_game([(club["anna"], 1), (club["boris"], 1)], at=at(0))
    ratings_update()
    client.force_login(club["anna"])
    rows = table_cells(client.get(LEADERBOARD).content.decode(), "standings")
    assert [(row[0], row[1]) for row in rows] == [("1", "Anna"), ("1", "Boris")]


def test_the_leaderboard_comes_in_pages_of_25(client, club):
    now = datetime(2026, 5, 1, tzinfo=UTC)
    for n in range(30):
        PlayerRating.objects.create(
            user=member(f"m{n:02}"),
            pool="all",
            mu=MU + n,
            sigma=SIGMA,
            rating=MU + n - 3 * SIGMA,
            games=1,
            wins=1,
            rank_sum=1,
            last_played_at=now,
        )
    client.force_login(club["anna"])

    first = client.get(LEADERBOARD).content.decode()
    second = client.get(LEADERBOARD, {"page": 2}).content.decode()
    beyond = client.get(LEADERBOARD, {"page": 9}).content.decode()

    assert [row[0] for row in table_cells(first, "standings")] == [str(n) for n in range(1, 26)]
    assert table_cells(first, "standings")[0][1] == "M29"
    assert [row[1] for row in table_cells(second, "standings")] == [
        f"M{n:02}" for n in range(4, -1, -1)
    ]
    assert "Page 1 of 2" in first
    assert 'rel="next" href="?page=2"' in first
    assert 'rel="prev" href="?page=1"' in second
    assert table_cells(beyond, "standings") == table_cells(second, "standings")


def test_without_the_split_there_is_one_table_of_all_games(client, club, history, settings):
    settings.RATINGS_SPLIT = False
    client.force_login(club["anna"])
    content = client.get(LEADERBOARD, {"pool": "2p"}).content.decode()
    assert 'href="?pool=' not in content
    assert len(table_cells(content, "standings")) == 4  # the 4-player game counts


def test_with_the_split_the_two_player_and_bigger_tables_count_only_their_games(
    client, club, history, settings
):
    settings.RATINGS_SPLIT = True
    client.force_login(club["anna"])

    both = client.get(LEADERBOARD).content.decode()
    duels = client.get(LEADERBOARD, {"pool": "2p"}).content.decode()
    big = client.get(LEADERBOARD, {"pool": "3-5p"}).content.decode()

    assert '<a href="?pool=2p">Two players</a>' in both
    assert '<a href="?pool=3-5p" aria-current="page">Three to five players</a>' in big
    two = oracle_fold([[("anna", 1), ("boris", 2)], [("boris", 1), ("dmitri", 2)]])
    assert {row[1]: row[2] for row in table_cells(duels, "standings")} == {
        name.title(): shown(two[name]) for name in two
    }
    four = oracle_fold([[("clara", 1), ("anna", 2), ("boris", 2), ("dmitri", 4)]])
    rows = table_cells(big, "standings")
    assert {row[1]: (row[2], row[4]) for row in rows} == {
        name.title(): (shown(four[name]), "1") for name in four
    }


def test_a_season_table_counts_the_games_finished_within_its_days(client, club, history):
    anna, boris = club["anna"], club["boris"]
    # at(0..2) is 2 March 2026; the season is 3-4 March, both days included.
    finished_game([(anna, 2), (boris, 1)], at=datetime(2026, 3, 3, 0, 0, tzinfo=UTC))
    finished_game([(anna, 1), (boris, 2)], at=datetime(2026, 3, 4, 23, 59, tzinfo=UTC))
    finished_game([(anna, 1), (boris, 2)], at=datetime(2026, 3, 5, 0, 0, tzinfo=UTC))
    ratings_update()
    season = Season.objects.create(
        name="March cup", starts_on=date(2026, 3, 3), ends_on=date(2026, 3, 4)
    )
    client.force_login(anna)

    content = client.get(reverse("games:season", args=[season.pk])).content.decode()

    before = oracle_fold(
        [
            [("anna", 1), ("boris", 2)],
            [("clara", 1), ("anna", 2), ("boris", 2), ("dmitri", 4)],
            [("boris", 1), ("dmitri", 2)],
        ]
    )
    after = oracle_fold(
        [
            [("anna", 1), ("boris", 2)],
            [("clara", 1), ("anna", 2), ("boris", 2), ("dmitri", 4)],
            [("boris", 1), ("dmitri", 2)],
            [("anna", 2), ("boris", 1)],
            [("anna", 1), ("boris", 2)],
        ]
    )

    def change(name):
        value = Skill(*after[name]).rating - Skill(*before[name]).rating
        return f"{'+' if value > 0 else '−'}{abs(value):.1f}"

    rows = table_cells(content, "standings")
    order = sorted(["anna", "boris"], key=lambda name: -Skill(*after[name]).rating)
    assert [row[1:] for row in rows] == [
        [name.title(), shown(after[name]), change(name), "2", "1", "1.50"] for name in order
    ]
    assert "<h1>March cup</h1>" in content
    assert "Games finished from 03/03/2026 to 03/04/2026" in content
    assert f'href="{LEADERBOARD}">All time</a>' in content
    assert f'href="/ratings/seasons/{season.pk}/" aria-current="page">March cup</a>' in content


def test_equal_ratings_share_a_place_in_a_season_table_too(client, club):
    finished_game([(club["clara"], 2), (club["anna"], 1), (club["boris"], 1)], at=at(0))
    ratings_update()
    season = Season.objects.create(name="Day", starts_on=at(0).date(), ends_on=at(0).date())
    client.force_login(club["anna"])
    content = client.get(reverse("games:season", args=[season.pk])).content.decode()
    rows = table_cells(content, "standings")
    assert [(row[0], row[1]) for row in rows] == [("1", "Anna"), ("1", "Boris"), ("3", "Clara")]


def test_an_unknown_season_is_not_found(client, club):
    client.force_login(club["anna"])
    assert client.get(reverse("games:season", args=[999])).status_code == 404


def test_the_tables_speak_german_with_decimal_commas(client, club, history):
    client.force_login(club["anna"])
    content = client.get(LEADERBOARD, HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "<h1>Rangliste</h1>" in content
    assert "Durchschnittlicher Platz" in content
    rows = table_cells(content, "standings")
    anna = next(row for row in rows if row[1] == "Anna")
    assert anna[2] == shown(history["anna"]).replace(".", ",")
    assert anna[6] == "1,50"
