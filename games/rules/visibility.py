"""What a seat (or a spectator) sees: the only place a state is turned into a client's view.

yucata conventions ("Hints for handling"; seeds/README.md item 4): money, hands, areas and points
are public; every pile's contents are shown grouped and counted, sorted by card id, never in their
order. For a seat the view adds its legal moves with exact prices.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .cards import Card, catalogue
from .engine import has_real_choice, legal_moves, to_act
from .phases import BOARD_SIZE, pub_allowance
from .prices import displace_targets, hand_limit, profile_of
from .scoring import aristocrat_points, distinct_aristocrats, final_scores, phase_income
from .state import PHASES, GameState, PlayerState


def _grouped(pile: tuple[str, ...], cards_of: Mapping[str, Card]) -> list[dict[str, Any]]:
    counts = Counter(cards_of[c].id for c in pile)
    return [{"card": card_id, "count": counts[card_id]} for card_id in sorted(counts)]


def _summary(state: GameState, player: PlayerState, cards_of: Mapping[str, Card]) -> dict[str, Any]:
    """The ∑ table: income per phase as the next scoring pays it, aristocrats, hand."""
    income = {}
    for phase in PHASES[:3]:
        rubles, points = phase_income(cards_of, player, phase)
        income[phase] = {"rubles": rubles, "points": points}
    distinct = distinct_aristocrats(cards_of, player.area)
    return {
        "income": income,
        "total_income": {
            "rubles": sum(i["rubles"] for i in income.values()),
            "points": sum(i["points"] for i in income.values()),
        },
        "distinct_aristocrats": distinct,
        "aristocrat_points": aristocrat_points(distinct),
        "hand_size": len(player.hand),
        "hand_limit": hand_limit(cards_of, player.area),
    }


def _player(state: GameState, seat: int, cards_of: Mapping[str, Card]) -> dict[str, Any]:
    player = state.players[seat]
    return {
        "seat": seat,
        "money": player.money,
        "points": player.points,
        "area": list(player.area),
        "hand": list(player.hand),
        "used_observatories": list(player.used),
        "markers": [p for p, holder in zip(PHASES, state.markers, strict=True) if holder == seat],
        "standing": player.standing,
        "pub_plan": player.pub_plan,
        "summary": _summary(state, player, cards_of),
    }


def _price_table(state: GameState, seat: int, cards_of: Mapping[str, Card]) -> dict[str, Any]:
    """For each board/hand/drawn card: what buying or playing it would cost this seat (null if
    it has nothing to displace), and whether buying, taking or playing it is legal right now."""
    player = state.players[seat]
    profile = profile_of(cards_of, player.area)
    legal = {(m.kind, m.card) for m in legal_moves(state, seat)}
    table: dict[str, Any] = {}

    def quote(instance: str, lower: bool, hand_after: int) -> dict[str, Any]:
        card = cards_of[instance]
        if not card.trading:
            return {"price": profile.price(card, lower), "displace": None}
        targets = displace_targets(cards_of, player, card, hand_after)
        prices = {t: profile.price(card, lower, cards_of[t]) for t in targets}
        return {"price": min(prices.values()) if prices else None, "displace": prices}

    extra = (state.drawn,) if state.drawn else ()
    for instance in (*state.upper, *state.lower, *extra):
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


def _moves(state: GameState, seat: int, cards_of: Mapping[str, Card]) -> list[dict[str, Any]]:
    profile = profile_of(cards_of, state.players[seat].area)
    out = []
    for move in legal_moves(state, seat):
        entry = move.to_dict()
        if move.kind in ("buy", "play"):
            card = cards_of[move.card]  # type: ignore[index]
            displaced = cards_of[move.displace] if move.displace else None
            lower = move.kind == "buy" and move.card in state.lower
            entry["price"] = profile.price(card, lower, displaced)
        elif move.kind == "pub":
            entry["price"] = 2 * (move.points or 0)
        out.append(entry)
    return out


def _pending(state: GameState) -> dict[str, Any] | None:
    if state.step == "pub":
        seat = state.pub_queue[0]
        return {"kind": "pub", "seat": seat, "max_points": pub_allowance(state, seat)}
    if state.drawn is not None:
        return {"kind": "observatory", "seat": state.turn, "card": state.drawn}
    return None


def player_view(state: GameState, seat: int | None) -> dict[str, Any]:
    """JSON-ready view for `seat` (None: a spectator); never reveals a pile's order."""
    cards_of = catalogue(state.edition).instances
    over = state.step == "over"
    view: dict[str, Any] = {
        "edition": state.edition,
        "round": state.round,
        "phase": state.phase,
        "step": state.step,
        "to_act": list(to_act(state)),
        "first_worker_phase": state.first_worker_phase,
        "last_round": state.last_round,
        "game_over": over,
        "phases": [
            {"name": phase, "pile": phase, "scores": phase != "trading"} for phase in PHASES
        ],
        "board_size": BOARD_SIZE,
        "markers": dict(zip(PHASES, state.markers, strict=True)),
        "board": {"upper": list(state.upper), "lower": list(state.lower)},
        "discard": list(state.discard),
        "piles": {
            phase: {"size": len(pile), "contents": _grouped(pile, cards_of)}
            for phase, pile in zip(PHASES, state.piles, strict=True)
        },
        "drawn": state.drawn,
        "pending": _pending(state),
        "players": [_player(state, s, cards_of) for s in range(state.n)],
        "scores": final_scores(state) if over else None,
        "seat": seat,
    }
    if seat is not None and 0 <= seat < state.n:
        view["prices"] = _price_table(state, seat, cards_of)
        view["moves"] = _moves(state, seat, cards_of)
        view["your_turn"] = seat in to_act(state)
        view["has_choice"] = seat in to_act(state) and (
            state.step == "pub" or has_real_choice(state, seat)
        )
    return view
