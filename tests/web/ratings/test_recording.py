"""The end of a real game: the finishing move records every seat's result from the engine's
final scores in its own transaction, and the ratings follow after the commit."""

import pytest

from games import rules, services
from games.models import Game, PlayerRating, RatingChange, Seat
from games.services import lobby
from games.services.ratings import ratings_rebuild, ratings_update
from tests.web.games.conftest import play_until
from tests.web.ratings.conftest import finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(club, monkeypatch):
    """anna and boris at a running 2-player game with a fixed deal."""
    monkeypatch.setattr(lobby, "draw_seed", lambda: 20260302)
    monkeypatch.setattr(lobby, "draw_seating", lambda n: list(range(n)))
    game = services.game_create(
        host=club["anna"], title="Duel", edition="1st", seats=2, days_per_move=3, is_public=True
    )
    services.seat_join(game_id=game.pk, user=club["boris"])
    game.refresh_from_db()
    return game


def almost_over(game: Game) -> bool:
    """One move before the end: the seat to act finishes the game with its greedy move."""
    state = rules.GameState.from_dict(game.state)
    seat = sorted(rules.to_act(state))[0]
    move = rules.greedy_bot(state, seat, game.version)
    return rules.is_over(rules.apply_move(state, seat, move)[0])


def test_the_finishing_move_records_each_seats_place_points_and_cards(duel):
    play_until(duel, lambda game: False)
    assert duel.status == "finished"

    state = rules.GameState.from_dict(duel.state)
    scores = {row["seat"]: row for row in rules.final_scores(state)}
    view = rules.player_view(state, None)
    seats = list(Seat.objects.filter(game=duel).order_by("position"))
    assert [(seat.rank, seat.score) for seat in seats] == [
        (scores[seat.position]["rank"], scores[seat.position]["total"]) for seat in seats
    ]
    assert [seat.cards for seat in seats] == [
        sorted(card.split("#")[0] for card in view["players"][seat.position]["area"])
        for seat in seats
    ]
    assert all(seat.cards for seat in seats)
    assert "#" not in "".join(card for seat in seats for card in seat.cards)
    # Without the commit's side effect (a test transaction never commits) the game waits,
    # marked, for the update.
    assert Game.objects.get(pk=duel.pk).rating_pending is True
    assert not RatingChange.objects.exists()


def test_the_ratings_follow_once_the_finishing_move_commits(
    duel, django_capture_on_commit_callbacks
):
    play_until(duel, almost_over)
    with django_capture_on_commit_callbacks(execute=True):
        play_until(duel, lambda game: False)

    assert Game.objects.get(pk=duel.pk).rating_pending is False
    places = dict(Seat.objects.filter(game=duel).values_list("user__username", "rank"))
    rows = RatingChange.objects.filter(game=duel, pool="all")
    assert dict(rows.values_list("user__username", "rank")) == places
    assert set(PlayerRating.objects.values_list("user__username", "pool")) == {
        ("anna", "all"),
        ("boris", "all"),
        ("anna", "2p"),
        ("boris", "2p"),
    }
    assert sorted(places.values()) == [1, 2]  # this deal has a winner
    winner = min(places, key=places.get)
    best = PlayerRating.objects.filter(pool="all").order_by("-rating").first()
    assert (best.user.username, best.wins, best.games) == (winner, 1, 1)


def test_a_game_finished_before_results_were_recorded_gets_them_from_its_snapshot(duel):
    play_until(duel, lambda game: False)
    recorded = list(Seat.objects.filter(game=duel).values_list("rank", "score", "cards"))
    Seat.objects.filter(game=duel).update(rank=None, score=None, cards=[])

    ratings_update()

    assert list(Seat.objects.filter(game=duel).values_list("rank", "score", "cards")) == recorded
    assert RatingChange.objects.filter(game=duel).count() == 4
    assert Game.objects.get(pk=duel.pk).rating_pending is False


def test_an_update_fills_in_only_the_pending_games_results_the_rebuild_every_games(duel, club):
    """A finished game without results that nobody marked for the ratings (its results and
    its update lost) is no part of the next game's update; the rebuild takes it in."""
    play_until(duel, lambda game: False)
    recorded = list(Seat.objects.filter(game=duel).values_list("rank", "score", "cards"))
    Seat.objects.filter(game=duel).update(rank=None, score=None, cards=[])
    Game.objects.filter(pk=duel.pk).update(rating_pending=False)
    later = finished_game([(club["clara"], 1), (club["dmitri"], 2)], at=duel.finished_at)

    report = ratings_update()

    assert report.cleared == [later.pk]
    assert list(Seat.objects.filter(game=duel).values_list("rank", "score", "cards")) == [
        (None, None, []),
        (None, None, []),
    ]
    assert not RatingChange.objects.filter(game=duel).exists()

    ratings_rebuild()

    assert list(Seat.objects.filter(game=duel).values_list("rank", "score", "cards")) == recorded
    assert RatingChange.objects.filter(game=duel).count() == 4
