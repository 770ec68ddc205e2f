"""Five players wherever the server once assumed four (issue 11): the ∑ table, the end screen and
its chart, the e-mails, the admin's game and seat pages, and the log as the truth (verify_games,
the replay export) for a New Society game with five seats and an In Good Company game."""

import json
import subprocess
import sys
from datetime import UTC, datetime

import pytest
import time_machine
from django.core import mail
from django.core.management import CommandError, call_command
from django.urls import reverse

from games import actionlog, rules, services
from games.models import Game, Seat
from games.services.sweep import sweep
from tests.web.accounts_helpers import member

from .conftest import play_one

NAMES = ["alice", "bob", "carol", "dave", "erin"]


@pytest.fixture
def five(db):
    return [member(name) for name in NAMES]


def five_seat_game(users, *, days: int | None = 3) -> Game:
    """All five members seated at a 1st-edition New Society game (erin's join starts it)."""
    host, *guests = users
    game = services.game_create(
        host=host, title="Five", edition="1st", seats=5, days_per_move=days, is_public=True,
        options={"new_society": "full"},
    )  # fmt: skip
    for guest in guests:
        services.seat_join(game_id=game.pk, user=guest)
    game.refresh_from_db()
    return game


def play_to_the_end(game: Game, capture) -> Game:
    """Greedy moves through the services, the after-commit work (e-mails) run as it would be."""
    for _ in range(4000):
        if game.status != "running":
            return game
        with capture(execute=True):
            play_one(game)
    raise AssertionError("the game went on too long")


def test_a_five_seat_table_shows_five_players_and_five_summary_rows(client, five):
    game = five_seat_game(five)
    assert game.status == "running"
    assert sorted(game.seat_set.values_list("position", flat=True)) == [0, 1, 2, 3, 4]
    client.force_login(five[4])
    view = client.get(reverse("games:view", args=[game.pk])).json()
    assert len(view["players"]) == 5
    players = view["view"]["players"]
    assert [p["seat"] for p in players] == [0, 1, 2, 3, 4]
    assert all("income" in p["summary"] for p in players)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    for user in five:
        assert user.display_name in page


def test_the_admin_shows_the_five_seats_and_replaces_the_fifth(client, five):
    game = five_seat_game(five)
    admin = member("iris", is_staff=True, is_superuser=True)
    frank = member("frank")
    client.force_login(admin)
    page = client.get(f"/admin/games/game/{game.pk}/change/")
    assert page.status_code == 200
    seats = [form.instance.position for form in page.context["inline_admin_formsets"][0].forms]
    assert seats == [0, 1, 2, 3, 4]
    action = {"action": "replace_seat_user", "_selected_action": [game.pk]}
    form = client.post("/admin/games/game/", action).content.decode()
    assert '<option value="4">5: ' in form
    client.post(
        "/admin/games/game/", {**action, "apply": "1", "position": "4", "username": "frank"}
    )
    assert Seat.objects.get(game=game, position=4).user == frank


def test_the_digest_lists_a_five_seat_game_for_its_member(five):
    for user in five:
        user.email_on_turn = "digest"
        user.save(update_fields=["email_on_turn"])
    with time_machine.travel(datetime(2026, 3, 2, 9, 0, tzinfo=UTC), tick=False) as clock:
        game = five_seat_game(five, days=None)
        [acting] = [s.user for s in game.seat_set.all() if s.position in game.to_act]
        sweep()  # a new digest member's clock starts: his first digest comes the next morning
        clock.move_to(datetime(2026, 3, 3, 7, 0, tzinfo=UTC))
        sweep()
    [digest] = [m for m in mail.outbox if "waiting for your move" in m.subject]
    assert digest.to == [acting.email]
    assert "Five" in digest.body
    assert f"/games/{game.pk}/" in digest.body


@pytest.fixture
def finished_five(five, django_capture_on_commit_callbacks):
    game = play_to_the_end(five_seat_game(five), django_capture_on_commit_callbacks)
    assert game.status == "finished"
    return game


def test_the_end_of_a_five_seat_game_ranks_charts_and_mails_all_five(client, five, finished_five):
    game = finished_five
    client.force_login(five[0])
    series = client.get(reverse("games:history", args=[game.pk])).json()
    assert [p["seat"] for p in series["players"]] == [0, 1, 2, 3, 4]
    assert all(len(p["points"]) == len(series["rounds"]) for p in series["players"])
    final = rules.GameState.from_dict(game.state)
    last_round = [p["points"][-1] for p in series["players"]]  # before the final scoring
    assert all(a <= b for a, b in zip(last_round, [p.points for p in final.players], strict=True))
    view = client.get(reverse("games:view", args=[game.pk])).json()
    assert len(view["view"]["players"]) == len(view["players"]) == 5
    ended = [m for m in mail.outbox if "has ended" in m.subject]
    assert sorted(m.to[0] for m in ended) == sorted(u.email for u in five)
    body = ended[0].body
    ranking = body[body.index("Final ranking:") :].split("\n\n")[0]
    assert [line.split(".")[0] for line in ranking.splitlines()[1:]] == sorted(
        str(s.rank) for s in game.seat_set.all()
    )
    for user in five:
        assert user.display_name in ranking
    turns = [m for m in mail.outbox if "has ended" not in m.subject]
    assert {m.to[0] for m in turns} == {u.email for u in five}  # every seat got its turns


def test_verify_games_and_the_replay_export_rebuild_a_five_seat_new_society_game(
    client, five, finished_five, capsys, tmp_path
):
    game = finished_five
    call_command("verify_games")
    assert capsys.readouterr().out.strip().endswith("1 games checked, 0 differ from their log")
    admin = member("iris", is_staff=True, is_superuser=True)
    client.force_login(admin)
    response = client.post(
        "/admin/games/game/", {"action": "export_replay", "_selected_action": [game.pk]}
    )
    export = json.loads(response.content)
    assert export["options"] == {"edition": "1st", "players": 5, "new_society": "full"}
    decisions = {m["move"]["kind"] for m in export["moves"]} - {"pass", "buy", "build", "take"}
    assert decisions, "a New Society game asks decisions the export must carry"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(export))
    replayed = subprocess.run(
        [sys.executable, "-m", "games.rules", "replay", str(path)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert replayed.returncode == 0, replayed.stderr
    state = rules.replay(export["options"], export["seed"], export["moves"])
    assert state.to_dict() == game.state

    last = game.actions.order_by("-seq").first()
    last.seat = (last.seat + 1) % 5  # the last move, written down for the wrong player
    last.save(update_fields=["seat"])
    with pytest.raises(CommandError, match="1 games checked, 1 differ"):
        call_command("verify_games")
    assert f"game {game.pk} (Five)" in capsys.readouterr().out


def test_verify_games_and_the_replay_export_rebuild_an_in_good_company_game(alice, bob, capsys):
    game = services.game_create(
        host=alice, title="Company", edition="2nd", seats=2, days_per_move=None, is_public=True,
        options={"in_good_company": True},
    )  # fmt: skip
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    for _ in range(3000):
        if game.status != "running":
            break
        play_one(game)
    assert game.status == "finished"
    call_command("verify_games")
    assert capsys.readouterr().out.strip().endswith("1 games checked, 0 differ from their log")
    export = services.game_replay_export(game=game)
    assert export["options"] == {"edition": "2nd", "players": 2, "in_good_company": True}
    assert export["moves"] == actionlog.effective_moves(game)
    state = rules.replay(export["options"], export["seed"], export["moves"])
    assert json.loads(json.dumps(state.to_dict())) == game.state
