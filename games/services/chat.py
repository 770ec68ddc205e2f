"""The table chat: members seated at a game write short lines; everyone who may look at the
game reads them, and every open page of the game hears a new line at once (game.<id>), and
a line staff hid."""

from django.db import transaction
from django.utils.translation import gettext as _

from games import ratelimit, realtime
from games.access import access_game
from games.errors import GameError
from games.models import ChatMessage, Game


def chat_line(message: ChatMessage) -> dict:
    """A chat line as the pages get it (plain text: the page escapes it when it draws)."""
    return {
        "id": message.pk,
        "name": message.user.public_name,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def game_chat(game: Game) -> list[ChatMessage]:
    """The chat of a game the reader may look at, oldest first, without the lines staff hid."""
    return list(ChatMessage.objects.filter(game=game, hidden=False).select_related("user"))


def chat_lines(*, game_id: int, user) -> list[dict]:
    """The game's chat, oldest first, without the lines staff hid."""
    game, _seat = access_game(user, game_id)
    return [chat_line(message) for message in game_chat(game)]


def chat_post(*, game_id: int, user, text: str) -> ChatMessage:
    """Write a line at the game where `user` is seated; pushed to the game's pages after commit.

    Refused: spectators (403 `not_seated`), an empty or too long line (422 `bad_chat`),
    more lines than the chat's rate allows (429 `rate_limited`).
    """
    text = " ".join(text.split())
    if not text or len(text) > ChatMessage.MAX_LENGTH:
        raise GameError(
            "bad_chat",
            _("A message has 1 to %(n)d characters.") % {"n": ChatMessage.MAX_LENGTH},
            status=422,
        )
    with transaction.atomic():
        game, seat = access_game(user, game_id)
        if seat is None:
            raise GameError(
                "not_seated", _("Only the players at this table can write here."), status=403
            )
        if ratelimit.chat_rate_exceeded(user.pk):
            raise GameError(
                "rate_limited", _("Too many messages in a short time; please wait."), status=429
            )
        message = ChatMessage.objects.create(game=game, user=user, text=text, version=game.version)
        line = chat_line(message)
        transaction.on_commit(
            lambda: realtime.game_announce(game.pk, {"type": "game.chat", "line": line}),
            robust=True,
        )
    return message


HIDE_CHAT = "games.change_chatmessage"


def may_hide_chat(user) -> bool:
    """Whether `user` may hide chat lines: active staff with "Can change chat message" ("Can
    view chat message" alone only reads them)."""
    return bool(user.is_active and user.is_staff and user.has_perm(HIDE_CHAT))


def chat_hide(*, message_ids: list[int], by) -> int:
    """Hide abusive lines (staff who may, from the admin). Refused (403 `not_admin`) to anyone
    else, whatever the caller checked before. Every open page of their games is told after the
    commit and drops them at once; a page that missed it, when it next reads."""
    if not may_hide_chat(by):
        raise GameError("not_admin", _("Only an admin may do that."), status=403)
    with transaction.atomic():
        lines = ChatMessage.objects.filter(pk__in=message_ids)
        by_game: dict[int, list[int]] = {}
        for game_id, pk in lines.values_list("game_id", "pk"):
            by_game.setdefault(game_id, []).append(pk)
        count = lines.update(hidden=True)
        for game_id, ids in by_game.items():
            transaction.on_commit(
                lambda game_id=game_id, ids=ids: realtime.game_announce(
                    game_id, {"type": "game.chat_hidden", "ids": sorted(ids)}
                ),
                robust=True,
            )
    return count
