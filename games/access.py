"""Who may see or act on a game. Every permission check on games lives here."""

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games.errors import GameError, not_found
from games.models import Game, Seat


def _games(*, for_update: bool) -> QuerySet[Game]:
    games = Game.objects.all()
    return games.select_for_update(of=("self",)) if for_update else games


def _require_member(user) -> None:
    if user is None or not user.is_authenticated:
        raise GameError("not_logged_in", _("Please log in."), status=401)


def _game(games: QuerySet[Game], game_id: int) -> Game:
    try:
        return games.get(pk=game_id)
    except Game.DoesNotExist:
        raise not_found() from None


def access_game(user, game_id: int, *, for_update: bool = False) -> tuple[Game, Seat | None]:
    """The game and the user's seat at it (None for spectators).

    Any signed-in member may look at any game. With `for_update=True` the game row is locked
    until the surrounding transaction ends, so the caller must be inside `transaction.atomic()`.
    """
    _require_member(user)
    game = _game(_games(for_update=for_update).select_related("host"), game_id)
    seat = Seat.objects.filter(game=game, user=user).select_related("user").first()
    return game, seat


def access_game_to_move(user, game_id: int) -> tuple[Game, list[Seat], Seat | None]:
    """The game locked for a move, all its seats with their users, and the user's seat.

    The move path reads every seat once here and hands them on (deadlines, notices, bots,
    pushes), so a move costs two reads however many parts of it look at the seats.
    Precondition: inside `transaction.atomic()`.
    """
    _require_member(user)
    game = _game(_games(for_update=True), game_id)
    seats = list(Seat.objects.filter(game=game).select_related("user"))
    mine = next((seat for seat in seats if seat.user_id == user.pk), None)
    return game, seats, mine


def require_host(user, game: Game) -> None:
    if game.host_id != user.pk:
        raise GameError("not_host", _("Only the host may do that."), status=403)
