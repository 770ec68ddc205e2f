"""Conformance over random playouts (OpenSpiel basic tests): both bots, both editions, 1-4 players.

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
from games.rules.prices import hand_limit
from games.rules.rng import SplitMix64

TOTAL_CARDS = sum(PILE_SIZES.values())
MAX_MOVES = 3000
PILES = ["worker", "building", "aristocrat", "trading"]
CASES = [
    (bot, edition, players, seed)
    for bot in ("random", "greedy")
    for edition in ("1st", "2nd")
    for players in (1, 2, 3, 4)
    for seed in (1, 2, 3)
]


def card_count(s):
    count = sum(len(p) for p in s.piles) + len(s.upper) + len(s.lower) + len(s.discard)
    count += sum(len(p.area) + len(p.hand) for p in s.players)
    return count + (1 if s.drawn else 0)


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
    candidates += [
        Move("observatory", observatory=observatory, pile=pick(rng, PILES)),
        Move("pub", points=rng.below(12)),
        Move("pub_plan", points=rng.below(12)),
        Move("pass"),
        Move("pass", until="phase"),
    ]
    return candidates


def check_position(s, rng, instances, cards_of, full):
    assert card_count(s) == TOTAL_CARDS
    for player in s.players:
        assert player.money >= 0
        assert len(player.hand) <= hand_limit(cards_of, player.area)
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
