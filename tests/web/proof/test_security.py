"""Security rules of the site: CSRF everywhere, admin for staff, the move rate limit, and
that a cache (Redis) outage never turns a move or a login into an error."""

import json

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.resolvers import RoutePattern

from games import presence
from games.models import Action

from ..games.conftest import a_legal_move, to_act

SAMPLE_ARGS = {
    "game_id": 1,
    "token": "abc",
    "uidb64": "MQ",
    "app_label": "games",
    "object_id": "1",
    "content_type_id": "1",
    "user_id": "1",
    "id": "1",
    "url": "x",
    "path": "x",
}


def _walk(resolver: URLResolver, prefix: str = ""):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _walk(entry, prefix + _literal(entry))
        elif isinstance(entry, URLPattern):
            yield entry, prefix + _literal(entry)


def _literal(entry) -> str:
    """The pattern as a concrete path, with sample values for its parameters."""
    pattern = entry.pattern
    if isinstance(pattern, RoutePattern):
        route = str(pattern)
        for name in pattern.converters:
            start = route.index("<")
            end = route.index(">", start)
            route = route[:start] + str(SAMPLE_ARGS.get(name, "x")) + route[end + 1 :]
        return route
    regex = pattern.regex.pattern.lstrip("^").rstrip("$").replace("\\Z", "")
    if "(?P<" not in regex and "(" not in regex:
        return regex.replace("\\", "")
    # Admin's regexes: fill the named groups with sample values.
    import re

    def fill(match):
        return str(SAMPLE_ARGS.get(match.group(1), "x"))

    filled = re.sub(r"\(\?P<(\w+)>[^)]*\)", fill, regex)
    return filled.replace("\\", "")


def all_paths() -> list[str]:
    paths = sorted({"/" + path for _entry, path in _walk(get_resolver())})
    return [p for p in paths if "(" not in p and "?" not in p]


def test_every_url_refuses_a_post_without_the_csrf_token(started_game, admin_user):
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin_user)  # staff: the admin's views are reached too
    paths = all_paths()
    answers = {}
    for path in paths:
        if client.get(path).status_code == 404 and client.post(path).status_code == 404:
            continue  # the sample values do not name anything routable here
        answers[path] = client.post(path, {"x": "1"}).status_code

    assert len(answers) >= 30, answers  # the walk really reached the site's pages
    assert "/games/1/moves" in answers
    assert {path for path, status in answers.items() if status != 403} == set()


def test_a_visitor_posting_without_the_token_is_refused_too(started_game):
    client = Client(enforce_csrf_checks=True)
    for path in ("/accounts/login/", "/accounts/signup/", "/accounts/password/reset/"):
        assert client.post(path, {"username": "alice", "password": "x"}).status_code == 403


@pytest.mark.parametrize(
    "path",
    ["/admin/", "/admin/games/game/", "/admin/games/game/1/change/", "/admin/accounts/user/"],
)
def test_the_admin_is_for_staff_only(client, alice, started_game, path):
    client.force_login(alice)  # a member, not staff

    response = client.get(path)

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")


def test_a_member_cannot_run_the_admin_export(client, alice, started_game):
    client.force_login(alice)

    response = client.post(
        "/admin/games/game/",
        {"action": "export_replay", "_selected_action": [started_game.pk]},
    )

    assert response.status_code == 302
    assert response["Location"].startswith("/admin/login/")
    assert b"seed" not in response.content


def _post_move(client, game, body):
    return client.post(
        f"/games/{game.pk}/moves", data=json.dumps(body), content_type="application/json"
    )


def test_moves_beyond_the_rate_limit_are_refused_with_429(
    client, started_game, settings, time_machine
):
    settings.MOVE_RATE_LIMIT = 3
    settings.MOVE_RATE_WINDOW = 600
    time_machine.move_to("2026-12-01 12:05:00", tick=False)  # 5 of the window's 10 minutes left
    user, position = to_act(started_game)
    client.force_login(user)
    stale = {"move": a_legal_move(started_game, position), "expected_version": 99}

    answers = [_post_move(client, started_game, stale) for _ in range(3)]
    limited = _post_move(client, started_game, {**stale, "expected_version": 0})

    assert [a.json()["code"] for a in answers] == ["stale_version"] * 3
    assert limited.status_code == 429
    assert limited.json()["code"] == "rate_limited"
    assert limited["Retry-After"] == "300"
    assert not Action.objects.filter(game=started_game).exists()


def test_the_rate_limit_counts_each_member_separately(started_game, settings, time_machine):
    settings.MOVE_RATE_LIMIT = 2
    settings.MOVE_RATE_WINDOW = 600
    time_machine.move_to("2026-12-01 12:00:00", tick=False)
    user, position = to_act(started_game)
    other = next(s.user for s in started_game.seat_set.all() if s.user_id != user.pk)
    busy, calm = Client(), Client()
    busy.force_login(other)
    calm.force_login(user)
    for _ in range(5):
        _post_move(busy, started_game, {"move": {"kind": "pass"}, "expected_version": 0})

    refused = _post_move(busy, started_game, {"move": {"kind": "pass"}, "expected_version": 0})
    response = _post_move(
        calm, started_game, {"move": a_legal_move(started_game, position), "expected_version": 0}
    )

    assert (refused.status_code, refused.json()["code"]) == (429, "rate_limited")
    assert response.status_code == 200
    assert Action.objects.get(game=started_game).user == user


def test_the_rate_limit_window_ends(client, started_game, settings, time_machine):
    settings.MOVE_RATE_LIMIT = 1
    settings.MOVE_RATE_WINDOW = 10
    time_machine.move_to("2026-12-01 12:00:00", tick=False)
    user, position = to_act(started_game)
    client.force_login(user)
    body = {"move": a_legal_move(started_game, position), "expected_version": 0}
    _post_move(client, started_game, {**body, "expected_version": 5})
    assert _post_move(client, started_game, body).status_code == 429

    time_machine.move_to("2026-12-01 12:00:11", tick=False)

    assert _post_move(client, started_game, body).status_code == 200


class _BrokenCache:
    """Every cache call fails, as Django's Redis cache does while Redis is down."""

    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise ConnectionError("Redis is down")

        return fail


@pytest.fixture
def redis_down(monkeypatch):
    broken = _BrokenCache()
    import accounts.ratelimit
    import games.ratelimit

    for module in (games.ratelimit, presence, accounts.ratelimit):
        monkeypatch.setattr(module, "cache", broken)
    return broken


def test_moves_are_accepted_while_the_cache_is_down(client, started_game, redis_down):
    user, position = to_act(started_game)
    client.force_login(user)

    response = _post_move(
        client, started_game, {"move": a_legal_move(started_game, position), "expected_version": 0}
    )

    assert response.status_code == 200
    assert Action.objects.filter(game=started_game).count() == 1


def test_presence_fails_open_while_the_cache_is_down(redis_down):
    presence.presence_mark(user_id=1, game_id=2)
    presence.presence_clear(user_id=1, game_id=2)

    assert presence.is_watching(user_id=1, game_id=2) is False


def test_logins_work_while_the_cache_is_down(client, alice, redis_down):
    from tests.web.accounts_helpers import PASSWORD

    bad = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    good = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})

    assert bad.status_code == 200  # the form again, with its error
    assert good.status_code == 302
