"""A player's private note on a game: what he plans, what to remember. Only he reads it."""

from django.utils.translation import gettext as _

from games.access import access_game
from games.errors import GameError
from games.models import Seat

NOTE_MAX = 2000


def seat_note_save(*, game_id: int, user, text: str) -> str:
    """Keep `text` as `user`'s note on the game where he is seated; returns it as kept."""
    text = text.strip()
    if len(text) > NOTE_MAX:
        raise GameError(
            "bad_note", _("A note has at most %(n)d characters.") % {"n": NOTE_MAX}, status=422
        )
    _game, seat = access_game(user, game_id)
    if seat is None:
        raise GameError("not_seated", _("Only the players at this table keep notes."), status=403)
    Seat.objects.filter(pk=seat.pk).update(note=text)
    return text
