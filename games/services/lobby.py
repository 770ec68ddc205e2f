"""Tables before the game: create, join, leave, cancel and start."""

import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.text import has_control_characters
from games import realtime, rules
from games.access import access_game, require_host
from games.errors import GameError
from games.models import (
    DAYS_PER_MOVE_CHOICES,
    ExpertThinking,
    Game,
    Seat,
    Status,
    TimeoutPolicy,
)
from games.services.bots import BOT_KINDS, bot_users_for
from games.services.moves import after_commit, snapshot_save
from games.texts.options import options_refusal

DAYS_PER_MOVE = tuple(days for days, _label in DAYS_PER_MOVE_CHOICES)
# How many seats a game may have, and its editions: the engine's options schema.
SEATS: tuple[int, ...] = next(option.values for option in rules.OPTIONS if option.key == "players")
EDITIONS: tuple[str, ...] = next(o.values for o in rules.OPTIONS if o.key == "edition")


def _announce_after_commit(game_id: int) -> None:
    """The lobby pages of the game read themselves again once this change is committed."""
    transaction.on_commit(lambda: realtime.lobby_changed(game_id), robust=True)


def _must_be_open(game: Game) -> None:
    if game.status != Status.OPEN:
        raise GameError("game_not_open", _("This game has already started or ended."), status=409)


def hosted_games_counted(host) -> int:
    """The games `host` hosts that count against OPEN_GAMES_PER_MEMBER: those waiting for
    players, and those running with no other member at the table (solo games and tables
    filled with bots start at once and keep the worker busy, so waiting alone is not what
    makes a game count)."""
    others = Seat.objects.filter(game=OuterRef("pk"), is_bot=False).exclude(user=host)
    return (
        Game.objects.filter(host=host)
        .filter(Q(status=Status.OPEN) | (Q(status=Status.RUNNING) & ~Exists(others)))
        .count()
    )


def _check_open_games_limit(host) -> None:
    """At most OPEN_GAMES_PER_MEMBER counted games per host (0: no limit; see
    `hosted_games_counted`). The host's row is locked first, so two creations at once cannot
    both pass the count."""
    limit = settings.OPEN_GAMES_PER_MEMBER
    if not limit:
        return
    get_user_model().objects.select_for_update().filter(pk=host.pk).first()
    if hosted_games_counted(host) >= limit:
        raise GameError(
            "too_many_open_games",
            _(
                "You already host %(count)d games that wait for players or are played against "
                "bots only: finish, start or cancel one first."
            )
            % {"count": limit},
            status=409,
        )


def game_create(
    *,
    host,
    title: str,
    edition: str,
    seats: int,
    days_per_move: int | None,
    is_public: bool,
    bots: list[str] | tuple[str, ...] = (),
    pause_weekends: bool = False,
    timeout_policy: str = TimeoutPolicy.AUTO_PASS_THEN_BOT,
    options: dict | None = None,
    stand_in_level: str = "greedy",
    expert_thinking: str = ExpertThinking.STANDARD,
) -> Game:
    """A new open game with the host at the table and any bots; full tables start at once.

    `bots` are the bots' levels (`BOT_KINDS`); `stand_in_level` is the level of the bot that
    plays a seat whose player has timed out repeatedly (`TimeoutPolicy.AUTO_PASS_THEN_BOT`);
    `expert_thinking` is how long the expert thinks over a move (`ExpertThinking`), for its
    bots and an expert stand-in.

    `options` are the expansions switched on (engine option keys, e.g. `new_society`); the
    engine checks them with the edition and the number of seats, and they are fixed from now.
    """
    if edition not in EDITIONS:
        raise GameError("bad_options", _("Unknown edition."))
    if has_control_characters(title):
        raise GameError("bad_options", _("A title has no line breaks or invisible characters."))
    if seats not in SEATS:  # the words say SEATS: change them with the engine's range
        raise GameError("bad_options", _("A game has one to five seats."))
    switched_on = {k: v for k, v in (options or {}).items() if v is not None and v is not False}
    chosen = {"edition": edition, "players": seats, **switched_on}
    try:
        rules.check_options(chosen)
    except rules.InvalidOptions as error:
        raise GameError("bad_options", options_refusal(error)) from None
    if days_per_move is not None and days_per_move not in DAYS_PER_MOVE:
        raise GameError("bad_options", _("Choose 1, 2, 3, 5 or 7 days per move, or no limit."))
    if timeout_policy not in TimeoutPolicy.values:
        raise GameError("bad_options", _("Unknown timeout policy."))
    if len(bots) > seats - 1 or any(kind not in BOT_KINDS for kind in bots):
        raise GameError("bad_options", _("Too many bots, or an unknown kind of bot."))
    if stand_in_level not in BOT_KINDS:
        raise GameError("bad_options", _("Unknown level of the stand-in bot."))
    if expert_thinking not in ExpertThinking.values:
        raise GameError("bad_options", _("Choose quick, standard or deep thinking for the expert."))
    with transaction.atomic():
        _check_open_games_limit(host)
        game = Game.objects.create(
            title=title.strip() or _("Saint Petersburg"),
            host=host,
            options=chosen,
            seats=seats,
            days_per_move=days_per_move,
            is_public=is_public,
            pause_weekends=pause_weekends,
            timeout_policy=timeout_policy,
            stand_in_level=stand_in_level,
            expert_thinking=expert_thinking,
        )
        Seat.objects.create(game=game, user=host, position=0)
        for position, (kind, user) in enumerate(
            zip(bots, bot_users_for(len(bots)), strict=True), start=1
        ):
            Seat.objects.create(game=game, user=user, position=position, is_bot=True, bot_kind=kind)
        if len(bots) + 1 == seats:
            _start(game)
    return game


