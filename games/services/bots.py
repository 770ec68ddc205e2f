"""Computer players: bot users and their turns.

A bot is a `User` with `is_bot=True` and an unusable password. Its moves go through the same
`move_submit` as everyone's, so the log cannot tell a bot's move from a person's.

Bots play at three levels (`BotLevel`: random, greedy, expert). Their turns are played here,
called from the `play_bot_turn` task: with a worker that is never the web request, which
matters for the expert, whose search takes up to a couple of seconds. The move is chosen
before the game row is locked, so a slow choice holds no lock; the submission then checks the
version it was chosen for.
"""

import hashlib
import hmac
import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction

from games import rules
from games.errors import GameError
from games.models import ActionKind, BotLevel, ExpertThinking, Game, Seat, Status
from games.services.moves import move_submit, record_move

logger = logging.getLogger(__name__)

BOT_KINDS: tuple[str, ...] = tuple(BotLevel.values)  # weakest first
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


def bot_users_for(count: int) -> list:
    """The first `count` bot users (the lobby seats at most four bots: five seats, one host)."""
    return [bot_user_get_or_create(name=name) for name in BOT_NAMES[:count]]


def bot_seed(*, game_id: int, version: int, position: int) -> int:
    """The seed of a bot's choice at `version`: a keyed hash of the game, turn and seat.

    Never derived from the game's seed: the shuffle is drawn from that seed's stream, so a bot
    seeded from it would let anyone who watches the bot's choices learn the draw piles. The
    key (the site's SECRET_KEY) keeps it unpredictable; bots' moves are logged, so replays
    never need it.
    """
    message = f"stpete-bot:{game_id}:{version}:{position}".encode()
    digest = hmac.new(settings.SECRET_KEY.encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_move_choose(
    *, state, position: int, kind: str, seed: int, thinking: str = ExpertThinking.STANDARD
):
    """The engine bot's move for `position` (a pure function of state, seat and seed); the
    expert thinks as long as the game's `thinking` says (`rules.thinking_playouts`)."""
    if kind == BotLevel.EXPERT:
        playouts = rules.thinking_playouts(state.rules, thinking)
        return rules.expert_move(state, position, seed, playouts)
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
        return stand_in_turn_play(game_id=game_id, version=version)
    state = rules.GameState.from_dict(game.state)
    move = bot_move_choose(
        state=state,
        position=seat.position,
        kind=seat.bot_kind or "greedy",
        seed=bot_seed(game_id=game.pk, version=version, position=seat.position),
        thinking=game.expert_thinking,
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


def stand_in_turn_play(*, game_id: int, version: int) -> bool:
    """The stand-in bot's move for the seat to act at `version`, at the game's stand-in level;
    False if there is none (or the game moved on while the bot was thinking)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Status.RUNNING or game.version != version:
        return False
    seat = _stand_in_seat(game)
    if seat is None:
        return False
    move = bot_move_choose(
        state=rules.GameState.from_dict(game.state),
        position=seat.position,
        kind=game.stand_in_level or BotLevel.GREEDY,
        seed=bot_seed(game_id=game.pk, version=version, position=seat.position),
        thinking=game.expert_thinking,
    )
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Status.RUNNING or game.version != version:
            return False
        seat = _stand_in_seat(game)
        if seat is None:
            return False
        record_move(
            game=game,
            position=seat.position,
            user=seat.user,
            move=move.to_dict(),
            kind=ActionKind.STAND_IN,
        )
    return True


def _stand_in_seat(game: Game) -> Seat | None:
    """The first seat to act that the stand-in bot plays."""
    return (
        Seat.objects.filter(game=game, position__in=game.to_act, stand_in=True, is_bot=False)
        .select_related("user")
        .order_by("position")
        .first()
    )
