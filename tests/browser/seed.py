"""Seeds the browser tests' database through the real services; prints the ids as JSON.

Run by the browser fixture in a subprocess with the browser database's environment:
    python -m tests.browser.seed
"""

import functools
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
from tests.web.games.conftest import play_until  # noqa: E402

PASSWORD = "browser-test-password"
SCORE_PARTS = ("cards", "aristocrats", "money", "hand")  # the end screen's columns, in order
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


def scripted_moves(options: dict, seed: int, *, reached, wants: str = "", limit: int = 400):
    """The moves from the deal of `seed` until `reached(state)`: seat 0 buys the card type it
    `wants` as soon as it can, otherwise everybody plays greedy; None if never reached."""
    state, moves = rules.new_game(options, seed), []
    for version in range(limit):
        if reached(state):
            return moves
        if rules.is_over(state):
            return None
        seat = sorted(rules.to_act(state))[0]
        legal = rules.legal_moves(state, seat)
        wanted = [m for m in legal if m.kind == "buy" and m.card.split("#")[0] == wants]
        move = wanted[0] if seat == 0 and wanted else rules.greedy_bot(state, seat, version)
        state, _events = rules.apply_move(state, seat, move)
        moves.append((seat, move.to_dict()))
    return None


@functools.cache
def quickest_deal(reached, wants: str) -> tuple[int, list]:
    """Of the first 40 seeds of a 2-player game, the one that gets to `reached` in the fewest
    moves, and those moves."""
    options = {"edition": "1st", "players": 2}
    found = {n: scripted_moves(options, n, reached=reached, wants=wants) for n in range(1, 41)}
    seed = min((n for n in found if found[n] is not None), key=lambda n: len(found[n]))
    return seed, found[seed]


def table_at(host, guest, title: str, *, reached, wants: str = "") -> Game:
    """A two-player game (host at seat 0) played through the services into the position
    `reached`, from the seed (of the first 40) that gets there in the fewest moves."""
    seed, moves = quickest_deal(reached, wants)
    lobby.draw_seed = lambda: seed
    game = services.game_create(
        host=host, title=title, edition="1st", seats=2, days_per_move=3, is_public=True
    )
    services.seat_join(game_id=game.pk, user=guest)
    game.refresh_from_db()
    for seat, move in moves:
        user = Seat.objects.get(game=game, position=seat).user
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()
    return game


def may_use_the_observatory(state) -> bool:
    moves = rules.legal_moves(state, 0) if state.step == "actions" else []
    return any(m.kind == "observatory" for m in moves)


def decides_in_the_pub(state) -> bool:
    """Seat 0's Pub decision, with at least 2 points affordable."""
    return (
        state.step == "pub" and rules.to_act(state) == (0,) and len(rules.legal_moves(state, 0)) > 2
    )


def rated_games(users) -> dict:
    """Two more finished duels (boris against dave, carol against boris), rated as every
    finished game is after its commit; the leaderboard's rows and carol's player page facts
    as the pages must show them."""
    from games import standings
    from games.templatetags.ratings import rating

    games = [
        table_at(users[host], users[guest], title, reached=rules.is_over)
        for host, guest, title in (
            ("boris", "dave", "Boris against Dave"),
            ("carol", "boris", "Carol against Boris"),
        )
    ]
    _page, rows = standings.table_page(standings.all_time_table("all"), 1)
    carol = users["carol"]
    return {
        "rated_games": [game.pk for game in games],
        "leaderboard": [
            [str(row.place), row.name, rating(row.rating), str(row.games), str(row.wins)]
            for row in rows
        ],
        "carol": {
            "id": carol.pk,
            "rating": rating(next(row.rating for row in rows if row.user_id == carol.pk)),
            "rivals": sorted(
                seat.user.display_name
                for seat in Seat.objects.filter(game__seat_set__user=carol, game__status="finished")
                .exclude(user=carol)
                .select_related("user")
            ),
        },
    }


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
    play_until(big, lambda g: g.state["round"] >= 4 and anna_seat in g.to_act)

    observatory = table_at(
        users["anna"],
        users["dave"],
        "The view from the Observatory",
        wants="observatory",
        reached=may_use_the_observatory,
    )
    # The same Pub decision twice: once for its dialog, once for the table's fallback for
    # decisions it has no dialog for.
    pub, decision = (
        table_at(users["anna"], users["dave"], title, wants="pub", reached=decides_in_the_pub)
        for title in ("An evening at the Pub", "A decision without a dialog")
    )

    finished = table_at(users["anna"], users["carol"], "A game that ended", reached=rules.is_over)
    scores = rules.final_scores(rules.GameState.from_dict(finished.state))
    rated = rated_games(users)
    names = {seat.position: seat.user.display_name for seat in finished.seat_set.all()}
    print(
        json.dumps(
            {
                "duel": duel.pk,
                "big": big.pk,
                "observatory": observatory.pk,
                "pub": pub.pk,
                "decision": decision.pk,
                "finished": finished.pk,
                "finished_moves": finished.version,
                # The rows of the end screen's table, best first: rank, name, points by
                # source, total, rubles left.
                "finished_scores": [
                    [
                        row["rank"],
                        names[row["seat"]] + (" ♛" if row["winner"] else ""),
                        *(row["points"][part] for part in SCORE_PARTS),
                        row["total"],
                        row["money_left"],
                    ]
                    for row in sorted(scores, key=lambda row: (row["rank"], row["seat"]))
                ],
                "password": PASSWORD,
                **rated,
            }
        )
    )


if __name__ == "__main__":
    main()
