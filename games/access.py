"""Who may see or act on a game. Every permission check on games lives here."""

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from accounts.members import SessionClaim
from games.errors import GameError, not_found
from games.models import Action, Game, Seat
from games.statements import Read, Reads


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


# What a move reads under the game's lock, each compiled once (games.services.statements).
_LOCKED_GAME = Read(
    lambda game_id: Game.objects.select_for_update(of=("self",)).filter(pk=game_id), 1
)
_SEATS = Read(lambda game_id: Seat.objects.filter(game_id=game_id).select_related("user"), 1)
_SUBMISSION = Read(
    lambda game_id, user_id, client_id: Action.objects.filter(
        game_id=game_id, user_id=user_id, client_id=client_id
    )[:1],
    3,
)


def access_game_to_move(
    user, game_id: int, client_id: str | None = None
) -> tuple[Game, list[Seat], Seat | None, Action | None]:
    """The game locked for a move, all its seats with their users, the user's seat, and the
    action this user already submitted with `client_id` (None if none, or no id given).

    The move path reads every seat once here and hands them on (deadlines, notices, bots,
    pushes). The lock comes first and the other reads follow it in the same round trip
    (PostgreSQL's pipeline: each statement sees what was committed before the lock was
    granted), so a move's reads cost one round trip after the BEGIN.

    `user` may be a member's `SessionClaim` (accounts.members): his row comes with the seats,
    and the claim is confirmed from it before anything else is decided (a refusal speaks his
    language); the seat is then the confirmed member's.
    Precondition: inside `transaction.atomic()`.
    """
    if not isinstance(user, SessionClaim):
        _require_member(user)
    reads = Reads()
    reads.add(_LOCKED_GAME, game_id)
    reads.add(_SEATS, game_id)
    if client_id:
        reads.add(_SUBMISSION, game_id, user.pk, client_id)
    games, seats, *earlier = reads.run()
    if isinstance(user, SessionClaim):
        claimed = next((seat.user for seat in seats if seat.user_id == user.pk), None)
        user = user.confirm(claimed)
        _require_member(user)
    if not games:
        raise not_found()
    (game,) = games
    for seat in seats:
        seat.game = game
    mine = next((seat for seat in seats if seat.user_id == user.pk), None)
    submitted = earlier[0][0] if earlier and earlier[0] else None
    return game, seats, mine, submitted


def require_host(user, game: Game) -> None:
    if game.host_id != user.pk:
        raise GameError("not_host", _("Only the host may do that."), status=403)
