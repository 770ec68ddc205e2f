from datetime import UTC, datetime

import pytest

from games import services
from games.errors import GameError
from games.models import Game, Seat, Status
from games.realtime import game_group
from games.services import lobby
from games.services.lobby import draw_seating  # the real one; the fixtures patch the module's
from tests.web.listening import IN_MEMORY, Listener

from .conftest import to_act


def test_a_new_game_is_open_with_the_host_in_the_first_seat(open_game, alice):
    assert open_game.status == Status.OPEN
    assert open_game.options == {"edition": "1st", "players": 4}
    assert list(open_game.seat_set.values_list("user__username", "position")) == [("alice", 0)]
    assert open_game.seed is None
    assert open_game.state is None


@pytest.mark.parametrize(
    "changes",
    [
        {"edition": "3rd"},
        {"seats": 5},
        {"seats": 6},
        {"seats": 0},
        {"days_per_move": 4},
        {"bots": ["smart"]},
    ],
)
def test_nonsense_options_are_refused(alice, changes):
    options = {"title": "x", "edition": "1st", "seats": 2, "days_per_move": None}
    options["is_public"] = True

    with pytest.raises(GameError) as caught:
        services.game_create(host=alice, **{**options, **changes})

    assert caught.value.code == "bad_options"


def test_joining_and_leaving_an_open_game(open_game, bob):
    services.seat_join(game_id=open_game.pk, user=bob)
    assert open_game.seat_set.filter(user=bob).exists()

    services.seat_leave(game_id=open_game.pk, user=bob)
    assert not open_game.seat_set.filter(user=bob).exists()


def test_nobody_sits_twice_at_one_table(open_game, alice):
    with pytest.raises(GameError) as caught:
        services.seat_join(game_id=open_game.pk, user=alice)

    assert caught.value.code == "already_seated"


def test_the_host_cannot_leave_but_can_cancel(open_game, alice):
    with pytest.raises(GameError):
        services.seat_leave(game_id=open_game.pk, user=alice)

    services.game_cancel(game_id=open_game.pk, user=alice)

    open_game.refresh_from_db()
    assert open_game.status == Status.ABORTED


def test_only_the_host_cancels_or_starts(open_game, bob):
    services.seat_join(game_id=open_game.pk, user=bob)

    for service in (services.game_cancel, services.game_start):
        with pytest.raises(GameError) as caught:
            service(game_id=open_game.pk, user=bob)
        assert (caught.value.code, caught.value.status, caught.value.message) == (
            "not_host",
            403,
            "Only the host may do that.",
        )
    open_game.refresh_from_db()
    assert open_game.status == Status.OPEN


def test_the_seating_is_drawn_at_random_so_anyone_may_sit_first():
    draws = [draw_seating(4) for _ in range(400)]
    assert all(sorted(order) == [0, 1, 2, 3] for order in draws)
    # Each member (in the order they joined) gets each position some time; with a fair draw
    # the chance that one of these 16 pairs never shows in 400 draws is below 1e-48.
    for member in range(4):
        assert {order[member] for order in draws} == {0, 1, 2, 3}


def test_a_full_table_starts_with_the_seating_that_was_drawn(
    open_game, bob, carol, dave, monkeypatch
):
    monkeypatch.setattr(lobby, "draw_seating", lambda n: [2, 0, 3, 1])
    for user in (bob, carol, dave):
        services.seat_join(game_id=open_game.pk, user=user)
    seats = Seat.objects.filter(game=open_game).order_by("position")
    assert list(seats.values_list("user__username", flat=True)) == ["bob", "dave", "alice", "carol"]


def test_a_full_table_starts_by_itself(started_game):
    assert started_game.status == Status.RUNNING
    assert started_game.options == {"edition": "1st", "players": 4}
    assert started_game.seed is not None
    assert started_game.rules_version
    assert started_game.state is not None
    assert started_game.version == 0
    assert started_game.to_act
    assert started_game.started_at is not None
    assert sorted(started_game.seat_set.values_list("position", flat=True)) == [0, 1, 2, 3]


