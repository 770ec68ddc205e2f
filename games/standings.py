"""Reads of the club's tables: the leaderboard (all time), season tables, members' ratings.

Nothing here writes; games.services.ratings keeps the rows these read. Every table has the
same columns: place (equal ratings share it), member, rating (the conservative number),
rating change, games, wins (first places, shared ones included), average place.
"""

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta

from django.conf import settings
from django.core.paginator import Page, Paginator
from django.db.models import Count, F, Q, QuerySet, Sum, Window
from django.db.models.functions import Rank

from games.models import PlayerRating, RatingChange, RatingPool, Season
from games.rating_system import NEW, POOL_ALL

PAGE_SIZE = 25


def pools_shown() -> list[str]:
    """The pools the club's tables show: all games, and if the club splits them (settings
    RATINGS_SPLIT) two-player and 3-5-player games too."""
    if settings.RATINGS_SPLIT:
        return [RatingPool.ALL, RatingPool.TWO, RatingPool.MULTI]
    return [RatingPool.ALL]


def pool_or_default(pool: str | None) -> str:
    return pool if pool in pools_shown() else POOL_ALL


@dataclass(frozen=True)
class TableRow:
    place: int
    user_id: int
    name: str
    rating: float
    change: float
    games: int
    wins: int
    rank_sum: int

    @property
    def average_rank(self) -> float:
        return self.rank_sum / self.games


def _active(queryset: QuerySet) -> QuerySet:
    return queryset.filter(user__is_active=True, user__is_bot=False)


def all_time_table(pool: str) -> QuerySet:
    """Every rated member of `pool`, best first (values with the TableRow fields)."""
    return (
        _active(PlayerRating.objects.filter(pool=pool))
        .annotate(
            place=Window(Rank(), order_by=F("rating").desc()),
            change=F("rating") - NEW.rating,
        )
        .order_by("-rating", "-games", "user_id")
        .values(
            "place",
            "user_id",
            "user__display_name",
            "user__username",
            "rating",
            "change",
            "games",
            "wins",
            "rank_sum",
        )
    )


def season_bounds(season: Season) -> tuple[datetime, datetime]:
    """The season as [start, end) in UTC: its first day's start to the day after its last."""
    start = datetime.combine(season.starts_on, time.min, tzinfo=UTC)
    end = datetime.combine(season.ends_on + timedelta(days=1), time.min, tzinfo=UTC)
    return start, end


def season_table(season: Season, pool: str) -> list[dict]:
    """Members who played rated games of `pool` in the season, ranked by their rating at its
    end (after their last game in it); the change is what the season's games gave them.

    Two queries (the totals; each member's last row) joined here: a season holds at most a
    few thousand members, and a per-member subquery in the grouped query costs far more.
    """
    start, end = season_bounds(season)
    window = _active(
        RatingChange.objects.filter(pool=pool, played_at__gte=start, played_at__lt=end)
    )
    rows = {
        row["user_id"]: row
        for row in window.values("user_id", "user__display_name", "user__username")
        .annotate(
            change=Sum(F("rating_after") - F("rating_before")),
            games=Count("pk"),
            wins=Count("pk", filter=Q(rank=1)),
            rank_sum=Sum("rank"),
        )
        .order_by()
    }
    for user_id, rating in window.newest_per("user_id").values_list("user_id", "rating_after"):
        rows[user_id]["rating"] = rating
    table = sorted(rows.values(), key=lambda row: (-row["rating"], -row["games"], row["user_id"]))
    for index, row in enumerate(table):
        shared = index and row["rating"] == table[index - 1]["rating"]
        row["place"] = table[index - 1]["place"] if shared else index + 1
    return table


def table_page(rows: QuerySet | list[dict], number) -> tuple[Page, list[TableRow]]:
    """One page of a table (a bad page number shows the nearest page)."""
    page = Paginator(rows, PAGE_SIZE).get_page(number)
    return page, [
        TableRow(
            place=row["place"],
            user_id=row["user_id"],
            name=row["user__display_name"] or row["user__username"],
            rating=row["rating"],
            change=row["change"],
            games=row["games"],
            wins=row["wins"],
            rank_sum=row["rank_sum"],
        )
        for row in page.object_list
    ]


def ratings_of(user_ids, pool: str = POOL_ALL) -> dict[int, float]:
    """The current ratings of those members who have one in `pool`, by user id."""
    ids = {user_id for user_id in user_ids if user_id is not None}
    if not ids:
        return {}
    return dict(
        PlayerRating.objects.filter(pool=pool, user_id__in=ids).values_list("user_id", "rating")
    )


def ratings_for_games(games) -> dict[int, float]:
    """The ratings of the members seated at `games` (their seats prefetched), by user id."""
    return ratings_of(seat.user_id for game in games for seat in game.seat_set.all())


def seated_ratings(game) -> list[dict]:
    """The members seated at `game` with their ratings, by seat: `{"seat", "name",
    "user_id", "rating"}` (rating None until his first rated game); bots are left out."""
    seats = [
        seat
        for seat in game.seat_set.select_related("user").order_by("position")
        if not seat.is_bot
    ]
    ratings = ratings_of(seat.user_id for seat in seats)
    return [
        {
            "seat": seat.position,
            "name": seat.user.public_name,
            "user_id": seat.user_id,
            "rating": ratings.get(seat.user_id),
        }
        for seat in seats
    ]


def seasons() -> list[Season]:
    return list(Season.objects.all())
