"""The Banquet: the 1st-edition booklet (004) and Module 1 of the 2nd edition (000).

../shared/expansions.md §1.1-1.3, §2.4-2.5, §3.3-3.4, §4 and Appendix A.1. Twelve (1st edition)
or fifteen (2nd edition; twelve without the Market) cards shuffled into the piles by their backs:
the Czar-Superstar, two Potjomkin's Villages and purple special cards. With In Good Company (2nd
edition) the Debtor's Prison stays in the box.

Purple cards (colour "special", `Card.special`) are never bought or placed: a `take` puts one into
the hand (room needed, actions.py remembers it as taken this turn), and on a later turn its owner
uses it as his action with the move `{"kind": "special", "card": id, "target": id?}` - only when
its effect can happen. Used, it goes to the discard pile (1st edition) or leaves the game (2nd
edition: the public list `state.records["banquet"]["removed"]`, modules/purple.py). It costs
nothing in the hand at the end (`hand_penalty=False`). Black Market, Debtor's Prison and
Grabber never fetch one.

Here: the option, the normal cards, Golden Donkey, Double Turn, Away with it!, Black Market and
the move `special`. Elsewhere: what a use is and where a used card goes (modules/purple.py),
Jester and Banquet (modules/banquet_overlays.py), Moocher (modules/moocher.py), Money Collector
(modules/money_collector.py), the Pick Pocket, asked when a phase opens (modules/pickpocket.py).
"""

from __future__ import annotations

from typing import Any

from ..abilities import Ability, register_ability
from ..actions import EXTRA_ACTIONS_TURN, end_turn, into_hand, place, placed
from ..cards import Card
from ..errors import IllegalMove
from ..ledger import post
from ..moves import (
    Move,
    MoveKind,
    choice_field,
    register_field,
    register_move_kind,
    string_field,
)
from ..prices import displace_targets, seat_prices
from ..ruleset import Expansion, register_expansion
from ..state import GameState
from ..visibility import register_view_part
from . import money_collector, pickpocket  # noqa: F401  (they register their cards' uses)
from .banquet_overlays import HOOK as OVERLAYS
from .banquet_overlays import lying_on_cards
from .in_good_company import CARD_FILE as COMPANY_FILE
from .moocher import card_value_of
from .purple import MOVE, USES, Use, leave_game, register_use, removed, special, taken_this_turn
from .purple import configure as configure_purple

__all__ = ["MOVE", "card_value_of", "lying_on_cards", "removed", "set_aside"]

Events = list[dict[str, Any]]
OPTION = "banquet"
CARD_FILE = "banquet.toml"
NO_PRISON = "banquet_no_prison.toml"  # with In Good Company (2nd edition): no Debtor's Prison
COMPANY_OPTION = "in_good_company"
GOLDEN_DONKEY_RUBLES = 5
DOUBLE_TURN_ACTIONS = 2
CZARS = frozenset({"czar_and_carpenter", "czar_and_carpenter_ns"})
# Ruleset param: the Black Market may put the chosen card back (2nd edition, 000; the 1st
# edition's booklet 004 says he "must buy one card", so there it is buy or take).
BLACK_MARKET_RETURNS = "banquet.black_market_returns"


def _configure(draft: dict[str, Any], options: dict[str, Any]) -> None:
    draft["on_place"].append(OVERLAYS)
    draft["phase_start"].append(OVERLAYS)
    draft["params"][BLACK_MARKET_RETURNS] = options["edition"] == "2nd"
    configure_purple(draft, options)
    pickpocket.configure(draft, options)
    files = draft["card_files"]
    files.append(CARD_FILE)
    if options["edition"] == "2nd" and options[COMPANY_OPTION]:
        # The removal must follow In Good Company's cards, whichever module configures first.
        if COMPANY_FILE not in files:
            files.append(COMPANY_FILE)
        files.append(NO_PRISON)


# ---------------------------------------------------------------- normal cards


def _displaces_only_czar(state: GameState, seat: int, trading: Card, target: Card) -> bool:
    """Czar-Superstar: only a Czar and Carpenter (base or New Society)."""
    return target.id in CZARS


