"""Scoring (rulebook "2. The scoring", special cards, "Game end and final scoring").

Phase scoring: every card of the phase's colour in a player's area (trading cards count as their
colour) pays its rubles and points; ability bonuses add to it; an Observatory turned over this
round scores nothing. Final scoring: distinct aristocrats by the 1/3/6/.../55 table, 1 point per
full 10 rubles (the rest stays as money left), -5 per card in hand. Ranking: points, then money
left; still tied players share the place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card, catalogue
from .state import GameState, PlayerState

ARISTOCRAT_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55)
HAND_PENALTY = 5


def phase_income(cards_of: Mapping[str, Card], player: PlayerState, phase: str) -> tuple[int, int]:
    """(rubles, points) the player's area pays at the scoring of `phase`."""
    rubles = points = 0
    cards = [cards_of[instance] for instance in player.area]
    for instance, card in zip(player.area, cards, strict=True):
        if card.color == phase and instance not in player.used:
            rubles += card.rubles
            points += card.points
        bonus = card.ability.scoring_bonus
        if bonus is not None:
            extra_rubles, extra_points = bonus(phase, cards)
            rubles += extra_rubles
            points += extra_points
    return rubles, points


def score_phase(state: GameState, events: list[dict[str, Any]]) -> GameState:
    """Pay every player for the phase that just ended; one event per player."""
    cards_of = catalogue(state.edition).instances
    players = []
    for seat, player in enumerate(state.players):
        rubles, points = phase_income(cards_of, player, state.phase)
        events.append(
            {
                "kind": "score",
                "phase": state.phase,
                "seat": seat,
                "money_before": player.money,
                "money_gain": rubles,
                "money_after": player.money + rubles,
                "points_before": player.points,
                "points_gain": points,
                "points_after": player.points + points,
            }
        )
        if rubles or points:
            player = player.evolve(money=player.money + rubles, points=player.points + points)
        players.append(player)
    return state.evolve(players=tuple(players))


def distinct_aristocrats(cards_of: Mapping[str, Card], area: tuple[str, ...]) -> int:
    """Different aristocrat types (red cards, trading aristocrats included) in an area."""
    return len({cards_of[c].id for c in area if cards_of[c].color == "aristocrat"})


def aristocrat_points(distinct: int) -> int:
    return ARISTOCRAT_POINTS[min(distinct, len(ARISTOCRAT_POINTS) - 1)]


def final_scores(state: GameState) -> list[dict[str, Any]]:
    """Per seat: points by source, total, money left, rank and winner flag.

    Works on any state: before the end it shows what the final scoring would give now.
    """
    cards_of = catalogue(state.edition).instances
    rows = []
    for seat, player in enumerate(state.players):
        distinct = distinct_aristocrats(cards_of, player.area)
        parts = {
            "cards": player.points,
            "aristocrats": aristocrat_points(distinct),
            "money": player.money // 10,
            "hand": -HAND_PENALTY * len(player.hand),
        }
        rows.append(
            {
                "seat": seat,
                "points": parts,
                "distinct_aristocrats": distinct,
                "total": sum(parts.values()),
                "money_left": player.money % 10,
            }
        )
    for row in rows:
        better = sum(
            1
            for other in rows
            if (other["total"], other["money_left"]) > (row["total"], row["money_left"])
        )
        row["rank"] = better + 1
        row["winner"] = better == 0
    return rows
