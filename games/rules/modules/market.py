"""The Market (New Saint Petersburg, 2nd edition; ../shared/expansions.md §2.7, §3.6, §4, A.3-A.4).

A fifth card type (yellow market cards, their own pile) and a market phase between the workers and
the buildings, with its own start marker (the sack) and ordinary actions; the board holds ten
cards. A player's position on a good is the number of that good's symbols on the cards in his
area (a '?' counts for the good whose tile covers it): it is derived, never stored, so it always
equals the cards. The market scoring, in this order: the yellow cards pay their rubles (the
scorer `cards`), each orange card costs upkeep or is given up (follow-up and decision `upkeep`,
one decision per card, seats from the sack's holder), then the majorities are scored good by
good with the value tile of the round (the phase's closing step).

Pieces: the option `market` (`register_expansion`), the cards in data/market.toml, the ability
`market_crate` (the orange cards), the decisions `upkeep` and `joker` ('?' tile), the move kinds
`upkeep`, `upkeep_plan` and `joker`, the placement hook `market`, the closing step `market`,
and the view's part `market` and the ∑ table's additions (majorities and upkeep).
The state keeps the '?' tiles in `records["market"]["jokers"]` (card -> good).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..abilities import Ability, register_ability
from ..bots import register_bot_worth, ruble_value, scorings_left
from ..cards import Card
from ..decisions import Decision, DecisionKind, register_decision
from ..errors import IllegalMove
from ..ledger import gain, passes_freely, post
from ..marks import Mark
from ..moves import Move, MoveKind, bool_field, choice_field, register_field, register_move_kind
from ..records import EMPTY, Record
from ..ruleset import (
    Expansion,
    Phase,
    register_expansion,
    register_follow_up,
    register_on_place,
    register_phase_close,
)
from ..state import GameState, PlayerState
from ..visibility import SummaryAddition, register_summary_part, register_view_part

Events = list[dict[str, Any]]

OPTION = "market"
PHASE = "market"  # the phase, its pile, its start marker (the sack) and its colour
GOODS: tuple[str, ...] = ("grain", "chicken", "apple", "cabbage", "fish")
# The order in which the goods are scored (a logged yucata game; it only matters for Module 6).
SCORING_ORDER: tuple[str, ...] = ("apple", "grain", "fish", "cabbage", "chicken")
JOKER = "joker"  # the '?' symbol: any good, chosen when the card is placed
# Value tiles (first place and upkeep, second place), one per round; from round 6 the last one
# stays. Tiles 5 and 6 are a decision (expansions.md 4.1, confirmed by a logged game).
VALUE_TILES: tuple[tuple[int, int], ...] = ((1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3))
BOARD_SIZE = 10
UPKEEP = "upkeep"  # follow-up, decision kind, move kind and plan kind
CHOOSE_GOOD = "joker"  # decision kind and move kind: the good a '?' tile stands for

CRATE = register_ability(Ability("market_crate"))


def value_tile(round_: int) -> tuple[int, int]:
    """(first, second) of the value tile in force in this round."""
    return VALUE_TILES[min(max(round_, 1), len(VALUE_TILES)) - 1]


def jokers(state: GameState) -> Record:
    """The '?' tiles in use: card instance -> good."""
    mine: Record = state.records.get(OPTION, EMPTY)
    found: Record = mine.get("jokers", EMPTY)
    return found


def _with_jokers(state: GameState, tiles: Record) -> GameState:
    mine: Record = state.records.get(OPTION, EMPTY)
    return state.evolve(records=state.records.set(OPTION, mine.set("jokers", tiles)))


def free_goods(state: GameState) -> tuple[str, ...]:
    """The goods whose '?' tile is still in the supply (one tile per good)."""
    taken = set(jokers(state).values())
    return tuple(good for good in GOODS if good not in taken)


def symbols_of(state: GameState, instance: str) -> tuple[str, ...]:
    """The goods a card in an area counts for (its '?' as its tile's good; none without one)."""
    printed = state.rules.catalogue.goods.get(instance, ())
    if JOKER not in printed:
        return printed
    tile: str | None = jokers(state).get(instance)
    return tuple(good for good in printed if good != JOKER) + ((tile,) if tile else ())


def positions(state: GameState, seat: int) -> dict[str, int]:
    """The seat's position on each good: the symbols of that good in his area."""
    goods_of = state.rules.catalogue.goods
    tiles = jokers(state)
    counts = dict.fromkeys(GOODS, 0)
    for instance in state.players[seat].area:
        for good in goods_of.get(instance, ()):
            if good == JOKER:
                tile: str | None = tiles.get(instance)
                if tile is None:
                    continue
                good = tile
            counts[good] += 1
    return counts


# The last state whose positions were counted, and its table: the view, the ∑ table and the
# greedy bot (once per candidate move) ask for the same state's table many times. The state is
# immutable and held here, so `is` identifies it; only the answer's speed depends on the cache.
_LAST_TABLE: tuple[GameState | None, tuple[dict[str, int], ...]] = (None, ())


def positions_table(state: GameState) -> tuple[dict[str, int], ...]:
    """Every seat's positions (`positions`), seat by seat. Read it, never change it."""
    global _LAST_TABLE
    cached, table = _LAST_TABLE
    if cached is not state:
        table = tuple(positions(state, seat) for seat in range(state.n))
        _LAST_TABLE = (state, table)
    return table


# The orange cards by area: legal_moves asks on every turn of the market phase, and an area
# changes far less often (instance names are the same types in every catalogue, prices.py).
_CRATES: dict[tuple[str, ...], tuple[str, ...]] = {}
_CRATES_SIZE = 4096


def crates(state: GameState, seat: int) -> tuple[str, ...]:
    """The orange cards in the seat's area, in area order."""
    area = state.players[seat].area
    found = _CRATES.get(area)
    if found is None:
        cards_of = state.rules.cards
        found = tuple(c for c in area if cards_of[c].ability is CRATE)
        if len(_CRATES) >= _CRATES_SIZE:
            _CRATES.clear()
        _CRATES[area] = found
    return found


# ----------------------------------------------------------------------------- '?' tiles


def _on_place(
    state: GameState, seat: int, card: str, displaced: str | None, events: Events
) -> GameState:
    """A displaced card's tile goes back to the supply; a placed '?' card asks for a good."""
    if displaced is not None:
        tiles = jokers(state)
        if displaced in tiles:
            good = tiles[displaced]
            events.append({"kind": "joker_returned", "seat": seat, "card": displaced, "good": good})
            state = _with_jokers(state, tiles.drop(displaced))
    if JOKER in state.rules.catalogue.goods.get(card, ()) and free_goods(state):
        decision = Decision(CHOOSE_GOOD, seat, Record({"card": card}))
        state = state.evolve(decisions=(decision, *state.decisions))
    return state


def _good_moves(state: GameState, decision: Decision) -> list[Move]:
    return [Move(CHOOSE_GOOD, extra=(("good", good),)) for good in free_goods(state)]


def _choose_good(
    state: GameState, decision: Decision, move: Move, events: Events, planned: bool
) -> GameState:
    good = move.get("good")
    if good not in free_goods(state):
        raise IllegalMove("good_taken")
    card: str = decision.data["card"]
    events.append(
        {"kind": "joker", "seat": decision.seat, "card": card, "good": good, "automatic": planned}
    )
    return _with_jokers(state, jokers(state).set(card, good))


def _only_good(state: GameState, decision: Decision) -> Move | None:
    free = free_goods(state)
    return Move(CHOOSE_GOOD, extra=(("good", free[0]),)) if len(free) == 1 else None


# ----------------------------------------------------------------------------- upkeep


def _upkeep_decision(state: GameState, seat: int, cards: tuple[str, ...]) -> Decision:
    return Decision(
        UPKEEP,
        seat,
        Record({"card": cards[0], "price": value_tile(state.round)[0], "rest": list(cards[1:])}),
    )


def _ask_upkeep(state: GameState, seat: int) -> Decision | None:
    """After the yellow cards paid: the seat's first orange card, if he has one."""
    owned = crates(state, seat)
    return _upkeep_decision(state, seat, owned) if owned else None


def _can_pay(state: GameState, decision: Decision) -> bool:
    return bool(state.players[decision.seat].money >= decision.data["price"])


def _keep(keep: bool) -> Move:
    return Move(UPKEEP, extra=(("keep", keep),))


def _upkeep_moves(state: GameState, decision: Decision) -> list[Move]:
    return [_keep(True), _keep(False)] if _can_pay(state, decision) else [_keep(False)]


def _pay_upkeep(
    state: GameState, decision: Decision, move: Move, events: Events, planned: bool
) -> GameState:
    """Pay for the card or give it up (to the discard pile, its symbols leave at once); then the
    seat's next orange card, or - after his last one - his plan is used up."""
    seat, card, price = decision.seat, decision.data["card"], decision.data["price"]
    keep = bool(move.get("keep"))
    player = state.players[seat]
    if card not in player.area:
        raise IllegalMove("no_such_card", "That card is not in your area.", reason="not_in_area")
    if keep and not _can_pay(state, decision):
        raise IllegalMove(
            "cannot_afford",
            f"The upkeep costs {price} rubles; you have {player.money}.",
            reason="upkeep",
            price=price,
            money=player.money,
        )
    event = {
        "kind": "upkeep",
        "seat": seat,
        "card": card,
        "price": price,
        "kept": keep,
        "automatic": planned,
    }
    if keep:
        player, entry = post(player, seat, "upkeep", -price)
        events += [event, entry]
        changes: dict[str, Any] = {}
    else:
        marks: tuple[Mark, ...] = tuple(m for m in player.marks if m.card != card)
        player = player.evolve(area=tuple(c for c in player.area if c != card), marks=marks)
        events.append(event)
        changes = {"discard": (*state.discard, card)}
    rest = tuple(decision.data["rest"])
    if not rest:
        player = player.evolve(plans=player.plans.drop(UPKEEP))
    state = state.with_player(seat, player, **changes)
    if rest:
        state = state.evolve(decisions=(_upkeep_decision(state, seat, rest), *state.decisions))
    return state


def _forced_upkeep(state: GameState, decision: Decision) -> Move | None:
    """A seat that cannot pay gives the card up without being asked (expansions.md 4.38)."""
    return None if _can_pay(state, decision) else _keep(False)


def _planned_upkeep(state: GameState, decision: Decision, value: Any) -> Move:
    """The standing answer: keep every card he can pay for, or give them all up."""
    return _keep(bool(value) and _can_pay(state, decision))


def _plan_moves(state: GameState, seat: int) -> list[Move]:
    """During the market phase's actions an owner of an orange card may answer in advance."""
    if state.phase != PHASE or not crates(state, seat):
        return []
    return list(_UPKEEP_PLANS)


# Keep, give up, clear (shared: moves are immutable values).
_UPKEEP_PLANS: tuple[Move, ...] = (
    Move("upkeep_plan", extra=(("keep", True),)),
    Move("upkeep_plan", extra=(("keep", False),)),
    Move("upkeep_plan"),
)


def make_plan(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    """`upkeep_plan {keep: true|false}` sets the standing answer; without `keep` it clears it."""
    if state.phase != PHASE:
        raise IllegalMove(
            "not_now",
            "An upkeep plan is made during the market phase.",
            reason="upkeep_plan_phase",
        )
    if not crates(state, seat):
        raise IllegalMove("no_orange_card")
    keep = move.get("keep")
    events.append({"kind": "upkeep_plan", "seat": seat, "keep": keep})
    player = state.players[seat]
    plans = player.plans.drop(UPKEEP) if keep is None else player.plans.set(UPKEEP, bool(keep))
    return state.with_player(seat, player.evolve(plans=plans))


# ----------------------------------------------------------------------------- majorities


def places(held: dict[int, int], order: list[int]) -> tuple[list[int], list[int]]:
    """First and second places among positions (each at least 1), seats listed in `order`."""
    if not held:
        return [], []
    top = max(held.values())
    first = [seat for seat in order if held.get(seat) == top]
    if len(first) > 1:
        return first, []
    lower = [n for n in held.values() if n < top]
    if not lower:
        return first, []
    runner_up = max(lower)
    return first, [seat for seat in order if held.get(seat) == runner_up]


def _order(state: GameState) -> list[int]:
    """The seats from the holder of the sack (the market marker) clockwise."""
    start = state.markers[state.rules.phase(PHASE).marker_index]
    return [(start + i) % state.n for i in range(state.n)]


def _held(table: tuple[dict[str, int], ...], good: str, order: list[int]) -> dict[int, int]:
    """The positions on `good` that take part in its majority (at least 1 symbol)."""
    return {seat: table[seat][good] for seat in order if table[seat][good] >= 1}


def score_majorities(state: GameState, phase: Phase, events: Events) -> GameState:
    """After the upkeep: each good in scoring order, first and second places with the round's
    value tile; within a good the seats go from the sack's holder clockwise."""
    first_value, second_value = value_tile(state.round)
    order = _order(state)
    table = positions_table(state)
    placings = [(good, *places(_held(table, good, order), order)) for good in SCORING_ORDER]
    if state.rules.points_gate is not None:
        won = [0] * state.n
        for _good, first, second in placings:
            for seat in first:
                won[seat] += first_value
            for seat in second:
                won[seat] += second_value
        if not all(passes_freely(state, seat, won[seat]) for seat in range(state.n)):
            return _majorities_in_turn(state, order, table, events)
    players = list(state.players)
    won = [0] * state.n
    for good, first, second in placings:
        events.append(_market_score(state, good, first, second, table))
        for seats, points in ((first, first_value), (second, second_value)):
            for seat in seats:
                if points:
                    players[seat], entry = post(players[seat], seat, f"market:{good}", 0, points)
                    events.append(entry)
                    won[seat] += points
    for seat, points in enumerate(won):
        if points:
            players[seat] = _add_market_points(players[seat], points)
    return state.evolve(players=tuple(players))


def _market_score(
    state: GameState,
    good: str,
    first: list[int],
    second: list[int],
    table: tuple[dict[str, int], ...],
) -> dict[str, Any]:
    return {
        "kind": "market_score",
        "good": good,
        "value": list(value_tile(state.round)),
        "first": first,
        "second": second,
        "positions": [row[good] for row in table],
    }


def _majorities_in_turn(
    state: GameState, order: list[int], table: tuple[dict[str, int], ...], events: Events
) -> GameState:
    """`score_majorities` through a points gate (Module 6): each good's points walk the score
    track on their own, seat after seat in the order of the places (decision 4.34); the
    questions the walks ask wait in that order. The positions are the ones before any walk."""
    first_value, second_value = value_tile(state.round)
    waiting = state.decisions
    asked: list[Decision] = []
    if waiting:
        state = state.evolve(decisions=())
    for good in SCORING_ORDER:
        first, second = places(_held(table, good, order), order)
        events.append(_market_score(state, good, first, second, table))
        for seats, points in ((first, first_value), (second, second_value)):
            for seat in seats:
                if points:
                    state, credited = gain(state, seat, f"market:{good}", 0, points, events)
                    if credited:
                        player = state.players[seat]
                        state = state.with_player(seat, _add_market_points(player, credited))
                    if state.decisions:
                        asked += state.decisions
                        state = state.evolve(decisions=())
    return state.evolve(decisions=(*asked, *waiting)) if asked or waiting else state


def _add_market_points(player: PlayerState, points: int) -> PlayerState:
    """Keep the seat's majority points so far (`records["market"]["points"]`), for the table's
    end-of-game breakdown: the state keeps only the total of all points."""
    mine: Record = player.records.get(OPTION, EMPTY)
    mine = mine.set("points", int(mine.get("points", 0)) + points)
    return player.evolve(records=player.records.set(OPTION, mine))


def market_points(player: PlayerState) -> int:
    """Points the seat has scored with majorities so far."""
    mine: Record = player.records.get(OPTION, EMPTY)
    return int(mine.get("points", 0))


def projected_points(state: GameState) -> list[int]:
    """Per seat, the majority points a market scoring now would give with the value tile in
    force, every orange card kept (yucata's ∑ table assumes every upkeep is paid)."""
    first_value, second_value = value_tile(state.round)
    order = _order(state)
    table = positions_table(state)
    points = [0] * state.n
    for good in GOODS:
        first, second = places(_held(table, good, order), order)
        for seat in first:
            points[seat] += first_value
        for seat in second:
            points[seat] += second_value
    return points


def view(state: GameState) -> dict[str, Any] | None:
    """The Market's public part of the view (None without the Market): the value tile in force
    and the next one, every seat's positions, the places as they stand now (from the sack's
    holder), the '?' tiles in use and those still in the supply."""
    if PHASE not in state.rules.phase_index:
        return None
    table = positions_table(state)
    order = _order(state)
    standings = {}
    for good in GOODS:
        first, second = places(_held(table, good, order), order)
        standings[good] = {"first": first, "second": second}
    return {
        "goods": list(GOODS),
        "value": list(value_tile(state.round)),
        "next_value": list(value_tile(state.round + 1)),
        "positions": [dict(row) for row in table],  # copies: the table is shared
        "places": standings,
        "jokers": jokers(state).to_json(),
        "free_goods": list(free_goods(state)),
        "points": [market_points(player) for player in state.players],
    }


def summary(state: GameState) -> list[SummaryAddition] | None:
    """What the Market adds to each seat's ∑ table (None without the Market): to the market
    column the majority points at the value tile in force, and the upkeep of his orange cards
    at that tile's first number, both as if every orange card were kept (yucata). The yellow
    cards' rubles are the column's printed income already."""
    if PHASE not in state.rules.phase_index:
        return None
    price = value_tile(state.round)[0]
    return [
        SummaryAddition(PHASE, points=points, upkeep=price * len(crates(state, seat)))
        for seat, points in enumerate(projected_points(state))
    ]


# ----------------------------------------------------------------------------- the greedy bot


def _place_points(held: dict[int, int], seat: int, tile: tuple[int, int], n: int) -> int:
    """What `seat` scores on one good with these positions (each at least 1) and tile."""
    order = list(range(n))
    first, second = places({s: v for s, v in held.items() if v >= 1}, order)
    return tile[0] if seat in first else tile[1] if seat in second else 0


def _tiles_ahead(state: GameState, scorings: int) -> list[tuple[int, int]]:
    """The value tiles of the market scorings still to come (this round's if it is ahead)."""
    ahead = state.rules.phase_index[state.phase] <= state.rules.phase_index[PHASE]
    start = state.round if ahead and state.step == "actions" else state.round + 1
    return [value_tile(start + k) for k in range(scorings)]


def majority_gain(
    state: GameState, seat: int, change: dict[str, int], tiles: list[tuple[int, int]]
) -> int:
    """Majority points the seat gains at these tiles if its positions change by `change`,
    the others' positions staying as they are."""
    table = positions_table(state)
    ahead = tuple(tiles)
    gain = 0
    for good, delta in change.items():
        if not delta:
            continue
        gain += _good_gain(tuple(row[good] for row in table), seat, delta, ahead)
    return gain


@lru_cache(maxsize=4096)
def _good_gain(
    positions: tuple[int, ...], seat: int, delta: int, tiles: tuple[tuple[int, int], ...]
) -> int:
    """`majority_gain` on one good, from every seat's position on it (seat by seat): a pure
    function of a few small numbers, memoised, since the greedy bot asks it for each card it
    values and the positions change seldom."""
    before = dict(enumerate(positions))
    after = {**before, seat: before[seat] + delta}
    n = len(positions)
    gain = 0
    for tile in tiles:
        gain += _place_points(after, seat, tile, n)
        gain -= _place_points(before, seat, tile, n)
    return gain


def _symbols_change(state: GameState, card: str, displaced: str | None) -> dict[str, int]:
    change = dict.fromkeys(GOODS, 0)
    for good in state.rules.catalogue.goods.get(card, ()):
        if good != JOKER:
            change[good] += 1
    for good in symbols_of(state, displaced) if displaced else ():
        change[good] -= 1
    return change


def _card_worth(
    state: GameState, seat: int, instance: str, card: Card, displaced: Card | None
) -> float:
    """The majorities a placed card brings (its '?' on the best free good), minus the upkeep
    an orange card will cost, rubles converted as the greedy bot converts them."""
    goods_of = state.rules.catalogue.goods
    if instance not in goods_of and (displaced is None or not displaced.market):
        return 0.0
    tiles = _tiles_ahead(state, scorings_left(state, PHASE))
    if not tiles:
        return 0.0
    # The bot's worth sees the displaced card's type only: its first copy in the area stands
    # for it (copies of one type may carry different market symbols - a rough guess).
    gone = next(
        (
            c
            for c in state.players[seat].area
            if displaced is not None and state.rules.cards[c] is displaced
        ),
        None,
    )
    change = _symbols_change(state, instance, gone)
    worth = float(majority_gain(state, seat, change, tiles))
    if JOKER in goods_of.get(instance, ()) and free_goods(state):
        worth += max(majority_gain(state, seat, {g: 1}, tiles) for g in free_goods(state))
    if card.ability is CRATE:
        worth -= sum(first for first, _second in tiles) * ruble_value(state)
    return worth


def _upkeep_worth(state: GameState, seat: int, move: Move) -> float:
    """Keep an orange card when its symbols win more at this scoring than the upkeep costs."""
    if not move.get("keep"):
        return 0.0
    decision = state.decisions[0]
    card: str = decision.data["card"]
    tile = value_tile(state.round)
    lost = {good: -n for good, n in _count(symbols_of(state, card)).items()}
    kept = -majority_gain(state, seat, lost, [tile])
    price: int = decision.data["price"]
    return kept - price * ruble_value(state)


def _good_worth(state: GameState, seat: int, move: Move) -> float:
    tiles = _tiles_ahead(state, scorings_left(state, PHASE))
    return float(majority_gain(state, seat, {str(move.get("good")): 1}, tiles))


def _count(goods: tuple[str, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    return counts


# ----------------------------------------------------------------------------- the option


def _configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    """The market phase after the workers, its pile and marker (the sack), a board of ten."""
    after = [p.name for p in draft["phases"]].index("worker") + 1
    draft["phases"].insert(
        after, Phase(PHASE, PHASE, PHASE, PHASE, "cards", (UPKEEP,), closer=OPTION)
    )
    draft["piles"].insert(draft["piles"].index("worker") + 1, PHASE)
    draft["markers"].insert(draft["markers"].index("worker") + 1, PHASE)
    draft["board_size"] = BOARD_SIZE
    draft["on_place"].append(OPTION)


register_field(choice_field("good", GOODS, "good must be grain, chicken, apple, cabbage or fish"))
register_field(bool_field("keep"))
register_on_place(OPTION, _on_place)
register_phase_close(OPTION, score_majorities)
register_view_part(OPTION, view)
register_summary_part(OPTION, summary)
register_follow_up(UPKEEP, _ask_upkeep)
register_decision(
    DecisionKind(
        UPKEEP,
        answers=(UPKEEP,),
        moves=_upkeep_moves,
        apply=_pay_upkeep,
        default=lambda state, d: _keep(False),
        plan=_planned_upkeep,
        plan_moves=_plan_moves,
        forced=_forced_upkeep,
        view=lambda state, d: {**d.data.to_json(), "can_pay": _can_pay(state, d)},
        waiting="First decide whether to pay the upkeep of your orange card.",
    )
)
register_decision(
    DecisionKind(
        CHOOSE_GOOD,
        answers=(CHOOSE_GOOD,),
        moves=_good_moves,
        apply=_choose_good,
        default=lambda state, d: Move(CHOOSE_GOOD, extra=(("good", free_goods(state)[0]),)),
        forced=_only_good,
        view=lambda state, d: {**d.data.to_json(), "goods": list(free_goods(state))},
        waiting="First choose the good your '?' symbol stands for.",
    )
)
register_move_kind(
    MoveKind(
        UPKEEP,
        ("keep",),
        (),
        None,
        "Upkeep is paid at the market scoring.",
        quote=lambda state, seat, move: value_tile(state.round)[0] if move.get("keep") else 0,
    )
)
register_move_kind(MoveKind("upkeep_plan", (), ("keep",), make_plan))
register_move_kind(
    MoveKind(CHOOSE_GOOD, ("good",), (), None, "A good is chosen when a '?' card is placed.")
)
register_bot_worth(OPTION, _card_worth, {UPKEEP: _upkeep_worth, CHOOSE_GOOD: _good_worth})
register_expansion(Expansion(OPTION, _configure, card_files=("market.toml",)))