def test_the_host_may_start_early_with_two_players(open_game, alice, bob):
    with pytest.raises(GameError) as caught:
        services.game_start(game_id=open_game.pk, user=alice)
    assert caught.value.code == "not_enough_players"
    services.seat_join(game_id=open_game.pk, user=bob)

    services.game_start(game_id=open_game.pk, user=alice)

    open_game.refresh_from_db()
    assert open_game.status == Status.RUNNING
    assert open_game.options["players"] == 2


def test_first_puts_a_chosen_player_where_the_first_turn_was_dealt(open_game, alice, bob, carol):
    for user in (bob, carol):
        services.seat_join(game_id=open_game.pk, user=user)

    services.game_start(game_id=open_game.pk, user=alice, first=carol)

    assert to_act(open_game)[0] == carol


def test_a_started_game_takes_no_more_players(started_game, django_user_model):
    eve = django_user_model.objects.create_user(username="eve", password="x")

    with pytest.raises(GameError) as caught:
        services.seat_join(game_id=started_game.pk, user=eve)

    assert caught.value.code == "game_not_open"


def test_an_invitation_only_game_needs_the_token(alice, bob):
    game = services.game_create(
        host=alice, title="Private", edition="2nd", seats=3, days_per_move=None, is_public=False
    )

    with pytest.raises(GameError) as caught:
        services.seat_join(game_id=game.pk, user=bob, token="guess")
    assert caught.value.code == "invitation_only"

    services.seat_join(game_id=game.pk, user=bob, token=game.invite_token)
    assert game.seat_set.filter(user=bob).exists()


def test_bots_take_their_seats_at_creation(alice):
    game = services.game_create(
        host=alice,
        title="With bots",
        edition="1st",
        seats=3,
        days_per_move=None,
        is_public=True,
        bots=["greedy"],
    )

    bots = Seat.objects.filter(game=game, is_bot=True).select_related("user")
    assert [(s.bot_kind, s.user.is_bot, s.user.has_usable_password()) for s in bots] == [
        ("greedy", True, False)
    ]
    assert bots[0].user.public_name.startswith("Bot ")


# Pages


def test_the_home_page_explains_stpete_to_visitors(client):
    response = client.get("/")

    assert response.status_code == 200
    assert b"Saint Petersburg" in response.content
    assert b"/accounts/login/" in response.content


def test_the_home_page_sends_members_to_their_games(client, alice):
    client.force_login(alice)

    assert client.get("/").url == "/games/mine"


def test_lobby_pages_need_a_login(client):
    for url in ("/games/new", "/games/open", "/games/mine"):
        response = client.get(url)
        assert response.status_code == 302
        assert "/accounts/login/" in response.url


def test_creating_a_game_through_the_form(client, alice):
    client.force_login(alice)
    assert client.get("/games/new").status_code == 200

    response = client.post(
        "/games/new",
        {
            "title": "Thursday game",
            "edition": "2nd",
            "seats": "3",
            "days_per_move": "",
            "visibility": "invite",
            "bots": "1",
            "bot_kind": "random",
        },
    )

    game = Game.objects.get(title="Thursday game")
    assert response.url == f"/games/{game.pk}/"
    assert (game.edition, game.seats, game.days_per_move, game.is_public) == ("2nd", 3, None, False)
    assert game.seat_set.filter(is_bot=True, bot_kind="random").count() == 1


def test_the_form_keeps_a_seat_for_a_person(client, alice):
    client.force_login(alice)
    data = {"edition": "1st", "seats": "2", "visibility": "public", "bots": "2"}
    data["bot_kind"] = "greedy"

    response = client.post("/games/new", data)

    assert response.status_code == 200
    assert not Game.objects.exists()


