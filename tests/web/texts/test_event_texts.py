"""Every event the engine can write is told in the log (and, where e-mails tell it, in mail)
in English and in German; a kind without words must say so on purpose (`silent`)."""

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.html import strip_tags

from games import rules
from games.texts import EVENT_TEXTS, log_line, mail_sentence, register_event_text
from games.texts.registry import EventText
from games.texts.words import HtmlWords, PlainWords

RULES = Path(rules.__file__).parent
CATALOGUE = rules.game_card_catalogue(
    {"edition": "2nd", "players": 2, "market": True, "banquet": True}
)
NOT_EVENTS = {
    "legacy.py"
}  # reads old state shapes, whose dicts with "kind" are marks and decisions

SAMPLES = {
    # The Banquet
    "special": {
        "kind": "special",
        "seat": 1,
        "card": "golden_donkey#0",
        "target": None,
        "rubles": 5,
    },
    "special_discard": {"kind": "special_discard", "seat": 1, "card": "jester#0"},
    "black_market": {"kind": "black_market", "seat": 1, "card": "library#1", "then": "take"},
    "overlay": {"kind": "overlay", "seat": 1, "card": "jester#0", "target": "library#1"},
    "overlay_gone": {"kind": "overlay_gone", "seat": 1, "card": "jester#0", "target": "library#1"},
    "moocher": {
        "kind": "moocher",
        "seat": 1,
        "owner": 0,
        "card": "library#1",
        "gain": "points",
        "rubles": 0,
        "points": 5,
    },
    "collect": {"kind": "collect", "seat": 1, "card": "library#1", "price": 3},
    "pickpocket": {
        "kind": "pickpocket",
        "seat": 1,
        "used": True,
        "card": "library#1",
        "then": "take",
    },
    "pickpocket_plan": {"kind": "pickpocket_plan", "seat": 1, "ask": False},
    "buy": {"kind": "buy", "seat": 1, "card": "library#1", "price": 6, "displaced": None},
    "play": {"kind": "play", "seat": 1, "card": "library#1", "price": 5},
    "take": {"kind": "take", "seat": 1, "card": "library#1", "from": "board"},
    "discard": {"kind": "discard", "seat": 1, "card": "library#1"},
    "pass": {"kind": "pass", "seat": 1, "until": None, "automatic": False, "forced": False},
    "observatory": {
        "kind": "observatory",
        "seat": 1,
        "observatory": "observatory#1",
        "pile": "building",
        "card": "library#1",
        "reveals": True,
    },
    "pub_plan": {"kind": "pub_plan", "seat": 1, "points": 2},
    "pub": {
        "kind": "pub",
        "seat": 1,
        "points": 2,
        "price": 4,
        "points_before": 10,
        "points_after": 12,
    },
    "phase": {"kind": "phase", "round": 2, "phase": "building", "start_seat": 1},
    "actions_end": {"kind": "actions_end", "round": 2, "phase": "building"},
    "score": {
        "kind": "score",
        "seat": 1,
        "phase": "building",
        "money_before": 3,
        "money_gain": 0,
        "money_after": 3,
        "points_before": 10,
        "points_gain": 4,
        "points_after": 14,
    },
    "ledger": {"kind": "ledger", "seat": 1, "source": "cards", "rubles": 0, "points": 4},
    "refill": {"kind": "refill", "pile": "building", "cards": ["library#1"]},
    "last_round": {"kind": "last_round", "pile": "building", "round": 5},
    "round_end": {"kind": "round_end", "round": 2, "discarded": ["library#1"]},
    "markers": {"kind": "markers", "markers": {"worker": 1, "building": 0}},
    "stalemate": {"kind": "stalemate", "round": 9},
    "game_end": {"kind": "game_end", "round": 9},
    "final_score": {"kind": "final_score", "seat": 1, "total": 55, "rank": 1},
    "undo": {"kind": "undo", "seat": 1},
    # New Society, In Good Company, five players
    "sack": {"kind": "sack", "seat": 1, "points": 2},
    "prison": {"kind": "prison", "seat": 1, "card": "library#1", "then": "buy", "price": 4},
    "trading_house": {"kind": "trading_house", "seat": 1, "used": True, "price": 3, "points": 2},
    "trading_house_plan": {"kind": "trading_house_plan", "seat": 1, "use": True},
    "guild_hall_plan": {"kind": "guild_hall_plan", "seat": 1, "points": 2, "rubles": 1},
    "sycophant_discard": {
        "kind": "sycophant_discard",
        "seat": 1,
        "card": "library#1",
        "automatic": False,
    },
    # the Market
    "upkeep_plan": {"kind": "upkeep_plan", "seat": 1, "keep": True},
    "upkeep": {
        "kind": "upkeep",
        "seat": 1,
        "card": "market_fish_crate#0",
        "price": 3,
        "kept": False,
        "automatic": False,
    },
    "joker": {"kind": "joker", "seat": 1, "card": "ship_builder#5", "good": "fish"},
    "joker_returned": {
        "kind": "joker_returned",
        "seat": 1,
        "card": "ship_builder#5",
        "good": "fish",
    },
    "market_score": {
        "kind": "market_score",
        "good": "fish",
        "value": [4, 2],
        "first": [1],
        "second": [0],
        "positions": [1, 2],
    },
    # the Assistants, the Events, the Assignments
    "assistants": {
        "kind": "assistants",
        "round": 3,
        "held": ["lawyer", "architect"],
        "dealt": False,
    },
    "event": {
        "kind": "event",
        "seat": 1,
        "event": "twin",
        "card": "market#0",
        "on": "library#1",
        "reveals": True,
    },
    "twin": {
        "kind": "twin",
        "seat": 1,
        "cards": ["library#1", "market#0"],
        "ways": ["buy", "take"],
    },
    "twin_discarded": {"kind": "twin_discarded", "seat": 1, "cards": ["library#1", "market#0"]},
    "assignments": {"kind": "assignments", "dealt": [[1, 5, 13], [2, 7, 9]]},
    # Module 6, the Obstacles
    "obstacle_passed": {
        "kind": "obstacle_passed",
        "seat": 1,
        "space": 20,
        "obstacle": "real_buildings",
        "real": True,
        "rubles": 2,
        "points": 3,
    },
    "obstacle_blocked": {
        "kind": "obstacle_blocked",
        "seat": 1,
        "space": 20,
        "obstacle": "real_buildings",
        "wasted": 3,
        "progress": [{"what": "blue", "have": 1, "need": 2}],
    },
    "obstacle_overcome": {
        "kind": "obstacle_overcome",
        "seat": 1,
        "space": 20,
        "obstacle": "real_buildings",
        "rubles": 2,
        "points": 2,
    },
    "obstacle_bonus": {
        "kind": "obstacle_bonus",
        "seat": 1,
        "space": 50,
        "obstacle": "bonus_market",
        "rubles": 1,
        "points": 2,
        "automatic": True,
    },
}


