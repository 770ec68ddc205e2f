"""A rematch: the same players and options as a finished game, at a new table.

Whoever of the players asks first hosts it; the bots sit down at once, the other members are
told (a live notice with the invitation link) and take their seats from the lobby, and the
table starts by itself when all are back. A second request opens no second table.
"""

from django.db import transaction
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.text import one_line
from games import realtime
from games.access import access_game
from games.errors import GameError
from games.models import Game, Status
from games.services.lobby import game_create

# Option keys that are not expansions: the edition and seats are passed on their own, and a
# rematch is played under the current rules.
NOT_EXPANSIONS = ("edition", "players", "rules_version")


def game_rematch(*, game_id: int, user) -> Game:
    """The rematch of finished game `game_id` (opened now, hosted by `user`, if none is yet)."""
    with transaction.atomic():
        game, seat = access_game(user, game_id, for_update=True)
        if seat is None:
            raise GameError("not_your_seat", _("You did not play in this game."), status=403)
        if game.status != Status.FINISHED:
            raise GameError("game_not_finished", _("This game has not ended."), status=409)
        existing = game.rematches.order_by("pk").first()
        if existing is not None:
            return existing
        seats = list(game.seat_set.select_related("user").order_by("position"))
        rematch = game_create(
            host=user,
            # a title stored before titles were checked may hold a line break: made one line
            title=one_line(game.title),
            edition=game.options.get("edition", game.edition),
            seats=len(seats),
            days_per_move=game.days_per_move,
            is_public=game.is_public,
            bots=[s.bot_kind or "greedy" for s in seats if s.is_bot],
            pause_weekends=game.pause_weekends,
            timeout_policy=game.timeout_policy,
            stand_in_level=game.stand_in_level,
            expert_thinking=game.expert_thinking,
            options={k: v for k, v in game.options.items() if k not in NOT_EXPANSIONS},
        )
        Game.objects.filter(pk=rematch.pk).update(rematch_of=game)
        rematch.rematch_of = game
        others = [s.user for s in seats if not s.is_bot and s.user_id != user.pk]
        for other in others:
            transaction.on_commit(_invite(other, user, rematch), robust=True)
    return rematch


def _invite(member, host, rematch: Game):
    """The live notice that tells `member` of the rematch (sent after the commit)."""
    with translation.override(member.language or None):
        text = _("%(name)s offers a rematch of “%(title)s”.") % {
            "name": host.public_name,
            "title": rematch.title,
        }
    notice = {
        "kind": "rematch",
        "game_id": rematch.pk,
        "title": rematch.title,
        "text": text,
        "url": reverse("games:join_by_token", args=[rematch.invite_token]),
    }
    return lambda: realtime.user_notify(member.pk, notice)