def test_the_open_games_page_lists_public_games_with_a_join_button(client, open_game, bob):
    private = services.game_create(
        host=open_game.host,
        title="Hidden",
        edition="1st",
        seats=2,
        days_per_move=1,
        is_public=False,
    )
    client.force_login(bob)

    response = client.get("/games/open")

    assert open_game.title.encode() in response.content
    assert f"/games/{open_game.pk}/join".encode() in response.content
    assert private.title.encode() not in response.content


def test_the_open_games_page_says_when_there_are_none(client, bob):
    client.force_login(bob)

    assert b"No open games right now." in client.get("/games/open").content


def test_join_leave_start_and_cancel_through_the_game_page(client, open_game, alice, bob):
    client.force_login(bob)
    page = client.get(f"/games/{open_game.pk}/")
    assert b"Join this game" in page.content
    client.post(f"/games/{open_game.pk}/join")
    assert open_game.seat_set.filter(user=bob).exists()
    client.post(f"/games/{open_game.pk}/leave")
    assert not open_game.seat_set.filter(user=bob).exists()
    client.post(f"/games/{open_game.pk}/join")

    client.force_login(alice)
    page = client.get(f"/games/{open_game.pk}/")
    assert b"Start now" in page.content
    client.post(f"/games/{open_game.pk}/start")
    open_game.refresh_from_db()
    assert open_game.status == Status.RUNNING


def test_a_refused_step_comes_back_as_a_message(client, open_game, bob):
    client.force_login(bob)

    response = client.post(f"/games/{open_game.pk}/cancel", follow=True)

    assert b"Only the host may do that." in response.content
    open_game.refresh_from_db()
    assert open_game.status == Status.OPEN


def test_the_invitation_link_lets_a_member_join(client, alice, bob):
    game = services.game_create(
        host=alice, title="Private", edition="1st", seats=2, days_per_move=None, is_public=False
    )
    client.force_login(alice)
    assert f"/games/join/{game.invite_token}".encode() in client.get(f"/games/{game.pk}/").content
    client.force_login(bob)
    assert b"by invitation only" in client.get(f"/games/{game.pk}/").content

    page = client.get(f"/games/join/{game.invite_token}")
    client.post(f"/games/join/{game.invite_token}")

    assert b"Join this game" in page.content
    game.refresh_from_db()
    assert game.status == Status.RUNNING  # bob filled the table


def test_the_running_game_page_shows_players_turn_and_a_link_to_the_view(client, started_game):
    user, _position = to_act(started_game)
    client.force_login(user)

    response = client.get(f"/games/{started_game.pk}/")

    assert response.status_code == 200
    for name in (b"Alice", b"Bob", b"Carol", b"Dave"):
        assert name in response.content
    assert b"It is your turn." in response.content
    assert f"/games/{started_game.pk}/view".encode() in response.content


def test_an_unknown_game_page_is_a_404(client, alice):
    client.force_login(alice)

    assert client.get("/games/424242/").status_code == 404


def test_my_games_puts_my_turn_first_then_waiting_then_open_then_finished(
    client, alice, bob, admin_user
):
    def two_player_game(title):
        game = services.game_create(
            host=alice, title=title, edition="1st", seats=2, days_per_move=None, is_public=True
        )
        services.seat_join(game_id=game.pk, user=bob, first=alice)
        return game

    older_turn = two_player_game("Older turn")
    two_player_game("Newer turn")
    waiting = two_player_game("Waiting")
    services.move_submit(
        game_id=waiting.pk,
        user=alice,
        move={"kind": "buy", "card": _a_worker(waiting)},
        expected_version=0,
    )
    Game.objects.filter(pk=older_turn.pk).update(last_move_at=datetime(2020, 1, 1, tzinfo=UTC))
    services.game_create(
        host=alice, title="Still open", edition="1st", seats=3, days_per_move=None, is_public=True
    )
    ended = two_player_game("Ended")
    services.game_abort(game_id=ended.pk, by=admin_user)
    client.force_login(alice)

    content = client.get("/games/mine").content.decode()

    order = [
        content.index(title)
        for title in (
            "Your turn",
            "Older turn",
            "Newer turn",
            "Waiting for others",
            ">Waiting<",
            "Not started yet",
            "Still open",
            "Finished",
            "Ended",
        )
    ]
    assert order == sorted(order)


