"""Games stored before the engine was opened to the expansions keep working: after the data
migration's step they verify, export and replay under rules version 1, and go on being played."""

import json
from pathlib import Path

import pytest

from games import rules, services
from games.models import Action, ActionKind, Game, Seat
from games.stored_games import pin_stored_games

from .conftest import user_at

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("stored_v1_*.json"))
PUB_DECISION = Path(__file__).parent / "fixtures" / "stored_v1_pub_decision.json"
OBSERVATORY_DRAW = Path(__file__).parent / "fixtures" / "stored_v1_observatory_draw.json"


def stored_game(path: Path, alice, bob) -> Game:
    """The rows a game of that time left in the database: options, snapshot, log."""
    data = json.loads(path.read_text(encoding="utf-8"))
    game = services.game_create(
        host=alice, title="Old", edition="1st", seats=2, days_per_move=None, is_public=True
    )
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    game.actions.all().delete()
    Game.objects.filter(pk=game.pk).update(
        options=data["options"],
        seed=data["seed"],
        state=data["state"],
        version=len(data["moves"]),
        rules_version=data["rules_version"],
        to_act=list(rules.to_act(rules.GameState.from_dict(data["state"]))),
    )
    users = {seat.position: seat.user for seat in Seat.objects.filter(game=game)}
    Action.objects.bulk_create(
        Action(game=game, seq=i, seat=m["seat"], user=users[m["seat"]], move=m["move"])
        for i, m in enumerate(data["moves"], start=1)
    )
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_game_stored_in_the_old_shape_verifies_and_replays_under_version_one(path, alice, bob):
    game = stored_game(path, alice, bob)
    assert game.options == {"edition": "1st", "players": 2, "expansions": []}
    assert "edition" in game.state  # the old snapshot shape

    assert pin_stored_games(Game) == 1

    game.refresh_from_db()
    assert game.options == {"edition": "1st", "players": 2, "expansions": [], "rules_version": "1"}
    assert game.state["options"]["rules_version"] == "1"
    assert services.game_verify(game=game) == []
    export = services.game_replay_export(game=game)
    assert rules.replay(export["options"], export["seed"], export["moves"]).to_dict() == game.state


def test_the_pinned_version_matters_the_pub_plan_game_would_not_replay_under_version_two(
    alice, bob
):
    game = stored_game(PUB_DECISION, alice, bob)
    pin_stored_games(Game)
    game.refresh_from_db()
    moves = services.game_replay_export(game=game)["moves"]

    with pytest.raises(rules.ReplayError) as caught:
        rules.replay({**game.options, "rules_version": "2"}, game.seed, moves)

    assert caught.value.code == "not_your_turn"


def test_a_pinned_game_goes_on_and_still_verifies(alice, bob):
    game = stored_game(OBSERVATORY_DRAW, alice, bob)
    pin_stored_games(Game)
    game.refresh_from_db()
    position = sorted(game.to_act)[0]
    move = rules.default_move(rules.GameState.from_dict(game.state), position).to_dict()

    services.move_submit(
        game_id=game.pk, user=user_at(game, position), move=move, expected_version=game.version
    )

    game.refresh_from_db()
    assert move == {"kind": "discard", "card": "fur_trapper#1"}
    assert game.actions.order_by("-seq").first().kind == ActionKind.NORMAL
    assert game.rules_version == "1"
    assert services.game_verify(game=game) == []


def test_pinning_twice_changes_nothing(alice, bob):
    stored_game(PUB_DECISION, alice, bob)
    assert pin_stored_games(Game) == 1
    assert pin_stored_games(Game) == 0


def test_a_game_started_under_rules_version_two_is_pinned_to_it_and_still_verifies(alice, bob):
    game = services.game_create(
        host=alice, title="Banquet", edition="2nd", seats=2, days_per_move=None,
        is_public=True, options={"banquet": True},
    )  # fmt: skip
    services.seat_join(game_id=game.pk, user=bob)
    Game.objects.filter(pk=game.pk).update(rules_version="2")  # as games started before 3 say

    assert pin_stored_games(Game) == 1

    game.refresh_from_db()
    assert game.options["rules_version"] == "2"
    assert game.state["options"]["rules_version"] == "2"
    assert services.game_verify(game=game) == []


def test_a_game_started_now_plays_the_current_rules_unpinned(alice, bob):
    game = services.game_create(
        host=alice, title="Now", edition="2nd", seats=2, days_per_move=None, is_public=True
    )
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.rules_version == rules.RULES_VERSION
    assert "rules_version" not in game.options
