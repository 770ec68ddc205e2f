"""Seeds the browser tests' database through the real services; prints the ids as JSON.

Run by the browser fixture in a subprocess with the browser database's environment:
    python -m tests.browser.seed
"""

import json
import os
import random

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stpete_site.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from games import rules, services  # noqa: E402
from games.models import Game, Seat  # noqa: E402
from games.services import lobby  # noqa: E402

PASSWORD = "browser-test-password"
MEMBERS = [
    ("anna", "Anna", "en"),
    ("boris", "Boris", "de"),
    ("carol", "Carol", "en"),
    ("dave", "Dave", "en"),
]


def member(username: str, shown: str, language: str):
    user = get_user_model().objects.create_user(
        username=username,
        email=f"{username}@example.com",
        password=PASSWORD,
        display_name=shown,
        language=language,
        time_zone="Europe/Berlin",
    )
    return user


def play_greedy(game: Game, until) -> Game:
    while game.status == "running" and not until(game):
        position = sorted(game.to_act)[0]
        user = Seat.objects.get(game=game, position=position).user
        move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
        services.move_submit(
            game_id=game.pk, user=user, move=move.to_dict(), expected_version=game.version
        )
        game.refresh_from_db()
    return game


def main() -> None:
    rng = random.Random(4242)
    lobby.draw_seed = lambda: rng.getrandbits(63)
    lobby.draw_seating = lambda n: list(range(n))
    users = {name: member(name, shown, lang) for name, shown, lang in MEMBERS}
    duel = services.game_create(
        host=users["anna"],
        title="Anna against Boris",
        edition="1st",
        seats=2,
        days_per_move=3,
        is_public=True,
    )
    services.seat_join(game_id=duel.pk, user=users["boris"], first=users["anna"])
    big = services.game_create(
        host=users["anna"],
        title="An evening in Saint Petersburg",
        edition="2nd",
        seats=4,
        days_per_move=3,
        is_public=True,
    )
    for name in ("boris", "carol", "dave"):
        services.seat_join(game_id=big.pk, user=users[name], first=users["anna"])
    big.refresh_from_db()
    anna_seat = Seat.objects.get(game=big, user=users["anna"]).position
    # Well into the game, and stopped when it is anna's turn with a real choice.
    play_greedy(big, lambda g: g.state["round"] >= 4 and anna_seat in g.to_act)
    print(json.dumps({"duel": duel.pk, "big": big.pk, "password": PASSWORD}))


if __name__ == "__main__":
    main()