def engine_event_kinds() -> set[str]:
    """The kinds of every event dict written in the engine's source (`{"kind": "...", ...}`)."""
    kinds = set()
    for path in RULES.rglob("*.py"):
        if path.name in NOT_EVENTS:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if (
                        isinstance(key, ast.Constant)
                        and key.value == "kind"
                        and isinstance(value, ast.Constant)
                    ):
                        kinds.add(value.value)
    return kinds


def test_the_engine_source_is_read_for_its_event_kinds():
    assert {"buy", "pub", "observatory", "score", "ledger", "final_score"} <= engine_event_kinds()


def test_every_engine_event_kind_has_registered_words():
    assert engine_event_kinds() - set(EVENT_TEXTS) == set()
    assert engine_event_kinds() - set(SAMPLES) == set()  # and this test has an example of it


def _log(language: str, event: dict) -> str:
    with translation.override(language):
        words = HtmlWords({0: "Ivan", 1: "Olga"}, CATALOGUE)
        return str(log_line(words, event))


def _mail(language: str, event: dict, reader: int) -> str | None:
    with translation.override(language):
        words = PlainWords({0: "Ivan", 1: "Olga"}, CATALOGUE)
        return mail_sentence(words, event, reader=reader)


@pytest.mark.parametrize("kind", sorted(SAMPLES))
def test_every_event_kind_reads_in_english_and_in_german(kind):
    entry = EVENT_TEXTS[kind]
    event = SAMPLES[kind]
    if entry.silent:
        assert (entry.log, entry.mail, entry.mail_own) == (None, None, None)
        return
    if entry.log is not None:
        assert _log("de", event) != _log("en", event)
        assert "{" not in _log("de", event) + _log("en", event)
    for reader in (0, 1):
        told = entry.mail_own if event.get("seat") == reader else entry.mail
        if told is not None:
            assert _mail("de", event, reader) != _mail("en", event, reader)


def test_card_names_follow_the_language():
    event = SAMPLES["buy"]

    assert "Bibliothek" in _log("de", event)
    assert "Library" in _log("en", event)
    assert _mail("de", event, reader=0) == "Olga kaufte Bibliothek für 6 Rubel."


