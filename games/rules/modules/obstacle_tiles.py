"""The ten obstacles of Module 6 (../shared/expansions.md §2.11 tables, §0.3 "value of a card").

Five bonus obstacles pay their bonus to whoever reaches their space; five real obstacles stop a
player on their space until his area meets their requirement, which depends on the space they
lie on (10, 20, 35, 50, 70), and pay a bonus when passed. A requirement is a list of `Progress`
items (have/need, shown by the view); a bonus is rubles and points, or a choice among such
(`Bonus.choices`: the Bonus market's markers as points or rubles, the Bonus card's one card).
"One card" bonuses of the real obstacles take the best card (decision 4.34).

Everything here reads the player's area only: no state changes. `final` says the final scoring
asks, where no card counts as turned (§0.3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..marks import MARK_KINDS
from ..state import GameState
from .market import positions
from .moocher import card_value_of

GREEN, BLUE, RED = "worker", "building", "aristocrat"
# The spaces of the standard layout (decision 4.37); a real obstacle's requirement is given per
# space. A test layout may put one elsewhere: it then asks what it asks on the highest standard
# space at or below it (on the 10 below 10).
SPACES: tuple[int, ...] = (10, 20, 35, 50, 70)


@dataclass(frozen=True, slots=True)
class Progress:
    """One part of a requirement: `have` of `need` (e.g. blue cards 1 of 2)."""

    what: str
    have: int
    need: int

    @property
    def met(self) -> bool:
        return self.have >= self.need

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "have": self.have, "need": self.need}


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer of a bonus with a choice: what it pays, and how the answer names it (the
    fields of the `obstacle_bonus` move: `points` for the Bonus market, `card` and `gain` for
    the Bonus card)."""

    rubles: int
    points: int
    answer: tuple[tuple[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"rubles": self.rubles, "points": self.points, "answer": dict(self.answer)}


@dataclass(frozen=True, slots=True)
class Bonus:
    """What passing an obstacle pays: rubles and points, or (when `choices` is not empty) the
    one of those choices the player picks."""

    rubles: int = 0
    points: int = 0
    choices: tuple[Choice, ...] = ()


NOTHING = Bonus()
Requirement = Callable[[GameState, int, int], tuple[Progress, ...]]  # (state, seat, space)
Payout = Callable[[GameState, int, bool], Bonus]  # (state, seat, final)


@dataclass(frozen=True, slots=True)
class Obstacle:
    """An obstacle tile: real ones have a requirement, every one a bonus."""

    id: str
    bonus: Payout
    requirement: Requirement | None = None

    @property
    def real(self) -> bool:
        return self.requirement is not None


# ----------------------------------------------------------------------------- the area


def _cards(state: GameState, seat: int) -> list[Any]:
    cards_of = state.rules.cards
    return [cards_of[c] for c in state.players[seat].area]


def count_color(state: GameState, seat: int, color: str) -> int:
    """Cards of a colour in the area (trading cards count as the colour they upgrade)."""
    return sum(1 for card in _cards(state, seat) if card.color == color)


def exchange_cards(state: GameState, seat: int, color: str | None = None) -> int:
    """Exchange cards (trading cards, the Czar-Superstar included) in the area, of a colour."""
    return sum(
        1 for card in _cards(state, seat) if card.trading and (color is None or card.color == color)
    )


def markets_in(state: GameState, seat: int) -> tuple[int, int]:
    """(his markers in the market, the highest position among them)."""
    held = [n for n in positions(state, seat).values() if n >= 1]
    return len(held), max(held, default=0)


def card_values(state: GameState, seat: int, final: bool) -> list[tuple[str, int, int]]:
    """(card, rubles, points) each card in the area is worth (§0.3); at the final scoring no
    card counts as turned."""
    if final:
        player = state.players[seat]
        scoring = tuple(m for m in player.marks if MARK_KINDS[m.kind].scores)
        if scoring != player.marks:
            state = state.with_player(seat, player.evolve(marks=scoring))
    return [(c, *card_value_of(state, seat, c)) for c in state.players[seat].area]


def _best(values: list[tuple[str, int, int]], cards: set[str], kind: str) -> int:
    """The highest ruble (`kind` "rubles") or point value among these cards."""
    return max(
        (
            rubles if kind == "rubles" else points
            for card, rubles, points in values
            if card in cards
        ),
        default=0,
    )


def _of_color(state: GameState, seat: int, color: str) -> set[str]:
    cards_of = state.rules.cards
    return {c for c in state.players[seat].area if cards_of[c].color == color}


# ----------------------------------------------------------------------------- requirements


def _by_space(table: dict[int, Any], space: int) -> Any:
    standard = max((s for s in SPACES if s <= space), default=SPACES[0])
    return table[standard]


def _counted(
    what: str, count: Callable[[GameState, int], int], table: dict[int, int]
) -> Requirement:
    def requirement(state: GameState, seat: int, space: int) -> tuple[Progress, ...]:
        return (Progress(what, count(state, seat), _by_space(table, space)),)

    return requirement


def _different_green(state: GameState, seat: int) -> int:
    return len({card.id for card in _cards(state, seat) if card.color == GREEN})


_MARKET_NEEDS = {10: (2, 3), 20: (3, 4), 35: (4, 5), 50: (5, 6), 70: (5, 7)}


def _market_requirement(state: GameState, seat: int, space: int) -> tuple[Progress, ...]:
    markers, top = markets_in(state, seat)
    need_markers, need_top = _by_space(_MARKET_NEEDS, space)
    return (Progress("markers", markers, need_markers), Progress("position", top, need_top))


_EXCHANGE_NEEDS = {10: 1, 20: 2, 35: 3, 50: None, 70: 4}  # 50: one green, one red, one blue


def _exchange_requirement(state: GameState, seat: int, space: int) -> tuple[Progress, ...]:
    need = _by_space(_EXCHANGE_NEEDS, space)
    if need is not None:
        return (Progress("exchange", exchange_cards(state, seat), need),)
    return tuple(
        Progress(f"exchange_{color}", exchange_cards(state, seat, color), 1)
        for color in (GREEN, RED, BLUE)
    )


# ----------------------------------------------------------------------------- bonuses


def _bonus_aristocrat(state: GameState, seat: int, final: bool) -> Bonus:
    return Bonus(points=count_color(state, seat, RED))


def _bonus_buildings(state: GameState, seat: int, final: bool) -> Bonus:
    return Bonus(rubles=count_color(state, seat, BLUE))


def _bonus_market(state: GameState, seat: int, final: bool) -> Bonus:
    """k markers in the market: k + 1 answers, j of them as points and the rest as rubles."""
    markers, _top = markets_in(state, seat)
    if not markers:
        return NOTHING
    return Bonus(
        choices=tuple(Choice(markers - j, j, (("points", j),)) for j in range(markers + 1))
    )


def _bonus_exchange(state: GameState, seat: int, final: bool) -> Bonus:
    count = exchange_cards(state, seat)
    return Bonus(rubles=count, points=count)


def _bonus_card(state: GameState, seat: int, final: bool) -> Bonus:
    """The ruble value of one of his cards, or the point value of one (any card worth more than
    nothing of that kind is an answer)."""
    choices = []
    for card, rubles, points in card_values(state, seat, final):
        if rubles > 0:
            choices.append(Choice(rubles, 0, (("card", card), ("gain", "rubles"))))
        if points > 0:
            choices.append(Choice(0, points, (("card", card), ("gain", "points"))))
    return Bonus(choices=tuple(choices)) if choices else NOTHING


def _real_market(state: GameState, seat: int, final: bool) -> Bonus:
    markers, top = markets_in(state, seat)
    return Bonus(rubles=top, points=markers)


def _real_buildings(state: GameState, seat: int, final: bool) -> Bonus:
    best = _best(card_values(state, seat, final), _of_color(state, seat, BLUE), "points")
    return Bonus(rubles=count_color(state, seat, BLUE), points=best)


def _real_aristocrats(state: GameState, seat: int, final: bool) -> Bonus:
    best = _best(card_values(state, seat, final), _of_color(state, seat, RED), "rubles")
    return Bonus(rubles=best, points=count_color(state, seat, RED))


def _real_exchange(state: GameState, seat: int, final: bool) -> Bonus:
    return Bonus(points=2 * exchange_cards(state, seat))


OBSTACLES: dict[str, Obstacle] = {
    obstacle.id: obstacle
    for obstacle in (
        Obstacle("bonus_aristocrat", _bonus_aristocrat),
        Obstacle("bonus_buildings", _bonus_buildings),
        Obstacle("bonus_market", _bonus_market),
        Obstacle("bonus_exchange", _bonus_exchange),
        Obstacle("bonus_card", _bonus_card),
        Obstacle(
            "real_workers",
            lambda state, seat, final: NOTHING,
            _counted("different_green", _different_green, {10: 3, 20: 4, 35: 5, 50: 5, 70: 6}),
        ),
        Obstacle("real_market", _real_market, _market_requirement),
        Obstacle(
            "real_buildings",
            _real_buildings,
            _counted(
                "blue",
                lambda state, seat: count_color(state, seat, BLUE),
                {10: 1, 20: 2, 35: 3, 50: 4, 70: 5},
            ),
        ),
        Obstacle(
            "real_aristocrats",
            _real_aristocrats,
            _counted(
                "red",
                lambda state, seat: count_color(state, seat, RED),
                {10: 1, 20: 2, 35: 3, 50: 4, 70: 5},
            ),
        ),
        Obstacle("real_exchange", _real_exchange, _exchange_requirement),
    )
}
BONUS_OBSTACLES: tuple[str, ...] = tuple(k for k, o in OBSTACLES.items() if not o.real)
REAL_OBSTACLES: tuple[str, ...] = tuple(k for k, o in OBSTACLES.items() if o.real)


# progress's answers by (obstacle, space, area, '?' tiles, catalogue): a requirement reads only
# the seat's area and, for the market, the '?' tiles in use. The engine asks after every step
# whether a seat held on a real obstacle meets it now, mostly for an area that has not changed;
# only the answer's speed depends on this memo (emptied when it grows large).
_PROGRESS: dict[tuple[str, int, tuple[str, ...], Any, int], tuple[Progress, ...]] = {}
_PROGRESS_SIZE = 4096


def progress(state: GameState, seat: int, obstacle: Obstacle, space: int) -> tuple[Progress, ...]:
    """What the real obstacle on `space` asks of the seat, and what he has (none: a bonus
    obstacle)."""
    if obstacle.requirement is None:
        return ()
    market: Any = state.records.get("market")
    tiles = market.get("jokers") if market is not None else None
    key = (obstacle.id, space, state.players[seat].area, tiles, id(state.rules.catalogue))
    found = _PROGRESS.get(key)
    if found is None:
        if len(_PROGRESS) >= _PROGRESS_SIZE:
            _PROGRESS.clear()
        found = _PROGRESS[key] = obstacle.requirement(state, seat, space)
    return found


def requirement_met(state: GameState, seat: int, obstacle: Obstacle, space: int) -> bool:
    """Whether the seat's area meets the real obstacle's requirement on `space` now (a bonus
    obstacle asks nothing)."""
    return all(item.met for item in progress(state, seat, obstacle, space))
