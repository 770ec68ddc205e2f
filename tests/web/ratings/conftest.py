"""Members, finished games with chosen results, and an independent rating oracle.

`finished_game` writes what the transaction that finishes a game writes (status, finish time,
each seat's place, points and cards, the pending flag); the tests then run the ratings update
as the task after that commit would. The end-to-end path (a game played to its end through
`move_submit`) is tested in test_recording.py.
"""

from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser

import pytest
from openskill.models import PlackettLuce

from accounts.models import User
from games.models import Game, Seat, Status
from tests.web.accounts_helpers import member

START = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)

# openskill used directly, with its own defaults: what our ratings must agree with.
ORACLE = PlackettLuce()


@pytest.fixture
def club(db) -> dict[str, User]:
    names = ["anna", "boris", "clara", "dmitri", "elena", "fyodor"]
    return {name: member(name) for name in names}


@pytest.fixture
def admin_user(db) -> User:
    return member("iris", is_staff=True, is_superuser=True)


@pytest.fixture
def robot(db) -> User:
    return User.objects.create_user(username="bot-greedy", is_bot=True, display_name="Greedy")


def finished_game(
    seats, *, at: datetime, options: dict | None = None, title: str = "Rated table"
) -> Game:
    """A game that finished at `at`; `seats` are (user, place) or (user, place, points,
    cards) in seat order."""
    game = Game.objects.create(
        title=title,
        host=seats[0][0],
        options=options or {"edition": "1st", "players": len(seats)},
        seats=len(seats),
        seed=7,
        status=Status.FINISHED,
        started_at=at - timedelta(days=3),
        last_move_at=at,
        finished_at=at,
        rating_pending=True,
    )
    for position, (user, place, *rest) in enumerate(seats):
        Seat.objects.create(
            game=game,
            user=user,
            position=position,
            is_bot=user.is_bot,
            rank=place,
            score=rest[0] if rest else 60 - 10 * place,
            cards=rest[1] if len(rest) > 1 else [],
        )
    return game


def at(hours: int) -> datetime:
    return START + timedelta(hours=hours)


def oracle_fold(games: list[list[tuple[str, int]]]) -> dict[str, tuple[float, float]]:
    """(mu, sigma) per member after `games` in order, each a list of (name, place), rated
    by openskill directly."""
    skills: dict[str, object] = {}
    for seats in games:
        teams = [[skills.get(name) or ORACLE.rating(name=name)] for name, _place in seats]
        rated = ORACLE.rate(teams, ranks=[place for _name, place in seats])
        for (name, _place), team in zip(seats, rated, strict=True):
            skills[name] = team[0]
    return {name: (skill.mu, skill.sigma) for name, skill in skills.items()}


class _TableReader(HTMLParser):
    """The body rows of the first <table> whose class list holds `wanted`, as cell texts."""

    def __init__(self, wanted: str) -> None:
        super().__init__()
        self.wanted, self.depth, self.in_body = wanted, 0, False
        self.rows: list[list[str]] = []
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and (self.depth or self.wanted in classes) and not self.rows:
            self.depth += 1
        elif self.depth and tag == "tbody":
            self.in_body = True
        elif self.depth and self.in_body and tag == "tr":
            self.rows.append([])
        elif self.depth and self.in_body and tag in {"td", "th"}:
            self.cell = []

    def handle_endtag(self, tag) -> None:
        if self.depth and tag in {"td", "th"} and self.cell is not None:
            self.rows[-1].append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tbody":
            self.in_body = False
        elif tag == "table" and self.depth:
            self.depth -= 1

    def handle_data(self, data) -> None:
        if self.cell is not None:
            self.cell.append(data)


def table_cells(html: str, table_class: str) -> list[list[str]]:
    reader = _TableReader(table_class)
    reader.feed(html)
    return reader.rows