def seat_join(*, game_id: int, user, token: str | None = None, first=None) -> Seat:
    """Sit `user` at an open game (invitation-only games need the token).

    The seat that fills the table starts the game (`first`: see `game_start`).
    """
    with transaction.atomic():
        game, seat = access_game(user, game_id, for_update=True)
        _must_be_open(game)
        if seat is not None:
            raise GameError("already_seated", _("You already sit at this game."), status=409)
        if not game.is_public and not (token and secrets.compare_digest(token, game.invite_token)):
            raise GameError("invitation_only", _("This game is by invitation only."), status=403)
        taken = set(game.seat_set.values_list("position", flat=True))
        if len(taken) >= game.seats:
            raise GameError("game_full", _("This game is full."), status=409)
        position = min(set(range(game.seats)) - taken)
        seat = Seat.objects.create(game=game, user=user, position=position)
        if len(taken) + 1 == game.seats:
            _start(game, first=first)
        _announce_after_commit(game.pk)
    return seat


def seat_leave(*, game_id: int, user) -> None:
    """Take `user` off an open game; the host cancels instead."""
    with transaction.atomic():
        game, seat = access_game(user, game_id, for_update=True)
        _must_be_open(game)
        if seat is None:
            raise GameError("not_your_seat", _("You do not sit at this game."), status=403)
        if game.host_id == user.pk:
            raise GameError("host_cannot_leave", _("The host cancels the game instead."))
        seat.delete()
        _announce_after_commit(game.pk)


def game_cancel(*, game_id: int, user) -> Game:
    """The host calls off a game that has not started."""
    with transaction.atomic():
        game, _seat = access_game(user, game_id, for_update=True)
        require_host(user, game)
        _must_be_open(game)
        game.status = Status.ABORTED
        game.finished_at = timezone.now()
        game.save(update_fields=["status", "finished_at", "updated_at"])
        _announce_after_commit(game.pk)
    return game


def game_start(*, game_id: int, user, first=None) -> Game:
    """The host starts early, with at least two players at the table.

    `first`, if given, is seated where the engine dealt the first turn (the demo uses this so
    the admin acts first); otherwise the seating is left to chance.
    """
    with transaction.atomic():
        game, _seat = access_game(user, game_id, for_update=True)
        require_host(user, game)
        _must_be_open(game)
        count = game.seat_set.count()
        if count < min(2, game.seats):
            raise GameError("not_enough_players", _("Wait for at least one more player."))
        _start(game, first=first)
        _announce_after_commit(game.pk)
    return game


def _start(game: Game, *, first=None) -> None:
    """Shuffle the seating, draw the seed and deal.

    Precondition: `game` is open and its row is locked (or was just created) in this
    transaction. Seats get positions 0..n-1 in a secret random order.
    """
    seats = list(game.seat_set.order_by("position"))
    order = draw_seating(len(seats))
    game.seed = draw_seed()
    game.options = {**game.options, "players": len(seats)}
    state = rules.new_game(game.options, game.seed)
    if first is not None:
        # Rotate the (random) seating so that `first` sits where the first turn was dealt.
        starter = sorted(rules.to_act(state))[0]
        mine = next(i for i, seat in enumerate(seats) if seat.user_id == first.pk)
        shift = (starter - order[mine]) % len(seats)
        order = [(p + shift) % len(seats) for p in order]
    _reseat(seats, order)
    now = timezone.now()
    game.status = Status.RUNNING
    game.started_at = now
    game.last_move_at = now
    game.version = 0
    after_commit(game, snapshot_save(game, state, now=now))


def draw_seed() -> int:
    """A fresh secret seed (63 bits, so it fits PostgreSQL's bigint)."""
    return secrets.randbits(63)


def draw_seating(count: int) -> list[int]:
    """A secret random permutation of 0..count-1 (Fisher-Yates on `secrets`)."""
    order = list(range(count))
    for i in range(count - 1, 0, -1):
        j = secrets.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def _reseat(seats: list[Seat], order: list[int]) -> None:
    """Give seat i the position order[i]; two steps, so the unique constraint always holds."""
    offset = 100
    for seat, position in zip(seats, order, strict=True):
        seat.position = position + offset
        seat.save(update_fields=["position"])
    for seat in seats:
        seat.position -= offset
        seat.save(update_fields=["position"])
