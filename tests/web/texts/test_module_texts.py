"""The Market's Modules 3-5 in the log and the e-mails: every event told in English and German
(each of the six events its own sentence), the assistants' deal and passing, the assignments'
deal, the Twin's pair; every refusal case of theirs worded in both languages."""

import pytest
from django.utils import translation

from games import rules
from games.texts import log_line, mail_sentence, refusal_text
from games.texts.words import HtmlWords, PlainWords

CATALOGUE = rules.game_card_catalogue(
    {"edition": "2nd", "players": 2, "market": True, "banquet": True}
)
NAMES = {0: "Ivan", 1: "Olga"}
USES = {
    "twin": {"card": "market#0", "on": "library#1", "reveals": True},
    "sponsor": {"rubles": 6, "others": 2},
    "ghost": {"card": "judge#0", "new": "market#0", "reveals": True},
    "new_luck": {"cards": ["market#0", "author#1"], "reveals": True},
    "warehouse": {"slots": 1},
    "grabber": {"card": "library#1"},
}


def told(language, event):
    with translation.override(language):
        line = str(log_line(HtmlWords(NAMES, CATALOGUE), event))
        mail = mail_sentence(PlainWords(NAMES, CATALOGUE), event, reader=0)
    return line, mail


@pytest.mark.parametrize("name", sorted(USES))
def test_each_event_is_told_in_both_languages(name):
    event = {"kind": "event", "seat": 1, "event": name, **USES[name]}
    english, german = told("en", event), told("de", event)
    for line, mail in (english, german):
        assert "{" not in line
        assert "%(" not in mail
        assert "Olga" in mail
    assert english[0] != german[0]
    assert english[1] != german[1]


def test_each_event_has_a_sentence_of_its_own():
    lines = {told("en", {"kind": "event", "seat": 1, "event": n, **USES[n]})[0] for n in USES}
    assert len(lines) == len(USES)


def test_a_ghost_with_nothing_to_lay_says_so():
    event = {"kind": "event", "seat": 1, "event": "ghost", "card": "judge#0", "new": None}
    assert "nothing replaces it" in told("en", event)[0]
    assert "nichts rückt nach" in told("de", event)[0]


def test_the_sponsor_is_told_with_its_rubles():
    event = {"kind": "event", "seat": 1, "event": "sponsor", "rubles": 6, "others": 2}
    assert told("en", event)[1] == (
        "Olga used the Sponsor: 6 rubles for them, 2 for everybody else."
    )
    assert told("de", event)[1] == (
        "Olga setzte den Gönner ein: 6 Rubel für sich, 2 für alle anderen."
    )


def test_the_assistants_deal_and_their_passing_read_differently():
    dealt = {"kind": "assistants", "round": 1, "held": ["architect", "lawyer"], "dealt": True}
    passed = {**dealt, "round": 2, "held": ["lawyer", "architect"], "dealt": False}
    assert told("en", dealt)[1] == "The assistants were dealt: Ivan: Architect, Olga: Lawyer."
    assert told("de", passed)[1] == (
        "Die Gehilfen rückten einen Platz nach rechts: Ivan: Advokat, Olga: Architekt."
    )


def test_the_assignments_deal_names_each_players_numbers():
    event = {"kind": "assignments", "dealt": [[1, 5, 13], [2, 7, 9]]}
    assert told("en", event)[1] == "The assignments were dealt: Ivan 1, 5, 13; Olga 2, 7, 9."
    assert told("de", event)[1] == "Die Aufträge wurden verteilt: Ivan 1, 5, 13; Olga 2, 7, 9."


def test_the_twins_pair_taken_or_discarded_is_told():
    taken = {"kind": "twin", "seat": 1, "cards": ["library#1", "market#0"], "ways": ["buy", "take"]}
    assert told("en", taken)[1] == "Olga took the Twin's pair: Library, Market."
    gone = {"kind": "twin_discarded", "seat": 1, "cards": ["library#1", "market#0"]}
    assert told("de", gone)[1] == (
        "Das Paar des Zwillings kam auf den Ablagestapel: Bibliothek, Markt."
    )


@pytest.mark.parametrize(
    ("code", "params"),
    [
        ("too_early", {}),
        ("event_used", {}),
        ("one_event_each", {}),
        ("event_impossible", {"reason": "twin"}),
        ("event_impossible", {"reason": "ghost"}),
        ("event_impossible", {"reason": "new_luck"}),
        ("event_impossible", {"reason": "grabber"}),
        ("event_impossible", {"reason": "way"}),
        ("twin_together", {}),
        ("twin_together", {"reason": "not_in_pair"}),
        ("twin_together", {"reason": "way"}),
        ("not_now", {"reason": "event_turn_start"}),
        ("not_now", {"reason": "no_events"}),
        ("not_now", {"move": "twin"}),
        ("not_now", {"decision": "twin"}),
    ],
)
def test_every_refusal_of_the_modules_is_worded_in_both_languages(code, params):
    with translation.override("en"):
        english = refusal_text(code, params)
        general = refusal_text(code, {})
    with translation.override("de"):
        german = refusal_text(code, params)
    assert english != german
    assert english != "That move is not allowed."
    if params:  # a case of its own, not the code's general words
        assert english != general
