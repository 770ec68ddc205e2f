"""The post-game analysis on the site: stored with the game by its task, with progress, re-run
when the analysis version changes, and shown only once the game is over."""

import io
import json
import logging
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games import rules
from games.management import repeat
from games.management.commands import analyse_games as analyse_command
from games.models import AnalysisStatus, Game, GameAnalysis
from games.rules import analysis as pure
from games.services.analysis import analyses_due_here, analyses_outdated, analysis_run
from tests.web.broker import tasks_published
from tests.web.games.conftest import play_until, running_duel

pytestmark = pytest.mark.django_db


def analysis_url(game: Game) -> str:
    return reverse("games:analysis", kwargs={"game_id": game.pk})


def test_the_finishing_move_leaves_a_pending_analysis_and_queues_it_after_the_commit(
    duel, settings, django_capture_on_commit_callbacks
):
    settings.ANALYSIS_AFTER_GAME = True
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        play_until(duel, lambda game: False)
    assert duel.status == "finished"
    row = GameAnalysis.objects.get(game=duel)
    assert (row.status, row.done, row.result) == (AnalysisStatus.PENDING, 0, {})
    for callback in callbacks:  # the commit's side effects, the task among them (eager)
        callback()
    row.refresh_from_db()
    assert row.status == AnalysisStatus.DONE
    assert row.version == pure.ANALYSIS_VERSION
    assert row.total > 0
    assert row.done == row.total
    assert set(row.result["seats"]) == {"0", "1"}
    reviewed = sum(len(seat["moves"]) for seat in row.result["seats"].values())
    assert reviewed == row.total


def test_without_a_worker_the_last_move_does_not_run_the_analysis(duel):
    play_until(duel, lambda game: False)  # ANALYSIS_AFTER_GAME is off, as embedded
    assert GameAnalysis.objects.get(game=duel).status == AnalysisStatus.PENDING
    assert list(analyses_outdated()) == [duel]
    call_command("analyse_games", stdout=io.StringIO())
    assert GameAnalysis.objects.get(game=duel).status == AnalysisStatus.DONE
    assert list(analyses_outdated()) == []


def test_the_command_queues_the_outdated_analyses_for_the_worker_with_queue(duel):
    play_until(duel, lambda game: False)
    out = io.StringIO()

    with tasks_published(lambda name, args: (name, args)) as sent:
        call_command("analyse_games", "--queue", stdout=out)

    assert sent == [("games.tasks.analyse_game", [duel.pk])]
    assert out.getvalue() == f"game {duel.pk}: queued\n"
    assert GameAnalysis.objects.get(game=duel).status == AnalysisStatus.PENDING


def test_the_stored_analysis_is_the_pure_analysis_of_the_members_seats(duel, settings):
    play_until(duel, lambda game: False)
    analysis_run(duel.pk)
    from games import actionlog

    expected = pure.analyse_game(
        duel.options,
        duel.seed,
        actionlog.effective_moves(duel),
        [0, 1],
        worlds=settings.ANALYSIS_WORLDS,
        width=settings.ANALYSIS_WIDTH,
    )
    assert GameAnalysis.objects.get(game=duel).result == json.loads(json.dumps(expected))


def test_a_done_analysis_is_not_run_again_until_its_version_changes(duel):
    play_until(duel, lambda game: False)
    assert analysis_run(duel.pk).endswith("decisions reviewed")
    assert analysis_run(duel.pk) == "nothing to do"
    GameAnalysis.objects.filter(game=duel).update(version=0)
    assert list(analyses_outdated()) == [duel]
    assert analysis_run(duel.pk).endswith("decisions reviewed")
    assert GameAnalysis.objects.get(game=duel).version == pure.ANALYSIS_VERSION


def test_a_running_game_is_not_analysed(duel):
    play_until(duel, lambda game: game.version >= 4)
    assert analysis_run(duel.pk) == "not a finished game"
    assert not GameAnalysis.objects.exists()


