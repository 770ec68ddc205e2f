"""The Guild Hall (../shared/expansions.md §2.1 "Guild Hall", 2.6; yucata "Hints for handling").

At building scoring its owner receives 4, split into rubles and points as he set it in advance:
the free move `guild_hall_plan {points: 0..4}` on his turn in the building action phase (it does
not end the turn). The split is a standing answer, kept until he changes it (`plans`
"guild_hall", never cleared); before his first choice it is 4 points and 0 rubles. A timeout
therefore never has to ask: the default is the split already set.

The greedy bot sets a split by what its rubles would buy: points are points, rubles are worth
the bot's ruble value and, besides, whatever more the board's best card they would make
affordable brings (`_split_worth`, registered with `register_bot_worth`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..abilities import Ability, register_ability
from ..bots import card_value, register_bot_worth, ruble_value
from ..engine import legal_moves
from ..errors import IllegalMove
from ..moves import Move, MoveKind, register_move_kind
from ..prices import seat_prices
from ..state import GameState

Events = list[dict[str, Any]]
PLAN = "guild_hall"  # the plan's key in PlayerState.plans
PHASE = "building"
TOTAL = 4  # split between rubles and points
DEFAULT_POINTS = 4


def split_points(state: GameState, seat: int) -> int:
    """Points the seat's Guild Hall pays at the next building scoring (the rest in rubles)."""
    value: int | None = state.players[seat].plans.get(PLAN)
    return DEFAULT_POINTS if value is None else value


def _scoring(state: GameState, seat: int, phase: str) -> tuple[int, int]:
    if phase != PHASE:
        return 0, 0
    points = split_points(state, seat)
    return TOTAL - points, points


def _offers(state: GameState, seat: int, instance: str) -> Iterable[Move]:
    """In the building phase: every split (a free move)."""
    return SPLITS if state.phase == PHASE else ()


SPLITS = tuple(Move("guild_hall_plan", points=k) for k in range(TOTAL + 1))
GUILD_HALL = register_ability(Ability("guild_hall", scoring=_scoring, actions=_offers))


def set_split(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.phase != PHASE:
        raise IllegalMove(
            "not_now",
            "The Guild Hall's split is set during the building phase.",
            reason="guild_hall_phase",
        )
    player = state.players[seat]
    cards_of = state.rules.cards
    if not any(cards_of[c].ability is GUILD_HALL for c in player.area):
        raise IllegalMove("no_such_card", "You have no Guild Hall.", reason="no_guild_hall")
    points: int = move.points  # type: ignore[assignment]
    if points > TOTAL:
        raise IllegalMove(
            "too_many_points",
            f"The Guild Hall pays {TOTAL} in all.",
            reason="guild_hall",
            limit=TOTAL,
        )
    events.append(
        {"kind": "guild_hall_plan", "seat": seat, "points": points, "rubles": TOTAL - points}
    )
    return state.with_player(seat, player.evolve(plans=player.plans.set(PLAN, points)))


register_move_kind(MoveKind("guild_hall_plan", ("points",), (), set_split, free=True))


# ---------------------------------------------------------------- the greedy bot's split

# The rubles arrive after the building scoring, and another player may buy the card first: the
# card they would make affordable counts for this share of what it brings.
AFFORDABLE_SHARE = 0.5


# The last (state, seat) whose best buys the greedy bot weighed, and those found by `extra`:
# every split of the position asks the same few. The state is immutable and held here, so `is`
# identifies it; only the answer's speed depends on this.
_LAST_BUYS: tuple[GameState | None, int, dict[int, float]] = (None, -1, {})


def _best_buy(state: GameState, seat: int, extra: int) -> float:
    """The bot's best gain (points, rubles converted) from buying or playing a card now, were
    it `extra` rubles richer; 0 if nothing is worth it (remembered for the last position)."""
    global _LAST_BUYS
    cached, cached_seat, found = _LAST_BUYS
    if cached is not state or cached_seat != seat:
        found = {}
        _LAST_BUYS = (state, seat, found)
    best = found.get(extra)
    if best is None:
        best = found[extra] = _new_best_buy(state, seat, extra)
    return best


def _new_best_buy(state: GameState, seat: int, extra: int) -> float:
    cards_of = state.rules.cards
    player = state.players[seat]
    richer = state.with_player(seat, player.evolve(money=player.money + extra))
    profile = seat_prices(state, seat)
    worth = ruble_value(state)
    best = 0.0
    for move in legal_moves(richer, seat):
        if move.kind not in ("buy", "play") or move.card is None:
            continue
        card = cards_of[move.card]
        displaced = cards_of[move.displace] if move.displace else None
        lower = move.kind == "buy" and move.card in state.lower
        price = profile.price(card, lower, displaced)
        best = max(best, card_value(state, seat, move.card, card, displaced) - price * worth)
    return best


def _split_worth(state: GameState, seat: int, move: Move) -> float:
    """The split's worth over the one set now (a change of nothing is worth a little less
    than nothing): its points, its rubles at the ruble value, and the share of the better
    card on the board those rubles would make affordable."""
    worth = ruble_value(state)
    affordable_now = _best_buy(state, seat, 0)

    def split(points: int) -> float:
        rubles = TOTAL - points
        better = _best_buy(state, seat, rubles) - affordable_now if rubles else 0.0
        return points + rubles * worth + AFFORDABLE_SHARE * better

    points: int = move.points  # type: ignore[assignment]
    return split(points) - split(split_points(state, seat)) - 0.01


register_bot_worth("new_society", moves={"guild_hall_plan": _split_worth})