def test_the_reader_is_told_his_own_scoring_but_not_the_others():
    event = SAMPLES["score"]

    assert _mail("en", event, reader=1) == ("Buildings were scored: you got 0 rubles and 4 points.")
    assert _mail("en", event, reader=0) is None


def test_a_kind_without_words_is_refused_unless_kept_quiet_on_purpose():
    with pytest.raises(ValueError, match="needs words"):
        register_event_text("some_new_kind")


def test_a_new_kind_is_one_registration(monkeypatch):
    monkeypatch.setitem(EVENT_TEXTS, "jester", EventText("jester"))
    register_event_text("jester", mail=lambda w, e: f"{w.name(e['seat'])} laughs.")

    assert _mail("en", {"kind": "jester", "seat": 1}, reader=0) == "Olga laughs."
    assert _log("en", {"kind": "jester", "seat": 1}) == "None"


@pytest.mark.parametrize(
    ("kind", "english", "german"),
    [
        ("prison", "Olga bought Library from the discard pile for 4 rubles.",
         "Olga kaufte Bibliothek aus dem Ablagestapel für 4 Rubel."),
        ("trading_house", "Olga paid 3 rubles at the Trading House for 2 points.",
         "Olga zahlte im Handelshaus 3 Rubel für 2 Punkte."),
    ],
)  # fmt: skip
def test_new_society_moves_are_told_in_the_other_players_e_mails(kind, english, german):
    assert _mail("en", SAMPLES[kind], reader=0) == english
    assert _mail("de", SAMPLES[kind], reader=0) == german


def test_the_sack_holder_is_told_his_points_and_the_others_who_holds_the_sack():
    assert _mail("en", SAMPLES["sack"], reader=1) == "You hold the sack and got 2 points."
    assert _mail("de", SAMPLES["sack"], reader=1) == "Du hast den Sack und bekamst 2 Punkte."
    assert _mail("en", SAMPLES["sack"], reader=0) == "Olga holds the sack and got 2 points."
    assert _mail("de", SAMPLES["sack"], reader=0) == "Olga hat den Sack und bekam 2 Punkte."


def test_a_card_put_back_through_the_debtors_prison_is_told():
    put_back = {"kind": "prison", "seat": 1, "card": "library#1", "then": "return"}

    assert _mail("en", put_back, reader=0) == (
        "Olga used the Debtor's Prison, looked at Library and put it back."
    )
    assert _mail("de", put_back, reader=0) == (
        "Olga nutzte den Schuldturm, sah sich Bibliothek an und legte die Karte zurück."
    )


def test_a_sycophant_given_up_or_discarded_for_want_of_money_is_told():
    given_up = {**SAMPLES["sycophant_discard"], "automatic": False}
    unpaid = {**SAMPLES["sycophant_discard"], "automatic": True}

    assert _mail("en", given_up, reader=0).startswith("Olga gave up ")
    assert "could not pay for" in _mail("en", unpaid, reader=0)
    assert "konnte" in _mail("de", unpaid, reader=0)


BANQUET_KINDS = (
    "special", "special_discard", "black_market", "overlay", "overlay_gone", "moocher", "collect",
    "pickpocket", "pickpocket_plan",
)  # fmt: skip


def test_the_banquets_words_are_registered_by_its_own_texts_module():
    for kind in BANQUET_KINDS:
        assert EVENT_TEXTS[kind].log.__module__ == "games.texts.banquet"


