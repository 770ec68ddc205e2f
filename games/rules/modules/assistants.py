"""Module 3: the Assistants (needs the Market; ../shared/expansions.md §2.8, §3.7, §4.24, §0.3).

Every player holds one assistant, a discount on every card of one kind he pays for (bought,
played from the hand, or placed by any other route: the Observatory, the Debtor's Prison, the
Black Market, the Money Collector before halving, the Pick Pocket, the Twin, the Grabber):

- Master Craftsman: 1 ruble less for every green card (green exchange cards included),
- Mistress of the Manor: 1 ruble less for every yellow card (orange ones too: they still cost 1),
- Architect: 1 ruble less for every blue card, Lawyer: for every red card,
- Czar's Daughter: 2 rubles less for every exchange card (a trading card; never a purple one).

The discount adds to every other one and the price stays at least 1 (`prices.SeatPrices`: the
seat's own discounts run after the area's). Setup, after the start markers are dealt: 2 players
Architect and Lawyer, 3 players also the Czar's Daughter, 4 players also the Mistress of the
Manor, 5 players all five; the Mistress of the Manor goes to the player right of the sack's
holder (the market marker), with 5 players the Master Craftsman to the player right of the
worker marker's holder; the others at random to the seats left. At every round end but the
last (the final scoring follows it instead) each assistant moves one seat to the right: seat i's
to seat i - 1.

State: `state.records["assistants"] = {"held": [name by seat]}` (public). Events:
`assistants {round, held, dealt}` when they are dealt (`dealt` true) and after each passing (the
round that begins).
"""

from __future__ import annotations

from typing import Any

from ..prices import TRADING
from ..records import EMPTY, Record
from ..rng import SplitMix64
from ..ruleset import (
    Expansion,
    register_expansion,
    register_round_end,
    register_seat_price,
    register_setup,
)
from ..state import GameState
from ..visibility import register_view_part

Events = list[dict[str, Any]]
OPTION = "assistants"

MASTER_CRAFTSMAN = "master_craftsman"
MISTRESS_OF_THE_MANOR = "mistress_of_the_manor"
ARCHITECT = "architect"
LAWYER = "lawyer"
CZARS_DAUGHTER = "czars_daughter"
# The assistants in the game by number of players (§2.8 "Setup").
IN_PLAY: dict[int, tuple[str, ...]] = {
    2: (ARCHITECT, LAWYER),
    3: (ARCHITECT, LAWYER, CZARS_DAUGHTER),
    4: (ARCHITECT, LAWYER, CZARS_DAUGHTER, MISTRESS_OF_THE_MANOR),
    5: (ARCHITECT, LAWYER, CZARS_DAUGHTER, MISTRESS_OF_THE_MANOR, MASTER_CRAFTSMAN),
}
# Assistants that go to the seat right of a start marker's holder, not at random.
PLACED_BY_MARKER: tuple[tuple[str, str], ...] = (
    (MISTRESS_OF_THE_MANOR, "market"),
    (MASTER_CRAFTSMAN, "worker"),
)


# What each assistant takes off (the seat-price hook's data: a colour or every trading card).
DISCOUNTS: dict[str, tuple[tuple[str, int], ...]] = {
    MASTER_CRAFTSMAN: (("worker", 1),),
    MISTRESS_OF_THE_MANOR: (("market", 1),),
    ARCHITECT: (("building", 1),),
    LAWYER: (("aristocrat", 1),),
    CZARS_DAUGHTER: ((TRADING, 2),),
}


# The game records `held` last read and what it found: every price asks, and the records are
# immutable and shared by the states that follow until a module changes them, so `is` finds
# them again (only the answer's speed depends on this).
_LAST_HELD: tuple[Record | None, tuple[str, ...]] = (None, ())


def held(state: GameState) -> tuple[str, ...]:
    """The assistant each seat holds, by seat (empty without the module)."""
    global _LAST_HELD
    records = state.records
    last, found = _LAST_HELD
    if last is not records:
        mine: Record = records.get(OPTION, EMPTY)
        found = mine.get("held", ())
        _LAST_HELD = (records, found)
    return found


def _with_held(state: GameState, names: tuple[str, ...] | list[str]) -> GameState:
    return state.evolve(records=state.records.set(OPTION, {"held": list(names)}))


def deal(state: GameState, rng: SplitMix64, events: Events) -> GameState:
    """Setup: the two placed by a marker to the seat right of its holder, the rest at random."""
    n = state.n
    names: list[str | None] = [None] * n
    rest = list(IN_PLAY[n])
    for name, marker in PLACED_BY_MARKER:
        if name in rest:
            names[(state.marker(marker) - 1) % n] = name
            rest.remove(name)
    free = [seat for seat in range(n) if names[seat] is None]
    for seat, name in zip(free, rng.shuffled(rest), strict=True):
        names[seat] = name
    dealt = tuple(str(name) for name in names)
    events.append({"kind": "assistants", "round": state.round, "held": list(dealt), "dealt": True})
    return _with_held(state, dealt)


def pass_right(state: GameState, events: Events) -> GameState:
    """Round end: each assistant one seat to the right (seat i's to seat i - 1)."""
    before = held(state)
    if not before:
        return state
    n = len(before)
    after = tuple(before[(seat + 1) % n] for seat in range(n))
    events.append({"kind": "assistants", "round": state.round, "held": list(after), "dealt": False})
    return _with_held(state, after)


def _seat_discount(state: GameState, seat: int) -> tuple[tuple[str, int], ...]:
    names = held(state)
    return DISCOUNTS[names[seat]] if seat < len(names) else ()


def view(state: GameState) -> dict[str, Any] | None:
    """`view["assistants"]`: who holds which now, and who will hold it after this round (null
    in the last round: they do not pass again)."""
    if OPTION not in state.rules.expansions:
        return None
    names = held(state)
    n = len(names)
    following = [names[(seat + 1) % n] for seat in range(n)]
    return {"held": list(names), "next": None if state.last_round else following}


def _configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    draft["setup"].append(OPTION)
    draft["round_end"].append(OPTION)
    draft["seat_price"].append(OPTION)


register_setup(OPTION, deal)
register_round_end(OPTION, pass_right)
register_seat_price(OPTION, _seat_discount)
register_view_part(OPTION, view)
register_expansion(Expansion(OPTION, _configure))
