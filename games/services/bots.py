"""Computer players: bot users and their turns.

A bot is a `User` with `is_bot=True` and an unusable password. Its moves go through the same
`move_submit` as everyone's, so the log cannot tell a bot's move from a person's.
"""

import logging

from django.contrib.auth import get_user_model

from games import rules
from games.errors import GameError
from games.models import Game, Seat, Status
from games.services.moves import move_submit

logger = logging.getLogger(__name__)

BOT_KINDS = ("greedy", "random")
BOT_NAMES = ("Ivan", "Olga", "Pyotr", "Sonya")


def bot_user_get_or_create(*, name: str):
    """The bot user called "Bot <name>", created on first use."""
    User = get_user_model()
    user, created = User.objects.get_or_create(
        username=f"bot-{name.lower()}",
        defaults={"display_name": f"Bot {name}", "is_bot": True},
    )
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def bot_users_for(*, count: int, exclude_ids: set[int]) -> list:
    """`count` distinct bot users not among `exclude_ids`."""
    users = []
    for name in BOT_NAMES:
        if len(users) == count:
            break
        user = bot_user_get_or_create(name=name)
        if user.pk not in exclude_ids:
            users.append(user)
    if len(users) < count:
        raise GameError("too_many_bots", "There are not that many bots.", status=422)
    return users


def bot_move_choose(*, state, position: int, kind: str, seed: int):
    """The engine bot's move for `position` (a pure function of state, seat and seed)."""
    return rules.BOTS[kind](state, position, seed)


def bot_turn_play(*, game_id: int, version: int) -> bool:
    """Play the move of the bot to act at `version`; False if there is nothing to do.

    Called from a Celery task, possibly late or twice: it re-checks the game, and the
    client id derived from the version makes a repeated submission harmless.
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Status.RUNNING or game.version != version:
        return False
    seat = (
        Seat.objects.filter(game=game, position__in=game.to_act, is_bot=True)
        .select_related("user")
        .order_by("position")
        .first()
    )
    if seat is None:
        from games.services.timeouts import stand_in_turn_play

        return stand_in_turn_play(game_id=game_id, version=version)
    state = rules.GameState.from_dict(game.state)
    move = bot_move_choose(
        state=state,
        position=seat.position,
        kind=seat.bot_kind or "greedy",
        seed=(game.seed or 0) + version * 7919 + seat.position,
    )
    try:
        move_submit(
            game_id=game.pk,
            user=seat.user,
            move=move.to_dict(),
            expected_version=version,
            client_id=f"bot-{version}-{seat.position}",
        )
    except GameError as exc:
        if exc.code == "stale_version":
            return False
        raise
    return True
