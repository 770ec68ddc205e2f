"""The log as the truth: export it for the engine's command line and check it rebuilds."""

import json

from games import rules
from games.models import Game


def game_replay_export(*, game: Game) -> dict:
    """The log as `python -m games.rules replay` reads it.

    `{"options": …, "seed": …, "moves": [{"seat": n, "move": {…}}, …]}`
    """
    moves = [
        {"seat": seat, "move": move}
        for seat, move in game.actions.order_by("seq").values_list("seat", "move")
    ]
    return {"options": game.options, "seed": game.seed, "moves": moves}


def game_verify(*, game: Game) -> list[str]:
    """The problems with the game's log and snapshot (an empty list: it replays exactly)."""
    if game.seed is None or game.state is None:
        return []  # never started: nothing was dealt, nothing to replay
    problems = []
    seqs = list(game.actions.order_by("seq").values_list("seq", flat=True))
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append("the log has gaps or does not start at 1")
    if len(seqs) != game.version:
        problems.append(f"version is {game.version} but the log holds {len(seqs)} moves")
    export = game_replay_export(game=game)
    try:
        replayed = rules.replay(export["options"], export["seed"], export["moves"])
    except rules.IllegalMove as exc:
        problems.append(f"the log does not replay: {exc.code}")
        return problems
    if json.loads(json.dumps(replayed.to_dict())) != game.state:
        problems.append("the snapshot differs from the replay of the log")
    return problems