def _a_worker(game) -> str:
    from games import rules

    game.refresh_from_db()
    state = rules.GameState.from_dict(game.state)
    return rules.legal_moves(state, game.to_act[0])[0].to_dict()["card"]


def test_my_games_has_a_friendly_empty_state(client, alice):
    client.force_login(alice)

    assert b"You are not playing yet." in client.get("/games/mine").content


def test_a_game_called_off_before_the_start_says_so(client, open_game, alice):
    services.game_cancel(game_id=open_game.pk, user=alice)
    client.force_login(alice)

    assert b"This game was called off." in client.get(f"/games/{open_game.pk}/").content


def test_the_lobby_speaks_german_to_a_member_who_chose_it(client, alice):
    alice.language = "de"
    alice.save(update_fields=["language"])
    client.force_login(alice)

    assert "Du spielst noch nicht mit." in client.get("/games/mine").content.decode()


def test_the_games_pages_hear_of_a_join_after_the_commit(
    open_game, bob, settings, django_capture_on_commit_callbacks
):
    settings.CHANNEL_LAYERS = IN_MEMORY
    listener = Listener()
    listener.listen(game_group(open_game.pk))

    with django_capture_on_commit_callbacks(execute=True):
        services.seat_join(game_id=open_game.pk, user=bob)

    assert listener.drain() == [(game_group(open_game.pk), {"type": "game.lobby"})]


def _hears_lobby_change(game, settings, capture, change) -> list:
    """What the game's pages hear of `change` (read up to a marker: nothing heard fails, and
    never hangs)."""
    settings.CHANNEL_LAYERS = IN_MEMORY
    listener = Listener()
    listener.listen(game_group(game.pk))
    with capture(execute=True):
        change()
    return [message for _group, message in listener.drain()]


def test_the_games_pages_hear_of_a_leave_and_an_early_start(
    open_game, alice, bob, carol, settings, django_capture_on_commit_callbacks
):
    services.seat_join(game_id=open_game.pk, user=bob)
    services.seat_join(game_id=open_game.pk, user=carol)
    leave = lambda: services.seat_leave(game_id=open_game.pk, user=carol)  # noqa: E731
    start = lambda: services.game_start(game_id=open_game.pk, user=alice)  # noqa: E731
    for change in (leave, start):
        heard = _hears_lobby_change(open_game, settings, django_capture_on_commit_callbacks, change)
        assert heard == [{"type": "game.lobby"}]


def test_leaving_is_refused_to_who_does_not_sit_there_and_to_the_host(open_game, alice, bob):
    refusals = []
    for user in (bob, alice):
        with pytest.raises(GameError) as caught:
            services.seat_leave(game_id=open_game.pk, user=user)
        refusals.append((caught.value.code, caught.value.status, caught.value.message))
    assert refusals == [
        ("not_your_seat", 403, "You do not sit at this game."),
        ("host_cannot_leave", 422, "The host cancels the game instead."),
    ]
    assert open_game.seat_set.filter(user=alice).exists()


def test_a_game_called_off_records_when(open_game, alice, time_machine):
    time_machine.move_to(datetime(2026, 12, 1, 9, 30, tzinfo=UTC), tick=False)
    services.game_cancel(game_id=open_game.pk, user=alice)
    open_game.refresh_from_db()
    assert (open_game.status, open_game.finished_at) == (
        Status.ABORTED,
        datetime(2026, 12, 1, 9, 30, tzinfo=UTC),
    )


def test_the_host_alone_cannot_start_and_is_told_to_wait(open_game, alice):
    with pytest.raises(GameError) as caught:
        services.game_start(game_id=open_game.pk, user=alice)
    assert (caught.value.code, caught.value.message) == (
        "not_enough_players",
        "Wait for at least one more player.",
    )
