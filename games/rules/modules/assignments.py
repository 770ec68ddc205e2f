"""Module 5: the Assignments (needs the Market; ../shared/expansions.md §2.10, §2.12 step 2, §3.9,
decisions 4.22, 4.30-4.32).

Fifteen assignments (data/assignments.toml, each naming the small function below that counts
it); with two players nos. 2, 8 and 15 stay in the box. At setup they are shuffled with the
game's generator and every player is dealt three (all fifteen go out with five players). They
are public (decision 4.32). In the final scoring, as step 2 - after every player's aristocrats,
before anybody's money - each player scores the best of his three on his area at that moment
(the final step `assignment`; its row in `final_scores` says which: `assignment: {id,
points}`). Assignment 6 compares the rubles everybody holds when that step begins (ties: each
of the richest gets the 10).

A card's value (nos. 10, 11, 15) is its points as its owner would score them now (§0.3,
`moocher.card_value_of`), a turned card counting as face up (the game is over) and a card under
the Money Collector's chip worth 0. State: `state.records["assignments"] = {"dealt": [[id, id,
id] by seat]}`; event `assignments {dealt}` when they are dealt.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..bots import register_bot_worth
from ..cards import DATA_DIR, Card
from ..marks import MARK_KINDS
from ..records import EMPTY, Record
from ..rng import SplitMix64
from ..ruleset import Expansion, register_expansion, register_final_step, register_setup
from ..state import GameState, PlayerState
from ..visibility import register_view_part
from .market import GOODS, positions
from .moocher import card_value_of

Events = list[dict[str, Any]]
OPTION = "assignments"
STEP = "assignment"  # the final step and its part of the scores
DEALT = 3  # assignments per player
# Weight the greedy bot gives to the change a card makes to its best assignment (it scores at
# the end, and later cards may change which one is best).
BOT_WEIGHT = 0.7


@dataclass(frozen=True, slots=True)
class Assignment:
    """One assignment card: its number, the function that counts it and that function's numbers."""

    id: int
    rule: str
    not_with_two: bool
    text_en: str
    text_de: str
    params: Mapping[str, Any] = field(default_factory=dict)


def _load() -> dict[int, Assignment]:
    with (DATA_DIR / "assignments.toml").open("rb") as handle:
        entries = tomllib.load(handle)["assignment"]
    cards = {}
    for entry in entries:
        info = {"id", "rule", "not_with_two", "text_en", "text_de"}
        cards[int(entry["id"])] = Assignment(
            id=int(entry["id"]),
            rule=str(entry["rule"]),
            not_with_two=bool(entry.get("not_with_two", False)),
            text_en=str(entry["text_en"]),
            text_de=str(entry["text_de"]),
            params={k: v for k, v in entry.items() if k not in info},
        )
    return cards


# ---------------------------------------------------------------- what each rule counts

Rule = Callable[[GameState, int, Mapping[str, Any]], int]


def _cards(state: GameState, seat: int) -> list[Card]:
    cards_of = state.rules.cards
    return [cards_of[c] for c in state.players[seat].area]


