"""The club's rating system as plain numbers: no Django, no I/O, deterministic.

Members are rated with openskill's Plackett-Luce model (Weng & Lin's Bayesian approximation):
it rates games of any number of players from their finishing order and treats a shared place
as a tie. A member's skill is an estimate `mu` with an uncertainty `sigma`; the one number the
pages show is the conservative `mu - 3 * sigma` ("at least this good, almost surely"), so a
newcomer starts at 0 and climbs as the games make the estimate surer.

Ratings are a fold over the rated games in the order they finished (`fold`): the same games in
the same order give the same numbers, which is what lets `manage.py rebuild_ratings` recompute
them from scratch and an admin's correction re-rate every game after it.

Every game counts in the pool of all games and in the pool of its table size: two players, or
three to five. A club that wants separate tables for those shows the second pool (settings
RATINGS_SPLIT); both are always kept, so switching costs no rebuild.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

# The model's parameters, spelt out so a new default in the library cannot change our numbers
# silently (these are openskill's documented defaults).
MU = 25.0
SIGMA = MU / 3
BETA = SIGMA / 2
TAU = MU / 300
MODEL = PlackettLuce(mu=MU, sigma=SIGMA, beta=BETA, tau=TAU)

POOL_ALL = "all"
POOL_TWO = "2p"
POOL_MULTI = "3-5p"
POOLS: tuple[str, ...] = (POOL_ALL, POOL_TWO, POOL_MULTI)


@dataclass(frozen=True, slots=True)
class Skill:
    """One member's rating in one pool: estimate and uncertainty."""

    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The conservative single number the pages show."""
        return self.mu - 3 * self.sigma


NEW = Skill(MU, SIGMA)


def pools_for(players: int) -> tuple[str, ...]:
    """The pools a game of `players` seats counts in (none for a solo game)."""
    if players < 2:
        return ()
    return (POOL_ALL, POOL_TWO if players == 2 else POOL_MULTI)


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """The players' skills after one game; `ranks[i]` is player i's place (1 = won, equal
    places are a tie)."""
    if len(skills) != len(ranks) or len(skills) < 2:
        raise ValueError("a rated game needs two or more players, each with a place")
    teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in skills]
    rated = MODEL.rate(teams, ranks=list(ranks))
    return [Skill(team[0].mu, team[0].sigma) for team in rated]


@dataclass(frozen=True, slots=True)
class GameResult:
    """A finished game as the rating sees it: when it ended and who took which place."""

    game_id: int
    finished_at: datetime
    # (user id, seat position, place) per seat
    seats: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True, slots=True)
class RatingStep:
    """What one game did to one member's rating in one pool."""

    game_id: int
    user_id: int
    pool: str
    played_at: datetime
    position: int
    players: int
    rank: int
    before: Skill
    after: Skill


SkillLookup = Callable[[int, str], Skill]


def fold(
    results: Iterable[GameResult],
    known: dict[tuple[int, str], Skill],
    earlier: SkillLookup = lambda user_id, pool: NEW,
) -> list[RatingStep]:
    """Rate `results` (in the order given) and return every step.

    `known` maps (user id, pool) to the current skill and is updated in place; a member not in
    it yet starts from `earlier(user_id, pool)` (his skill before these games, NEW if none).
    """
    steps: list[RatingStep] = []
    for result in results:
        players = len(result.seats)
        for pool in pools_for(players):
            before = []
            for user_id, _position, _rank in result.seats:
                key = (user_id, pool)
                if key not in known:
                    known[key] = earlier(user_id, pool)
                before.append(known[key])
            after = rate(before, [rank for _user, _position, rank in result.seats])
            for (user_id, position, rank), old, new in zip(
                result.seats, before, after, strict=True
            ):
                known[(user_id, pool)] = new
                steps.append(
                    RatingStep(
                        game_id=result.game_id,
                        user_id=user_id,
                        pool=pool,
                        played_at=result.finished_at,
                        position=position,
                        players=players,
                        rank=rank,
                        before=old,
                        after=new,
                    )
                )
    return steps
