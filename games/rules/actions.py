"""One handler per move kind (rulebook "The 4 actions in detail", "The trading cards", the
Observatory and Pub in "The special cards", yucata's pass buttons in "Hints for handling").

Each handler checks the move against the position, raises IllegalMove with a stable code, and
returns the new state; it appends its events to the list it is given. Whose turn it is and
whether the game is over is checked before (engine.apply_move).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .cards import Card, catalogue
from .errors import IllegalMove
from .moves import Move
from .phases import next_phase, pub_allowance
from .prices import displace_targets, hand_limit, profile_of
from .state import PHASES, GameState, PlayerState

Events = list[dict[str, Any]]
Handler = Callable[[GameState, int, Move, Events], GameState]
FIRST_PHASE_WORKERS = 2


def workers_in(cards_of: Mapping[str, Card], area: tuple[str, ...]) -> int:
    return sum(1 for c in area if cards_of[c].color == "worker")


def end_turn(
    state: GameState,
    seat: int,
    player: PlayerState,
    passed: bool,
    *,
    board_changed: bool = False,
    **changes: Any,
) -> GameState:
    """Store the player and hand the turn to the next seat clockwise, in one copy of the state.

    If a card left the board, the other seats' "pass until the board changes" ends.
    """
    players = list(state.players)
    players[seat] = player
    if board_changed:
        for other, waiting in enumerate(players):
            if other != seat and waiting.standing == "board_change":
                players[other] = waiting.evolve(standing=None)
    return state.evolve(
        players=tuple(players),
        turn=(seat + 1) % state.n,
        passes=state.passes + 1 if passed else 0,
        drawn=None,
        **changes,
    )


def _source(state: GameState, card: str | None) -> str:
    """Where a card for buy/take comes from: the Observatory draw, or a board row."""
    if state.drawn is not None:
        if card != state.drawn:
            raise IllegalMove("no_such_card", "You must buy, take or discard the drawn card.")
        return "observatory"
    if card in state.upper:
        return "upper"
    if card in state.lower:
        return "lower"
    raise IllegalMove("no_such_card", "That card is not on the board.")


def _displaced(
    cards_of: Mapping[str, Card], player: PlayerState, card: Card, move: Move, hand_after: int
) -> str | None:
    if not card.trading:
        if move.displace is not None:
            raise IllegalMove("cannot_displace", "Only a trading card displaces another card.")
        return None
    targets = displace_targets(cards_of, player, card, hand_after)
    if move.displace is None:
        if not targets:
            raise IllegalMove("must_displace", "You have no card this trading card can displace.")
        raise IllegalMove("must_displace")
    if move.displace not in targets:
        raise IllegalMove("cannot_displace")
    return move.displace


def _place(
    state: GameState, seat: int, move: Move, source: str, hand_after: int
) -> tuple[PlayerState, int, str | None]:
    """Pay for a card and put it into the area; returns (player, price, displaced card)."""
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    card = cards_of[move.card]  # type: ignore[index]
    displaced = _displaced(cards_of, player, card, move, hand_after)
    price = profile_of(cards_of, player.area).price(
        card, source == "lower", cards_of[displaced] if displaced else None
    )
    if price > player.money:
        raise IllegalMove("cannot_afford", f"That costs {price} rubles; you have {player.money}.")
    area = player.area if displaced is None else tuple(c for c in player.area if c != displaced)
    player = player.evolve(money=player.money - price, area=(*area, move.card))
    return player, price, displaced


def _check_first_phase(state: GameState, seat: int, move: Move) -> None:
    """Very first worker phase: buy workers until you have two, nothing else."""
    if not state.first_worker_phase:
        return
    cards_of = catalogue(state.edition).instances
    if move.kind == "buy":
        card = cards_of[move.card]  # type: ignore[index]
        has = workers_in(cards_of, state.players[seat].area)
        if has < FIRST_PHASE_WORKERS and card.color == "worker" and not card.trading:
            return
    elif move.kind == "pass" and not must_buy_worker(state, seat):
        return
    raise IllegalMove("must_buy_worker")


def must_buy_worker(state: GameState, seat: int) -> bool:
    """In the first worker phase: fewer than two workers and one is affordable on the board."""
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    if workers_in(cards_of, player.area) >= FIRST_PHASE_WORKERS:
        return False
    profile = profile_of(cards_of, player.area)
    for row, lower in ((state.upper, False), (state.lower, True)):
        for instance in row:
            card = cards_of[instance]
            affordable = profile.price(card, lower) <= player.money
            if card.color == "worker" and not card.trading and affordable:
                return True
    return False


def _from_row(state: GameState, card: str, source: str) -> dict[str, Any]:
    """The state fields that change when `card` leaves its row (none for the drawn card)."""
    if source == "upper":
        return {"upper": tuple(c for c in state.upper if c != card)}
    if source == "lower":
        return {"lower": tuple(c for c in state.lower if c != card)}
    return {}


def buy(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    source = _source(state, move.card)
    if source != "observatory":
        _check_first_phase(state, seat, move)
    player, price, displaced = _place(state, seat, move, source, len(state.players[seat].hand))
    events.append(
        {
            "kind": "buy",
            "seat": seat,
            "card": move.card,
            "from": source,
            "price": price,
            "displaced": displaced,
        }
    )
    changes = _from_row(state, move.card, source)  # type: ignore[arg-type]
    if displaced is not None:
        changes["discard"] = (*state.discard, displaced)
    on_board = source != "observatory"
    return end_turn(state, seat, player, passed=False, board_changed=on_board, **changes)


def take(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    source = _source(state, move.card)
    if source != "observatory":
        _check_first_phase(state, seat, move)
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    if len(player.hand) >= hand_limit(cards_of, player.area):
        raise IllegalMove("hand_full")
    events.append({"kind": "take", "seat": seat, "card": move.card, "from": source})
    changes = _from_row(state, move.card, source)  # type: ignore[arg-type]
    player = player.evolve(hand=(*player.hand, move.card))
    on_board = source != "observatory"
    return end_turn(state, seat, player, passed=False, board_changed=on_board, **changes)


def play(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.drawn is not None:
        raise IllegalMove("not_now", "First buy, take or discard the card you drew.")
    hand = state.players[seat].hand
    if move.card not in hand:
        raise IllegalMove("no_such_card", "That card is not in your hand.")
    _check_first_phase(state, seat, move)
    player, price, displaced = _place(state, seat, move, "hand", len(hand) - 1)
    player = player.evolve(hand=tuple(c for c in hand if c != move.card))
    events.append(
        {"kind": "play", "seat": seat, "card": move.card, "price": price, "displaced": displaced}
    )
    changes: dict[str, Any] = {}
    if displaced is not None:
        changes["discard"] = (*state.discard, displaced)
    return end_turn(state, seat, player, passed=False, **changes)


def discard(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.drawn is None:
        raise IllegalMove("not_now", "Only a card drawn with the Observatory can be discarded.")
    if move.card != state.drawn:
        raise IllegalMove("no_such_card", "You can only discard the card you drew.")
    events.append({"kind": "discard", "seat": seat, "card": move.card})
    discard = (*state.discard, move.card)
    return end_turn(state, seat, state.players[seat], passed=False, discard=discard)


def pass_(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.drawn is not None:
        raise IllegalMove("not_now", "First buy, take or discard the card you drew.")
    _check_first_phase(state, seat, move)
    events.append(
        {"kind": "pass", "seat": seat, "until": move.until, "automatic": False, "forced": False}
    )
    player = state.players[seat]
    if player.standing != move.until:
        player = player.evolve(standing=move.until)
    return end_turn(state, seat, player, passed=True)


def observatory(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.phase != "building" or state.drawn is not None:
        raise IllegalMove("not_now", "The Observatory can be used in the building phase only.")
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    if move.observatory not in player.area or not cards_of[move.observatory].ability.observatory:
        raise IllegalMove("no_such_card", "You have no such Observatory.")
    if move.observatory in player.used:
        raise IllegalMove("observatory_used")
    index = PHASES.index(move.pile)
    pile = state.piles[index]
    if len(pile) < 2:
        raise IllegalMove("pile_too_small")
    drawn = pile[0]
    events.append(
        {
            "kind": "observatory",
            "seat": seat,
            "observatory": move.observatory,
            "pile": move.pile,
            "card": drawn,
        }
    )
    player = player.evolve(used=(*player.used, move.observatory))
    piles = (*state.piles[:index], pile[1:], *state.piles[index + 1 :])
    return state.with_player(seat, player, piles=piles, drawn=drawn)


def pub(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.step != "pub":
        raise IllegalMove("not_now", "Points are bought with the Pub after the building scoring.")
    if move.points > pub_allowance(state, seat):  # type: ignore[operator]
        raise IllegalMove("too_many_points")
    return buy_pub_points(state, seat, move.points, events, automatic=False)  # type: ignore[arg-type]


def buy_pub_points(
    state: GameState, seat: int, points: int, events: Events, automatic: bool
) -> GameState:
    """Pay 2 rubles per point, then let the next Pub owner decide or go on to the next phase."""
    player = state.players[seat]
    events.append(
        {
            "kind": "pub",
            "seat": seat,
            "points": points,
            "price": 2 * points,
            "automatic": automatic,
            "points_before": player.points,
            "points_after": player.points + points,
        }
    )
    player = player.evolve(
        money=player.money - 2 * points, points=player.points + points, pub_plan=None
    )
    queue = state.pub_queue[1:]
    state = state.with_player(seat, player, pub_queue=queue, turn=queue[0] if queue else seat)
    if queue:
        return state
    return next_phase(state, events)


def pub_plan(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    if state.phase != "building" or state.step != "actions" or state.drawn is not None:
        raise IllegalMove("not_now", "A Pub plan is made during the building phase.")
    cards_of = catalogue(state.edition).instances
    player = state.players[seat]
    allowance = sum(cards_of[c].ability.pub_points for c in player.area)
    if not allowance:
        raise IllegalMove("no_pub")
    if move.points > allowance:  # type: ignore[operator]
        raise IllegalMove("too_many_points", f"Your Pubs allow at most {allowance} points.")
    events.append({"kind": "pub_plan", "seat": seat, "points": move.points})
    return state.with_player(seat, player.evolve(pub_plan=move.points))


HANDLERS: dict[str, Handler] = {
    "buy": buy,
    "take": take,
    "play": play,
    "discard": discard,
    "pass": pass_,
    "observatory": observatory,
    "pub": pub,
    "pub_plan": pub_plan,
}