@pytest.mark.parametrize(
    ("event", "english", "german"),
    [
        (SAMPLES["special"], "Olga played Golden Donkey and took 5 rubles from the bank.",
         "Olga spielte Goldesel und nahm 5 Rubel von der Bank."),
        ({**SAMPLES["special"], "card": "double_turn#0", "rubles": None, "actions": 2},
         "Olga played Double Turn and took 2 more actions.",
         "Olga spielte Doppelzug und hatte 2 weitere Aktionen."),
        (SAMPLES["special_discard"], "Olga discarded Jester from the hand.",
         "Olga warf Hofnarr von der Hand ab."),
        (SAMPLES["black_market"],
         "Olga used a Black Market and took Library from the discard pile.",
         "Olga nutzte einen Schwarzmarkt und nahm Bibliothek vom Ablagestapel."),
        ({**SAMPLES["black_market"], "then": "return"},
         "Olga used a Black Market, looked at Library and put it back.",
         "Olga nutzte einen Schwarzmarkt, sah sich Bibliothek an und legte sie zurück."),
        ({**SAMPLES["black_market"], "then": "buy"},
         "Olga used a Black Market on the discard pile.",
         "Olga nutzte einen Schwarzmarkt auf dem Ablagestapel."),
        (SAMPLES["overlay"], "Olga put Jester on Library.", "Olga legte Hofnarr auf Bibliothek."),
        (SAMPLES["moocher"], "Olga used the Moocher on Ivan's Library and got 5 points.",
         "Olga nutzte den Schnorrer bei Ivan (Bibliothek) und bekam 5 Punkte."),
        ({**SAMPLES["moocher"], "gain": "rubles", "rubles": 1},
         "Olga used the Moocher on Ivan's Library and got 1 ruble.",
         "Olga nutzte den Schnorrer bei Ivan (Bibliothek) und bekam 1 Rubel."),
        (SAMPLES["collect"],
         "Olga placed Library for half price with the Money Collector: 3 rubles.",
         "Olga legte Bibliothek mit dem Geldeintreiber zum halben Preis aus: 3 Rubel."),
        (SAMPLES["pickpocket"], "Olga used the Pick Pocket and took Library into the hand.",
         "Olga setzte den Taschendieb ein und nahm Bibliothek auf die Hand."),
        ({**SAMPLES["pickpocket"], "then": "buy"},
         "Olga used the Pick Pocket before the phase began.",
         "Olga setzte den Taschendieb vor Beginn der Phase ein."),
        ({**SAMPLES["pickpocket"], "card": None, "then": None},
         "Olga used the Pick Pocket and began the phase.",
         "Olga setzte den Taschendieb ein und begann die Phase."),
    ],
)  # fmt: skip
def test_the_banquets_cards_are_told_in_the_other_players_e_mails(event, english, german):
    assert _mail("en", event, reader=0) == english
    assert _mail("de", event, reader=0) == german


def test_a_declined_pick_pocket_and_the_standing_answer_are_not_told_in_e_mails():
    assert _mail("en", {**SAMPLES["pickpocket"], "used": False}, reader=0) is None
    assert _mail("en", SAMPLES["pickpocket_plan"], reader=0) is None


@pytest.mark.parametrize(
    ("event", "english"),
    [
        (SAMPLES["special"], "Olga plays Golden Donkey and takes 5 rubles from the bank"),
        ({**SAMPLES["special"], "card": "double_turn#0", "rubles": None, "actions": 2},
         "Olga plays Double Turn: 2 more actions"),
        (SAMPLES["moocher"], "Olga scores 5 points of Ivan's Library with the Moocher"),
        ({**SAMPLES["moocher"], "gain": "rubles", "rubles": 3},
         "Olga scores 3 rubles of Ivan's Library with the Moocher"),
        (SAMPLES["pickpocket"], "Olga uses the Pick Pocket and takes Library into the hand"),
        ({**SAMPLES["pickpocket"], "then": "buy"},
         "Olga uses the Pick Pocket to buy Library before the phase begins"),
    ],
)  # fmt: skip
def test_the_log_names_the_amounts_and_the_card_a_pick_pocket_takes(event, english):
    assert _text(_log("en", event)) == english


