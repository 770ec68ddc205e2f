"""What a seat (or a spectator) sees: the only place a state is turned into a client's view.

yucata conventions ("Hints for handling"; seeds/README.md item 4): money, hands, areas and points
are public; every pile's contents are shown grouped and counted, sorted by card id, never in their
order. For a seat the view adds its legal moves with exact prices. Phases, piles, markers and
pending decisions are drawn from the ruleset and the registries, so a module's additions show up
without changes here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .decisions import DECISIONS, Decision
from .engine import has_real_choice, legal_moves, to_act
from .marks import TURNED
from .moves import MOVE_KINDS
from .prices import displace_targets, seat_hand_limit, seat_prices
from .scoring import aristocrat_points, distinct_aristocrats, final_scores, phase_income
from .state import GameState

# A module's own part of the view (the Market's goods track): key -> fn(state) giving JSON-ready
# data, or None when the module is not in play. Public: every seat and spectator sees it.
ViewPart = Callable[[GameState], Any]
VIEW_PARTS: dict[str, ViewPart] = {}


def register_view_part(key: str, part: ViewPart) -> ViewPart:
    """Show `part(state)` under `view[key]` whenever it is not None."""
    VIEW_PARTS[key] = part
    return part


@dataclass(frozen=True, slots=True)
class SummaryAddition:
    """What a module adds to one seat's ∑ table beyond the cards' printed income: points (and
    rubles) the scoring of `phase` will also pay, and the upkeep in rubles it will charge (shown
    in a column of its own, after the phase's)."""

    phase: str
    rubles: int = 0
    points: int = 0
    upkeep: int = 0


# A module's part of the ∑ table: fn(state) giving one SummaryAddition per seat, or None when the
# module is not in play. Called once per view, so a module counts its positions once.
SummaryPart = Callable[[GameState], list[SummaryAddition] | None]
SUMMARY_PARTS: dict[str, SummaryPart] = {}


def register_summary_part(key: str, part: SummaryPart) -> SummaryPart:
    """Add `part(state)[seat]` to each seat's ∑ table whenever it is not None."""
    SUMMARY_PARTS[key] = part
    return part


def _grouped(pile: tuple[str, ...], cards_of: Mapping[str, Card]) -> list[dict[str, Any]]:
    counts = Counter(cards_of[c].id for c in pile)
    return [{"card": card_id, "count": counts[card_id]} for card_id in sorted(counts)]


def _summary(state: GameState, seat: int, additions: list[SummaryAddition]) -> dict[str, Any]:
    """The ∑ table: income per scoring phase as the next scoring pays it (with what modules add,
    e.g. the Market's majorities), the upkeep a phase charges (the Market's orange cards), the
    total net of upkeep, aristocrats, hand."""
    cards_of = state.rules.cards
    player = state.players[seat]
    income = {}
    for phase in state.rules.phases:
        if phase.scores:
            rubles, points = phase_income(state, seat, phase)
            income[phase.name] = {"rubles": rubles, "points": points}
    upkeep: dict[str, int] = {}
    for addition in additions:
        if addition.phase in income:
            income[addition.phase]["rubles"] += addition.rubles
            income[addition.phase]["points"] += addition.points
        upkeep[addition.phase] = upkeep.get(addition.phase, 0) + addition.upkeep
    distinct = distinct_aristocrats(cards_of, player.area)
    return {
        "income": income,
        "upkeep": upkeep,
        "total_income": {
            "rubles": sum(i["rubles"] for i in income.values()) - sum(upkeep.values()),
            "points": sum(i["points"] for i in income.values()),
        },
        "distinct_aristocrats": distinct,
        "aristocrat_points": aristocrat_points(distinct, state.rules.aristocrats_beyond_ten),
        "hand_size": len(player.hand),
        "hand_limit": seat_hand_limit(state, seat),
    }


def _player(state: GameState, seat: int, additions: list[SummaryAddition]) -> dict[str, Any]:
    player = state.players[seat]
    return {
        "seat": seat,
        "money": player.money,
        "points": player.points,
        "area": list(player.area),
        "hand": list(player.hand),
        "used_observatories": [m.card for m in player.marks if m.kind == TURNED.kind],
        "marks": [mark.to_dict() for mark in player.marks],
        "markers": [
            m
            for m, holder in zip(state.rules.markers, state.markers, strict=True)
            if holder == seat
        ],
        "standing": player.standing,
        "pub_plan": player.pub_plan,
        "plans": player.plans.to_json(),
        "records": player.records.to_json(),
        "summary": _summary(state, seat, additions),
    }


def _offered(state: GameState) -> tuple[str, ...]:
    """Cards the pending decision offers to buy or take (the Observatory's draw)."""
    if not state.decisions:
        return ()
    head = state.decisions[0]
    offers = DECISIONS[head.kind].offers
    return offers(state, head) if offers is not None else ()


def _price_table(state: GameState, seat: int) -> dict[str, Any]:
    """For each board/hand/offered card: what buying or playing it would cost this seat (null if
    it has nothing to displace), and whether buying, taking or playing it is legal right now."""
    cards_of = state.rules.cards
    player = state.players[seat]
    profile = seat_prices(state, seat)
    legal = {(m.kind, m.card) for m in legal_moves(state, seat)}
    table: dict[str, Any] = {}

    def quote(instance: str, lower: bool, hand_after: int) -> dict[str, Any]:
        card = cards_of[instance]
        if not card.trading:
            return {"price": profile.price(card, lower), "displace": None}
        targets = displace_targets(state, seat, card, hand_after)
        prices = {t: profile.price(card, lower, cards_of[t]) for t in targets}
        return {"price": min(prices.values()) if prices else None, "displace": prices}

    for instance in (*state.upper, *state.lower, *_offered(state)):
        offer = quote(instance, instance in state.lower, len(player.hand))
        table[instance] = {
            "buy": offer["price"],
            "displace": offer["displace"],
            "can_buy": ("buy", instance) in legal,
            "can_take": ("take", instance) in legal,
        }
    for instance in player.hand:
        offer = quote(instance, False, len(player.hand) - 1)
        table[instance] = {
            "play": offer["price"],
            "displace": offer["displace"],
            "can_play": ("play", instance) in legal,
        }
    return table


def _moves(state: GameState, seat: int) -> list[dict[str, Any]]:
    out = []
    for move in legal_moves(state, seat):
        entry = move.to_dict()
        quote = MOVE_KINDS[move.kind].quote
        if quote is not None:
            entry["price"] = quote(state, seat, move)
        out.append(entry)
    return out


def _decision(state: GameState, decision: Decision) -> dict[str, Any]:
    """A pending decision as the view shows it: kind, seat, its data and its kind's extras."""
    extra = DECISIONS[decision.kind].view
    shown = decision.data.to_json() if extra is None else extra(state, decision)
    return {"kind": decision.kind, "seat": decision.seat, **shown}


def player_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """JSON-ready view for `seat` (None: a spectator); never reveals a pile's order."""
    return {**public_view(state), **seat_view(state, seat)}


def public_view(state: GameState) -> dict[str, Any]:
    """The part of `player_view` that every seat and spectator sees alike: everything but
    `seat_view`. A server building every audience's view of one state builds this once."""
    rules = state.rules
    cards_of = rules.cards
    over = state.step == "over"
    decisions = [_decision(state, d) for d in state.decisions]
    offered = _offered(state)
    parts = [shown for part in SUMMARY_PARTS.values() if (shown := part(state)) is not None]
    view: dict[str, Any] = {
        "edition": rules.edition,
        "options": dict(rules.options),
        "round": state.round,
        "phase": state.phase,
        "step": state.step,
        "to_act": list(to_act(state)),
        "first_worker_phase": state.first_worker_phase,
        "last_round": state.last_round,
        "game_over": over,
        "phases": [{"name": p.name, "pile": p.pile, "scores": p.scores} for p in rules.phases],
        "board_size": rules.board_size,
        "markers": dict(zip(rules.markers, state.markers, strict=True)),
        "board": {"upper": list(state.upper), "lower": list(state.lower)},
        "discard": list(state.discard),
        "piles": {
            name: {"size": len(pile), "contents": _grouped(pile, cards_of)}
            for name, pile in zip(rules.piles, state.piles, strict=True)
        },
        "drawn": offered[0] if offered else None,
        "pending": decisions[0] if decisions else None,
        "decisions": decisions,
        "actions_left": state.actions_left,
        "records": state.records.to_json(),
        "players": [_player(state, s, [p[s] for p in parts]) for s in range(state.n)],
        "scores": final_scores(state) if over else None,
    }
    for key, part in VIEW_PARTS.items():
        shown = part(state)
        if shown is not None:
            view[key] = shown
    return view


def seat_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """The part of `player_view` that is `seat`'s own: who looks, and for a seat its prices,
    its legal moves and whether it is to act (a spectator: `{"seat": None}`)."""
    view: dict[str, Any] = {"seat": seat}
    if seat is not None and 0 <= seat < state.n:
        acting = to_act(state)
        view["prices"] = _price_table(state, seat)
        view["moves"] = _moves(state, seat)
        view["your_turn"] = seat in acting
        view["has_choice"] = seat in acting and has_real_choice(state, seat)
    return view
