"""Hostile and malformed move requests: every answer is a 4xx JSON error and the game stays put.

Property-based (hypothesis) through the Django test client and the whole middleware stack.
Every strategy leaves out the one thing that would be a real move (a legal move by the seat
to act at the current version), so any change to the game is a bug. The rate limit is off
here (it would answer 429 before the interesting code runs); it has its own tests.

Examples per run: see EXAMPLES below (about 3,000 requests in all).
"""

import json

import pytest
from django.test import Client
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from games import rules
from games.forms import MOVE_BODY_MAX
from games.models import Action, Game

from ..games.conftest import a_legal_move, not_to_act, to_act
from .conftest import started_game  # noqa: F401

EXAMPLES = {
    "move": 900,
    "body": 700,
    "bytes": 600,
    "people": 400,
    "finished": 150,
    "huge": 25,
}
ERROR_STATUSES = {400, 401, 403, 404, 405, 409, 413, 415, 422, 429}


def fuzz(kind: str) -> settings:
    return settings(
        max_examples=EXAMPLES[kind],
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        derandomize=True,  # the same examples every run: a failure here is a bug, not a flake
        database=None,
    )


CARD_IDS = sorted(rules.card_catalogue("1st")) + sorted(rules.card_catalogue("2nd"))
INSTANCES = [f"{card}#{n}" for card in CARD_IDS[:40] for n in range(3)]

