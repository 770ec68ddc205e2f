"""Thin views: parse, call a service or selector, render. No rules, no writes here."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from accounts import members
from games import gamelog, history, presence, ratelimit, selectors, services, standings
from games.access import access_game
from games.errors import GameError
from games.forms import GameCreateForm, parse_move_body, parse_undo_body, read_move_body
from games.models import Game, Status
from games.services import chat, visits
from games.services.analysis import analysis_payload, turning_points_at
from games.texts.table import table_context

OPEN_GAMES_PER_PAGE = 25


def _json_error(error: GameError) -> JsonResponse:
    response = JsonResponse(error.as_dict(), status=error.status)
    if error.retry_after is not None:
        response["Retry-After"] = str(error.retry_after)
    return response


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("games:mine")
    return render(request, "games/home.html")


def rules_page(request: HttpRequest) -> HttpResponse:
    """The players' rules: a short outline and the full rules pages on yucata.de, which
    stpete follows (docs/rules.md is the developers' version)."""
    return render(request, "games/rules.html")


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    form = GameCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            game = services.game_create(
                host=request.user,
                title=data["title"],
                edition=data["edition"],
                seats=data["seats"],
                days_per_move=data["days_per_move"],
                is_public=data["visibility"] == "public",
                bots=[data["bot_kind"]] * data["bots"],
                pause_weekends=data["pause_weekends"],
                timeout_policy=data["timeout_policy"],
                stand_in_level=data["stand_in_level"],
                expert_thinking=data["expert_thinking"],
                options=form.chosen_options(),
            )
        except GameError as exc:
            form.add_error(None, exc.message)
        else:
            return redirect("games:detail", game_id=game.pk)
    return render(request, "games/new.html", {"form": form})


@login_required
def games_open(request: HttpRequest) -> HttpResponse:
    """The open public games, OPEN_GAMES_PER_PAGE a page (a bad page number: the last)."""
    page = Paginator(selectors.games_open_public(), OPEN_GAMES_PER_PAGE).get_page(
        request.GET.get("page")
    )
    games = list(page.object_list)
    ratings = standings.ratings_for_games(games)
    return render(request, "games/open.html", {"games": games, "page": page, "ratings": ratings})


@login_required
def games_mine(request: HttpRequest) -> HttpResponse:
    mine = selectors.games_list_for_user(request.user)
    ratings = standings.ratings_for_games(
        [*mine.my_turn, *mine.waiting, *mine.open, *mine.finished]
    )
    return render(request, "games/mine.html", {"mine": mine, "ratings": ratings})


@login_required
def game_detail(request: HttpRequest, game_id: int, token: str | None = None) -> HttpResponse:
    try:
        game, seat = access_game(request.user, game_id)
    except GameError as exc:
        return render(request, "games/error.html", {"error": exc}, status=exc.status)
    context = {
        "game": game,
        "seat": seat,
        "players": selectors.game_players(game),
        **_ratings_context(game),
        "is_host": game.host_id == request.user.pk,
        "token": token,
        "invite_url": request.build_absolute_uri(
            reverse("games:join_by_token", args=[game.invite_token])
        ),
    }
    if game.state is None:  # open, or called off before the start: the lobby page
        return render(request, "games/lobby.html", context)
    context.update(table_context(request, game, seat, mode="live"))
    seen = visits.seat_saw(seat=seat, version=game.version)
    # The log and the chat are in the page as it arrives: read later, they would push what lies
    # under them (the note; on a phone the whole column) down under a reader's finger.
    context.update(
        seen_version=seen,
        log_groups=gamelog.game_log(game, since=seen or None),
        chat_messages=chat.game_chat(game),
    )
    return render(request, "games/table.html", context)


def _ratings_context(game: Game) -> dict:
    """The seated members' ratings: a list for the table's line, by seat for the lobby's."""
    seated = standings.seated_ratings(game)
    return {
        "seated_ratings": seated,
        "seat_ratings": {row["seat"]: row["rating"] for row in seated},
    }


@login_required
def game_replay_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """Step through a finished game move by move (the table as it was after each move)."""
    try:
        game, seat = access_game(request.user, game_id)
        _require_finished(game)
    except GameError as exc:
        return render(request, "games/error.html", {"error": exc}, status=exc.status)
    context = {
        "game": game,
        "seat": seat,
        "players": selectors.game_players(game),
        "replay_start": _replay_start(request, game),
        **_ratings_context(game),
    }
    context.update(table_context(request, game, seat, mode="replay"))
    return render(request, "games/table.html", context)


def _replay_start(request: HttpRequest, game: Game) -> int:
    """The step the replay opens at: `?step=n` (the end screen's turning points link to their
    move), the first step for anything else or beyond the game's last move."""
    try:
        step = int(request.GET.get("step", ""))
    except ValueError:
        return 0
    return step if 0 <= step <= history.step_count(game) else 0


def _require_finished(game: Game) -> None:
    if game.state is None or game.status != Status.FINISHED:
        raise GameError(
            "game_not_finished", _("A game can be replayed once it is finished."), status=409
        )


@require_GET
def game_replay_step(request: HttpRequest, game_id: int, n: int) -> JsonResponse:
    """The table as a spectator saw it after `n` effective moves of a finished game."""
    try:
        game, _seat = access_game(request.user, game_id)
        _require_finished(game)
        try:
            state, total = history.state_after(game, n)
        except IndexError:
            raise GameError(
                "no_such_step", _("There is no such step in this game."), status=404
            ) from None
    except GameError as exc:
        return _json_error(exc)
    lines = gamelog.step_lines(game, n)
    payload = selectors.replay_payload(game, state, n=n, total=total, lines=lines)
    # The analysis's turning points whose move this step shows, with the better move.
    payload["turning_points"] = turning_points_at(game, n)
    return JsonResponse(payload)


@require_GET
def game_history(request: HttpRequest, game_id: int) -> JsonResponse:
    """Each player's points and money by round (for the chart at the end of the game)."""
    try:
        game, _seat = access_game(request.user, game_id)
        if game.state is None:
            raise GameError("game_not_started", _("This game has not started."), status=409)
    except GameError as exc:
        return _json_error(exc)
    return JsonResponse(history.game_series(game))


@require_GET
def game_analysis(request: HttpRequest, game_id: int) -> JsonResponse:
    """The post-game analysis (progress while it runs) for the end screen; a finished game's
    only: while a game runs, the chances of winning would be advice."""
    try:
        game, _seat = access_game(request.user, game_id)
        if game.state is None or game.status != Status.FINISHED:
            raise GameError(
                "game_not_finished", _("The analysis follows once the game is over."), status=409
            )
    except GameError as exc:
        return _json_error(exc)
    return JsonResponse(analysis_payload(game))


@require_GET
def game_log(request: HttpRequest, game_id: int) -> HttpResponse:
    """The log as an HTML fragment, grouped by round and phase, oldest first."""
    try:
        game, _seat = access_game(request.user, game_id)
    except GameError as exc:
        return _json_error(exc)
    since = request.GET.get("since", "")
    groups = gamelog.game_log(game, since=int(since) if since.isdigit() else None)
    response = render(request, "games/_log.html", {"groups": groups, "game": game})
    response["X-Game-Version"] = str(game.version)
    return response


@login_required
def game_join_by_token(request: HttpRequest, token: str) -> HttpResponse:
    """The invitation link; a stale or mistyped one gets a page saying so, not a bare 404."""
    game = Game.objects.filter(invite_token=token).first()
    if game is None:
        return render(request, "games/invitation_invalid.html", status=404)
    if request.method == "POST":
        return _lobby_step(request, game.pk, services.seat_join, token=token)
    return game_detail(request, game.pk, token=token)


def _lobby_step(request: HttpRequest, game_id: int, service, **kwargs) -> HttpResponse:
    """Run a lobby service and go back to the game's page.

    The member is looking at the game (he pressed its button and is sent back to it), so he
    counts as present before the service runs: a join or start that deals him the first turn
    sends no "your turn" e-mail while his page changes over (its socket has just closed).
    """
    if request.user.is_authenticated:
        presence.presence_mark(user_id=request.user.pk, game_id=game_id)
    try:
        service(game_id=game_id, user=request.user, **kwargs)
    except GameError as exc:
        messages.error(request, exc.message)
    return redirect("games:detail", game_id=game_id)


@require_POST
@login_required
def game_join(request: HttpRequest, game_id: int) -> HttpResponse:
    return _lobby_step(request, game_id, services.seat_join, token=request.POST.get("token"))


@require_POST
@login_required
def game_leave(request: HttpRequest, game_id: int) -> HttpResponse:
    return _lobby_step(request, game_id, services.seat_leave)


@require_POST
@login_required
def game_start(request: HttpRequest, game_id: int) -> HttpResponse:
    return _lobby_step(request, game_id, services.game_start)


@require_POST
@login_required
def game_rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    """Open (or find) the rematch of a finished game and go to its lobby."""
    try:
        rematch = services.game_rematch(game_id=game_id, user=request.user)
    except GameError as exc:
        messages.error(request, exc.message)
        return redirect("games:detail", game_id=game_id)
    return redirect("games:detail", game_id=rematch.pk)


@require_POST
@login_required
def game_cancel(request: HttpRequest, game_id: int) -> HttpResponse:
    return _lobby_step(request, game_id, services.game_cancel)


@require_GET
def game_view(request: HttpRequest, game_id: int) -> JsonResponse:
    """The game as this member may see it (their seat's view, or a spectator's)."""
    try:
        game, seat = access_game(request.user, game_id)
    except GameError as exc:
        return _json_error(exc)
    visits.seat_saw(seat=seat, version=game.version)
    return JsonResponse(selectors.game_payload(game, seat))


def _move_rate_limit(member_id: int) -> None:
    """GameError 429 if the member has sent too many moves and undos lately
    (games/ratelimit.py); its text is translated when it is answered."""
    if ratelimit.move_rate_exceeded(member_id):
        raise GameError(
            "rate_limited",
            gettext_lazy("Too many moves in a short time; please wait a moment."),
            status=429,
            retry_after=ratelimit.retry_after(),
        )


def _refuse_early(request: HttpRequest, game_id: int) -> None:
    """The checks every game POST makes before reading its body: logged in, not rate-limited.

    Raises GameError(not_logged_in) for a visitor, GameError(rate_limited) when limited.
    """
    if not request.user.is_authenticated:
        access_game(request.user, game_id)  # raises not_logged_in
    _move_rate_limit(request.user.pk)


@require_POST
def move_undo(request: HttpRequest, game_id: int) -> JsonResponse:
    """Take back your last move; 200 with your new payload, else {"code", "message", "version"}."""
    try:
        _refuse_early(request, game_id)
        expected_version = parse_undo_body(read_move_body(request))
        services.move_undo(game_id=game_id, user=request.user, expected_version=expected_version)
        game, seat = access_game(request.user, game_id)
    except GameError as exc:
        return _json_error(exc)
    return JsonResponse(selectors.game_payload(game, seat))


@members.reads_member_itself
@require_POST
def move_create(request: HttpRequest, game_id: int) -> HttpResponse:
    """Submit a move; 200 with the mover's new view, else {"code", "message", "version"}.

    The member's row is read with the game's seats, not on its own (accounts.members): a
    move costs one round trip fewer. Until the service has confirmed him, his language is
    not active, so the refusals before it are translated when they are answered."""
    claim = members.session_claim(request)
    if claim is None:  # a visitor, or a session only Django's own check can settle
        members.activate_preferences(request, request.user)
    try:
        if claim is None:
            _refuse_early(request, game_id)
        else:
            _move_rate_limit(claim.pk)
        move, expected_version, client_id = parse_move_body(read_move_body(request))
        result = services.move_submit(
            game_id=game_id,
            user=claim or request.user,
            move=move,
            expected_version=expected_version,
            client_id=client_id,
            answer_shown=True,  # the move's own writes mark the new version seen
        )
    except GameError as exc:
        if claim is not None and not claim.confirmed:
            claim.confirm()  # the member's language for the answer
        return _json_error(exc)
    # A repeated client id stored nothing; the answer still shows the game as it is.
    visits.seat_saw(seat=result.seat, version=result.game.version)
    # The game as the move left it, serialised once for this answer and the mover's push.
    return HttpResponse(result.payload_text(), content_type="application/json")