def per_colour(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`base` + `points` per card of `colour` (nos. 1, 2, 13; orange cards are yellow)."""
    count = sum(1 for card in _cards(state, seat) if card.color == params["colour"])
    return int(params.get("base", 0)) + int(params["points"]) * count


def market_presence(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`points` per good with a marker in the market, + the highest position (no. 3)."""
    held = positions(state, seat)
    return int(params["points"]) * sum(1 for good in GOODS if held[good]) + max(held.values())


def top_positions(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """The `markers` highest positions added (no. 4)."""
    return sum(sorted(positions(state, seat).values(), reverse=True)[: int(params["markers"])])


def per_type(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`points` per card of the listed `types` (no. 5: Markets, Customs Houses, Firehouses)."""
    types = set(params["types"])
    return int(params["points"]) * sum(1 for card in _cards(state, seat) if card.id in types)


def most_rubles(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`base`, + `bonus` if no other player holds more rubles (no. 6; ties all get it)."""
    richest = max(player.money for player in state.players)
    bonus = int(params["bonus"]) if state.players[seat].money == richest else 0
    return int(params["base"]) + bonus


def distinct_colour(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`points` per different card type of `colour` (nos. 7, 14)."""
    kinds = {card.id for card in _cards(state, seat) if card.color == params["colour"]}
    return int(params["points"]) * len(kinds)


def copies(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`points` per copy of a card type beyond its first, every colour (no. 8)."""
    cards = _cards(state, seat)
    beyond = len(cards) - len({card.id for card in cards})
    return int(params["points"]) * beyond


def exchange_cards(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`points` per exchange (trading) card (no. 9; the Czar-Superstar too)."""
    return int(params["points"]) * sum(1 for card in _cards(state, seat) if card.trading)


def points_value(state: GameState, seat: int, instance: str) -> int:
    """The points a card of the seat's area is worth (§0.3), a turned card counted face up."""
    player = state.players[seat]
    if any(not MARK_KINDS[mark.kind].scores for mark in player.marks):
        marks = tuple(m for m in player.marks if MARK_KINDS[m.kind].scores)
        state = state.with_player(seat, player.evolve(marks=marks))
    return card_value_of(state, seat, instance)[1]


def best_value(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`factor` times the points of the seat's best card of `colour` (nos. 10, 11)."""
    cards_of = state.rules.cards
    values = [
        points_value(state, seat, c)
        for c in state.players[seat].area
        if cards_of[c].color == params["colour"]
    ]
    return int(params["factor"]) * max(values, default=0)


def per_cards(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`base` + 1 per `per[players - 2]` cards in the area (no. 12; not the hand)."""
    per = int(params["per"][state.n - 2])
    return int(params["base"]) + len(state.players[seat].area) // per


def exchange_value(state: GameState, seat: int, params: Mapping[str, Any]) -> int:
    """`factor` times the points of each exchange card of `colour` (no. 15: blue ones)."""
    cards_of = state.rules.cards
    return int(params["factor"]) * sum(
        points_value(state, seat, c)
        for c in state.players[seat].area
        if cards_of[c].trading and cards_of[c].color == params["colour"]
    )


RULES: dict[str, Rule] = {
    "per_colour": per_colour,
    "market_presence": market_presence,
    "top_positions": top_positions,
    "per_type": per_type,
    "most_rubles": most_rubles,
    "distinct_colour": distinct_colour,
    "copies": copies,
    "exchange_cards": exchange_cards,
    "best_value": best_value,
    "per_cards": per_cards,
    "exchange_value": exchange_value,
}
ASSIGNMENTS: dict[int, Assignment] = _load()
assert all(a.rule in RULES for a in ASSIGNMENTS.values()), "every assignment names a rule"
assert sorted(ASSIGNMENTS) == list(range(1, 16)), "the fifteen assignments"


def score(state: GameState, seat: int, number: int) -> int:
    """What assignment `number` gives the seat on the state as it is."""
    assignment = ASSIGNMENTS[number]
    return RULES[assignment.rule](state, seat, assignment.params)


def dealt(state: GameState) -> tuple[tuple[int, ...], ...]:
    """Each seat's assignments, by seat (empty without the module)."""
    mine: Record = state.records.get(OPTION, EMPTY)
    found: tuple[tuple[int, ...], ...] = mine.get("dealt", ())
    return found


def best(state: GameState, seat: int) -> tuple[int | None, int]:
    """(the seat's best assignment, its points) on the state as it is; the first dealt of
    equals; (None, 0) for a seat without assignments."""
    mine = dealt(state)
    if seat >= len(mine) or not mine[seat]:
        return None, 0
    scored = [(score(state, seat, number), -place) for place, number in enumerate(mine[seat])]
    points, place = max(scored)
    return mine[seat][-place], points


# ---------------------------------------------------------------- setup, scoring, view


def deal(state: GameState, rng: SplitMix64, events: Events) -> GameState:
    """Setup: shuffle (without nos. 2, 8, 15 with two players) and deal three to each seat."""
    pool = [a.id for a in ASSIGNMENTS.values() if not (state.n == 2 and a.not_with_two)]
    shuffled = rng.shuffled(pool)
    hands = [list(shuffled[seat * DEALT : (seat + 1) * DEALT]) for seat in range(state.n)]
    events.append({"kind": "assignments", "dealt": hands})
    mine: Record = state.records.get(OPTION, EMPTY)
    return state.evolve(records=state.records.set(OPTION, mine.set("dealt", hands)))


def _step(state: GameState, seat: int, player: PlayerState) -> tuple[int, int]:
    """Final scoring step 2: the best assignment's points (no rubles)."""
    return 0, best(state, seat)[1]


def _detail(state: GameState, seat: int, player: PlayerState) -> dict[str, Any]:
    number, points = best(state, seat)
    return {"id": number, "points": points}


def view(state: GameState) -> list[dict[str, Any]] | None:
    """`view["assignments"]`: per seat its assignments with what each would score now, and
    which is best."""
    if OPTION not in state.rules.expansions:
        return None
    shown = []
    for seat, numbers in enumerate(dealt(state)):
        shown.append(
            {
                "seat": seat,
                "assignments": [{"id": n, "points": score(state, seat, n)} for n in numbers],
                "best": best(state, seat)[0],
            }
        )
    return shown


def catalogue_json() -> list[dict[str, Any]]:
    """The fifteen assignments as plain data (number, texts, left out with two players)."""
    return [
        {"id": a.id, "not_with_two": a.not_with_two, "text_en": a.text_en, "text_de": a.text_de}
        for a in ASSIGNMENTS.values()
    ]


def _card_worth(
    state: GameState, seat: int, instance: str, card: Card, displaced: Card | None
) -> float:
    """The greedy bot: what placing the card adds to the seat's best assignment (nothing for a
    seat dealt none: `best` scores it 0 either way)."""
    player = state.players[seat]
    area = list(player.area)
    if displaced is not None:
        gone = next((c for c in area if state.rules.cards[c] is displaced), None)
        if gone is not None:
            area.remove(gone)
    placed = state.with_player(seat, player.evolve(area=(*area, instance)))
    return BOT_WEIGHT * (best(placed, seat)[1] - _best_as_is(state, seat))


# The last (state, seat) whose best assignment the greedy bot valued cards against, and its
# points: the bot values every card it might place against the same position. The state is
# immutable and held here, so `is` identifies it; only the answer's speed depends on this.
_LAST_BEST: tuple[GameState | None, int, int] = (None, -1, 0)


def _best_as_is(state: GameState, seat: int) -> int:
    """`best(state, seat)`'s points, remembered for the last position asked."""
    global _LAST_BEST
    cached, cached_seat, points = _LAST_BEST
    if cached is not state or cached_seat != seat:
        points = best(state, seat)[1]
        _LAST_BEST = (state, seat, points)
    return points


def _configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    steps = draft["final_steps"]
    steps.insert(steps.index("aristocrats") + 1, STEP)
    draft["setup"].append(OPTION)


register_setup(OPTION, deal)
register_final_step(STEP, _step, detail=_detail)
register_view_part(OPTION, view)
register_bot_worth(OPTION, _card_worth)
register_expansion(Expansion(OPTION, _configure))