json_scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats()
    | st.text(max_size=20)
)
json_values = st.recursive(
    json_scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
card_names = st.sampled_from(INSTANCES) | st.text(max_size=30) | json_values
kinds = st.sampled_from(
    ["buy", "take", "play", "pass", "observatory", "discard", "pub", "pub_plan"]
)
hostile_moves = st.fixed_dictionaries(
    {"kind": kinds | st.text(max_size=12) | json_values},
    optional={
        "card": card_names,
        "displace": card_names,
        "until": st.sampled_from(["board_change", "phase", "never"]) | json_values,
        "observatory": card_names,
        "pile": st.sampled_from(["worker", "building", "aristocrat", "trading", "x"]) | json_values,
        "points": st.integers() | json_values,
        "seat": st.integers(min_value=-2, max_value=5),
        "__proto__": json_values,
    },
)
client_ids = st.none() | st.text(max_size=80) | json_values
content_types = st.sampled_from(
    [
        "application/json",
        "application/json; charset=utf-8",
        "text/plain",
        "text/html",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "application/xml",
        "",
        "application/json; charset=latin-1",
    ]
)


def moves_url(game) -> str:
    return f"/games/{game.pk}/moves"


def fingerprint(game: Game):
    fresh = Game.objects.get(pk=game.pk)
    return (
        fresh.version,
        fresh.status,
        fresh.state,
        list(fresh.to_act),
        Action.objects.filter(game=game).count(),
    )


def is_real_move(game: Game, position: int | None, body: object) -> bool:
    """Whether `body` is a legal move of `position` at the game's current version."""
    if position is None or not isinstance(body, dict):
        return False
    version, move = body.get("expected_version"), body.get("move")
    if type(version) is not int or version != game.version:
        return False
    try:
        rules.apply_move(rules.GameState.from_dict(game.state), position, rules.parse_move(move))
    except Exception:  # anything the engine refuses is not a real move
        return False
    return True


SENT: dict[str, int] = {}


def assert_refused(response, before, game) -> None:
    assert response.status_code in ERROR_STATUSES, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json")
    data = response.json()
    assert isinstance(data.get("code"), str)
    assert data["code"]
    assert isinstance(data.get("message"), str)
    assert data["message"]
    assert fingerprint(game) == before
    SENT[CURRENT[0]] = SENT.get(CURRENT[0], 0) + 1


CURRENT = [""]


def run(kind: str, check) -> None:
    """Run a hypothesis check and make sure most of its examples reached the server."""
    CURRENT[0] = kind
    SENT[kind] = 0
    check()
    assert SENT[kind] >= EXAMPLES[kind] // 2, SENT


@pytest.fixture(autouse=True, scope="module")
def _report_counts():
    yield
    print(f"\nhostile requests sent per strategy: {SENT} (total {sum(SENT.values())})")


@pytest.fixture(autouse=True)
def _no_rate_limit(settings):
    settings.MOVE_RATE_LIMIT = 0


@pytest.fixture
def mover(started_game):  # noqa: F811
    user, position = to_act(started_game)
    client = Client()
    client.force_login(user)
    return client, position


def test_hostile_moves_by_the_seat_to_act_are_refused(mover, started_game):  # noqa: F811
    client, position = mover
    before = fingerprint(started_game)

    @fuzz("move")
    @given(move=hostile_moves, client_id=client_ids, version=st.just(0) | json_values)
    def check(move, client_id, version):
        body = {"move": move, "expected_version": version}
        if client_id is not None:
            body["client_id"] = client_id
        assume(not is_real_move(started_game, position, body))
        response = client.post(
            moves_url(started_game), data=json.dumps(body), content_type="application/json"
        )
        assert_refused(response, before, started_game)

    run("move", check)


def test_arbitrary_json_bodies_are_refused(mover, started_game):  # noqa: F811
    client, position = mover
    before = fingerprint(started_game)
    bodies = json_values | st.dictionaries(
        st.sampled_from(["move", "expected_version", "client_id", "seat", "game"]),
        json_values | hostile_moves,
    )

    @fuzz("body")
    @given(body=bodies)
    def check(body):
        assume(not is_real_move(started_game, position, body))
        response = client.post(
            moves_url(started_game), data=json.dumps(body), content_type="application/json"
        )
        assert_refused(response, before, started_game)

    run("body", check)


def test_raw_bytes_and_wrong_content_types_are_refused(mover, started_game):  # noqa: F811
    client, _position = mover
    before = fingerprint(started_game)
    real = json.dumps({"move": a_legal_move(started_game, _position), "expected_version": 0})
    payloads = (
        st.binary(max_size=300)
        | st.text(max_size=200).map(str.encode)
        | st.integers(min_value=1, max_value=20_000).map(lambda n: b"[" * n)
        | st.integers(min_value=1, max_value=5_000).map(lambda n: b'{"a":' * n)
        | st.just(real.encode())
    )

    @fuzz("bytes")
    @given(payload=payloads, content_type=content_types)
    def check(payload, content_type):
        if payload == real.encode():
            assume(not content_type.startswith("application/json"))
        # generic(): the bytes go out as they are (post() would re-encode them by charset)
        response = client.generic(
            "POST", moves_url(started_game), data=payload, content_type=content_type
        )
        assert_refused(response, before, started_game)

    run("bytes", check)


def test_huge_bodies_are_refused_with_413(mover, started_game):  # noqa: F811
    client, position = mover
    before = fingerprint(started_game)
    move = a_legal_move(started_game, position)

    @fuzz("huge")
    @given(size=st.integers(min_value=MOVE_BODY_MAX + 1, max_value=4 * 1024 * 1024))
    def check(size):
        head = json.dumps({"move": move, "expected_version": 0, "pad": ""})[:-2]
        body = head.encode() + b"x" * (size - len(head) - 2) + b'"}'
        response = client.post(moves_url(started_game), data=body, content_type="application/json")
        assert_refused(response, before, started_game)
        assert response.status_code == 413
        assert response.json()["code"] == "request_too_large"

    run("huge", check)


def test_moves_by_the_wrong_people_or_at_a_stale_version_are_refused(
    started_game,  # noqa: F811
    django_user_model,
):
    user, position = to_act(started_game)
    other = not_to_act(started_game)
    eve = django_user_model.objects.create_user(username="eve", password="x")
    clients = {
        "mover": Client(),
        "other seat": Client(),
        "spectator": Client(),
        "anonymous": Client(),
    }
    clients["mover"].force_login(user)
    clients["other seat"].force_login(other)
    clients["spectator"].force_login(eve)
    legal = [
        m.to_dict()
        for m in rules.legal_moves(rules.GameState.from_dict(started_game.state), position)
    ]
    before = fingerprint(started_game)

    @fuzz("people")
    @given(
        who=st.sampled_from(sorted(clients)),
        move=st.sampled_from(legal),
        version=st.integers(min_value=-5, max_value=10**12),
        game_id=st.sampled_from([started_game.pk, 0, 10**6, 2**63 - 1, 2**64]),
    )
    def check(who, move, version, game_id):
        if who == "mover" and game_id == started_game.pk:
            assume(version != 0)
        response = clients[who].post(
            f"/games/{game_id}/moves",
            data=json.dumps({"move": move, "expected_version": version}),
            content_type="application/json",
        )
        assert_refused(response, before, started_game)

    run("people", check)


def test_moves_after_the_game_ended_are_refused(finished_game):
    players = [seat.user for seat in finished_game.seat_set.select_related("user")]
    clients = []
    for user in players:
        client = Client()
        client.force_login(user)
        clients.append(client)
    before = fingerprint(finished_game)

    @fuzz("finished")
    @given(
        index=st.integers(min_value=0, max_value=len(clients) - 1),
        move=hostile_moves | st.just({"kind": "pass"}),
        version=st.sampled_from([finished_game.version, finished_game.version - 1, 0]),
    )
    def check(index, move, version):
        response = clients[index].post(
            moves_url(finished_game),
            data=json.dumps({"move": move, "expected_version": version}),
            content_type="application/json",
        )
        assert_refused(response, before, finished_game)
        assert response.status_code in {400, 409}

    run("finished", check)


def test_a_post_without_the_csrf_token_is_a_json_403(started_game):  # noqa: F811
    user, position = to_act(started_game)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    before = fingerprint(started_game)

    response = client.post(
        moves_url(started_game),
        data=json.dumps({"move": a_legal_move(started_game, position), "expected_version": 0}),
        content_type="application/json",
    )

    assert_refused(response, before, started_game)
    assert response.status_code == 403
    assert response.json()["code"] == "csrf_failed"
