"""The Market at the table and in the log (issue 13): the market scoring narrated good by good
("Anna first in fish: +4"), upkeep and '?' tiles in words, English and German; the page hands
the script the market cards and words."""

import json

import pytest
from django.utils import translation

from games import gamelog, services
from games.expansion_text import game_catalogue
from games.models import Action, Seat
from games.texts import log_line, mail_sentence
from games.texts.mail import since_last_move
from games.texts.market import good_name
from games.texts.table import table_strings
from games.texts.words import PlainWords
from tests.web.games.conftest import play_until


@pytest.fixture
def market_game(alice, bob):
    game = services.game_create(
        host=alice, title="Market", edition="2nd", seats=2, days_per_move=3, is_public=True,
        options={"market": True},
    )  # fmt: skip
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


@pytest.fixture
def after_market_scoring(market_game):
    return play_until(market_game, lambda g: g.state["phase"] == "building")


def _lines(game, language):
    with translation.override(language):
        return [str(line) for group in gamelog.game_log(game) for line in group.lines]


def _market_scores(game):
    return [
        event
        for action in Action.objects.filter(game=game).order_by("seq")
        for event in action.events
        if event["kind"] == "market_score"
    ]


def _name(game, position):
    return Seat.objects.get(game=game, position=position).user.public_name


def test_the_market_scoring_is_told_good_by_good(after_market_scoring):
    game = after_market_scoring
    scores = _market_scores(game)
    assert [e["good"] for e in scores] == ["apple", "grain", "fish", "cabbage", "chicken"]
    lines = _lines(game, "en")
    for event in scores:
        for seat in event["first"]:
            expected = f"{_name(game, seat)}</span> first in {event['good']}: +1"
            assert any(expected in line for line in lines)
        if not event["first"]:
            assert f"Nobody has {event['good']}." in lines


def test_the_market_scoring_in_german(after_market_scoring):
    game = after_market_scoring
    lines = _lines(game, "de")
    assert any("Erste(r) bei" in line or "Niemand hat" in line for line in lines)
    with translation.override("de"):
        titles = [g.title for g in gamelog.game_log(game)]
    assert "Runde 1 · Marktphase" in titles


def test_upkeep_and_question_mark_lines(market_game):
    anna = _name(market_game, 0)
    with translation.override("en"):
        writer = gamelog.log_words(market_game)
        paid = str(log_line(writer, {"kind": "upkeep", "seat": 0, "card": "market_fish_crate#0",
                                "price": 2, "kept": True, "automatic": False}))  # fmt: skip
        given = str(log_line(writer, {"kind": "upkeep", "seat": 0, "card": "market_fish_crate#0",
                                 "price": 3, "kept": False, "automatic": True}))  # fmt: skip
        joker = str(log_line(writer, {"kind": "joker", "seat": 0, "card": "ship_builder#5",
                                 "good": "fish", "automatic": False}))  # fmt: skip
        back = str(log_line(writer, {"kind": "joker_returned", "seat": 0, "card": "ship_builder#5",
                                "good": "fish"}))  # fmt: skip
    assert f"{anna}</span> pays 2 rubles upkeep for" in paid
    assert "Fish for Sale" in paid
    assert "gives up" in given
    assert "(upkeep 3 rubles, automatic)" in given
    assert "covers the '?' of" in joker
    assert "with the fish tile" in joker
    assert back.startswith("The fish tile of")
    with translation.override("de"):
        german = gamelog.log_words(market_game)
        paid_de = str(log_line(german, {"kind": "upkeep", "seat": 0, "card": "market_fish_crate#0",
                                   "price": 2, "kept": True, "automatic": False}))  # fmt: skip
    assert "zahlt 2 Rubel Unterhalt für" in paid_de
    assert "Fisch zu verkaufen" in paid_de


def _fish(value):
    """Fish scored at this value tile: seat 0 first (2 fish), seat 1 second (1 fish)."""
    return {"kind": "market_score", "good": "fish", "value": value, "first": [0],
            "second": [1], "positions": [2, 1]}  # fmt: skip


