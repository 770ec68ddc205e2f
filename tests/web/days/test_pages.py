"""The notifications page, the e-mail settings link, the reclaim endpoint and the admin."""

from django.core import mail, signing
from django.urls import reverse

from games import emails
from games.models import Game, Notification, Seat
from games.services.sweep import sweep

from .conftest import START, hours, two_player_game


def test_the_notifications_page_lists_what_was_sent_and_skipped(client, anna, boris):
    anna.email_on_turn = "never"
    anna.save()
    game = two_player_game(anna, boris, title="Moika")
    client.force_login(anna)
    page = client.get(reverse("games:notifications")).content.decode()
    assert 'href="/notifications/"' in page  # the header link
    assert "Moika" in page
    assert "It is your turn in “Moika”." in page
    assert "skipped (your settings)" in page
    assert f'href="/games/{game.pk}/"' in page


def test_the_notifications_page_needs_a_login(client):
    assert client.get(reverse("games:notifications")).status_code == 302


def test_the_link_in_an_email_changes_the_preference_without_login(client, anna, boris):
    two_player_game(anna, boris)
    sweep()
    [email] = mail.outbox
    url = next(line for line in email.body.splitlines() if "/notifications/settings/" in line)
    path = url.replace("http://127.0.0.1:8000", "")
    page = client.get(path)
    assert page.status_code == 200
    assert "For Anna: when should stpete e-mail you" in page.content.decode()
    response = client.post(path, {"email_on_turn": "digest"})
    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.email_on_turn == "digest"


def test_a_forged_settings_link_changes_nothing(client, anna):
    forged = signing.dumps(anna.pk, salt="something else")
    response = client.post(
        reverse("games:notify_settings", args=[forged]), {"email_on_turn": "never"}
    )
    assert response.status_code == 404
    anna.refresh_from_db()
    assert anna.email_on_turn == "immediately"
    assert emails.user_from_settings_token(emails.settings_token(anna)) == anna


def test_reclaim_from_a_form_redirects_to_the_table(client, game, anna):
    Seat.objects.filter(game=game, user=anna).update(stand_in=True, timeouts_in_row=3)
    client.force_login(anna)
    response = client.post(f"/games/{game.pk}/reclaim")
    assert response.status_code == 302
    assert not Seat.objects.get(game=game, user=anna).stand_in


def test_reclaiming_needs_to_sit_at_the_game(client, game, admin_user):
    client.force_login(admin_user)
    response = client.post(f"/games/{game.pk}/reclaim", HTTP_ACCEPT="application/json")
    assert response.status_code == 403
    assert response.json()["code"] == "not_your_seat"


def test_the_admin_filters_notifications(client, admin_user, anna, boris):
    from games.services import vacations

    two_player_game(anna, boris)
    vacations.vacation_start_now(user=boris, days=2)
    two_player_game(boris, anna, title="Second")  # boris is to act, on vacation
    sweep()
    client.force_login(admin_user)
    url = reverse("admin:games_notification_changelist")

    def listed(**query) -> list[tuple[str, str, str, str]]:
        page = client.get(url, query)
        assert page.status_code == 200
        return sorted(
            (n.user.username, n.kind, n.channel, n.status) for n in page.context["cl"].result_list
        )

    assert listed(kind__exact="your_turn", channel__exact="email") == [
        ("anna", "your_turn", "email", "sent"),
        ("boris", "your_turn", "email", "skipped"),
    ]
    assert listed(status__exact="skipped") == [("boris", "your_turn", "email", "skipped")]
    assert listed(channel__exact="live") == [
        ("anna", "your_turn", "live", "sent"),
        ("boris", "your_turn", "live", "sent"),
    ]


def test_the_admin_changes_the_policy_and_extends_the_deadline(client, admin_user, game):
    client.force_login(admin_user)
    url = reverse("admin:games_game_changelist")
    form = client.post(url, {"action": "set_timeout_policy", "_selected_action": [game.pk]})
    assert "When a player" in form.content.decode()
    client.post(
        url,
        {
            "action": "set_timeout_policy",
            "_selected_action": [game.pk],
            "apply": "1",
            "policy": "none",
        },
    )
    client.post(
        url,
        {"action": "extend_deadline", "_selected_action": [game.pk], "apply": "1", "hours": "6"},
    )
    game = Game.objects.get(pk=game.pk)
    assert game.timeout_policy == "none"
    assert game.deadline == START + hours(30)


def test_a_finished_game_is_announced_by_email_with_the_ranking_to_who_wants_it(
    anna, boris, django_capture_on_commit_callbacks
):
    from games import rules, services

    boris.email_on_game_end = False
    boris.save(update_fields=["email_on_game_end"])
    game = two_player_game(anna, boris)
    for _ in range(2000):
        game.refresh_from_db()
        if game.status != "running":
            break
        position = sorted(game.to_act)[0]
        user = Seat.objects.get(game=game, position=position).user
        move = rules.greedy_bot(rules.GameState.from_dict(game.state), position, game.version)
        with django_capture_on_commit_callbacks(execute=True):
            services.move_submit(
                game_id=game.pk, user=user, move=move.to_dict(), expected_version=game.version
            )
    assert game.status == "finished"
    [ended] = [m for m in mail.outbox if "has ended" in m.subject]
    assert (ended.to, ended.subject) == ([anna.email], "[stpete] “Nevsky” has ended")
    assert "Final ranking:" in ended.body
    assert "1. " in ended.body
    emails = Notification.objects.filter(kind="game_finished", channel="email")
    assert sorted(emails.values_list("user__username", "status", "reason")) == [
        ("anna", "sent", ""),
        ("boris", "skipped", "preference"),
    ]
    live = Notification.objects.filter(kind="game_finished", channel="live")
    assert sorted(live.values_list("user__username", flat=True)) == ["anna", "boris"]


def test_reclaiming_needs_a_login(client, game, anna):
    Seat.objects.filter(game=game, user=anna).update(stand_in=True)
    response = client.post(f"/games/{game.pk}/reclaim", HTTP_ACCEPT="application/json")
    assert (response.status_code, response.json()["code"]) == (401, "not_logged_in")
    assert Seat.objects.get(game=game, user=anna).stand_in


def test_a_refused_reclaim_from_a_form_goes_back_to_the_table_saying_why(client, game, anna):
    client.force_login(anna)
    response = client.post(f"/games/{game.pk}/reclaim", follow=True)
    assert response.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert "Your seat is already yours." in response.content.decode()
