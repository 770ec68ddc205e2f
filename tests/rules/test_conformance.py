"""Conformance over random playouts (OpenSpiel basic tests): both bots, both editions, 1-4 players;
the Market (2nd edition) with 2-5 players.

Each playout checks at every step: the game goes on until it is over and someone is always to act;
every listed move applies and a sample of unlisted moves is refused; apply_move leaves its input
alone; the JSON round trip is exact; cards are neither made nor lost; money never goes negative;
hands stay within their limit; no view shows a card still in a pile. At the end the replay of the
log equals the state built move by move.
"""

import json

import pytest

from games.rules import (
    BOTS,
    GameState,
    IllegalMove,
    Move,
    apply_move,
    is_over,
    legal_moves,
    new_game,
    player_view,
    replay,
    to_act,
)
from games.rules.cards import PILE_SIZES, catalogue
from games.rules.modules.banquet import set_aside
from games.rules.prices import seat_hand_limit
from games.rules.rng import SplitMix64

TOTAL_CARDS = sum(PILE_SIZES.values())
MAX_MOVES = 3000
PILES = ["worker", "market", "building", "aristocrat", "trading"]
EVENTS = ["twin", "sponsor", "ghost", "new_luck", "warehouse", "grabber"]
CASES = [
    (bot, edition, players, seed)
    for bot in ("random", "greedy")
    for edition in ("1st", "2nd")
    for players in (1, 2, 3, 4)
    for seed in (1, 2, 3)
]
MARKET_CASES = [
    (bot, players, seed)
    for bot in ("random", "greedy")
    for players in (2, 3, 4, 5)
    for seed in (1, 2)
]


def card_count(s):
    count = sum(len(p) for p in s.piles) + len(s.upper) + len(s.lower) + len(s.discard)
    count += sum(len(p.area) + len(p.hand) for p in s.players)
    # Purple cards out of the game (2nd edition) or lying on a card (the Banquet: `set_aside`).
    return count + (1 if s.drawn else 0) + len(set_aside(s))


def pick(rng, items):
    return items[rng.below(len(items))] if items else None


def unlisted_candidates(s, seat, rng, instances):
    """Moves of every kind on the cards at hand (board, hand, area, drawn card) and on random
    cards; whichever of them legal_moves does not list must be refused."""
    player = s.players[seat]
    near = [*s.upper, *s.lower, *player.hand, *([s.drawn] if s.drawn else [])]
    candidates = []
    for card in (pick(rng, near), pick(rng, instances)):
        if card is None:
            continue
        target = pick(rng, list(player.area))
        candidates += [
            Move("buy", card),
            Move("buy", card, target),
            Move("take", card),
            Move("play", card),
            Move("play", card, target),
            Move("discard", card),
        ]
    observatory = pick(rng, list(player.area)) or "observatory#0"
    fetched = pick(rng, list(s.discard)) or pick(rng, instances)
    candidates += [
        Move("prison", fetched, extra=(("prison", observatory), ("then", "take"))),
        Move("prison", fetched, extra=(("prison", observatory), ("then", "return"))),
        Move("prison", fetched, extra=(("prison", observatory), ("then", "buy"))),
        Move("guild_hall_plan", points=rng.below(6)),
        Move("discard_sycophant", pick(rng, list(player.area)) or "sycophant#0"),
        Move("trading_house", extra=(("use", True),)),
        Move("trading_house_plan", extra=(("use", rng.below(2) == 1),)),
        Move("observatory", observatory=observatory, pile=pick(rng, PILES)),
        Move("pub", points=rng.below(12)),
        Move("pub_plan", points=rng.below(12)),
        Move("pass"),
        Move("pass", until="phase"),
        Move("upkeep", extra=(("keep", rng.below(2) == 1),)),
        Move("upkeep_plan", extra=(("keep", True),)),
        Move(
            "joker", extra=(("good", pick(rng, ["grain", "chicken", "apple", "cabbage", "fish"])),)
        ),
        Move("obstacle_bonus", points=rng.below(7)),
        Move("obstacle_bonus", pick(rng, list(player.area)), extra=(("gain", "points"),)),
    ]
    for event in EVENTS:  # the Events, and the Twin's pair taken in some way
        displaced = pick(rng, list(player.area))
        candidates.append(Move("event", pick(rng, near), displaced, extra=(("event", event),)))
    way = pick(rng, ["buy", "take"])
    candidates.append(Move("twin", pick(rng, near), extra=(("second", way), ("then", way))))
    return candidates


def check_position(s, rng, instances, cards_of, full):
    assert card_count(s) == len(s.rules.cards)
    for seat, player in enumerate(s.players):
        assert player.money >= 0
        assert len(player.hand) <= seat_hand_limit(s, seat)
    assert GameState.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    seats = to_act(s)
    assert seats, "someone must be able to act until the game is over"
    seat = seats[0]
    for other in range(s.n):
        if other != seat:
            assert legal_moves(s, other) == []
    moves = legal_moves(s, seat)
    assert moves
    before = s.to_dict()
    listed = set(moves)
    for move in moves if full else moves[:3]:
        apply_move(s, seat, move)
    for move in unlisted_candidates(s, seat, rng, instances):
        if move not in listed:
            with pytest.raises(IllegalMove):
                apply_move(s, seat, move)
    assert s.to_dict() == before, "apply_move must not change its input"
    if full:
        hidden = [card for pile in s.piles for card in pile]
        for viewer in (None, seat):
            text = json.dumps(player_view(s, viewer))
            assert not any(f'"{card}"' in text for card in hidden)
    return moves


@pytest.mark.parametrize(("bot", "edition", "players", "seed"), CASES)
def test_random_playouts_keep_every_invariant(bot, edition, players, seed):
    options = {"players": players, "edition": edition}
    cards_of = catalogue(edition).instances
    instances = sorted(cards_of)
    rng = SplitMix64(seed * 7919 + players)
    s = new_game(options, seed)
    log = []
    step = 0
    while not is_over(s):
        assert step < MAX_MOVES, "the game must end"
        check_position(s, rng, instances, cards_of, full=step % 3 == 0)
        seat = to_act(s)[0]
        move = BOTS[bot](s, seat, seed * 100_003 + step)
        s, events = apply_move(s, seat, move)
        text = json.dumps(events)
        assert not any(f'"{card}"' in text for pile in s.piles for card in pile)
        log.append({"seat": seat, "move": move.to_dict()})
        step += 1
    assert to_act(s) == ()
    assert card_count(s) == TOTAL_CARDS
    assert replay(options, seed, log) == s


@pytest.mark.parametrize(("bot", "players", "seed"), MARKET_CASES)
def test_market_playouts_keep_every_invariant(bot, players, seed):
    options = {"players": players, "edition": "2nd", "market": True}
    s = new_game(options, seed)
    cards_of = s.rules.cards
    instances = sorted(cards_of)
    rng = SplitMix64(seed * 7919 + players)
    log = []
    step = 0
    while not is_over(s):
        assert step < MAX_MOVES, "the game must end"
        check_position(s, rng, instances, cards_of, full=step % 3 == 0)
        seat = to_act(s)[0]
        move = BOTS[bot](s, seat, seed * 100_003 + step)
        s, _events = apply_move(s, seat, move)
        log.append({"seat": seat, "move": move.to_dict()})
        step += 1
    assert card_count(s) == len(cards_of) == TOTAL_CARDS + 35
    assert replay(options, seed, log) == s