for _ability in (
    Ability("czar_superstar", discounts=("building", "aristocrat"), displaces=_displaces_only_czar),
    Ability("potjomkin_4", displace_value=4),
    Ability("potjomkin_8", displace_value=8),
):
    register_ability(_ability)


# Golden Donkey, Double Turn, Away with it!


def _golden_donkey(
    state: GameState, seat: int, instance: str, move: Move, events: Events
) -> GameState:
    player, entry = post(state.players[seat], seat, "golden_donkey", GOLDEN_DONKEY_RUBLES, 0)
    events.append(entry)
    return state.with_player(seat, player)


def _double_turn(
    state: GameState, seat: int, instance: str, move: Move, events: Events
) -> GameState:
    """Two more actions at once (`end_turn` uses up the card's own action); the whole turn never
    counts as a pass (decision 4.17)."""
    player = state.players[seat]
    player = player.evolve(records=player.records.set(EXTRA_ACTIONS_TURN, True))
    return state.with_player(seat, player, actions_left=state.actions_left + DOUBLE_TURN_ACTIONS)


def _always(state: GameState, seat: int, instance: str) -> list[Move]:
    return [special(instance)]


def _away_offers(state: GameState, seat: int, instance: str) -> list[Move]:
    """Another card of the hand, never a purple one (expansions.md §2.5, decision 4.18)."""
    cards_of = state.rules.cards
    hand = state.players[seat].hand
    return [special(instance, target=c) for c in hand if c != instance and not cards_of[c].special]


def _away_with_it(
    state: GameState, seat: int, instance: str, move: Move, events: Events
) -> GameState:
    target: str = move.get("target")
    player = state.players[seat]
    player = player.evolve(hand=tuple(c for c in player.hand if c != target))
    events.append({"kind": "special_discard", "seat": seat, "card": target})
    return state.with_player(seat, player, discard=(*state.discard, target))


# Black Market


def _fetchable(state: GameState) -> list[str]:
    cards_of = state.rules.cards
    return [c for c in state.discard if not cards_of[c].special]


def _black_market_offers(state: GameState, seat: int, instance: str) -> list[Move]:
    """Buy (usual price, no lower-row reduction), take or - 2nd edition - return a non-purple
    card of the discard pile; the Black Market itself leaves the hand, so there is room."""
    cards_of = state.rules.cards
    player = state.players[seat]
    profile = seat_prices(state, seat)
    returns = state.rules.params[BLACK_MARKET_RETURNS]
    moves = []
    for drawn in _fetchable(state):
        card = cards_of[drawn]
        if card.trading:
            for displaced in displace_targets(state, seat, card, len(player.hand) - 1):
                if profile.price(card, False, cards_of[displaced]) <= player.money:
                    moves.append(special(instance, displaced, target=drawn, then="buy"))
        elif profile.price(card) <= player.money:
            moves.append(special(instance, target=drawn, then="buy"))
        moves.append(special(instance, target=drawn, then="take"))
        if returns:
            moves.append(special(instance, target=drawn, then="return"))
    return moves


def _black_market_quote(state: GameState, seat: int, move: Move) -> int | None:
    if move.get("then") != "buy":
        return None
    cards_of = state.rules.cards
    displaced = cards_of[move.displace] if move.displace else None
    profile = seat_prices(state, seat)
    return profile.price(cards_of[move.get("target")], False, displaced)


def _black_market(
    state: GameState, seat: int, instance: str, move: Move, events: Events
) -> GameState:
    drawn: str = move.get("target")
    then: str = move.get("then")
    events.append({"kind": "black_market", "seat": seat, "card": drawn, "then": then})
    if then == "return":
        return state
    discard = tuple(c for c in state.discard if c != drawn)
    player = state.players[seat]
    if then == "take":
        return state.with_player(seat, into_hand(state, player, drawn), discard=discard)
    bought = Move("buy", drawn, move.displace)
    player, price, displaced, entry = place(state, seat, bought, "black_market", len(player.hand))
    events.append(
        {"kind": "buy", "seat": seat, "card": drawn, "from": "discard", "price": price,
         "displaced": displaced}
    )  # fmt: skip
    events.append(entry)
    if displaced is not None:
        discard = (*discard, displaced)
    state = state.with_player(seat, player, discard=discard)
    return placed(state, seat, drawn, displaced, events)


