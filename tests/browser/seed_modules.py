"""The browser tests' table with the Market's Modules 3-6 (issue 14), played through the services
into its position by the engine (greedy moves), and the facts its test checks.

The position: anna, boris, carol and dave (seats 0-3) at a 4-player game with the Market and
all four modules, from round 2 on; anna is to act at the start of her turn and has not used an
event (the Sponsor is still there); boris, next after her, sits on a real obstacle whose
requirement one card on the board meets. The test has anna use the Sponsor and pass, and boris
buy that card and pass the obstacle; `finish_modules_table` then plays the game to its end.
"""

from django.utils import translation

from games import rules, services
from games.models import Game, Seat
from games.rules.modules.obstacle_track import sitting
from games.services import lobby
from games.texts.table import table_strings
from tests.web.games.conftest import play_until

OPTIONS = {"edition": "2nd", "players": 4, "market": True, "assistants": True, "events": True,
           "assignments": True, "obstacles": True}  # fmt: skip
TITLE = "All the modules"
PLAYERS = ("anna", "boris", "carol", "dave")  # seats 0-3


def _sponsor_then_overcome(state):
    """In this state: anna's Sponsor, her pass, and the card whose purchase gets boris past the
    obstacle he sits on (None if the state is not such a position)."""
    if rules.to_act(state) != (0,) or state.decisions or state.step != "actions":
        return None
    sponsor = [
        m for m in rules.legal_moves(state, 0) if m.kind == "event" and m.get("event") == "sponsor"
    ]
    if not sponsor:
        return None
    after, _ = rules.apply_move(state, 0, sponsor[0])
    passing = rules.Move("pass")
    if passing not in rules.legal_moves(after, 0):
        return None
    after, _ = rules.apply_move(after, 0, passing)
    if rules.to_act(after) != (1,) or after.decisions or sitting(after, 1) is None:
        return None
    for move in rules.legal_moves(after, 1):
        if move.kind != "buy":
            continue
        _, events = rules.apply_move(after, 1, move)
        if any(e["kind"] == "obstacle_overcome" and e["seat"] == 1 for e in events):
            return after, move
    return None


def _moves_to_the_position(seed: int, limit: int = 600):
    state, moves = rules.new_game(OPTIONS, seed), []
    for version in range(limit):
        if rules.is_over(state):
            return None
        found = _sponsor_then_overcome(state)
        if found is not None:
            return moves, state, *found
        seat = sorted(rules.to_act(state))[0]
        move = rules.greedy_bot(state, seat, version)
        state, _events = rules.apply_move(state, seat, move)
        moves.append((seat, move.to_dict()))
    return None


def modules_table(users) -> dict:
    """Seat the four, play the moves to the position and say what the test will see."""
    # The first seed from 30 on that reaches the position (the search from 1 finds the same one
    # at 34, only slower).
    seed, found = next((n, f) for n in range(30, 200) if (f := _moves_to_the_position(n)))
    moves, state, after_pass, overcoming = found
    lobby.draw_seed = lambda: seed
    seating, lobby.draw_seating = lobby.draw_seating, lambda count: list(range(count))
    try:
        game = services.game_create(
            host=users["anna"], title=TITLE, edition="2nd", seats=4, days_per_move=3,
            is_public=True, options={k: v for k, v in OPTIONS.items() if v is True},
        )  # fmt: skip
        for name in PLAYERS[1:]:
            services.seat_join(game_id=game.pk, user=users[name])
    finally:
        lobby.draw_seating = seating
    game.refresh_from_db()
    for seat, move in moves:
        user = Seat.objects.get(game=game, position=seat).user
        services.move_submit(game_id=game.pk, user=user, move=move, expected_version=game.version)
        game.refresh_from_db()
    view = rules.player_view(state, 0)
    held = sitting(after_pass, 1)
    price = rules.player_view(after_pass, 1)["prices"][overcoming.card]["buy"]
    with translation.override("de"):
        buy_de = table_strings()["buy_for"].replace("{price}", str(price))
    return {
        "modules": game.pk,
        "modules_assistants": view["assistants"]["held"],
        "modules_assignments": [[a["id"] for a in s["assignments"]] for s in view["assignments"]],
        "modules_money": [p.money for p in state.players],
        "modules_held_space": held.space,
        "modules_held_obstacle": held.obstacle.id,
        "modules_card": overcoming.card,
        "modules_buy_de": buy_de,
    }


def finish_modules_table() -> dict:
    """Play the modules' table to its end (greedy moves through the services); each seat's
    scored assignment as the engine scores it."""
    game = Game.objects.get(title=TITLE)
    play_until(game, lambda g: False)
    game.refresh_from_db()
    state = rules.GameState.from_dict(game.state)
    return {
        "assignments": [
            [row["seat"], row["assignment"]["id"], row["assignment"]["points"]]
            for row in rules.final_scores(state)
        ]
    }
