"""When a turn's time runs out: the 80 % warning, the timeout move, the stand-in bot.

Timeout policies (`Game.timeout_policy`):
- `auto_pass`: at the deadline the game passes for the seat (an Action of kind `timeout`);
  where a pass is not legal it makes the engine's default move instead
  (`rules.default_move`): a pending decision's default (`pub` with 0 points, the Observatory's
  card discarded), the cheapest worker in the first worker phase.
- `auto_pass_then_bot` (default): the same, and after 3 timeouts in a row of one seat a bot
  plays that seat (`Seat.stand_in`, moves logged as `stand_in`) until the player reclaims it
  (`seat_reclaim`, from the table) or an admin replaces him.
- `none`: the deadline is the table's agreed pace and nothing more: it is shown, paused like
  any other and warned about at 80 % (in words that say the game will not move for him,
  games.services.notices), but nothing happens when it passes.

Every step re-reads the game under its row lock and claims its due time with a conditional
UPDATE, so a late or repeated task does nothing.
"""

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import rules
from games.errors import GameError, not_found
from games.models import ActionKind, Game, NotificationKind, Seat, Status, TimeoutPolicy
from games.services import notices
from games.services.control import require_admin
from games.services.moves import after_commit, record_move
from games.services.turns import turn_times

TIMEOUTS_BEFORE_BOT = 3


def timeout_move(state, position: int) -> dict:
    """The engine's default move for a seat out of time (`rules.default_move`): a pass, the
    default answer of a pending decision (no Pub points), else the cheapest legal move."""
    try:
        return rules.default_move(state, position).to_dict()
    except rules.IllegalMove:
        raise GameError("cannot_pass", _("The seat to act cannot move now.")) from None


def deadline_warn(*, game_id: int, now: datetime | None = None) -> str:
    """Send the 80 % warning of the current turn once (claims `Game.warn_at`)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Status.RUNNING or game.warn_at is None:
            return "not_due"
        due = game.warn_at
        if due > now:
            return "not_due"
        times = turn_times(game)
        if times is not None and times[0] > now:  # a vacation or an extension moved it
            Game.objects.filter(pk=game.pk, warn_at=due).update(warn_at=times[0], deadline=times[1])
            return "moved"
        if Game.objects.filter(pk=game.pk, warn_at=due).update(warn_at=None) != 1:
            return "claimed_elsewhere"
        notices.deadline_warning(game, now=now)
    return "warned"


def deadline_expire(*, game_id: int, now: datetime | None = None) -> str:
    """Act on an expired deadline according to the game's policy (once per turn)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Status.RUNNING or game.deadline is None:
            return "not_due"
        due = game.deadline
        if due > now or game.timeout_policy == TimeoutPolicy.NONE or not game.to_act:
            return "not_due"
        times = turn_times(game)
        if times is not None and times[1] > now:  # a vacation or an extension moved it
            Game.objects.filter(pk=game.pk, deadline=due).update(deadline=times[1])
            return "moved"
        if (
            Game.objects.filter(pk=game.pk, deadline=due, version=game.version).update(
                deadline=None
            )
            != 1
        ):
            return "claimed_elsewhere"
        position = sorted(game.to_act)[0]
        seat = Seat.objects.select_related("user").get(game=game, position=position)
        if seat.is_bot or seat.stand_in:
            after_commit(game)  # its bot should have moved: nudge it again
            return "bot_seat"
        streak = seat.timeouts_in_row + 1
        takes_over = (
            game.timeout_policy == TimeoutPolicy.AUTO_PASS_THEN_BOT
            and streak >= TIMEOUTS_BEFORE_BOT
        )
        Seat.objects.filter(pk=seat.pk).update(
            timeouts_in_row=streak, stand_in=takes_over, remind_at=None
        )
        move = timeout_move(rules.GameState.from_dict(game.state), position)
        record_move(
            game=game, position=position, user=seat.user, move=move, kind=ActionKind.TIMEOUT
        )
        notices.event_notice(
            seat.user,
            game,
            NotificationKind.BOT_TOOK_OVER if takes_over else NotificationKind.TIMEOUT,
        )
    return "bot_took_over" if takes_over else "timed_out"


def seat_reclaim(*, game_id: int, user) -> Seat:
    """The player takes his seat back from the stand-in bot (a fresh time budget if to act)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise not_found()
        seat = Seat.objects.filter(game=game, user=user, is_bot=False).first()
        if seat is None:
            raise GameError("not_your_seat", _("You do not sit at this game."), status=403)
        if game.status != Status.RUNNING:
            raise GameError("game_not_running", _("This game is not running."), status=409)
        if not seat.stand_in:
            raise GameError("not_stand_in", _("Your seat is already yours."), status=409)
        seat.stand_in = False
        seat.timeouts_in_row = 0
        seat.save(update_fields=["stand_in", "timeouts_in_row"])
        if seat.position in game.to_act:
            game.last_move_at = timezone.now()
            game.deadline_extension = timedelta(0)
            times = turn_times(game)
            game.warn_at, game.deadline = times if times else (None, None)
            game.save(update_fields=["last_move_at", "deadline_extension", "warn_at", "deadline"])
        after_commit(game)
    return seat


def game_timeout_policy_set(*, game_id: int, policy: str, by) -> Game:
    """An admin changes what happens when time runs out in a game."""
    require_admin(by)
    if policy not in TimeoutPolicy.values:
        raise GameError("bad_options", _("Unknown timeout policy."))
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise not_found()
        game.timeout_policy = policy
        game.save(update_fields=["timeout_policy", "updated_at"])
    return game


def game_deadline_extend(*, game_id: int, hours: int, by) -> Game:
    """An admin gives the seat to act `hours` more for the current turn."""
    require_admin(by)
    if not 1 <= hours <= 24 * 30:
        raise GameError("bad_options", _("Extend by 1 hour to 30 days."))
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            raise not_found()
        if game.status != Status.RUNNING or (game.deadline is None and not game.days_per_move):
            raise GameError("no_deadline", _("This game has no deadline to extend."), status=409)
        game.deadline_extension += timedelta(hours=hours)
        times = turn_times(game)
        warn, game.deadline = times if times else (None, None)
        if game.warn_at is not None or (warn is not None and warn > timezone.now()):
            game.warn_at = warn
        game.save(update_fields=["deadline_extension", "deadline", "warn_at", "updated_at"])
    return game