register_use(
    "golden_donkey", Use(_always, _golden_donkey, told=lambda: {"rubles": GOLDEN_DONKEY_RUBLES})
)
register_use("away_with_it", Use(_away_offers, _away_with_it))
register_use(
    "double_turn", Use(_always, _double_turn, told=lambda: {"actions": DOUBLE_TURN_ACTIONS})
)
register_use("black_market", Use(_black_market_offers, _black_market, quote=_black_market_quote))
# Used when a phase opens (modules/pickpocket.py); on his turns its holder is offered the
# standing answer "never ask me" / "ask me" (a free move).
register_ability(Ability("pickpocket", hand_penalty=False, actions=pickpocket.plan_offers))


def _view(state: GameState) -> dict[str, Any] | None:
    """`view["banquet"]`: the purple cards out of the game (2nd edition), which lies on which
    card, and - while a Moocher is in a hand - what each card in an area would give it
    (`values`: card -> [rubles, points])."""
    if OPTION not in state.rules.expansions:
        return None
    shown: dict[str, Any] = {
        "removed": list(removed(state)),
        "lying": [{"card": purple, "on": target} for purple, target in lying_on_cards(state)],
    }
    cards_of = state.rules.cards
    if any(cards_of[c].ability.key == "moocher" for p in state.players for c in p.hand):
        shown["values"] = {
            card: list(card_value_of(state, seat, card))
            for seat, player in enumerate(state.players)
            for card in player.area
        }
    return shown


def set_aside(state: GameState) -> tuple[str, ...]:
    """Purple cards in no pile, row, area or hand: removed ones and those lying on cards."""
    return (*removed(state), *(purple for purple, _ in lying_on_cards(state)))


def use_special(state: GameState, seat: int, move: Move, events: Events) -> GameState:
    """The move `special`: use a purple card from the hand as the turn's action."""
    instance = move.card
    player = state.players[seat]
    if instance not in player.hand:
        raise IllegalMove("no_such_card", "That card is not in your hand.")
    card = state.rules.cards[instance]
    use = USES.get(card.ability.key) if card.special else None
    if use is None:
        raise IllegalMove("not_special", "This card is not used this way.")
    if state.first_worker_phase:
        raise IllegalMove("must_buy_worker")
    if taken_this_turn(player, instance):
        raise IllegalMove("special_not_yet", "A special card is used on a later turn only.")
    wanted = move.to_dict()
    if not any(offer.to_dict() == wanted for offer in use.offers(state, seat, instance)):
        raise IllegalMove("special_no_effect", "That special card cannot do this now.")
    told = use.told() if use.told is not None else {}
    events.append(
        {"kind": "special", "seat": seat, "card": instance, "target": move.get("target"), **told}
    )
    player = player.evolve(hand=tuple(c for c in player.hand if c != instance))
    state = state.with_player(seat, player)
    if not use.attaches:
        state = leave_game(state, instance)
    state = use.effect(state, seat, instance, move, events)
    return end_turn(state, seat, state.players[seat], passed=False)


register_field(string_field("target"))
register_field(
    choice_field("then", ("buy", "take", "return"), "then must be 'buy', 'take' or 'return'")
)
register_field(choice_field("gain", ("rubles", "points"), "gain must be 'rubles' or 'points'"))


def _quote(state: GameState, seat: int, move: Move) -> int | None:
    """What a use costs (the view's price of a `special` move), None where it costs nothing."""
    use = USES.get(state.rules.cards[str(move.card)].ability.key)
    return use.quote(state, seat, move) if use is not None and use.quote is not None else None


register_move_kind(
    MoveKind(MOVE, ("card",), ("displace", "target", "then", "gain"), use_special, quote=_quote)
)
register_view_part(OPTION, _view)
register_expansion(Expansion(OPTION, _configure))
