"""A finished (or running) game looked at through its log: the state after any move, the
points and money of every player round by round, and where the points came from (the end
screen's score sheet, read from the engine's ledger). Computed by replaying; nothing is cached."""

from games import actionlog, rules
from games.models import Game


def state_after(game: Game, n: int):
    """`(state, total)`: the state after the first `n` effective moves, and how many there are.

    Raises IndexError when `n` is outside 0..total.
    """
    moves = actionlog.effective_moves(game)
    if not 0 <= n <= len(moves):
        raise IndexError(n)
    return rules.replay(game.options, game.seed, moves[:n]), len(moves)


def step_count(game: Game) -> int:
    """How many effective moves the replay steps through (its last step)."""
    return len(actionlog.effective_moves(game))


def game_series(game: Game) -> dict:
    """Each player's points and money at the start and at the end of every round.

    `{"rounds": [0, 1, 2, …], "players": [{"seat": 0, "points": [...], "money": [...]}, …]}`;
    round 0 is the deal. The last entry is the end of the game (before final scoring).
    """
    state = rules.new_game(game.options, game.seed)
    rounds = [0]
    points = [[p.points for p in state.players]]
    money = [[p.money for p in state.players]]
    for entry in actionlog.effective_moves(game):
        before = state.round
        state, _ = rules.apply_move(state, entry["seat"], entry["move"])
        if state.round != before or rules.is_over(state):
            if rules.is_over(state) and rounds[-1] == state.round:
                continue
            rounds.append(before if state.round != before else state.round)
            points.append([p.points for p in state.players])
            money.append([p.money for p in state.players])
    return {
        "rounds": rounds,
        "players": [
            {
                "seat": seat,
                "points": [row[seat] for row in points],
                "money": [row[seat] for row in money],
            }
            for seat in range(state.n)
        ],
    }


def score_sheet(game: Game) -> dict:
    """The end screen's breakdown of a finished game: each seat's points by part, read from
    the ledger entries of the game's events (`rules.score_sheet`), beside the final scores.

    The events come from replaying the log, from the deal on, rather than from the stored
    actions: the replay is the truth the snapshot is checked against, and it has the ledger
    entries also for moves stored before the engine wrote them.
    """
    state, events = rules.new_game_with_events(game.options, game.seed)
    for entry in actionlog.effective_moves(game):
        state, new = rules.apply_move(state, entry["seat"], entry["move"])
        events += new
    sheet = rules.score_sheet(state, events)
    if game.options.get("obstacles"):
        sheet["points_lost"] = points_lost(events, state.n)
    return sheet


def points_lost(events: list[dict], seats: int) -> list[int]:
    """Per seat the points the obstacles took (Module 6): the gains' `wasted` points, which the
    ledger entries name beside what was credited."""
    lost = [0] * seats
    for event in events:
        if event.get("kind") == "ledger" and event.get("wasted"):
            lost[event["seat"]] += event["wasted"]
    return lost
