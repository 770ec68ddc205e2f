"""A finished game's analysis whose task or worker was lost, that failed, that is missing or
that is of an older analysis version is queued again by the periodic sweep: a few at a time,
never one that is still waiting or running.

The after-commit hand-over that queues an analysis when a game ends never runs in these tests
(nothing executes on-commit callbacks), as when its task was lost.
"""

from datetime import timedelta

import pytest
from django.conf import settings

from games import services
from games.models import AnalysisStatus, Game, GameAnalysis
from games.rules import analysis as pure
from games.services.analysis import (
    ANALYSES_AT_ONCE,
    ANALYSIS_ATTEMPTS,
    analyses_outdated,
    analysis_payload,
    analysis_run,
)
from games.services.sweep import sweep
from tests.web.broker import tasks_published

from .conftest import START


@pytest.fixture(autouse=True)
def _a_worker_runs_the_analyses(settings):
    settings.ANALYSIS_AFTER_GAME = True


@pytest.fixture
def published():
    """The analyses the sweep hands to the broker, not run inline: tasks are not eager here."""
    analysed = "games.tasks.analyse_game"
    with tasks_published(lambda name, args: args[0] if name == analysed else None) as sent:
        yield sent


def stale() -> timedelta:
    return timedelta(seconds=settings.ANALYSIS_STALE_SECONDS)


def ended(host, minutes_ago: int, edition: str = "1st", options: dict | None = None) -> Game:
    """A game of `host` against a bot, marked finished `minutes_ago` before START, with no
    analysis row (as a game finished before analyses were stored)."""
    game = services.game_create(
        host=host,
        title=f"Ended {minutes_ago} min ago",
        edition=edition,
        seats=2,
        days_per_move=None,
        is_public=True,
        bots=["greedy"],
        options=options,
    )
    Game.objects.filter(pk=game.pk).update(
        status="finished", finished_at=START - timedelta(minutes=minutes_ago)
    )
    return game


def analysis_of(game: Game) -> GameAnalysis:
    return GameAnalysis.objects.get(game=game)


def test_an_analysis_whose_task_was_lost_is_run_by_the_sweep_once_it_waited_too_long(
    finished, clock
):
    clock.move_to(START + stale() - timedelta(seconds=1))
    assert sweep().analyses == []
    assert analysis_of(finished).status == AnalysisStatus.PENDING

    clock.move_to(START + stale() + timedelta(seconds=1))
    report = sweep()

    assert report.analyses == [finished.pk]
    assert "analyses queued 1" in str(report)
    row = analysis_of(finished)  # tasks are eager here: the sweep's task ran it
    assert (row.status, row.version) == (AnalysisStatus.DONE, pure.ANALYSIS_VERSION)
    assert row.done == row.total > 0


def test_an_analysis_whose_worker_died_is_queued_again_but_not_one_still_running(
    finished, clock, published
):
    GameAnalysis.objects.filter(game=finished).update(
        status=AnalysisStatus.RUNNING, done=5, total=40, updated_at=START
    )
    clock.move_to(START + stale() - timedelta(seconds=1))
    assert sweep().analyses == []
    assert published == []

    clock.move_to(START + stale() + timedelta(seconds=1))

    assert sweep().analyses == [finished.pk]
    assert published == [finished.pk]
    row = analysis_of(finished)
    assert (row.status, row.updated_at) == (
        AnalysisStatus.PENDING,
        START + stale() + timedelta(seconds=1),
    )


def test_a_failed_analysis_is_queued_again_once_it_failed_that_long_ago(finished, clock, published):
    GameAnalysis.objects.filter(game=finished).update(status=AnalysisStatus.FAILED)
    clock.move_to(START + stale() - timedelta(seconds=1))
    assert sweep().analyses == []

    clock.move_to(START + stale() + timedelta(seconds=1))

    assert sweep().analyses == [finished.pk]
    assert published == [finished.pk]
    assert analysis_of(finished).status == AnalysisStatus.PENDING


def test_an_analysis_of_an_older_version_is_queued_again_at_once(finished, published):
    GameAnalysis.objects.filter(game=finished).update(status=AnalysisStatus.DONE, version=0)

    assert sweep().analyses == [finished.pk]
    assert published == [finished.pk]
    assert analysis_of(finished).status == AnalysisStatus.PENDING


def test_a_version_that_changed_only_module_6_games_queues_only_their_analyses(anna, published):
    """Version 2 changed the figures of games with the obstacles only (greedy's way off an
    obstacle): a done version-1 analysis of such a game is queued again, one of a game without
    them is current - neither run again nor shown as waiting on its end screen."""
    plain = ended(anna, minutes_ago=30, edition="2nd")
    modules = ended(
        anna, minutes_ago=20, edition="2nd", options={"market": True, "obstacles": True}
    )
    for game in (plain, modules):
        GameAnalysis.objects.create(game=game, status=AnalysisStatus.DONE, version=1)

    assert sweep().analyses == [modules.pk]
    assert published == [modules.pk]
    assert analysis_of(modules).status == AnalysisStatus.PENDING
    assert analysis_of(plain).status == AnalysisStatus.DONE
    assert analysis_payload(plain)["status"] == "done"
    assert analysis_payload(modules)["status"] == "pending"
    assert list(analyses_outdated()) == [modules]


def test_a_game_finished_without_an_analysis_gets_one_queued(anna, published):
    game = ended(anna, minutes_ago=30)

    assert sweep().analyses == [game.pk]
    assert published == [game.pk]
    assert analysis_of(game).status == AnalysisStatus.PENDING


