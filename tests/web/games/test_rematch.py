"""A finished game offers a rematch: same players and options at a new table, hosted by the
player who asks, the others told at once; and My games shows the result."""

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.urls import reverse

from games import services
from games.errors import GameError
from games.models import Game, Seat, Status
from games.realtime import user_group

from .conftest import play_until


def test_a_rematch_has_the_same_options_and_its_asker_as_host(finished_game, bob):
    rematch = services.game_rematch(game_id=finished_game.pk, user=bob)

    assert rematch.rematch_of == finished_game
    assert rematch.host == bob
    assert rematch.status == Status.OPEN
    assert (rematch.edition, rematch.seats, rematch.days_per_move, rematch.is_public) == (
        finished_game.edition,
        finished_game.seats,
        finished_game.days_per_move,
        finished_game.is_public,
    )
    assert list(Seat.objects.filter(game=rematch).values_list("user", flat=True)) == [bob.pk]


def test_an_old_games_title_with_a_line_break_is_made_one_line(finished_game, bob):
    Game.objects.filter(pk=finished_game.pk).update(title="Friday\r\nBcc: everyone")

    rematch = services.game_rematch(game_id=finished_game.pk, user=bob)

    assert rematch.title == "Friday Bcc: everyone"


def test_asking_twice_opens_no_second_table(finished_game, bob, carol):
    first = services.game_rematch(game_id=finished_game.pk, user=bob)
    again = services.game_rematch(game_id=finished_game.pk, user=carol)
    assert again == first
    assert Game.objects.filter(rematch_of=finished_game).count() == 1


def test_the_bots_of_the_game_sit_down_at_once_and_a_full_table_starts(alice, bob):
    game = services.game_create(
        host=alice,
        title="Against the bots",
        edition="2nd",
        seats=3,
        days_per_move=None,
        is_public=True,
        bots=("greedy", "random"),
    )
    game = Game.objects.get(pk=game.pk)
    finished = play_until(game, lambda g: False)
    assert finished.status == Status.FINISHED

    rematch = services.game_rematch(game_id=finished.pk, user=alice)

    assert rematch.status == Status.RUNNING
    assert sorted(
        Seat.objects.filter(game=rematch, is_bot=True).values_list("bot_kind", flat=True)
    ) == [
        "greedy",
        "random",
    ]


def test_only_a_player_of_a_finished_game_may_ask(finished_game, started_game, admin_user):
    with pytest.raises(GameError) as refused:
        services.game_rematch(game_id=finished_game.pk, user=admin_user)
    assert (refused.value.code, refused.value.status, refused.value.message) == (
        "not_your_seat",
        403,
        "You did not play in this game.",
    )


def test_a_running_game_has_no_rematch(started_game, alice):
    with pytest.raises(GameError) as refused:
        services.game_rematch(game_id=started_game.pk, user=alice)
    assert (refused.value.code, refused.value.status, refused.value.message) == (
        "game_not_finished",
        409,
        "This game has not ended.",
    )
    assert not Game.objects.filter(rematch_of=started_game).exists()


def test_the_other_players_are_told_with_the_invitation_link(
    finished_game, alice, carol, settings, django_capture_on_commit_callbacks
):
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    layer = get_channel_layer()
    channel = async_to_sync(layer.new_channel)()
    async_to_sync(layer.group_add)(user_group(carol.pk), channel)

    with django_capture_on_commit_callbacks(execute=True):
        rematch = services.game_rematch(game_id=finished_game.pk, user=alice)

    notice = async_to_sync(layer.receive)(channel)["notice"]
    assert notice == {
        "kind": "rematch",
        "game_id": rematch.pk,
        "title": rematch.title,
        "text": f"{alice.public_name} offers a rematch of “{rematch.title}”.",
        "url": reverse("games:join_by_token", args=[rematch.invite_token]),
    }


def test_my_games_shows_the_result_and_offers_the_rematch(client, finished_game, alice):
    client.force_login(alice)
    page = client.get(reverse("games:mine")).content.decode()
    winner = Seat.objects.select_related("user").get(game=finished_game, rank=1)
    assert f"1. {winner.user.public_name} <span" in page
    assert f"{winner.score} points" in page
    assert reverse("games:replay", args=[finished_game.pk]) in page
    assert reverse("games:rematch", args=[finished_game.pk]) in page

    answer = client.post(reverse("games:rematch", args=[finished_game.pk]))
    rematch = Game.objects.get(rematch_of=finished_game)
    assert answer.url == reverse("games:detail", args=[rematch.pk])
    page = client.get(reverse("games:mine")).content.decode()
    assert reverse("games:join_by_token", args=[rematch.invite_token]) in page


def test_a_rematch_keeps_the_expansions(alice, bob):
    game = services.game_create(
        host=alice,
        title="New Society",
        edition="1st",
        seats=2,
        days_per_move=None,
        is_public=True,
        bots=("greedy",),
        options={"new_society": "full"},
    )
    finished = play_until(Game.objects.get(pk=game.pk), lambda g: False)

    rematch = services.game_rematch(game_id=finished.pk, user=alice)

    assert rematch.options == {"edition": "1st", "players": 2, "new_society": "full"}
