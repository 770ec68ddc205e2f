"""Staff may do in the games admin only what their permissions say.

A staff member with only "Can view game" sees games but changes none (every action that
changes a game, in the admin and again in its service, needs "Can change game"), and never
sees a running game's seed or state, nor exports its replay (which holds the seed). A manager
may be playing in a running game: its replay exports only once the game is over. Likewise
"Can view chat message" reads the table chats, and hiding a line needs "Can change chat
message".
"""

import json

import pytest
from django.contrib.auth.models import Permission

from games import services
from games.errors import GameError
from games.models import Action, ChatMessage, Game, Status
from games.services import timeouts
from games.services.chat import chat_hide, chat_post
from tests.web.accounts_helpers import member

from .test_admin import CHANGELIST, run_action

CHANGING_ACTIONS = [
    "abort",
    "force_pass",
    "replace_seat_user",
    "set_timeout_policy",
    "extend_deadline",
    "export_replay",
    "restart_analysis",
]


def staff_with(*codenames: str):
    user = member("vera", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=codenames))
    return user


@pytest.fixture
def viewer(db):
    return staff_with("view_game")


@pytest.fixture
def manager(db):
    return staff_with("view_game", "change_game")


def offered_actions(client) -> set[str]:
    response = client.get(CHANGELIST)
    assert response.status_code == 200
    return {name for name, _label in response.context["action_form"].fields["action"].choices}


def test_a_viewer_is_offered_only_the_replay_check(client, viewer, started_game):
    client.force_login(viewer)

    assert offered_actions(client) - {""} == {"verify_replay"}


def test_a_manager_is_offered_every_action(client, manager, started_game):
    client.force_login(manager)

    assert set(CHANGING_ACTIONS) <= offered_actions(client)


def test_a_viewer_cannot_extend_a_deadline_through_the_admin(client, viewer, started_game):
    client.force_login(viewer)
    before = Game.objects.get(pk=started_game.pk)

    run_action(client, "extend_deadline", started_game, apply="1", hours="24")

    after = Game.objects.get(pk=started_game.pk)
    assert (after.deadline, after.deadline_extension) == (
        before.deadline,
        before.deadline_extension,
    )


def test_a_viewer_cannot_export_a_running_games_seed(client, viewer, started_game):
    client.force_login(viewer)

    response = run_action(client, "export_replay", started_game, follow=False)

    assert response.get("Content-Disposition") is None
    assert str(Game.objects.get(pk=started_game.pk).seed) not in response.content.decode()


@pytest.mark.parametrize("game", ["open_game", "started_game"])
def test_a_manager_cannot_export_a_game_that_is_not_over(client, manager, game, request):
    game = request.getfixturevalue(game)
    client.force_login(manager)

    response = run_action(client, "export_replay", game)

    assert response.get("Content-Disposition") is None
    assert [str(m) for m in response.context["messages"]] == [
        f"{game}: Its replay exports once the game has ended (its seed gives away the piles)."
    ]
    with pytest.raises(GameError) as refused:
        services.game_replay_export_for(game_id=game.pk, by=manager)
    assert refused.value.code == "game_not_over"


def test_a_manager_exports_an_aborted_game(client, manager, started_game):
    Game.objects.filter(pk=started_game.pk).update(status=Status.ABORTED)
    client.force_login(manager)

    response = run_action(client, "export_replay", started_game, follow=False)

    assert response["Content-Disposition"] == (
        f'attachment; filename="stpete-game-{started_game.pk}.json"'
    )
    assert json.loads(response.content)["seed"] == started_game.seed


def test_a_viewer_cannot_force_a_pass_or_abort(client, viewer, started_game):
    client.force_login(viewer)

    run_action(client, "force_pass", started_game)
    run_action(client, "abort", started_game)

    assert not Action.objects.filter(game=started_game).exists()
    assert Game.objects.get(pk=started_game.pk).status == "running"


def test_a_viewer_does_not_see_a_running_games_seed_or_state(client, viewer, started_game):
    client.force_login(viewer)

    page = client.get(f"{CHANGELIST}{started_game.pk}/change/")

    assert page.status_code == 200
    text = page.content.decode()
    assert str(started_game.seed) not in text
    assert "piles" not in text


def test_a_manager_does_not_see_a_running_games_seed_either(client, manager, started_game):
    """Staff who may change games may be playing in this one (issue 16): the page never shows
    the pile order, and the replay export (with the seed) waits until the game is over."""
    client.force_login(manager)

    page = client.get(f"{CHANGELIST}{started_game.pk}/change/")

    assert page.status_code == 200
    text = page.content.decode()
    assert str(started_game.seed) not in text
    assert "piles" not in text


@pytest.mark.parametrize(
    "call",
    [
        lambda game, by: services.game_abort(game_id=game.pk, by=by),
        lambda game, by: services.seat_force_pass(game_id=game.pk, by=by),
        lambda game, by: timeouts.game_deadline_extend(game_id=game.pk, hours=24, by=by),
        lambda game, by: timeouts.game_timeout_policy_set(game_id=game.pk, policy="none", by=by),
        lambda game, by: services.game_replay_export_for(game_id=game.pk, by=by),
    ],
)
def test_the_services_refuse_staff_who_may_only_view(viewer, started_game, call):
    with pytest.raises(GameError) as refused:
        call(started_game, viewer)

    assert refused.value.code == "not_admin"


CHAT_CHANGELIST = "/admin/games/chatmessage/"


@pytest.fixture
def rude_line(started_game, bob):
    return chat_post(game_id=started_game.pk, user=bob, text="something rude")


def hide_through_the_admin(client, line):
    return client.post(
        CHAT_CHANGELIST, {"action": "hide", "_selected_action": [line.pk]}, follow=True
    )


def test_a_chat_reader_may_not_hide_a_line(client, db, rude_line):
    client.force_login(staff_with("view_chatmessage"))
    listing = client.get(CHAT_CHANGELIST)
    assert listing.status_code == 200
    form = listing.context["action_form"]  # None when no action is offered
    offered = {name for name, _label in form.fields["action"].choices} if form else set()

    hide_through_the_admin(client, rude_line)

    assert "hide" not in offered
    assert ChatMessage.objects.get(pk=rude_line.pk).hidden is False


def test_staff_who_may_change_chat_messages_hide_a_line(client, db, rude_line):
    client.force_login(staff_with("view_chatmessage", "change_chatmessage"))

    response = hide_through_the_admin(client, rude_line)

    assert "1 message hidden." in response.content.decode()
    assert ChatMessage.objects.get(pk=rude_line.pk).hidden is True


def test_the_chat_service_refuses_staff_who_may_only_read(db, rude_line):
    with pytest.raises(GameError) as refused:
        chat_hide(message_ids=[rude_line.pk], by=staff_with("view_chatmessage"))

    assert refused.value.code == "not_admin"
    assert ChatMessage.objects.get(pk=rude_line.pk).hidden is False
