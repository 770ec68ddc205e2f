"""Every way of passing an obstacle in the log and in the passing player's e-mail, in English
and German: with rubles only, without any bonus, asked to choose, a card's bonus, chosen for
him, met on the way; and a stop that cost him nothing."""

import re

import pytest
from django.utils import translation

from games import rules
from games.texts import log_line, mail_sentence
from games.texts.words import HtmlWords, PlainWords

CATALOGUE = rules.game_card_catalogue(
    {"edition": "2nd", "players": 2, "market": True, "obstacles": True}
)
PASSED = {
    "kind": "obstacle_passed", "seat": 1, "space": 10, "obstacle": "bonus_aristocrat",
    "real": False, "rubles": 0, "points": 1,
}  # fmt: skip


def log(language, event):
    with translation.override(language):
        line = str(log_line(HtmlWords({0: "Ivan", 1: "Olga"}, CATALOGUE), event))
    return re.sub(r"<[^>]+>", "", line)


def mail(language, event, reader):
    with translation.override(language):
        return mail_sentence(PlainWords({0: "Ivan", 1: "Olga"}, CATALOGUE), event, reader=reader)


@pytest.mark.parametrize(
    ("change", "english", "german"),
    [
        ({"rubles": 2, "points": 0},
         "Olga passes Bonus aristocrat on 10: +2 rubles",
         "Olga passiert Bonus Adlige auf Feld 10: +2 Rubel"),
        ({"points": 0},
         "Olga passes Bonus aristocrat on 10: no bonus",
         "Olga passiert Bonus Adlige auf Feld 10: kein Bonus"),
        ({"asked": True},
         "Olga reaches Bonus aristocrat on 10 and chooses a bonus",
         None),
        ({"card": "library#0", "points": 4},
         "Olga passes Bonus aristocrat on 10: +4 points for Library",
         None),
        ({"card": "library#0", "points": 4, "automatic": True},
         "Olga passes Bonus aristocrat on 10: +4 points for Library (chosen for him)",
         None),
        ({"automatic": True},
         "Olga passes Bonus aristocrat on 10: +1 point (chosen for him)",
         None),
        ({"real": True},
         "Olga meets Bonus aristocrat on 10 and passes it: +1 point",
         None),
    ],
)  # fmt: skip
def test_the_log_tells_how_an_obstacle_was_passed(change, english, german):
    event = {**PASSED, **change}

    assert log("en", event) == english
    german_line = log("de", event)
    assert german_line != english  # translated, not left in English
    assert "Olga" in german_line
    if german is not None:
        assert german_line == german


def test_the_passing_player_is_mailed_his_bonus_or_asked_to_choose_it():
    assert mail("en", PASSED, reader=1) == (
        "You passed the obstacle Bonus aristocrat on 10: +1 point."
    )
    assert mail("en", {**PASSED, "asked": True}, reader=1) == (
        "You reached the obstacle Bonus aristocrat on 10: choose its bonus."
    )
    assert mail("de", {**PASSED, "asked": True}, reader=1) != mail(
        "en", {**PASSED, "asked": True}, reader=1
    )


def test_a_stop_that_cost_nothing_is_mailed_without_points():
    stopped = {
        "kind": "obstacle_blocked", "seat": 1, "space": 20, "obstacle": "real_buildings",
        "wasted": 0, "progress": [{"what": "blue", "have": 1, "need": 2}],
    }  # fmt: skip

    assert mail("en", stopped, reader=1) == ("You stopped on 20 at the obstacle Real buildings.")
