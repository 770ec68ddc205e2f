"""The Banquet's purple cards in general (../shared/expansions.md §2.4-2.5, §0.3, decision 4.19):
what using one means (`Use`, registered per ability with `register_use`) and where a used one
goes - the 1st edition puts it on the discard pile, the 2nd takes it out of the game into the
public list `state.records["banquet"]["removed"]` (so every card instance stays somewhere).

Which of the two is settled once, when the ruleset is built (`configure` writes the ruleset's
param `USED_TO_DISCARD`); during play only that param is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..abilities import Ability, register_ability
from ..actions import TAKEN_THIS_TURN
from ..moves import Move
from ..state import GameState, PlayerState

Events = list[dict[str, Any]]

RECORD = "banquet"
USED_TO_DISCARD = "banquet.used_to_discard"  # ruleset param: True in the 1st edition


def configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    """1st edition (004, FW, BGA): used cards to the discard pile; 2nd (000): out of the game."""
    draft["params"][USED_TO_DISCARD] = options["edition"] == "1st"


def removed(state: GameState) -> tuple[str, ...]:
    """2nd edition: the purple cards that were used and left the game (public)."""
    return tuple(state.records.get(RECORD, {}).get("removed", ()))


def leave_game(state: GameState, instance: str) -> GameState:
    """A used purple card leaves: to the discard pile (1st edition) or out of the game."""
    if state.rules.params[USED_TO_DISCARD]:
        return state.evolve(discard=(*state.discard, instance))
    record = state.records.get(RECORD, {})
    gone = (*record.get("removed", ()), instance)
    return state.evolve(records=state.records.set(RECORD, {**record, "removed": gone}))


# ---------------------------------------------------------------- a purple card's use

MOVE = "special"  # the move kind that uses a purple card from the hand (modules/banquet.py)
Offers = Callable[[GameState, int, str], list[Move]]
Effect = Callable[[GameState, int, str, Move, Events], GameState]
Quote = Callable[[GameState, int, Move], "int | None"]


@dataclass(frozen=True, slots=True)
class Use:
    """What one purple card does: the moves that use it now (none: it has no effect now, so it
    cannot be played) and its effect, applied after the card left the hand and before the turn
    ends (it may change `actions_left`). `attaches`: the card lies on its target afterwards
    (Jester, Banquet) instead of leaving. `quote`: what a use costs, for the view (the Black
    Market's buy, the Money Collector's half price); `told`: what the `special` event says of
    its effect (the Golden Donkey's rubles), so the log can name it."""

    offers: Offers
    effect: Effect
    attaches: bool = False
    quote: Quote | None = None
    told: Callable[[], dict[str, Any]] | None = None


USES: dict[str, Use] = {}  # ability key -> its use


def special(instance: str, displace: str | None = None, **fields: str) -> Move:
    """The move that uses the purple card `instance` (fields: target, then, gain)."""
    return Move(MOVE, card=instance, displace=displace, extra=tuple(sorted(fields.items())))


def taken_this_turn(player: PlayerState, instance: str) -> bool:
    """Taken in the seat's current turn: usable on a later turn only (expansions.md §0.3)."""
    return instance in player.records.get(TAKEN_THIS_TURN, ())


def _offers(state: GameState, seat: int, instance: str) -> Iterable[Move]:
    """The uses of a purple card in the hand (none in the turn it was taken)."""
    player = state.players[seat]
    if state.first_worker_phase or taken_this_turn(player, instance):
        return ()
    return USES[state.rules.cards[instance].ability.key].offers(state, seat, instance)


def register_use(key: str, use: Use) -> None:
    """The purple card with the ability `key`: no points lost in the hand, and its use."""
    USES[key] = use
    register_ability(Ability(key, hand_penalty=False, actions=_offers))