def _text(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


@pytest.mark.parametrize(
    ("language", "plan", "mail", "mail_own"),
    [
        (
            "en",
            "Ivan plans to buy up to 1 point at the Pub",
            "Ivan bought 1 point at the Pub.",
            "You bought 1 point at your Pub.",
        ),
        (
            "de",
            "Ivan will in der Schenke bis zu 1 Punkt kaufen",
            "Ivan kaufte in der Schenke 1 Punkt.",
            "Du hast in deiner Schenke 1 Punkt gekauft.",
        ),
    ],
)
def test_one_point_at_the_pub_reads_in_the_singular(language, plan, mail, mail_own):
    bought = {"kind": "pub", "seat": 0, "points": 1, "price": 2}
    bought |= {"points_before": 5, "points_after": 6}

    assert strip_tags(_log(language, {"kind": "pub_plan", "seat": 0, "points": 1})) == plan
    assert (_mail(language, bought, 1), _mail(language, bought, 0)) == (mail, mail_own)


@pytest.mark.parametrize(
    ("event", "english", "german"),
    [
        ({**SAMPLES["prison"], "displaced": "warehouse#0"},
         "Olga uses the Debtor's Prison and buys Library for 4 rubles, replacing Warehouse",
         "Olga nutzt den Schuldturm und kauft Bibliothek für 4 Rubel und ersetzt Lagerhaus"),
        ({**SAMPLES["prison"], "then": "take"},
         "Olga uses the Debtor's Prison and takes Library into the hand",
         "Olga nutzt den Schuldturm und nimmt Bibliothek auf die Hand"),
        ({**SAMPLES["prison"], "then": "return"},
         "Olga uses the Debtor's Prison, looks at Library and puts it back",
         "Olga nutzt den Schuldturm, sieht sich Bibliothek an und legt die Karte zurück"),
        ({"kind": "trading_house", "seat": 1, "used": False},
         "Olga does not use the Trading House", "Olga nutzt das Handelshaus nicht"),
        ({"kind": "trading_house_plan", "seat": 1, "use": False},
         "Olga plans not to use the Trading House", "Olga will das Handelshaus nicht nutzen"),
        ({**SAMPLES["sycophant_discard"], "automatic": True},
         "Olga cannot pay for Library: it is discarded",
         "Olga kann Bibliothek nicht bezahlen: die Karte wird abgelegt"),
    ],
)  # fmt: skip
def test_the_log_tells_each_way_new_society_cards_are_used(event, english, german):
    assert _text(_log("en", event)) == english
    assert _text(_log("de", event)) == german


def test_a_card_taken_into_the_hand_through_the_debtors_prison_is_told_in_e_mails():
    taken = {**SAMPLES["prison"], "then": "take"}

    assert _mail("en", taken, reader=0) == "Olga took Library from the discard pile into the hand."
    assert _mail("de", taken, reader=0) == (
        "Olga nahm Bibliothek aus dem Ablagestapel auf die Hand."
    )


def test_a_trading_house_left_unused_is_not_told_in_e_mails():
    assert _mail("en", {"kind": "trading_house", "seat": 1, "used": False}, reader=0) is None


@pytest.mark.parametrize(
    ("event", "english", "german"),
    [
        ({**SAMPLES["special"], "card": "black_market#0", "rubles": None},
         "Olga plays Black Market", "Olga spielt Schwarzmarkt"),
        (SAMPLES["black_market"],
         "Olga takes Library from the discard pile", "Olga nimmt Bibliothek vom Ablagestapel"),
        ({**SAMPLES["black_market"], "then": "return"},
         "Olga looks at Library and puts it back",
         "Olga sieht sich Bibliothek an und legt die Karte zurück"),
        # A Moocher event written before the amount was recorded (an old game's log).
        ({"kind": "moocher", "seat": 1, "owner": 0, "card": "library#1", "gain": "points"},
         "Olga scores the points of Ivan's Library",
         "Olga bekommt die Punkte von Bibliothek (Ivan)"),
        ({"kind": "moocher", "seat": 1, "owner": 0, "card": "library#1", "gain": "rubles"},
         "Olga scores the rubles of Ivan's Library",
         "Olga bekommt die Rubel von Bibliothek (Ivan)"),
        ({**SAMPLES["collect"], "displaced": "warehouse#0"},
         "Olga places Library for half price with the Money Collector: 3 rubles, replacing "
         "Warehouse",
         "Olga legt Bibliothek mit dem Geldeintreiber zum halben Preis aus: 3 Rubel und ersetzt "
         "Lagerhaus"),
        ({**SAMPLES["pickpocket"], "used": False},
         "Olga keeps the Pick Pocket", "Olga behält den Taschendieb"),
        ({**SAMPLES["pickpocket"], "card": None, "then": None},  # 1st edition
         "Olga uses the Pick Pocket and begins the phase",
         "Olga setzt den Taschendieb ein und beginnt die Phase"),
    ],
)  # fmt: skip
def test_the_log_tells_each_way_the_banquets_cards_are_used(event, english, german):
    assert _text(_log("en", event)) == english
    assert _text(_log("de", event)) == german


def test_a_black_market_buy_and_a_card_played_for_its_later_effect_leave_the_telling_to_later():
    # The buy event that follows a Black Market buy says it, with the price; a Black Market,
    # Jester or Away with it! is told by its own event after the "plays" line.
    black_market_buy = {**SAMPLES["black_market"], "then": "buy"}
    played = {**SAMPLES["special"], "card": "black_market#0", "rubles": None}

    assert log_line(HtmlWords({1: "Olga"}, CATALOGUE), black_market_buy) is None
    assert _mail("en", played, reader=0) is None


def test_a_market_scoring_of_a_good_nobody_has_says_so():
    nobody = {**SAMPLES["market_score"], "first": [], "second": []}

    assert _log("en", nobody) == "Nobody has fish."
    assert _log("de", nobody) == "Niemand hat Fisch."


def test_an_event_that_names_no_card_shows_a_dash_in_the_log_and_a_question_mark_in_mail():
    assert HtmlWords({}, CATALOGUE).card(None) == "—"
    assert PlainWords({}, CATALOGUE).card(None) == "?"
