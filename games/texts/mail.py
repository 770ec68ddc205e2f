"""Short sentences about what happened in a game since a member's last move (for e-mails).

Reads the engine's events (docs/moves.md) of the actions after the member's own last action
and tells them through the registry (`mail_sentence`) in the active language. Deliberately
brief; the table's game log is fuller.
"""

from games.expansion_text import game_catalogue
from games.models import Action, ActionKind, Game, Seat
from games.texts.registry import mail_sentence
from games.texts.words import PlainWords

MAX_SENTENCES = 30


def since_last_move(game: Game, position: int) -> list[str]:
    """What happened after `position`'s last own action, in the active language (newest last)."""
    names = {
        seat.position: seat.user.public_name
        for seat in Seat.objects.filter(game=game).select_related("user")
    }
    last = (
        Action.objects.filter(game=game, seat=position)
        .exclude(kind=ActionKind.TIMEOUT)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    words = PlainWords(names, game_catalogue(game.options))
    sentences = []
    for action in Action.objects.filter(game=game, seq__gt=last or 0).order_by("seq"):
        words.timed_out = action.seat if action.kind == ActionKind.TIMEOUT else None
        for event in action.events:
            text = mail_sentence(words, event, reader=position)
            if text:
                sentences.append(text)
    return sentences[-MAX_SENTENCES:]
