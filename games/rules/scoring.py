"""Scoring (rulebook "2. The scoring", special cards, "Game end and final scoring").

Phase scoring (scorer `cards`): every card of the phase's colour in a player's area (trading
cards count as their colour) pays its rubles and points, unless a mark says it does not score (a
turned Observatory); ability hooks add to it. Final scoring runs the ruleset's steps in order,
each for every player before the next (`aristocrats`: distinct aristocrats by the
1/3/6/.../55 table; `money`: 1 point per full 10 rubles, the rest stays as money left; `hand`:
-5 per card in hand that costs points). Ranking: points, then money left; still tied players
share the place. Every change goes through the ledger.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import Card
from .ledger import Entry, post
from .marks import not_scoring
from .ruleset import Phase, register_final_step, register_scorer
from .state import GameState, PlayerState

ARISTOCRAT_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 55)
HAND_PENALTY = 5

Events = list[dict[str, Any]]


def phase_income(state: GameState, seat: int, phase: Phase) -> tuple[int, int]:
    """(rubles, points) the seat's area pays at the scoring of `phase`."""
    cards_of = state.rules.cards
    player = state.players[seat]
    silent = not_scoring(player.marks) if player.marks else frozenset()
    rubles = points = 0
    color = phase.color
    for instance in player.area:
        card = cards_of[instance]
        if card.color == color and instance not in silent:
            rubles += card.rubles
            points += card.points
        hook = card.ability.scoring
        if hook is not None:
            extra_rubles, extra_points = hook(state, seat, phase.name)
            rubles += extra_rubles
            points += extra_points
    return rubles, points


def score_cards(state: GameState, phase: Phase, events: Events) -> GameState:
    """Pay every player for the phase that just ended; one event per player."""
    players = []
    for seat, player in enumerate(state.players):
        rubles, points = phase_income(state, seat, phase)
        after, entry = post(player, seat, f"scoring:{phase.name}", rubles, points)
        events.append(
            {
                "kind": "score",
                "phase": phase.name,
                "seat": seat,
                "money_before": player.money,
                "money_gain": rubles,
                "money_after": after.money,
                "points_before": player.points,
                "points_gain": points,
                "points_after": after.points,
            }
        )
        events.append(entry)
        if after.marks and any(m.clears == "scored" for m in after.marks):
            after = after.evolve(marks=_clear_scored(state, after, phase))
        players.append(after)
    return state.evolve(players=tuple(players))


def _clear_scored(state: GameState, player: PlayerState, phase: Phase) -> tuple[Any, ...]:
    """Marks that clear after their card's next scoring go once its colour was scored."""
    cards_of = state.rules.cards
    return tuple(
        m for m in player.marks if m.clears != "scored" or cards_of[m.card].color != phase.color
    )


register_scorer("cards", score_cards)


def distinct_aristocrats(cards_of: Mapping[str, Card], area: tuple[str, ...]) -> int:
    """Different aristocrat types (red cards, trading aristocrats included) in an area."""
    return len({cards_of[c].id for c in area if cards_of[c].color == "aristocrat"})


def aristocrat_points(distinct: int) -> int:
    return ARISTOCRAT_POINTS[min(distinct, len(ARISTOCRAT_POINTS) - 1)]


def _aristocrats(state: GameState, seat: int, player: PlayerState) -> tuple[int, int]:
    return 0, aristocrat_points(distinct_aristocrats(state.rules.cards, player.area))


def _money(state: GameState, seat: int, player: PlayerState) -> tuple[int, int]:
    points = player.money // 10
    return -10 * points, points


def _hand(state: GameState, seat: int, player: PlayerState) -> tuple[int, int]:
    cards_of = state.rules.cards
    penalised = sum(1 for c in player.hand if cards_of[c].ability.hand_penalty)
    return 0, -HAND_PENALTY * penalised


register_final_step("aristocrats", _aristocrats)
register_final_step("money", _money)
register_final_step("hand", _hand)


def final_postings(state: GameState) -> tuple[list[PlayerState], list[dict[str, int]], list[Entry]]:
    """Run the final scoring steps in order, each for every seat before the next.

    Returns the players afterwards, each seat's points per step, and the ledger entries.
    """
    players = list(state.players)
    parts: list[dict[str, int]] = [{} for _ in players]
    entries: list[Entry] = []
    for key, step in zip(state.rules.final_steps, state.rules.final_step_fns, strict=True):
        for seat, player in enumerate(players):
            rubles, points = step(state, seat, player)
            players[seat], entry = post(player, seat, f"final:{key}", rubles, points)
            parts[seat][key] = points
            entries.append(entry)
    return players, parts, entries


def final_scores(state: GameState) -> list[dict[str, Any]]:
    """Per seat: points by source, total, money left, rank and winner flag.

    Works on any state: before the end it shows what the final scoring would give now.
    """
    cards_of = state.rules.cards
    after, parts, _entries = final_postings(state)
    rows = []
    for seat, player in enumerate(state.players):
        points = {"cards": player.points, **parts[seat]}
        rows.append(
            {
                "seat": seat,
                "points": points,
                "distinct_aristocrats": distinct_aristocrats(cards_of, player.area),
                "total": sum(points.values()),
                "money_left": after[seat].money,
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
