"""What the club's admins may do to a game: abort it, force a pass, replace a player, run its
post-game analysis again.

Each is logged the way a move is (a forced pass is an Action of kind forced_by_admin), so the
snapshot still equals the replay of the log.
"""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rules
from games.errors import GameError, not_found
from games.models import Action, ActionKind, Game, Seat, Status
from games.services import analysis, ratings
from games.services.bots import BOT_KINDS
from games.services.moves import after_commit, record_move


def _locked(game_id: int) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise not_found() from None


MANAGE_GAMES = "games.change_game"


def may_manage_games(user) -> bool:
    """Whether `user` may change games (abort, force passes, replace players, deadlines) and
    see what a running game hides (its seed, its state): active staff with "Can change game".
    "Can view game" alone only looks."""
    return bool(user.is_active and user.is_staff and user.has_perm(MANAGE_GAMES))


def require_admin(user) -> None:
    if not may_manage_games(user):
        raise GameError("not_admin", _("Only an admin may do that."), status=403)


def game_replay_export_for(*, game_id: int, by) -> dict:
    """The replay export (with the seed) of a finished or aborted game, for an admin who may
    change games. An open or running game's seed would give away the order of its draw piles,
    and staff may be playing in it (issue 16): it exports once it is over."""
    from games.services.replays import game_replay_export

    require_admin(by)
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise not_found()
    if game.status not in (Status.FINISHED, Status.ABORTED):
        raise GameError(
            "game_not_over",
            _("Its replay exports once the game has ended (its seed gives away the piles)."),
            status=409,
        )
    return game_replay_export(game=game)


def analysis_restart(*, game_id: int, by) -> None:
    """A fresh start of a finished game's analysis: one the sweep gave up on after
    `ANALYSIS_ATTEMPTS` failures, or a done one to run again. It runs where analyses run (the
    worker, or embedded `analyse_games --loop`), never in the admin's request: it takes minutes."""
    require_admin(by)
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Status.FINISHED:
            raise GameError("game_not_finished", _("Only a finished game is analysed."), status=409)
        analysis.analysis_schedule(game)


def game_abort(*, game_id: int, by) -> Game:
    """Stop an open or running game for good, or void a finished one; its log stays as it is.

    A voided game keeps its `finished_at` and leaves the ratings: every game rated after it
    is re-rated as if it had never been played (games.services.ratings).
    """
    require_admin(by)
    with transaction.atomic():
        game = _locked(game_id)
        if game.status == Status.FINISHED:
            game.status = Status.ABORTED
            game.save(update_fields=["status", "updated_at"])
            ratings.game_changed(game)
            return game
        if game.status not in (Status.OPEN, Status.RUNNING):
            raise GameError("game_not_running", _("This game has already ended."), status=409)
        game.status = Status.ABORTED
        game.to_act = []
        game.deadline = None
        game.finished_at = timezone.now()
        game.save(update_fields=["status", "to_act", "deadline", "finished_at", "updated_at"])
        after_commit(game)
    return game


def pass_move_for(state, position: int) -> dict:
    """The engine's default move for the seat, as a dict: a plain pass, or a pending decision's
    default answer; GameError if only spending rubles would do (the first worker phase)."""
    try:
        return rules.default_move(state, position, spend=False).to_dict()
    except rules.IllegalMove:
        raise GameError("cannot_pass", _("The seat to act cannot pass now.")) from None


def seat_force_pass(*, game_id: int, by) -> Action:
    """Pass for the (first) seat to act, logged as forced_by_admin with the admin as user."""
    require_admin(by)
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Status.RUNNING or not game.to_act:
            raise GameError("game_not_running", _("This game is not running."), status=409)
        position = sorted(game.to_act)[0]
        move = pass_move_for(rules.GameState.from_dict(game.state), position)
        return record_move(
            game=game, position=position, user=by, move=move, kind=ActionKind.FORCED_BY_ADMIN
        ).action


def seat_replace_user(*, game_id: int, position: int, new_user, by, bot_kind: str = "") -> Seat:
    """Put `new_user` (a member, or a bot user) in the seat at `position`.

    In a finished game this corrects who played the seat (its result stays with the seat);
    the ratings are re-rated from that game on.
    """
    require_admin(by)
    with transaction.atomic():
        game = _locked(game_id)
        if game.status not in (Status.OPEN, Status.RUNNING, Status.FINISHED):
            raise GameError("game_not_running", _("This game has already ended."), status=409)
        seat = Seat.objects.filter(game=game, position=position).first()
        if seat is None:
            raise GameError("no_such_seat", _("There is no such seat."), status=404)
        if Seat.objects.filter(game=game, user=new_user).exclude(pk=seat.pk).exists():
            raise GameError("already_seated", _("That member already sits here."), status=409)
        is_bot = bool(getattr(new_user, "is_bot", False))
        if is_bot and (bot_kind or "greedy") not in BOT_KINDS:
            raise GameError("bad_options", _("Unknown kind of bot."))
        seat.user = new_user
        seat.is_bot = is_bot
        seat.bot_kind = (bot_kind or "greedy") if is_bot else ""
        seat.stand_in = False
        seat.timeouts_in_row = 0
        seat.remind_at = None
        seat.save(
            update_fields=["user", "is_bot", "bot_kind", "stand_in", "timeouts_in_row", "remind_at"]
        )
        if game.status == Status.RUNNING:
            after_commit(game)
        elif game.status == Status.FINISHED:
            ratings.game_changed(game)
    return seat


def user_by_username(username: str):
    User = get_user_model()
    try:
        return User.objects.get(username=username)
    except User.DoesNotExist:
        raise GameError("no_such_user", _("There is no such member."), status=404) from None
