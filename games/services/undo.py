"""Taking back a move: a logged operation, so the log stays the whole truth.

An undo appends `Action(kind=undo, move={"undo": <seq>})` and rebuilds the snapshot by
replaying the effective log (docs/state.md; `games.actionlog`).
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import actionlog, rules
from games.access import access_game
from games.errors import GameError, stale_version
from games.models import Action, ActionKind
from games.services.moves import after_commit, snapshot_save

REFUSALS = {
    "cannot_undo": lambda: _("Only a player of a running game can take back a move."),
    "nothing_to_undo": lambda: _("There is no move of yours to take back."),
    "not_your_move": lambda: _("The last move is not yours: someone has acted since."),
    "undo_revealed": lambda: _("That move showed a hidden card, so it cannot be taken back."),
}


def move_undo(*, game_id: int, user, expected_version: int) -> Action:
    """Take back `user`'s last move, or raise GameError.

    Allowed while that move is the last one that counts, was a normal move by this user at
    their seat, and revealed nothing hidden (no Observatory draw, no refill from a pile).
    """
    with transaction.atomic(durable=True):
        game, seat = access_game(user, game_id, for_update=True)
        if expected_version != game.version:
            raise stale_version(game.version)
        position = seat.position if seat is not None else None
        refusal = actionlog.undo_refusal(game, position, user)
        if refusal is not None:
            raise GameError(refusal, REFUSALS[refusal](), status=422, version=game.version)
        target = actionlog.last_effective_action(game)
        assert target is not None  # undo_refusal checked it
        action = Action.objects.create(
            game=game,
            seq=game.version + 1,
            seat=position,
            user=user,
            kind=ActionKind.UNDO,
            move={"undo": target.seq},
            events=[{"kind": "undo", "seat": position, "seq": target.seq}],
        )
        state = rules.replay(game.options, game.seed, actionlog.effective_moves(game))
        now = timezone.now()
        game.version += 1
        game.last_move_at = now
        after_commit(game, snapshot_save(game, state, now=now))
    return action
