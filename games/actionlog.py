"""Reading the action log: which moves count, and which one may still be taken back.

The log is append-only. An undo is itself an action (kind `undo`, move `{"undo": <seq>}`)
that cancels an earlier move; the *effective* log is every move that is not an undo and was
not undone. The snapshot is always the replay of the effective log.
"""

from collections.abc import Iterable

from games import rules
from games.models import Action, ActionKind, Game


def undone_seqs(actions: Iterable[Action]) -> set[int]:
    return {a.move["undo"] for a in actions if a.kind == ActionKind.UNDO}


def effective_actions(actions: Iterable[Action]) -> list[Action]:
    """The moves that count, in order: no undos, nothing that was undone."""
    actions = list(actions)
    undone = undone_seqs(actions)
    return [a for a in actions if a.kind != ActionKind.UNDO and a.seq not in undone]


def effective_moves(game: Game) -> list[dict]:
    """The effective log as `rules.replay` reads it: `[{"seat": n, "move": {...}}, ...]`."""
    actions = game.actions.order_by("seq").only("game", "seq", "seat", "kind", "move")
    return [{"seat": a.seat, "move": a.move} for a in effective_actions(actions)]


def last_effective_action(game: Game) -> Action | None:
    """The newest move that counts, walking back over undos and what they cancelled.

    Reads the log newest first in small pages (plain queries, no server-side cursor: this
    runs for every payload, and almost always stops in the first page).
    """
    undone: set[int] = set()
    newest_first = game.actions.order_by("-seq")
    start, page = 0, 8
    while True:
        chunk = list(newest_first[start : start + page])
        for action in chunk:
            if action.kind == ActionKind.UNDO:
                undone.add(action.move["undo"])
            elif action.seq not in undone:
                return action
        if len(chunk) < page:
            return None
        start += page
        page = min(page * 4, 512)


def reveals_hidden(action: Action) -> bool:
    """Whether the move showed a card from a pile; the engine's events say so themselves
    (`rules.event_reveals`: an Observatory draw, a refill that laid cards out)."""
    return any(rules.event_reveals(event) for event in action.events)


def undo_refusal(game: Game, position: int | None, user, *, last=None) -> str | None:
    """Why `user` at `position` may not take back a move now (a code), or None if they may.

    `last`, if given, is a callable returning `last_effective_action(game)` (computed once
    when several payloads of the same version are built).
    """
    if game.status != "running" or position is None:
        return "cannot_undo"
    action = last() if last is not None else last_effective_action(game)
    if action is None or action.kind != ActionKind.NORMAL:
        return "nothing_to_undo"
    if action.seat != position or action.user_id != user.pk:
        return "not_your_move"
    if reveals_hidden(action):
        return "undo_revealed"
    return None