def test_the_view_refuses_the_analysis_while_the_game_runs(client, duel, alice):
    client.force_login(alice)
    response = client.get(analysis_url(duel))
    assert response.status_code == 409
    assert "chance" not in response.content.decode()


def test_the_view_shows_progress_then_the_figures_and_never_the_deal(client, duel, alice):
    play_until(duel, lambda game: False)
    client.force_login(alice)
    waiting = client.get(analysis_url(duel)).json()
    assert (waiting["status"], waiting["seats"]) == ("pending", {})
    GameAnalysis.objects.filter(game=duel).update(status=AnalysisStatus.RUNNING, done=3, total=9)
    running = client.get(analysis_url(duel)).json()
    assert (running["status"], running["done"], running["total"]) == ("running", 3, 9)
    assert running["seats"] == {}
    analysis_run(duel.pk, force=True)
    done = client.get(analysis_url(duel)).json()
    assert done["status"] == "done"
    seat = done["seats"]["0"]
    assert seat["moves"]
    assert 0 <= seat["accuracy"] <= 100
    assert len(seat["turning_points"]) <= pure.TURNING_POINTS
    text = json.dumps(done)
    state = rules.GameState.from_dict(duel.state)
    assert str(duel.seed) not in text
    assert not {"state", "seed", "piles", "deck", "decks"} & set(done)
    # No card still in a pile at the end is named anywhere in the analysis.
    view = rules.player_view(state, None)
    public = json.dumps(view)
    for move in [m for s in done["seats"].values() for m in s["moves"]]:
        for key in ("played", "best"):
            card = move[key].get("card")
            if card:
                assert card in public or card in json.dumps([a.move for a in duel.actions.all()])


def test_a_game_without_its_analysis_still_answers(client, duel, alice):
    play_until(duel, lambda game: False)
    GameAnalysis.objects.all().delete()
    client.force_login(alice)
    assert client.get(analysis_url(duel)).json() == {
        "status": "none",
        "done": 0,
        "total": 0,
        "seats": {},
    }


def test_a_running_analysis_is_left_alone_until_its_progress_stops_for_too_long(duel, settings):
    play_until(duel, lambda game: False)
    GameAnalysis.objects.filter(game=duel).update(
        status=AnalysisStatus.RUNNING, version=pure.ANALYSIS_VERSION, done=2, total=9
    )
    assert analysis_run(duel.pk) == "nothing to do"
    assert list(analyses_outdated()) == []
    stale = timezone.now() - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS + 1)
    GameAnalysis.objects.filter(game=duel).update(updated_at=stale)
    assert list(analyses_outdated()) == [duel]
    assert analysis_run(duel.pk).endswith("decisions reviewed")
    assert GameAnalysis.objects.get(game=duel).status == AnalysisStatus.DONE


def test_a_claimed_analysis_counts_as_running_from_the_claim_not_from_its_old_time(
    duel, settings, monkeypatch, time_machine
):
    """A sweep between the claim and the first progress must see a fresh running analysis,
    not the stale time of the run it replaced (it would queue the game a second time)."""
    play_until(duel, lambda game: False)
    time_machine.move_to("2026-12-01 12:00:00", tick=False)
    GameAnalysis.objects.filter(game=duel).update(
        status=AnalysisStatus.RUNNING,
        version=pure.ANALYSIS_VERSION,
        updated_at=timezone.now() - timedelta(seconds=settings.ANALYSIS_STALE_SECONDS + 1),
    )
    seen_at_first_step = []
    count = pure.decisions_total

    def count_watched(*args):
        seen_at_first_step.append(list(analyses_outdated()))
        return count(*args)

    monkeypatch.setattr(pure, "decisions_total", count_watched)

    assert analysis_run(duel.pk).endswith("decisions reviewed")
    assert seen_at_first_step == [[]]


