"""The log as the truth: export it for the engine's command line and check it rebuilds."""

import json

from games import actionlog, rules
from games.models import ActionKind, Game


def game_replay_export(*, game: Game) -> dict:
    """The effective log as `python -m games.rules replay` reads it (undone moves left out).

    `{"options": …, "seed": …, "moves": [{"seat": n, "move": {…}}, …]}`
    """
    return {"options": game.options, "seed": game.seed, "moves": actionlog.effective_moves(game)}


def _undo_problems(actions: list) -> list[str]:
    """Each undo must cancel an earlier normal move that no other undo cancelled."""
    problems = []
    kinds = {a.seq: a.kind for a in actions}
    cancelled: set[int] = set()
    for action in actions:
        if action.kind != ActionKind.UNDO:
            continue
        target = action.move.get("undo") if isinstance(action.move, dict) else None
        if not isinstance(target, int) or target >= action.seq:
            problems.append(f"undo {action.seq} does not name an earlier move")
        elif kinds.get(target) != ActionKind.NORMAL:
            problems.append(f"undo {action.seq} cancels {target}, which is not a normal move")
        elif target in cancelled:
            problems.append(f"undo {action.seq} cancels {target} a second time")
        else:
            cancelled.add(target)
    return problems


def game_verify(*, game: Game) -> list[str]:
    """The problems with the game's log and snapshot (an empty list: it replays exactly)."""
    if game.seed is None or game.state is None:
        return []  # never started: nothing was dealt, nothing to replay
    problems = []
    actions = list(game.actions.order_by("seq").only("game", "seq", "seat", "kind", "move"))
    seqs = [a.seq for a in actions]
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append("the log has gaps or does not start at 1")
    if len(seqs) != game.version:
        problems.append(f"version is {game.version} but the log holds {len(seqs)} moves")
    problems.extend(_undo_problems(actions))
    if problems:
        return problems
    export = game_replay_export(game=game)
    try:
        replayed = rules.replay(export["options"], export["seed"], export["moves"])
    except rules.IllegalMove as exc:
        problems.append(f"the log does not replay: {exc.code}")
        return problems
    if json.loads(json.dumps(replayed.to_dict())) != game.state:
        problems.append("the snapshot differs from the replay of the log")
    return problems
