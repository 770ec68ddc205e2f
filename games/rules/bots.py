"""Bots: pure functions of (state, seat, seed) that return a legal Move.

`random` picks uniformly among the legal moves. `greedy` values each move as points it will bring
(income times the scorings still to come, aristocrat-table gains) minus what the rubles it costs
are worth, where a ruble is worth more early (it buys future income) and little at the end. It
keeps money for the next phase by valuing rubles, takes good cards into its hand when it cannot
pay yet, and buys Pub points once rubles are worth less than half a point. Randomness only from
our own generator (rng.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .abilities import Ability, ability_params
from .cards import Card
from .engine import legal_moves
from .moves import Move
from .prices import Prices, may_target, seat_prices
from .rng import SplitMix64
from .scoring import aristocrat_points, distinct_aristocrats
from .state import GameState

Bot = Callable[[GameState, int, int], Move]
# What an expansion adds to the greedy bot's judgement, by its option (looked up only for the
# options that are on, so the base game pays nothing): the extra worth of placing a card (the
# Market's majorities and upkeep) and the worth of its own move kinds (upkeep, the '?' good).
CardWorth = Callable[[GameState, int, str, Card, "Card | None"], float]
MoveWorth = Callable[[GameState, int, Move], float]
CARD_WORTH: dict[str, CardWorth] = {}
MOVE_WORTH: dict[str, MoveWorth] = {}


def register_bot_worth(
    option: str, card: CardWorth | None = None, moves: dict[str, MoveWorth] | None = None
) -> None:
    """Teach the greedy bot an expansion: `card` values a placement, `moves` its move kinds."""
    if card is not None:
        CARD_WORTH[option] = card
    MOVE_WORTH.update(moves or {})


def random_bot(state: GameState, seat: int, seed: int) -> Move:
    """A uniformly random legal move."""
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return moves[SplitMix64(seed).below(len(moves))]


# The last state `rounds_left` was asked about and its answer: the greedy bot and the modules'
# worths ask it of one position for every card they value. States are immutable and the one held
# here is never another's, so `is` identifies it; only the speed of the answer depends on this.
_LAST_ROUNDS: tuple[GameState | None, int] = (None, 0)


def rounds_left(state: GameState) -> int:
    """Rounds still to play after this one, guessed from the shortest pile (~6 cards a round)."""
    global _LAST_ROUNDS
    cached, rounds = _LAST_ROUNDS
    if cached is state:
        return rounds
    rounds = 0 if state.last_round else max(0, min(map(len, state.piles)) // 6)
    _LAST_ROUNDS = (state, rounds)
    return rounds


def scorings_left(state: GameState, color: str) -> int:
    """Scorings of `color` a card placed now will still receive (for the modules' worths)."""
    return _scorings(state, color)


def _scorings(state: GameState, color: str) -> int:
    """Scorings of `color` a card placed now will still receive."""
    return rounds_left(state) + (1 if _scored_this_round(state, color) else 0)


def _scored_this_round(state: GameState, color: str) -> bool:
    """Whether `color` is still to be scored in this round's action step."""
    rules = state.rules
    scoring = rules.scored_in.get(color, len(rules.phases))
    return scoring >= rules.phase_index[state.phase] and state.step == "actions"


def ruble_value(state: GameState) -> float:
    """Points a ruble is worth now: it buys income early on, only 1/10 point at the end."""
    return _ruble_value(rounds_left(state))


def _ruble_value(rounds: int) -> float:
    """`ruble_value` with `rounds` still to play."""
    return 0.1 + 0.07 * min(rounds, 4)


class _Position:
    """Greedy's judgement of one seat's moves in one state. Greedy values every legal move of a
    position, and what those values read - the rounds left, a ruble's worth, each colour's
    scorings to come, the seat's prices, each card's worth - is the same for all of them, so it
    is worked out once here (the playouts of the expert bot spend most of their time valuing
    moves). The arithmetic is exactly `card_value`'s and `ability_value`'s, in the same order,
    so the values are the same floats."""

    __slots__ = (
        "_aristocrats",
        "_cards",
        "_prices",
        "_scorings",
        "card_hooks",
        "rounds",
        "seat",
        "state",
        "worth",
    )

    def __init__(self, state: GameState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.rounds = rounds = rounds_left(state)
        self.worth = _ruble_value(rounds)
        self._scorings: dict[str, int] = {}
        # Card worths by instance (nothing displaced) or by (instance, id of the displaced
        # card): the displaced cards are the ruleset's own, alive as long as this object.
        self._cards: dict[str | tuple[str, int], float] = {}
        self._prices: Prices | None = None
        self._aristocrats: frozenset[str] | None = None
        # The expansions' card worths, in the order of the game's options.
        hooks = (CARD_WORTH.get(option) for option in state.rules.expansions)
        self.card_hooks = tuple(hook for hook in hooks if hook is not None)

    def scorings(self, color: str) -> int:
        """`_scorings(state, color)`, memoised."""
        found = self._scorings.get(color)
        if found is None:
            this_round = _scored_this_round(self.state, color)
            found = self._scorings[color] = self.rounds + (1 if this_round else 0)
        return found

    def prices(self) -> Prices:
        """The seat's prices (asked once)."""
        prices = self._prices
        if prices is None:
            prices = self._prices = seat_prices(self.state, self.seat)
        return prices

    def aristocrats(self) -> frozenset[str]:
        """The aristocrat types in the seat's area (`distinct_aristocrats` counts them)."""
        found = self._aristocrats
        if found is None:
            cards_of = self.state.rules.cards
            area = self.state.players[self.seat].area
            found = frozenset(cards_of[c].id for c in area if cards_of[c].color == "aristocrat")
            self._aristocrats = found
        return found

    def card_value(self, instance: str, card: Card, displaced: Card | None) -> float:
        """`card_value` of the position, memoised: a card on the board is valued for its buy
        and for its take."""
        key = instance if displaced is None else (instance, id(displaced))
        found = self._cards.get(key)
        if found is None:
            found = self._cards[key] = self.new_card_value(instance, card, displaced)
        return found

    def new_card_value(self, instance: str, card: Card, displaced: Card | None) -> float:
        """Points (rubles converted) the card brings over the rest of the game."""
        worth = self.worth
        color = card.color
        n = self._scorings.get(color)
        if n is None:
            n = self.scorings(color)
        value = n * (card.points + card.rubles * worth)
        if displaced is not None:
            value -= n * (displaced.points + displaced.rubles * worth)
        if color == "aristocrat":
            value += self.aristocrats_gain(card, displaced)
        if self.card_hooks:
            state = self.state
            seat = self.seat
            for hook in self.card_hooks:
                value += hook(state, seat, instance, card, displaced)
        ability = card.ability
        if _idle(ability):
            return value + 0.0
        return value + self.ability_value(instance, card)

    def aristocrats_gain(self, card: Card, displaced: Card | None) -> int:
        """The aristocrat table's points that placing `card` (over `displaced`) adds."""
        state = self.state
        before = len(self.aristocrats())
        if displaced is None:
            if card.id in self.aristocrats():
                return 0  # the table's points before less the same points after
            after = before + 1
        else:
            cards_of = state.rules.cards
            area = [c for c in state.players[self.seat].area if cards_of[c] is not displaced]
            after = len(
                {cards_of[c].id for c in area if cards_of[c].color == "aristocrat"} | {card.id}
            )
        bonus = state.rules.aristocrats_beyond_ten
        return aristocrat_points(after, bonus) - aristocrat_points(before, bonus)

    def ability_value(self, instance: str, card: Card) -> float:
        """A rough worth of the card's ability, read from its hooks (never from its name)."""
        ability = card.ability
        if _idle(ability):
            return 0.0
        state = self.state
        worth = self.worth
        future = self.rounds
        value = 0.0
        if ability.scoring is not None:
            seat = self.seat
            player = state.players[seat]
            placed = state.with_player(seat, player.evolve(area=(*player.area, instance)))
            for phase in state.rules.phases:
                if phase.scores:
                    rubles, points = ability.scoring(placed, seat, phase.name)
                    value += self.scorings(phase.name) * (points + rubles * worth)
        if ability.discounts:
            value += 0.8 * future * worth
        if ability.hand_limit_bonus:
            value += 0.5
        if ability_params(card, "points"):
            value += self.scorings("building") * 2.0
        if ability.displace_value is not None and ability.displace_value > card.cost:
            value += 0.5 * (ability.displace_value - card.cost) * worth
        trade = ability_params(card, "trade_points")
        if trade:  # points bought for rubles after a scoring (the Trading House)
            gain = trade - ability_params(card, "trade_price") * worth
            value += max(0.0, gain) * self.scorings("building")
        if ability_params(card, "fetches"):  # a card from the discard pile once a round (Prison)
            value += 0.3 * future
        return value

    def score(self, move: Move) -> float:
        """Greedy's worth of a legal move of the seat (`move_value`)."""
        state = self.state
        seat = self.seat
        kind = move.kind
        cards_of = state.rules.cards
        worth = self.worth
        if kind in ("buy", "play"):
            card = cards_of[move.card]  # type: ignore[index]
            displaced = cards_of[move.displace] if move.displace else None
            if kind == "play":
                price = self.prices().price(card, False, displaced)
            else:
                price = self.prices().price(card, move.card in state.lower, displaced)
            gain = self.card_value(move.card, card, displaced) - price * worth  # type: ignore[arg-type]
            return gain + (5.0 if kind == "play" else 0.0)
        if kind == "take":
            if self.rounds == 0:
                return -10.0
            card = cards_of[move.card]  # type: ignore[index]
            displaced = None
            if card.trading:
                area = [cards_of[c] for c in state.players[seat].area]
                targets = [t for t in area if may_target(state, seat, card, t)]
                if not targets:
                    return -10.0
                displaced = min(targets, key=lambda t: t.points + t.rubles)
            gain = self.card_value(move.card, card, displaced) - card.cost * worth  # type: ignore[arg-type]
            return 0.4 * gain - 1.5
        if kind == "pub":
            points = move.points or 0
            short = max(0, _reserve(state) - (state.players[seat].money - 2 * points))
            lost = points - points_kept(state, seat, points)  # a points gate may stop some
            return (1 - 2 * worth) * points - 0.5 * short - lost
        if kind == "discard":
            return 0.0
        if kind in MODULE_MOVES:
            return MODULE_MOVES[kind](state, seat, move)
        if kind == "pass":
            return 0.0 if move.until is None else -0.01
        module_worth = MOVE_WORTH.get(kind)
        if module_worth is not None:
            return module_worth(state, seat, move)
        return -1.0  # pub plans and the Observatory: left to humans


def _idle(ability: Ability) -> bool:
    """Whether `ability_value` finds nothing in the ability (most cards): it is 0.0 then."""
    return (
        ability.scoring is None
        and not ability.discounts
        and not ability.hand_limit_bonus
        and ability.displace_value is None
        and not ability.params
    )


def card_value(
    state: GameState, seat: int, instance: str, card: Card, displaced: Card | None
) -> float:
    """Points (rubles converted) the card brings over the rest of the game."""
    return _Position(state, seat).new_card_value(instance, card, displaced)


def ability_value(state: GameState, seat: int, instance: str, card: Card) -> float:
    """A rough worth of the card's ability, read from its hooks (never from its name)."""
    return _Position(state, seat).ability_value(instance, card)


def _reserve(state: GameState) -> int:
    """Rubles the greedy bot likes to keep for the next phases (none in the last round)."""
    return 0 if state.last_round else 8


def _score(state: GameState, seat: int, move: Move) -> float:
    return _Position(state, seat).score(move)


def _trading_house(state: GameState, seat: int, move: Move) -> float:
    """Pay 3 rubles for 2 points when rubles are worth less than 2/3 of a point each."""
    if not move.get("use"):
        return 0.0
    short = max(0, _reserve(state) - (state.players[seat].money - 3))
    lost = 2 - points_kept(state, seat, 2)  # a points gate may stop them
    return 2 - 3 * ruble_value(state) - 0.5 * short - lost


def points_kept(state: GameState, seat: int, points: int) -> int:
    """Of `points` bought now, those the game's points gate would let through (Module 6: up to
    the real obstacle that would stop the seat; all without a gate)."""
    gate = state.rules.points_gate
    if gate is None:
        return points
    room = gate.room(state, seat)
    return points if room is None else min(points, room)


def _prison(state: GameState, seat: int, move: Move) -> float:
    """A card fetched from the discard pile: valued as if bought or taken from the board."""
    then = move.get("then")
    if then == "buy":
        return _score(state, seat, Move("play", move.card, move.displace)) - 5.0
    if then == "take":
        return _score(state, seat, Move("take", move.card))
    return -1.0


def _discard_sycophant(state: GameState, seat: int, move: Move) -> float:
    """Give a Sycophant up when its upkeep costs more than its place among the aristocrats."""
    cards_of = state.rules.cards
    area = state.players[seat].area
    bonus = state.rules.aristocrats_beyond_ten
    before = aristocrat_points(distinct_aristocrats(cards_of, area), bonus)
    rest = tuple(c for c in area if c != move.card)
    after = aristocrat_points(distinct_aristocrats(cards_of, rest), bonus)
    return _scorings(state, "aristocrat") * ruble_value(state) - (before - after) - 0.01


MODULE_MOVES: dict[str, Callable[[GameState, int, Move], float]] = {
    "trading_house": _trading_house,
    "prison": _prison,
    "discard_sycophant": _discard_sycophant,
}


def move_value(state: GameState, seat: int, move: Move) -> float:
    """Greedy's worth of a legal move (points, rubles converted): the expert bot ranks the
    candidates it searches by it."""
    return _score(state, seat, move)


def move_values(state: GameState, seat: int, moves: Sequence[Move]) -> list[float]:
    """`move_value` of each of the seat's `moves`, in order, with the position's share of the
    work done once."""
    position = _Position(state, seat)
    return [position.score(move) for move in moves]


def greedy_bot(state: GameState, seat: int, seed: int) -> Move:
    """The legal move with the best value; ties broken by the seed."""
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError(f"seat {seat} has no legal move")
    return moves[best_index(move_values(state, seat, moves), seed)]


def best_index(values: Sequence[float], seed: int) -> int:
    """The index of the best of `values`, ties broken by the seed: the i-th value is ranked by
    (value, the i-th draw of SplitMix64(seed)), the first of equal ranks wins.

    The draws only matter among the values tied for the best, so they are made only then (and
    only up to the last of those); without ties the answer is the plain maximum's. A NaN makes
    the comparisons order-dependent, so then every pair is drawn and ranked as written above
    (the sum is NaN if a value is, and then - or for +inf with -inf - the long way is taken).
    """
    rng = SplitMix64(seed)
    total = sum(values)
    if total != total:  # a NaN among the values (or both infinities): rank every pair
        ranks = [(value, rng.next_u64()) for value in values]
        return max(range(len(values)), key=ranks.__getitem__)
    top = max(values)
    tied = [i for i, value in enumerate(values) if value == top]
    if len(tied) == 1:
        return tied[0]
    draws = [rng.next_u64() for _ in range(tied[-1] + 1)]
    return max(tied, key=draws.__getitem__)


BOTS: dict[str, Bot] = {"random": random_bot, "greedy": greedy_bot}