def test_a_failure_after_progress_is_dated_by_the_failure(duel, monkeypatch, time_machine):
    """The sweep retries a failed analysis some time after it failed, not after its last
    progress (the failing step may have taken long)."""
    play_until(duel, lambda game: False)
    time_machine.move_to("2026-12-01 12:00:00", tick=False)

    def summarise_after_a_long_step(*args):
        time_machine.shift(timedelta(minutes=20))
        raise MemoryError("the worker ran out of memory")

    monkeypatch.setattr(pure, "summarise", summarise_after_a_long_step)

    with pytest.raises(MemoryError):
        analysis_run(duel.pk)
    row = GameAnalysis.objects.get(game=duel)
    assert row.status == AnalysisStatus.FAILED
    assert row.done == row.total > 0
    assert row.updated_at == timezone.now()  # 12:20, not the last progress at 12:00


def test_a_failed_analysis_is_marked_failed_and_run_again_later(duel):
    play_until(duel, lambda game: False)
    Game.objects.filter(pk=duel.pk).update(options={**duel.options, "players": 3})
    with pytest.raises(rules.IllegalMove):  # its log is no game of three
        analysis_run(duel.pk)
    assert GameAnalysis.objects.get(game=duel).status == AnalysisStatus.FAILED
    assert list(analyses_outdated()) == [duel]
    Game.objects.filter(pk=duel.pk).update(options=duel.options)
    assert analysis_run(duel.pk).endswith("decisions reviewed")


# The loop closes stale connections between rounds, as a long-lived process must: its tests
# run outside a test's transaction.
outside_a_transaction = pytest.mark.django_db(transaction=True)


class Waits:
    """Stands in for the loop's `time.sleep`: counts the waits and ends the loop (Ctrl-C) at
    the `stop_at`-th, so no test waits on the wall clock."""

    def __init__(self, stop_at: int) -> None:
        self.seconds: list[float] = []
        self.stop_at = stop_at

    def __call__(self, seconds: float) -> None:
        self.seconds.append(seconds)
        if len(self.seconds) == self.stop_at:
            raise KeyboardInterrupt


@outside_a_transaction
def test_the_embedded_loop_analyses_a_game_once_it_is_finished_and_stops_on_ctrl_c(
    duel, monkeypatch
):
    """scripts/dev.py run starts `analyse_games --loop` beside the site, which has no worker."""
    waits: list[float] = []

    def wait(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 1:  # nothing was finished at the first look; now the game ends
            assert not GameAnalysis.objects.filter(game=duel).exists()
            play_until(duel, lambda game: False)
            assert GameAnalysis.objects.get(game=duel).status == AnalysisStatus.PENDING
        elif len(waits) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(repeat.time, "sleep", wait)
    out = io.StringIO()
    call_command("analyse_games", "--loop", "--interval", "0.2", stdout=out)

    row = GameAnalysis.objects.get(game=duel)
    assert (row.status, row.done) == (AnalysisStatus.DONE, row.total)
    assert out.getvalue() == f"game {duel.pk}: {row.total} decisions reviewed\n"  # only once
    assert waits == [1.0, 1.0, 1.0]  # never faster than once a second


@outside_a_transaction
def test_the_loop_goes_on_after_a_failed_analysis_and_leaves_one_that_failed_three_times(
    duel, alice, bob, monkeypatch, caplog
):
    play_until(duel, lambda game: False)
    broken = running_duel(bob, alice, title="Return match", edition="2nd")
    play_until(broken, lambda game: False)
    Game.objects.filter(pk=broken.pk).update(options={"edition": "3rd"})  # cannot be replayed
    monkeypatch.setattr(repeat.time, "sleep", Waits(stop_at=4))

    with caplog.at_level(logging.ERROR, logger=analyse_command.__name__):
        call_command("analyse_games", "--loop", stdout=io.StringIO())

    assert GameAnalysis.objects.get(game=duel).status == AnalysisStatus.DONE
    failed = GameAnalysis.objects.get(game=broken)
    assert (failed.status, failed.attempts) == (AnalysisStatus.FAILED, 3)  # not a fourth time
    failures = [r.getMessage() for r in caplog.records if r.name == analyse_command.__name__]
    assert failures == [f"the analysis of game {broken.pk} failed"] * 3
    assert list(analyses_due_here()) == []
    assert list(analyses_outdated()) == [broken]  # an admin may still run it with --force
