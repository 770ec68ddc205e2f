"""The greedy bot's judgement of Module 6's obstacles (bots.register_bot_worth).

A bonus choice is worth the points it ends up crediting (walked on a copy: points a real
obstacle would stop count nothing) plus its rubles at the bot's ruble value. A card is worth
more when it brings the bot nearer to the requirement of a real obstacle it has not passed: the
obstacle's stake (its bonus, and the points the bot would lose on its space - every gain from
now on when it sits there, guessed from what its area scores a round and the rounds still to
play) in the share of what was missing that the card makes up. A card whose loss takes the bot
farther away is worth as much less.

Why the guess grows with the area: a seat held early loses far more than a few points a round
(a greedy seat in 2-player games with Modules 3-6 gains 4, 12, 14, 13, 19, 27, 37, 50 points in
rounds one to eight, all of it lost while held; three-quarters of the points lost are lost on
the Real exchange, whose trading cards come out only where the board has room). Valuing the
way out at a flat 4 points a round, greedy let better buys pass and stayed held for most of the
game; with this guess it wins 58 % of 2-player and 38 % of 4-player games against the flat
guess, where parity is 50 and 25 % (bench/obstacle_guess.py, docs/benchmarks.md).
"""

from __future__ import annotations

from ..bots import register_bot_worth, rounds_left, ruble_value
from ..cards import Card
from ..moves import Move
from ..state import GameState
from .obstacle_tiles import progress
from .obstacle_track import OPTION, Placed, ahead
from .obstacle_walk import BONUS, SOURCE, walk

# What a seat sitting on a real obstacle is guessed to lose in each round still to play: at
# least LOST_PER_ROUND, else what its area scores a round now, and GROWTH more each round after.
LOST_PER_ROUND = 8.0
GROWTH = 10.0


def _bonus_worth(state: GameState, seat: int, move: Move) -> float:
    """What choosing this answer brings, walked on a copy."""
    decision = state.decisions[0]
    for choice in decision.data["choices"]:
        answer = dict(choice["answer"])
        same = (
            move.get("points") == answer.get("points")
            and move.get("card") == answer.get("card")
            and move.get("gain") == answer.get("gain")
        )
        if same:
            rubles, points = int(choice["rubles"]), int(choice["points"])
            after, _ = walk(state, seat, SOURCE, rubles, points, [], True, {})
            gained = after.players[seat].points - state.players[seat].points
            return gained + rubles * ruble_value(state)
    return 0.0


def _shortfall(state: GameState, seat: int, placed: Placed) -> int:
    """How far the seat's area is from the real obstacle's requirement (0: met)."""
    return sum(
        max(0, item.need - item.have)
        for item in progress(state, seat, placed.obstacle, placed.space)
    )


def _stake(state: GameState, seat: int, placed: Placed) -> float:
    """What meeting the real obstacle is worth to the seat: its bonus, and the points he would
    lose on its space - his gains from now on (`future_gains`) less the points still between
    him and the space, which he keeps."""
    bonus = placed.obstacle.bonus(state, seat, False)
    stake = bonus.points + bonus.rubles * ruble_value(state)
    distance = placed.space - state.players[seat].points
    return stake + max(0.0, future_gains(state, seat) - distance)


def future_gains(state: GameState, seat: int) -> float:
    """The points the seat is guessed to gain in this round and the rounds still to play: in
    each, what the cards in his area score a round (at least LOST_PER_ROUND), GROWTH more in
    each later round."""
    cards_of = state.rules.cards
    per_round = max(LOST_PER_ROUND, sum(cards_of[c].points for c in state.players[seat].area))
    rounds = rounds_left(state) + 1
    return rounds * per_round + GROWTH * rounds * (rounds - 1) / 2


def _card_worth(
    state: GameState, seat: int, instance: str, card: Card, displaced: Card | None
) -> float:
    """The requirements of the real obstacles ahead that placing the card brings nearer (or
    farther): each obstacle's stake in the share of what was missing that the card makes up."""
    position = _position(state, seat)
    obstacles = position.obstacles
    if not obstacles:
        return 0.0
    player = state.players[seat]
    cards_of = state.rules.cards
    gone = next(
        (c for c in player.area if displaced is not None and cards_of[c] is displaced), None
    )
    area = (*(c for c in player.area if c != gone), instance)
    placed = state.with_player(seat, player.evolve(area=area))
    worth = 0.0
    for index, obstacle in enumerate(obstacles):
        before = position.shortfall(index)
        after = _shortfall(placed, seat, obstacle)
        if before != after:
            worth += position.stake(index) * (before - after) / max(before, after)
    return worth


class _Position:
    """One seat's real obstacles ahead in one state, with each one's shortfall and stake as
    they are: the greedy bot values every card it might place against the same position, and
    only the shortfall after the placement differs from card to card."""

    __slots__ = ("_shortfalls", "_stakes", "obstacles", "seat", "state")

    def __init__(self, state: GameState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.obstacles = [p for p in ahead(state, seat) if p.obstacle.real]
        self._shortfalls: dict[int, int] = {}
        self._stakes: dict[int, float] = {}

    def shortfall(self, index: int) -> int:
        """`_shortfall` of the `index`-th obstacle, memoised."""
        found = self._shortfalls.get(index)
        if found is None:
            found = _shortfall(self.state, self.seat, self.obstacles[index])
            self._shortfalls[index] = found
        return found

    def stake(self, index: int) -> float:
        """`_stake` of the `index`-th obstacle, memoised."""
        found = self._stakes.get(index)
        if found is None:
            found = self._stakes[index] = _stake(self.state, self.seat, self.obstacles[index])
        return found


# The last position the bot valued cards in. The state is immutable and held here, so `is`
# identifies it; only the speed of the answer depends on this.
_LAST: _Position | None = None


def _position(state: GameState, seat: int) -> _Position:
    """The `_Position` of (state, seat), the last one again if it is the same."""
    global _LAST
    last = _LAST
    if last is None or last.state is not state or last.seat != seat:
        last = _LAST = _Position(state, seat)
    return last


register_bot_worth(OPTION, _card_worth, {BONUS: _bonus_worth})
