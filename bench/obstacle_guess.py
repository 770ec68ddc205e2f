"""Greedy with Module 6's guess of what a held seat loses against greedy with the flat guess.

    python bench/obstacle_guess.py [--games 300] [--players 2 4] [--seed 1]

The Market with Modules 3-6 (the 2nd edition), greedy bots only. Each deal is played once per
seat with that seat's greedy using the game's guess (`obstacles_bots.future_gains`: what the
area scores a round, growing each round) and every other seat the guess it replaced (a flat
4 points a round); then once with the game's guess in every seat and once with the flat one in
every seat. One JSON line per player count: the game's guess's wins with Wilson's 95 % interval
(parity is 1 / players), and the points lost on real obstacles (the walk's `wasted`) per game
of the seat with the game's guess against flat ones, and per seat in the games of one guess.
Greedy games are quick (a 2-player game in ~50 ms), so the whole run takes minutes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bots import MARKET_MODULES, choice_seed, wilson
from games.rules import apply_move, final_scores, greedy_bot, is_over, new_game, to_act
from games.rules.bots import rounds_left, ruble_value
from games.rules.modules import obstacles_bots
from games.rules.modules.obstacle_track import Placed
from games.rules.state import GameState

Stake = Callable[[GameState, int, Placed], float]
GAME_STAKE: Stake = obstacles_bots._stake
FLAT_PER_ROUND = 4.0


def flat_stake(state: GameState, seat: int, placed: Placed) -> float:
    """The guess before: the bonus, and 4 points for each round left once the seat's points,
    coming at 4 a round, have reached the obstacle."""
    bonus = placed.obstacle.bonus(state, seat, False)
    stake = bonus.points + bonus.rubles * ruble_value(state)
    rounds = rounds_left(state) + 1
    distance = placed.space - state.players[seat].points
    return stake + FLAT_PER_ROUND * max(0.0, rounds - distance / FLAT_PER_ROUND)


@contextmanager
def stake_of(stake: Stake) -> Iterator[None]:
    """Greedy values obstacles with `stake` inside the block (the module's memo forgotten)."""
    obstacles_bots._stake = stake
    obstacles_bots._LAST = None
    try:
        yield
    finally:
        obstacles_bots._stake = GAME_STAKE
        obstacles_bots._LAST = None


def play(players: int, seed: int, stakes: list[Stake]) -> tuple[list[bool], list[int]]:
    """One greedy game, seat i valuing obstacles with stakes[i]: (winners, points lost)."""
    s = new_game({"players": players, "edition": "2nd", "market": True, **MARKET_MODULES}, seed)
    moves = 0
    lost = [0] * players
    while not is_over(s):
        seat = to_act(s)[0]
        with stake_of(stakes[seat]):
            move = greedy_bot(s, seat, choice_seed(seed, moves))
            s, events = apply_move(s, seat, move)
        moves += 1
        for event in events:
            if event.get("kind") == "obstacle_blocked":
                lost[event["seat"]] += event["wasted"]
    return [bool(row["winner"]) for row in final_scores(s)], lost


def run(players: int, games: int, seed: int) -> dict:
    wins = against = lost_against = lost_guess = lost_flat = 0
    for deal in range(seed, seed + games):
        for seat in range(players):
            stakes = [flat_stake] * players
            stakes[seat] = GAME_STAKE
            winners, lost = play(players, deal, stakes)
            wins += winners[seat]
            against += 1
            lost_against += lost[seat]
        lost_guess += sum(play(players, deal, [GAME_STAKE] * players)[1])
        lost_flat += sum(play(players, deal, [flat_stake] * players)[1])
    low, high = wilson(wins, against)
    return {
        "players": players,
        "games": against,
        "wins": wins,
        "win_rate": round(wins / against, 3),
        "interval": [round(low, 3), round(high, 3)],
        "parity": round(1 / players, 3),
        "lost_per_game_against_flat": round(lost_against / against, 1),
        "lost_per_seat_all_game_guess": round(lost_guess / (games * players), 1),
        "lost_per_seat_all_flat": round(lost_flat / (games * players), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.players:
        print(json.dumps(run(players, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
