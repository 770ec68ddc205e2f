"""Small helpers for the lobby pages (my games, open games): a running game's round and phase,
its deadline, and its seats in order with the ones to act marked. Reads only what the game
already holds."""

from datetime import datetime, timedelta

from django import template
from django.utils import timezone
from django.utils.timesince import timesince, timeuntil
from django.utils.translation import gettext as _

from games import rules
from games.models import BotLevel, ExpertThinking, Status, TimeoutPolicy
from games.texts import phase_name
from games.texts.options import options_line, value_name
from games.texts.registry import PHASE_NAMES

register = template.Library()

# A game stored without an edition is played in the engine's default one (check_options).
DEFAULT_EDITION = next(option.default for option in rules.OPTIONS if option.key == "edition")


@register.filter
def progress(game) -> dict | None:
    """`{"round": 3, "phase": "worker", "phase_label": "Worker phase"}` for a running game
    whose state says so; None for open, finished or stateless games."""
    state = game.state if game.status == Status.RUNNING else None
    if not isinstance(state, dict):
        return None
    round_number, phase = state.get("round"), state.get("phase")
    # Every phase an expansion registers words for (the Market's too), as the table names it.
    if not isinstance(round_number, int) or phase not in PHASE_NAMES:
        return None
    return {"round": round_number, "phase": phase, "phase_label": phase_name(phase)}


@register.filter
def deadline_text(deadline: datetime) -> str:
    """The deadline as "due in 3 hours", or once it has passed as "overdue by 3 hours" (under
    timeout policy "none" a game stays past its deadline; otherwise the sweep acts within a
    minute, shown as just "overdue")."""
    late = timezone.now() - deadline
    if late < timedelta(0):
        return _("due in %(when)s") % {"when": timeuntil(deadline)}
    if late < timedelta(minutes=1):
        return _("overdue")
    return _("overdue by %(when)s") % {"when": timesince(deadline)}


@register.filter
def seats_by_position(game, ratings: dict | None = None) -> list[dict]:
    """The game's seats by position: `{"name", "is_bot", "to_act", "user_id", "rating", "rank",
    "score"}` (rank and score once the game has ended; uses
    the prefetched seats); `rating` is the member's from `ratings` (by user id), None if none."""
    running = game.status == Status.RUNNING
    acting = set(game.to_act or ())
    ratings = ratings or {}
    return [
        {
            "name": seat.user.public_name,
            "is_bot": seat.is_bot,
            "to_act": running and seat.position in acting,
            "user_id": seat.user_id,
            "rating": None if seat.is_bot else ratings.get(seat.user_id),
            "rank": seat.rank,
            "score": seat.score,
        }
        for seat in sorted(game.seat_set.all(), key=lambda seat: seat.position)
    ]


@register.filter
def free_seat_numbers(game, players) -> list[int]:
    """The 1-based numbers of the seats nobody has taken yet at an open game."""
    if game.status != Status.OPEN:
        return []
    return list(range(len(players) + 1, game.seats + 1))


@register.filter
def seats_user(game, user) -> bool:
    """Whether `user` has a seat at `game` (uses the prefetched seats)."""
    return any(seat.user_id == user.pk for seat in game.seat_set.all())


@register.filter
def edition_name(game) -> str:
    """The game's edition by its name ("2nd edition"), from the options' one table of names."""
    return value_name("edition", game.edition or DEFAULT_EDITION)


@register.filter
def expansions(game) -> str:
    """The game's expansions in a few words ("" for the base game)."""
    return options_line(game.options or {})


@register.filter
def expert_thinking_line(game, players: list[dict]) -> str:
    """The words "The expert bot's thinking: deep" where an expert plays here (a bot seat at the
    expert level, or an expert stand-in under the policy that calls one), else nothing."""
    expert_seat = any(p.get("bot_kind") == BotLevel.EXPERT for p in players)
    expert_stand_in = (
        game.stand_in_level == BotLevel.EXPERT
        and game.timeout_policy == TimeoutPolicy.AUTO_PASS_THEN_BOT
    )
    if not (expert_seat or expert_stand_in):
        return ""
    return _("The expert bot's thinking: %(thinking)s") % {
        "thinking": ExpertThinking(game.expert_thinking).label
    }
