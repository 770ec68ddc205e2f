"""Reads for a member's player page: his rating over time, his results by edition and option
set, average points, favourite cards, head-to-head against each opponent, recent games.

Results come from the seats of finished games (`Seat.rank`, `score`, `cards`, written when the
game ended); ratings from his RatingChange rows. Statistics count finished games of two or
more players, bots included; solo games are only counted and listed. Nothing here writes.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.expansion_text import game_catalogue
from games.models import Edition, PlayerRating, RatingChange, Seat, Status
from games.rating_system import POOL_ALL

RECENT_GAMES = 10
FAVOURITE_CARDS = 5
CHART_WIDTH, CHART_HEIGHT, CHART_MARGIN = 1000, 200, 8


def _option_labels() -> dict[str, str]:
    """Names of the options a game may have besides edition and players (the expansions)."""
    return {
        "new_society": _("New Society"),
        "banquet": _("Banquet"),
        "in_good_company": _("In Good Company"),
        "module2": _("In Good Company"),
        "market": _("Market"),
        "assistants": _("Assistants"),
        "module3": _("Assistants"),
        "events": _("Events"),
        "module4": _("Events"),
        "assignments": _("Assignments"),
        "module5": _("Assignments"),
        "obstacles": _("Obstacles"),
        "module6": _("Obstacles"),
    }


def edition_label(edition: str) -> str:
    labels = dict(Edition.choices)
    return str(labels.get(edition, edition or "?"))


# Keys of Game.options that say nothing about which game was played: the table size (the
# tables split by it on their own) and the rules version a stored game is pinned to.
NOT_AN_OPTION = {"players", "rules_version"}


def option_set_key(options: dict) -> str:
    """The game's options without the player count, as a stable text (the grouping key)."""
    rest = {
        key: value for key, value in (options or {}).items() if key not in NOT_AN_OPTION and value
    }
    return json.dumps(rest, sort_keys=True)


def option_set_label(options: dict) -> str:
    """E.g. "2nd edition + Market + New Society (full)": the edition, then every option that
    is on, by name; an option's value is shown unless it is plain on, a list names each item."""
    labels = _option_labels()

    def name(key: str) -> str:
        return labels.get(key) or key.replace("_", " ").capitalize()

    parts = []
    for key, value in (options or {}).items():
        if key in NOT_AN_OPTION or key == "edition" or not value:
            continue
        if isinstance(value, list):
            parts.extend(name(str(item)) for item in value)
        elif value is True:
            parts.append(name(key))
        else:
            parts.append(f"{name(key)} ({value})")
    return " + ".join([edition_label((options or {}).get("edition", "")), *sorted(parts)])


@dataclass
class GroupRow:
    """Games played and won in one group (an edition, an option set)."""

    label: str
    played: int = 0
    won: int = 0
    points: int = 0

    @property
    def win_share(self) -> float:
        return self.won / self.played if self.played else 0.0

    @property
    def average_points(self) -> float:
        return self.points / self.played if self.played else 0.0


@dataclass
class HeadToHead:
    """Him against one opponent, over the finished games they both sat at."""

    user_id: int
    name: str
    is_bot: bool
    games: int = 0
    ahead: int = 0  # he finished in a better place
    behind: int = 0
    level: int = 0  # the same place


@dataclass(frozen=True)
class RecentGame:
    game_id: int
    title: str
    finished_at: datetime
    players: int
    rank: int
    score: int
    change: float | None  # his rating change in the pool of all games; None if not rated


@dataclass(frozen=True)
class RatingChart:
    """His rating after each rated game, drawn as an SVG polyline in a CHART_WIDTH x
    CHART_HEIGHT box that the page stretches to its width (the labels are HTML beside it)."""

    points: str
    top: float  # the highest and lowest rating drawn
    bottom: float
    zero_y: float | None  # where 0 lies, if between them
    first: datetime
    last: datetime
    games: int
    width: int = CHART_WIDTH
    height: int = CHART_HEIGHT

    @property
    def dots(self) -> list[str]:
        """The points one by one (drawn as dots while there are few)."""
        points = self.points.split()
        return points if len(points) <= 60 else []


@dataclass
class PlayerPage:
    member: object
    ratings: dict[str, PlayerRating]
    place: int | None
    chart: RatingChart | None
    by_edition: list[GroupRow] = field(default_factory=list)
    by_options: list[GroupRow] = field(default_factory=list)
    played: int = 0
    won: int = 0
    average_points: float | None = None
    solo_games: int = 0
    favourite_cards: list[tuple[str, int]] = field(default_factory=list)
    opponents: list[HeadToHead] = field(default_factory=list)
    recent: list[RecentGame] = field(default_factory=list)

    @property
    def rating(self) -> PlayerRating | None:
        return self.ratings.get(POOL_ALL)

    @property
    def option_sets_say_more(self) -> bool:
        """Whether the option sets differ from the editions (some game had more options)."""
        return {row.label for row in self.by_options} != {row.label for row in self.by_edition}


def player_page(member) -> PlayerPage:
    ratings = {row.pool: row for row in PlayerRating.objects.filter(user=member)}
    mine = ratings.get(POOL_ALL)
    place = None
    if mine is not None:
        place = (
            1
            + PlayerRating.objects.filter(
                pool=POOL_ALL, rating__gt=mine.rating, user__is_active=True
            ).count()
        )
    page = PlayerPage(member=member, ratings=ratings, place=place, chart=rating_chart(member))
    seats = list(
        Seat.objects.filter(user=member, game__status=Status.FINISHED, rank__isnull=False)
        .select_related("game")
        .only(
            "game_id",
            "position",
            "rank",
            "score",
            "cards",
            "game__title",
            "game__options",
            "game__finished_at",
        )
        .order_by("-game__finished_at", "-game_id")
    )
    others = _opponents_by_game([seat.game_id for seat in seats], member)
    _results(page, seats, others)
    _head_to_head(page, seats, others)
    _recent(page, seats, others, member)
    return page


