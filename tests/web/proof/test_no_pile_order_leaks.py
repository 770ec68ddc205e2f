"""No answer and no push ever tells the order of a draw pile.

Whole games are played by the engine's bots through the services, and at every version every
HTTP answer a member can get (each seat's and a spectator's view, the table page, the log, the
history, and once the game is over the replay steps) and every WebSocket push is scanned:
  * no card that is still in a pile may be named by its instance id (`library#1`): the view
    shows piles only as counts by card type, so an instance id of a pile card means its position
    or identity leaked;
  * a game's seed (from which the piles are shuffled) never appears while the game runs;
  * every listing of a pile's contents in a JSON answer or push is the pile's cards counted and
    sorted by card id, so it is the same however the pile is ordered.
The admin's replay export carries the seed and is exempt: it is for staff only (see
test_security.py: members get no admin page and cannot run the export).
"""

import json
import re
from collections import Counter

import pytest
from django.test import Client

from games import realtime, rules, services
from games.models import Seat
from tests.web.accounts_helpers import member
from tests.web.listening import IN_MEMORY, Listener

pytestmark = pytest.mark.django_db

INSTANCE = re.compile(r"[a-z_]+#\d+")


def pile_cards(state: dict) -> set[str]:
    return {card for pile in state["piles"].values() for card in pile}


def order_free_piles(state: dict) -> dict[str, list[dict]]:
    """Each pile as the view must list it: counts by card id, sorted by card id."""
    return {
        phase: [
            {"card": card, "count": count}
            for card, count in sorted(Counter(c.split("#")[0] for c in pile).items())
        ]
        for phase, pile in state["piles"].items()
    }


def pile_listings(data):
    """Every `piles` mapping of a JSON document (views may nest them)."""
    if isinstance(data, dict):
        piles = data.get("piles")
        if isinstance(piles, dict) and all(
            isinstance(pile, dict) and "contents" in pile for pile in piles.values()
        ):
            yield piles
        for value in data.values():
            yield from pile_listings(value)
    elif isinstance(data, list):
        for value in data:
            yield from pile_listings(value)


def scan(text: str, state: dict, seed: int | None, where: str) -> int:
    """Check one answer or push; the number of pile listings it held."""
    leaked = set(INSTANCE.findall(text)) & pile_cards(state)
    assert not leaked, f"{where}: pile cards named: {sorted(leaked)[:5]}"
    if seed is not None:
        assert str(seed) not in text, f"{where}: the seed is shown"
    try:
        document = json.loads(text)
    except ValueError:
        return 0  # an HTML page
    expected = order_free_piles(state)
    listings = list(pile_listings(document))
    for piles in listings:
        shown = {phase: pile["contents"] for phase, pile in piles.items()}
        assert shown == expected, f"{where}: a pile is listed in another order than by card id"
    return len(listings)


@pytest.fixture
def pushes(settings) -> Listener:
    """Hears every group of the game through the real in-memory channel layer."""
    settings.CHANNEL_LAYERS = IN_MEMORY
    return Listener()


def push_text(message: dict) -> str:
    """What a socket would send on: a game view's own frame, or the notice as JSON."""
    return message["text"] if message["type"] == "game.view" else json.dumps(message)


def play_and_scan(game, clients, spectator, pushes, capture, *, bot, every_page: int) -> int:
    """Play `game` to its end with `bot`; scan everything at every version. Scans made."""
    scans = 0
    states = {0: game.state}
    while True:
        game.refresh_from_db()
        state, version = game.state, game.version
        states[version] = state
        running = game.status == "running"
        seed = game.seed if running else None
        for who, client in [*clients.items(), ("spectator", spectator)]:
            data = client.get(f"/games/{game.pk}/view")
            assert data.status_code == 200
            listed = scan(data.content.decode(), state, seed, f"view of {who} at {version}")
            assert listed == 1, f"view of {who} at {version}: no pile listing was checked"
            scans += 1
            if version % every_page == 0 or not running:
                for path in ("", "log", "history"):
                    page = client.get(f"/games/{game.pk}/{path}")
                    assert page.status_code in (200, 409)
                    scan(page.content.decode(), state, seed, f"/{path} of {who} at {version}")
                    scans += 1
        for group, message in pushes.drain():
            at = message.get("version", version)
            listed = scan(push_text(message), states[at], seed, f"push to {group} at {at}")
            assert listed == (message["type"] == "game.view"), f"push to {group} at {at}"
            scans += 1
        if not running:
            return scans
        position = game.to_act[0]
        user = Seat.objects.get(game=game, position=position).user
        move = bot(rules.GameState.from_dict(state), position, version * 31 + 7)
        with capture(execute=True):
            services.move_submit(
                game_id=game.pk, user=user, move=move.to_dict(), expected_version=version
            )


@pytest.mark.parametrize(
    ("players", "edition", "bot"),
    [(4, "1st", rules.greedy_bot), (2, "2nd", rules.random_bot)],
)
def test_no_answer_and_no_push_shows_a_piles_order(
    players, edition, bot, pushes, django_capture_on_commit_callbacks, settings
):
    settings.MOVE_RATE_LIMIT = 0
    users = [member(f"leak{n}") for n in range(players)]
    game = services.game_create(
        host=users[0], title="Leak", edition=edition, seats=players, days_per_move=3, is_public=True
    )
    pushes.listen(
        *(realtime.seat_group(game.pk, n) for n in range(players)),
        realtime.spectators_group(game.pk),
        *(realtime.user_group(user.pk) for user in users),
    )
    with django_capture_on_commit_callbacks(execute=True):
        for user in users[1:]:
            services.seat_join(game_id=game.pk, user=user)
    clients = {}
    for user in users:
        clients[user.username] = Client()
        clients[user.username].force_login(user)
    spectator = Client()
    spectator.force_login(member("watcher"))

    scans = play_and_scan(
        game,
        clients,
        spectator,
        pushes,
        django_capture_on_commit_callbacks,
        bot=bot,
        every_page=25,
    )

    game.refresh_from_db()
    assert game.status == "finished"
    steps = spectator.get(f"/games/{game.pk}/replay/0").json()["steps"]
    replayed = rules.new_game(game.options, game.seed)
    moves = list(game.actions.order_by("seq").values_list("seat", "move"))
    for n in range(steps + 1):
        step = spectator.get(f"/games/{game.pk}/replay/{n}")
        assert step.status_code == 200
        scan(step.content.decode(), replayed.to_dict(), None, f"replay step {n}")
        if n < len(moves):
            replayed, _events = rules.apply_move(replayed, moves[n][0], moves[n][1])
    assert scans > 500
