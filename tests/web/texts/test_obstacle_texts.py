"""Module 6's events in the log and in e-mails, in English and German: an obstacle passed with
its bonus, a gain stopped with the points lost, an obstacle overcome later, a bonus chosen."""

import re

import pytest
from django.utils import translation

from games import rules
from games.texts import log_line, mail_sentence
from games.texts.words import HtmlWords, PlainWords

CATALOGUE = rules.game_card_catalogue(
    {"edition": "2nd", "players": 2, "market": True, "obstacles": True}
)
BLOCKED = {
    "kind": "obstacle_blocked", "seat": 1, "space": 20, "obstacle": "real_buildings",
    "wasted": 3, "progress": [{"what": "blue", "have": 1, "need": 2}],
}  # fmt: skip
OVERCOME = {
    "kind": "obstacle_overcome", "seat": 1, "space": 20, "obstacle": "real_buildings",
    "rubles": 2, "points": 2,
}  # fmt: skip
PASSED = {
    "kind": "obstacle_passed", "seat": 1, "space": 10, "obstacle": "bonus_aristocrat",
    "real": False, "rubles": 0, "points": 1,
}  # fmt: skip
CHOSEN = {
    "kind": "obstacle_bonus", "seat": 1, "space": 50, "obstacle": "bonus_card", "rubles": 0,
    "points": 4, "card": "library#0", "gain": "points", "automatic": True,
}  # fmt: skip


def log(language, event):
    with translation.override(language):
        line = str(log_line(HtmlWords({0: "Ivan", 1: "Olga"}, CATALOGUE), event))
    return re.sub(r"<[^>]+>", "", line)


def mail(language, event, reader):
    with translation.override(language):
        return mail_sentence(PlainWords({0: "Ivan", 1: "Olga"}, CATALOGUE), event, reader=reader)


@pytest.mark.parametrize(
    ("event", "english", "german"),
    [
        (BLOCKED,
         "Olga is stopped on 20 by Real buildings (1/2 blue cards): 3 points lost",
         "Olga wird auf Feld 20 von Hürde Gebäude aufgehalten (1/2 blaue Karten): "
         "3 Punkte verfallen"),
        ({**BLOCKED, "wasted": 0},
         "Olga stops on 20 at Real buildings (1/2 blue cards)",
         "Olga bleibt auf Feld 20 vor Hürde Gebäude stehen (1/2 blaue Karten)"),
        (OVERCOME,
         "Olga now meets Real buildings on 20 and overcomes it: +2 rubles and +2 points",
         "Olga erfüllt nun Hürde Gebäude auf Feld 20 und überwindet es: +2 Rubel und +2 Punkte"),
        (PASSED,
         "Olga passes Bonus aristocrat on 10: +1 point",
         "Olga passiert Bonus Adlige auf Feld 10: +1 Punkt"),
        (CHOSEN,
         "Olga takes +4 points for Library from Bonus card",
         "Olga nimmt von Bonus Karte +4 Punkte für Bibliothek"),
    ],
)  # fmt: skip
def test_the_log_tells_the_obstacles_with_their_points(event, english, german):
    assert log("en", event) == english
    assert log("de", event) == german


def test_a_player_is_mailed_the_points_an_obstacle_cost_him_and_the_others_are_not():
    assert mail("en", BLOCKED, reader=1) == (
        "The obstacle Real buildings held you on 20: 3 points lost."
    )
    assert mail("de", BLOCKED, reader=1) == (
        "Das Hindernis Hürde Gebäude hielt dich auf Feld 20 auf: 3 Punkte verfielen."
    )
    assert mail("en", BLOCKED, reader=0) is None


def test_the_others_are_mailed_who_overcame_an_obstacle():
    assert mail("en", OVERCOME, reader=0) == "Olga overcame the obstacle Real buildings on 20."
    assert mail("de", OVERCOME, reader=0) == (
        "Olga überwand das Hindernis Hürde Gebäude auf Feld 20."
    )


def test_a_bonus_chosen_for_him_is_mailed_to_him_but_not_one_he_chose():
    assert mail("en", CHOSEN, reader=1) == (
        "The bonus of the obstacle Bonus card was chosen for you: +4 points."
    )
    assert mail("en", {**CHOSEN, "automatic": False}, reader=1) is None
