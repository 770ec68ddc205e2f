"""The table chat over HTTP: GET the thread, POST a line (JSON `{"text": "..."}`); and the
player's private note (POST `{"text": "..."}`).

The socket pushes new lines (games.services.chat); these answer the page's first read, its
read after a reconnect, and its own lines.
"""

import json

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.errors import GameError
from games.forms import read_move_body
from games.services.chat import chat_line, chat_lines, chat_post
from games.services.notes import seat_note_save


def _text_of(request: HttpRequest) -> str:
    try:
        body = json.loads(read_move_body(request))
    except ValueError:
        body = None
    if not isinstance(body, dict) or not isinstance(body.get("text"), str):
        raise GameError("bad_chat", _('Send the message as {"text": "…"}.'), status=400)
    return body["text"]


def game_chat(request: HttpRequest, game_id: int) -> JsonResponse:
    """GET: `{"lines": [...]}` oldest first; POST: the new line (201), or `{"code", "message"}`."""
    try:
        if request.method == "POST":
            message = chat_post(game_id=game_id, user=request.user, text=_text_of(request))
            return JsonResponse(chat_line(message), status=201)
        if request.method != "GET":
            raise GameError("method_not_allowed", _("Use GET or POST."), status=405)
        return JsonResponse({"lines": chat_lines(game_id=game_id, user=request.user)})
    except GameError as exc:
        return JsonResponse(exc.as_dict(), status=exc.status)


@require_POST
def game_note(request: HttpRequest, game_id: int) -> JsonResponse:
    """Keep the player's private note: `{"text": ...}` as kept, or `{"code", "message"}`."""
    try:
        text = seat_note_save(game_id=game_id, user=request.user, text=_text_of(request))
    except GameError as exc:
        return JsonResponse(exc.as_dict(), status=exc.status)
    return JsonResponse({"text": text})