def test_a_done_analysis_and_a_running_game_are_left_alone(finished, anna, clock, published):
    GameAnalysis.objects.filter(game=finished).update(
        status=AnalysisStatus.DONE, version=pure.ANALYSIS_VERSION
    )
    services.game_create(
        host=anna,
        title="Still running",
        edition="1st",
        seats=2,
        days_per_move=None,
        is_public=True,
        bots=["greedy"],
    )
    clock.move_to(START + 10 * stale())

    assert sweep().analyses == []
    assert published == []
    assert GameAnalysis.objects.count() == 1


def test_the_next_sweep_does_not_queue_again_what_the_worker_has_not_taken_yet(
    finished, clock, published
):
    GameAnalysis.objects.filter(game=finished).update(status=AnalysisStatus.FAILED)
    clock.move_to(START + stale() + timedelta(seconds=1))
    assert sweep().analyses == [finished.pk]

    for minutes in range(1, 15):  # the worker is busy: the task still waits in the queue
        clock.move_to(START + stale() + timedelta(minutes=minutes))
        assert sweep().analyses == []
    assert published == [finished.pk]


def test_the_sweep_queues_a_few_newest_first_and_no_more_while_they_wait_or_run(
    anna, clock, published
):
    games = [ended(anna, minutes_ago=minutes) for minutes in (40, 10, 30, 20)]
    newest_first = [games[1].pk, games[3].pk, games[2].pk, games[0].pk]
    assert ANALYSES_AT_ONCE == 2

    assert sweep().analyses == newest_first[:2]
    assert sweep().analyses == []  # two are waiting for the worker

    GameAnalysis.objects.filter(game_id=newest_first[0]).update(status=AnalysisStatus.RUNNING)
    assert sweep().analyses == []  # one runs, one waits
    GameAnalysis.objects.filter(game_id=newest_first[0]).update(
        status=AnalysisStatus.DONE, version=pure.ANALYSIS_VERSION
    )

    assert sweep().analyses == [newest_first[2]]
    assert published == newest_first[:3]


def test_analyses_whose_workers_died_leave_room_to_queue_them_again(anna, clock, published):
    games = [ended(anna, minutes_ago=minutes) for minutes in (10, 20)]
    assert ANALYSES_AT_ONCE == 2
    for game in games:
        GameAnalysis.objects.create(game=game, status=AnalysisStatus.RUNNING)
    GameAnalysis.objects.filter(game__in=games).update(updated_at=START)

    clock.move_to(START + stale() + timedelta(seconds=1))

    assert sweep().analyses == [games[0].pk, games[1].pk]
    assert published == [games[0].pk, games[1].pk]


def test_without_a_worker_the_sweep_leaves_the_analyses_to_the_command(
    finished, clock, settings, published
):
    settings.ANALYSIS_AFTER_GAME = False
    clock.move_to(START + 10 * stale())

    assert sweep().analyses == []
    assert published == []
    assert analysis_of(finished).status == AnalysisStatus.PENDING


def test_of_two_sweeps_that_found_the_same_lost_analysis_only_the_first_queues_it(finished, clock):
    from games.services.analysis import _claim_for_queue

    now = START + stale() + timedelta(seconds=1)
    clock.move_to(now)

    assert _claim_for_queue(finished.pk, now - stale(), now) is True
    assert _claim_for_queue(finished.pk, now - stale(), now) is False


def test_an_analysis_lost_or_failed_three_times_is_not_queued_again_until_a_new_version(
    finished, clock, published
):
    GameAnalysis.objects.filter(game=finished).update(
        status=AnalysisStatus.FAILED, version=pure.ANALYSIS_VERSION, attempts=ANALYSIS_ATTEMPTS - 1
    )
    clock.move_to(START + stale() + timedelta(seconds=1))
    assert sweep().analyses == [finished.pk]  # the third attempt

    GameAnalysis.objects.filter(game=finished).update(
        status=AnalysisStatus.FAILED, attempts=ANALYSIS_ATTEMPTS
    )
    clock.move_to(START + 10 * stale())
    assert sweep().analyses == []
    GameAnalysis.objects.filter(game=finished).update(status=AnalysisStatus.RUNNING)
    assert sweep().analyses == []  # lost while running: the same

    GameAnalysis.objects.filter(game=finished).update(version=0)
    assert sweep().analyses == [finished.pk]  # a new analysis version starts over
    assert published == [finished.pk, finished.pk]


def test_each_run_counts_an_attempt_and_a_run_under_a_new_version_starts_over(finished):
    GameAnalysis.objects.filter(game=finished).update(
        status=AnalysisStatus.FAILED, version=pure.ANALYSIS_VERSION, attempts=1
    )
    analysis_run(finished.pk)
    assert (analysis_of(finished).status, analysis_of(finished).attempts) == (
        AnalysisStatus.DONE,
        2,
    )

    GameAnalysis.objects.filter(game=finished).update(version=0)
    analysis_run(finished.pk)
    assert analysis_of(finished).attempts == 1


def test_attempts_count_on_across_a_version_that_did_not_change_the_game(anna):
    """Version 2 changed Module 6 games only: a plain game's failures under version 1 are
    failures of the analysis it would run now, a Module 6 game's are not."""
    plain = ended(anna, minutes_ago=30, edition="2nd")
    modules = ended(
        anna, minutes_ago=20, edition="2nd", options={"market": True, "obstacles": True}
    )
    for game in (plain, modules):
        GameAnalysis.objects.create(game=game, status=AnalysisStatus.FAILED, version=1, attempts=2)

    for game in (plain, modules):
        analysis_run(game.pk)

    assert (analysis_of(plain).version, analysis_of(plain).attempts) == (2, 3)
    assert (analysis_of(modules).version, analysis_of(modules).attempts) == (2, 1)
