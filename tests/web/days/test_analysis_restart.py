"""The club's admin starts a finished game's analysis again from the Django admin (one the
sweep gave up on, or a done one): it is queued for the worker, or left to the embedded
`analyse_games --loop`; never run in the admin's request."""

import pytest

from games import services
from games.errors import GameError
from games.models import AnalysisStatus, GameAnalysis
from games.rules import analysis as pure
from games.services.analysis import ANALYSIS_ATTEMPTS, analyses_due_here
from tests.web.accounts_helpers import member
from tests.web.broker import tasks_published

CHANGELIST = "/admin/games/game/"


def restart(client, *games):
    data = {"action": "restart_analysis", "_selected_action": [g.pk for g in games]}
    return client.post(CHANGELIST, data, follow=True)


def messages_of(response) -> list[str]:
    return [str(m) for m in response.context["messages"]]


@pytest.fixture
def given_up(finished):
    """The sweep gave up on its analysis: it failed `ANALYSIS_ATTEMPTS` times."""
    GameAnalysis.objects.filter(game=finished).update(
        status=AnalysisStatus.FAILED, version=pure.ANALYSIS_VERSION, attempts=ANALYSIS_ATTEMPTS
    )
    return finished


def test_an_admin_starts_again_an_analysis_the_sweep_gave_up_on_and_the_worker_gets_it(
    client, admin_user, given_up, settings, django_capture_on_commit_callbacks
):
    settings.ANALYSIS_AFTER_GAME = True
    client.force_login(admin_user)
    analysed = "games.tasks.analyse_game"
    with (
        tasks_published(lambda name, args: args[0] if name == analysed else None) as sent,
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = restart(client, given_up)

    assert messages_of(response) == [f"{given_up}: its analysis starts again"]
    row = GameAnalysis.objects.get(game=given_up)
    assert (row.status, row.attempts, row.done, row.result) == (AnalysisStatus.PENDING, 0, 0, {})
    assert sent == [given_up.pk]


def test_without_a_worker_the_restarted_analysis_waits_for_the_embedded_loop(
    client, admin_user, given_up, settings
):
    settings.ANALYSIS_AFTER_GAME = False
    assert given_up not in analyses_due_here()
    client.force_login(admin_user)

    restart(client, given_up)

    assert list(analyses_due_here()) == [given_up]
    assert GameAnalysis.objects.get(game=given_up).status == AnalysisStatus.PENDING


def test_a_done_analysis_is_run_again_from_the_start(client, admin_user, finished):
    GameAnalysis.objects.filter(game=finished).update(
        status=AnalysisStatus.DONE, done=40, total=40, result={"seats": {"0": {}}}, attempts=1
    )
    client.force_login(admin_user)

    restart(client, finished)

    row = GameAnalysis.objects.get(game=finished)
    assert (row.status, row.done, row.total, row.result) == (AnalysisStatus.PENDING, 0, 0, {})


def test_a_game_still_running_is_refused_with_the_reason(client, admin_user, game):
    client.force_login(admin_user)

    response = restart(client, game)

    assert messages_of(response) == [f"{game}: Only a finished game is analysed."]
    assert not GameAnalysis.objects.filter(game=game).exists()


def test_staff_who_may_only_look_at_games_cannot_restart_an_analysis(given_up):
    viewer = member("vera", is_staff=True)
    with pytest.raises(GameError) as refused:
        services.analysis_restart(game_id=given_up.pk, by=viewer)
    assert refused.value.status == 403
    assert GameAnalysis.objects.get(game=given_up).status == AnalysisStatus.FAILED