def test_a_place_worth_nothing_is_left_out_of_the_log_and_the_emails(market_game):
    anna, bob = _name(market_game, 0), _name(market_game, 1)
    plain = PlainWords({0: "Anna", 1: "Bob"}, {})
    with translation.override("en"):
        writer = gamelog.log_words(market_game)
        round_1, round_2 = (str(log_line(writer, _fish(v))) for v in ([1, 0], [2, 1]))
        mails = [mail_sentence(plain, _fish(v), reader=None) for v in ([1, 0], [2, 1])]
    assert f"{anna}</span> first in fish: +1" in round_1
    assert "second" not in round_1
    assert f"{bob}</span> second in fish: +1" in round_2
    assert mails == ["Anna first in fish: +1.", "Anna first in fish: +2; Bob second in fish: +1."]
    with translation.override("de"):
        german = str(log_line(gamelog.log_words(market_game), _fish([1, 0])))
    assert "Erste(r) bei Fisch: +1" in german
    assert "Zweite(r)" not in german


def test_the_emails_tell_the_market_scoring(after_market_scoring):
    game = after_market_scoring
    scores = _market_scores(game)
    winner = next(e for e in scores if e["first"])
    seat = winner["first"][0]
    with translation.override("en"):
        text = mail_sentence(PlainWords({seat: "Anna"}, {}), winner, reader=None)
    assert f"Anna first in {winner['good']}: +1" in text


def test_the_table_page_hands_the_script_the_market_cards_and_words(after_market_scoring, client):
    game = after_market_scoring
    cards = game_catalogue(game.options)
    assert cards["market_fish_crate"]["goods"] == ["fish"] * 4
    with translation.override("de"):
        words = table_strings()
    assert (words["phase_market"], words["decision_upkeep"]) == ("Marktphase", "Unterhalt")
    client.force_login(Seat.objects.get(game=game, position=0).user)
    view = client.get(f"/games/{game.pk}/view").json()["view"]
    assert view["market"]["value"] == [1, 0]
    assert view["market"]["next_value"] == [2, 1]
    assert [p["name"] for p in view["phases"]][:2] == ["worker", "market"]
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert json.dumps("market_fish_crate") in page


@pytest.mark.parametrize(
    ("language", "first", "second", "scored", "you_got"),
    [("en", "{name} first in {good}: +{points}", "{name} second in {good}: +{points}",
      "The market was scored", "you got"),
     ("de", "{name} Erste(r) bei {good}: +{points}", "{name} Zweite(r) bei {good}: +{points}",
      "Der Markt wurde gewertet", "Du hast")],
)  # fmt: skip
def test_the_turn_email_tells_the_market_scoring_good_by_good(
    after_market_scoring, language, first, second, scored, you_got
):
    game = after_market_scoring
    scoring = next(
        action
        for action in Action.objects.filter(game=game).order_by("seq")
        if any(event["kind"] == "market_score" for event in action.events)
    )
    reader = 1 - scoring.seat  # his last move came before the scoring: his e-mail tells it
    with translation.override(language):
        sentences = since_last_move(game, reader)
        expected = [
            "; ".join(
                [
                    first.format(
                        name=_name(game, s), good=good_name(e["good"]), points=e["value"][0]
                    )
                    for s in e["first"]
                ]
                + [
                    second.format(
                        name=_name(game, s), good=good_name(e["good"]), points=e["value"][1]
                    )
                    for s in e["second"]
                    if e["value"][1]  # round 1's tile 1/0: second place is worth nothing
                ]
            )
            + "."
            for e in _market_scores(game)
            if e["first"]
        ]
    assert expected
    assert [s for s in sentences if ": +" in s] == expected
    [yellow] = [s for s in sentences if s.startswith(scored)]
    assert yellow.startswith(f"{scored}: {you_got}")
