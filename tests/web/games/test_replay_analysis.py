"""The replay shows the analysis: each decision and turning point carries the replay step that
shows its move, and the step of a turning point names it with the better move."""

import pytest
from django.urls import reverse

from games import services
from games.models import AnalysisStatus, Game, GameAnalysis
from games.services.analysis import analysis_run
from tests.web.games.conftest import play_until

pytestmark = pytest.mark.django_db


@pytest.fixture
def analysed(duel) -> Game:
    """alice and bob have played a duel to its end, and its analysis is done."""
    play_until(duel, lambda game: False)
    analysis_run(duel.pk)
    return duel


def step_of(client, game: Game, n: int) -> dict:
    response = client.get(reverse("games:replay_step", kwargs={"game_id": game.pk, "n": n}))
    assert response.status_code == 200
    return response.json()


def stored_turning_points(game: Game) -> list[tuple[int, dict]]:
    seats = GameAnalysis.objects.get(game=game).result["seats"]
    return [(int(seat), point) for seat, fig in seats.items() for point in fig["turning_points"]]


def test_each_decision_and_turning_point_names_the_replay_step_that_shows_its_move(
    client, analysed, alice
):
    client.force_login(alice)
    answer = client.get(reverse("games:analysis", kwargs={"game_id": analysed.pk})).json()

    for figures in answer["seats"].values():
        assert [m["step"] for m in figures["moves"]] == [m["index"] + 1 for m in figures["moves"]]
        assert [p["step"] for p in figures["turning_points"]] == [
            p["index"] + 1 for p in figures["turning_points"]
        ]
    assert stored_turning_points(analysed)  # a duel on this budget has some


def test_only_the_step_of_a_turning_points_move_names_it_with_the_better_move(
    client, analysed, alice
):
    client.force_login(alice)
    turning = stored_turning_points(analysed)
    seat, point = turning[0]
    step = point["index"] + 1

    shown = step_of(client, analysed, step)["turning_points"]

    expected = [
        {"seat": s, **p, "step": step}
        for s, p in sorted(turning, key=lambda t: t[0])
        if p["index"] + 1 == step
    ]
    assert shown == expected
    assert {"seat": seat, **point, "step": step} in shown
    assert shown[0]["played"] != shown[0]["best"]
    assert shown[0]["chance_before"] > shown[0]["chance_after"]
    # The step before shows the position the choice was made in, not the move: nothing there
    # unless another turning point's move is shown at that step.
    before = step_of(client, analysed, step - 1)["turning_points"]
    assert all(p["index"] == step - 2 for p in before)

    # A step that shows no turning point's move names none.
    steps = {point["index"] + 1 for _seat, point in stored_turning_points(analysed)}
    quiet = next(n for n in range(1, 200) if n not in steps)
    assert step_of(client, analysed, quiet)["turning_points"] == []
    assert step_of(client, analysed, 0)["turning_points"] == []


def test_the_replay_names_no_turning_point_unless_the_analysis_is_done_and_current(
    client, analysed, alice
):
    client.force_login(alice)
    step = stored_turning_points(analysed)[0][1]["index"] + 1
    rows = GameAnalysis.objects.filter(game=analysed)
    assert step_of(client, analysed, step)["turning_points"]

    for change in (
        {"status": AnalysisStatus.RUNNING},
        {"status": AnalysisStatus.FAILED},
        {"status": AnalysisStatus.DONE, "version": 0},
    ):
        rows.update(**change)
        assert step_of(client, analysed, step)["turning_points"] == [], change
    rows.delete()  # a game finished before analyses were stored
    assert step_of(client, analysed, step)["turning_points"] == []


def test_the_replay_says_the_analysis_in_german(client, bob):
    bob.language = "de"
    bob.save(update_fields=["language"])
    game = services.game_create(
        host=bob, title="Duell", edition="1st", seats=2, days_per_move=3, is_public=True
    )
    Game.objects.filter(pk=game.pk).update(status="finished", state={}, seed=1)
    client.force_login(bob)

    page = client.get(reverse("games:replay", kwargs={"game_id": game.pk}))

    strings = page.context["strings"]
    assert strings["replay_analysis_title"] == "Siegchance im Lauf der Partie"
    assert strings["replay_go_to"] == "Runde {round}, Zug {step}: {player}"
    assert strings["replay_turning_point"] == (
        "Wendepunkt für {player}: {played} (Siegchance {after} %); besser: {best} ({before} %)"
    )
    assert 'id="replay-analysis"' in page.content.decode()
