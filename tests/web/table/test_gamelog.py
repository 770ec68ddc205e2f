"""The log as people read it: yucata-style lines from the stored events, in English and German."""

import pytest
from django.urls import reverse
from django.utils import translation

from games import gamelog
from games.models import Action, Seat
from games.texts import log_line
from tests.web.games.conftest import play_until


def _lines(game, language: str) -> list[str]:
    with translation.override(language):
        return [str(line) for group in gamelog.game_log(game) for line in group.lines]


def _titles(game, language: str) -> list[str]:
    with translation.override(language):
        return [group.title for group in gamelog.game_log(game)]


@pytest.fixture
def after_first_scoring(two_player_game):
    """Two players past the first worker scoring (a refill and the building phase follow)."""
    return play_until(two_player_game, lambda game: game.state["phase"] != "worker")


def _name(game, position: int) -> str:
    return Seat.objects.get(game=game, position=position).user.public_name


def _first_buy(game) -> dict:
    for action in Action.objects.filter(game=game).order_by("seq"):
        for event in action.events:
            if event["kind"] == "buy":
                return event
    raise AssertionError("nobody bought anything")


def test_a_purchase_reads_as_who_bought_which_card_for_how_much(after_first_scoring):
    buy = _first_buy(after_first_scoring)

    line = _lines(after_first_scoring, "en")[0]

    assert _name(after_first_scoring, buy["seat"]) in line
    assert f'data-card="{buy["card"]}"' in line
    assert f"for {buy['price']} rubles" in line


def test_one_ruble_and_one_point_read_in_the_singular(after_first_scoring):
    writer = gamelog.log_words(after_first_scoring)
    name = _name(after_first_scoring, 0)

    bought = str(log_line(writer, {"kind": "buy", "seat": 0, "card": "lumberjack#0", "price": 1}))
    pub = {"seat": 0, "points": 1, "price": 2, "points_before": 5, "points_after": 6}
    at_the_pub = str(log_line(writer, {"kind": "pub", **pub}))

    assert bought.endswith(">Lumberjack</button> for 1 ruble")
    assert (
        at_the_pub == f"{writer.player(0)} buys 1 point at the Pub for 2 rubles: 5 + 1 = 6 points"
    )
    assert name in at_the_pub


def test_card_names_in_the_log_are_in_the_readers_language(after_first_scoring):
    buy = _first_buy(after_first_scoring)
    card_type = buy["card"].split("#")[0]
    names = {"lumberjack": "Holzfäller", "gold_miner": "Goldgräber", "shepherd": "Schäfer"}

    line = _lines(after_first_scoring, "de")[0]

    assert f"für {buy['price']} Rubel" in line
    if card_type in names:
        assert names[card_type] in line


def test_a_scoring_line_shows_before_plus_gain_equals_after(after_first_scoring):
    score = next(
        e
        for a in Action.objects.filter(game=after_first_scoring).order_by("seq")
        for e in a.events
        if e["kind"] == "score"
    )
    expected = (
        f"{score['money_before']} + {score['money_gain']} = {score['money_after']} rubles, "
        f"{score['points_before']} + {score['points_gain']} = {score['points_after']} points"
    )

    assert any(expected in line for line in _lines(after_first_scoring, "en"))


def test_a_scoring_line_in_german(after_first_scoring):
    assert any("Rubel" in line and "Punkte" in line for line in _lines(after_first_scoring, "de"))


def test_the_log_is_grouped_by_round_and_phase(after_first_scoring):
    assert _titles(after_first_scoring, "en")[:2] == [
        "Round 1 · Worker phase",
        "Round 1 · Building phase",
    ]


def test_the_groups_are_titled_in_german(after_first_scoring):
    assert _titles(after_first_scoring, "de")[0] == "Runde 1 · Handwerkerphase"


def test_the_refill_names_the_cards_laid_out(after_first_scoring):
    refill = next(
        e
        for a in Action.objects.filter(game=after_first_scoring).order_by("seq")
        for e in a.events
        if e["kind"] == "refill" and e["cards"]
    )

    line = next(x for x in _lines(after_first_scoring, "en") if x.startswith("From the"))

    assert all(f'data-card="{card}"' in line for card in refill["cards"])


def test_a_taken_back_move_leaves_the_log_and_the_undo_is_told(two_player_game, client):
    play_until(two_player_game, lambda game: game.version >= 1)
    mover = Action.objects.get(game=two_player_game, seq=1).user
    client.force_login(mover)
    client.post(
        f"/games/{two_player_game.pk}/undo",
        data='{"expected_version": 1}',
        content_type="application/json",
    )
    two_player_game.refresh_from_db()

    lines = _lines(two_player_game, "en")

    assert len(lines) == 1
    assert "takes back a move" in lines[0]


def test_names_in_the_log_are_escaped(two_player_game, alice):
    alice.display_name = "<b>Al</b>"
    alice.save(update_fields=["display_name"])
    play_until(two_player_game, lambda game: game.version >= 2)

    text = " ".join(_lines(two_player_game, "en"))

    assert "<b>Al</b>" not in text
    assert "&lt;b&gt;Al&lt;/b&gt;" in text


def test_the_log_of_a_table_not_yet_started_says_nothing_has_happened(open_game, alice, client):
    client.force_login(alice)

    answer = client.get(reverse("games:log", args=[open_game.pk]))

    assert gamelog.game_log(open_game) == []
    assert answer.status_code == 200
    assert answer.content.decode().strip() == '<p class="empty">Nothing has happened yet.</p>'


def _groups(game, language: str = "en") -> list[tuple[str, list[str]]]:
    with translation.override(language):
        return [(g.title, [str(x) for x in g.lines]) for g in gamelog.game_log(game)]


def test_the_cards_laid_out_for_a_phase_are_told_under_that_phase(after_first_scoring):
    (_worker, worker_lines), (building, building_lines) = _groups(after_first_scoring)[:2]

    assert building == "Round 1 · Building phase"
    assert building_lines[0].startswith("From the building pile: ")
    assert not any(line.startswith("From the building pile") for line in worker_lines)
    assert worker_lines[-1].endswith(" points")  # the phase's scoring ends it


def test_a_new_round_opens_with_its_start_markers_and_the_cards_laid_out_for_it(two_player_game):
    game = play_until(two_player_game, lambda game: game.state["round"] == 2)
    groups = _groups(game)
    titles = [title for title, _lines in groups]
    round_two = groups[titles.index("Round 2 · Worker phase")][1]
    last_of_round_one = groups[titles.index("Round 2 · Worker phase") - 1][1]

    assert round_two[0].startswith("Start markers: ")
    assert "the worker pile" in round_two[1]  # the cards laid out, or that none were
    assert last_of_round_one[0] == "Nothing is laid out from the trading pile."  # its own
    assert not any("Start markers" in x or "worker pile" in x for x in last_of_round_one)
