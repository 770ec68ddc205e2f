"""Thin views of the club's ratings: the leaderboard, season tables and player pages."""

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games import player_stats, standings
from games.models import RatingPool, Season


def _pool_tabs(pool: str) -> list[dict]:
    labels = dict(RatingPool.choices)
    return [
        {"pool": shown, "label": labels[shown], "current": shown == pool}
        for shown in standings.pools_shown()
    ]


def _table_page(request: HttpRequest, *, season: Season | None) -> HttpResponse:
    pool = standings.pool_or_default(request.GET.get("pool"))
    rows = (
        standings.all_time_table(pool) if season is None else standings.season_table(season, pool)
    )
    page, table = standings.table_page(rows, request.GET.get("page"))
    context = {
        "season": season,
        "seasons": standings.seasons(),
        "pool": pool,
        "pool_tabs": _pool_tabs(pool) if len(standings.pools_shown()) > 1 else [],
        "page": page,
        "rows": table,
    }
    return render(request, "games/leaderboard.html", context)


@require_GET
@login_required
def leaderboard(request: HttpRequest) -> HttpResponse:
    """The all-time table, paged; `?pool=` picks a split table when the club has them."""
    return _table_page(request, season=None)


@require_GET
@login_required
def season_table(request: HttpRequest, season_id: int) -> HttpResponse:
    return _table_page(request, season=get_object_or_404(Season, pk=season_id))


@require_GET
def player_page(request: HttpRequest, user_id: int) -> HttpResponse:
    """A member's page: members always see it, visitors only if he made it public. Visitors
    get no links to what only members may open (replays, the leaderboard, other pages)."""
    member = get_object_or_404(get_user_model(), pk=user_id, is_active=True, is_bot=False)
    if not request.user.is_authenticated and not member.page_public:
        return redirect_to_login(request.get_full_path())
    context = {
        "page": player_stats.player_page(member),
        "is_me": request.user.pk == member.pk,
        "visitor": not request.user.is_authenticated,
    }
    return render(request, "games/player.html", context)