def _opponents_by_game(game_ids: list[int], member) -> dict[int, list[tuple]]:
    by_game: dict[int, list[tuple]] = {}
    rows = (
        Seat.objects.filter(game_id__in=game_ids)
        .exclude(user=member)
        .values_list("game_id", "user_id", "user__display_name", "user__username", "is_bot", "rank")
    )
    for game_id, *rest in rows:
        by_game.setdefault(game_id, []).append(tuple(rest))
    return by_game


def _results(page: PlayerPage, seats: list[Seat], others: dict[int, list[tuple]]) -> None:
    editions: dict[str, GroupRow] = {}
    option_sets: dict[str, GroupRow] = {}
    cards: Counter[str] = Counter()
    option_sets_seen: dict[str, dict] = {}
    for seat in seats:
        options = seat.game.options or {}
        cards.update(set(seat.cards or []))  # games with the card, not copies
        option_sets_seen.setdefault(json.dumps(options, sort_keys=True), options)
        if not others.get(seat.game_id):
            page.solo_games += 1
            continue
        edition = options.get("edition", "")
        for groups, key, label in (
            (editions, edition, edition_label(edition)),
            (option_sets, option_set_key(options), option_set_label(options)),
        ):
            row = groups.setdefault(key, GroupRow(label=label))
            row.played += 1
            row.won += seat.rank == 1
            row.points += seat.score or 0
        page.played += 1
        page.won += seat.rank == 1
    page.by_edition = sorted(editions.values(), key=lambda row: row.label)
    page.by_options = sorted(option_sets.values(), key=lambda row: (-row.played, row.label))
    if page.played:
        page.average_points = sum(row.points for row in editions.values()) / page.played
    names: dict[str, str] = {}
    # A 1st-edition name wins a clash: those catalogues are read last.
    editions_last_first = sorted(
        option_sets_seen, key=lambda k: (option_sets_seen[k].get("edition", ""), k), reverse=True
    )
    for key in editions_last_first:
        names.update(_card_names(option_sets_seen[key]))
    page.favourite_cards = [
        (names.get(card, card.replace("_", " ").title()), count)
        for card, count in sorted(cards.items(), key=lambda item: (-item[1], item[0]))[
            :FAVOURITE_CARDS
        ]
    ]


_NAMES_CACHE: dict[tuple[str, str], dict[str, str]] = {}


def _card_names(options: dict) -> dict[str, str]:
    """Card type id -> its name in the active language, for a game with these options: the
    game's own catalogue, so the cards of its expansions have names too (empty if unknown)."""
    language = "de" if (get_language() or "en").startswith("de") else "en"
    key = (json.dumps(options, sort_keys=True), language)
    if key not in _NAMES_CACHE:
        try:
            catalogue = game_catalogue(options)
        except (KeyError, ValueError):
            catalogue = {}
        _NAMES_CACHE[key] = {
            card_id: str(card[f"name_{language}"]) for card_id, card in catalogue.items()
        }
    return _NAMES_CACHE[key]


def _head_to_head(page: PlayerPage, seats: list[Seat], others: dict[int, list[tuple]]) -> None:
    rivals: dict[int, HeadToHead] = {}
    for seat in seats:
        for user_id, display_name, username, is_bot, rank in others.get(seat.game_id, []):
            rival = rivals.get(user_id) or rivals.setdefault(
                user_id, HeadToHead(user_id, display_name or username, is_bot)
            )
            rival.games += 1
            if seat.rank < rank:
                rival.ahead += 1
            elif seat.rank > rank:
                rival.behind += 1
            else:
                rival.level += 1
    page.opponents = sorted(rivals.values(), key=lambda r: (-r.games, r.name.lower()))


def _recent(page: PlayerPage, seats: list[Seat], others: dict[int, list[tuple]], member) -> None:
    latest = seats[:RECENT_GAMES]
    changes = {
        game_id: after - before
        for game_id, before, after in RatingChange.objects.filter(
            user=member, pool=POOL_ALL, game_id__in=[seat.game_id for seat in latest]
        ).values_list("game_id", "rating_before", "rating_after")
    }
    page.recent = [
        RecentGame(
            game_id=seat.game_id,
            title=seat.game.title,
            finished_at=seat.game.finished_at,
            players=1 + len(others.get(seat.game_id, [])),
            rank=seat.rank,
            score=seat.score,
            change=changes.get(seat.game_id),
        )
        for seat in latest
    ]


def rating_chart(member) -> RatingChart | None:
    """His rating in the pool of all games: where he started, then after each rated game."""
    rows = list(
        RatingChange.objects.filter(user=member, pool=POOL_ALL)
        .order_by("played_at", "game_id")
        .values_list("played_at", "rating_before", "rating_after")
    )
    if not rows:
        return None
    values = [rows[0][1], *(after for _at, _before, after in rows)]
    top, bottom = max(values), min(values)
    span = (top - bottom) or 1.0
    inner = CHART_HEIGHT - 2 * CHART_MARGIN

    def y(value: float) -> float:
        return round(CHART_MARGIN + (top - value) / span * inner, 1)

    step = CHART_WIDTH / (len(values) - 1)
    return RatingChart(
        points=" ".join(f"{round(i * step, 1)},{y(value)}" for i, value in enumerate(values)),
        top=top,
        bottom=bottom,
        zero_y=y(0.0) if bottom < 0 < top else None,
        first=rows[0][0],
        last=rows[-1][0],
        games=len(rows),
    )
