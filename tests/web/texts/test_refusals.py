"""A refused move is explained in the member's language, worded from its code and params.

The engine speaks English; the server never reads its sentences but the code and params of
`IllegalMove`, so every case the engine can raise needs words in both languages.
"""

import ast
import json
from pathlib import Path

import pytest
from django.utils import translation

from games import rules
from games.rules.decisions import DECISIONS
from games.rules.errors import MESSAGES
from games.rules.moves import MOVE_KINDS
from games.texts import refusal_text
from tests.web.games.conftest import to_act

RULES = Path(rules.__file__).parent
SAMPLE_VALUES = {"price": 11, "money": 5, "limit": 3, "why": "card must be a string"}


def _raised_cases() -> list[tuple[str, dict]]:
    """Every `IllegalMove(code, ..., **params)` written in the engine, its params sampled."""
    cases = []
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "IllegalMove"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                continue
            params = {}
            for keyword in node.keywords:
                if isinstance(keyword.value, ast.Constant):
                    params[keyword.arg] = keyword.value.value
                elif keyword.arg in SAMPLE_VALUES:
                    params[keyword.arg] = SAMPLE_VALUES[keyword.arg]
                else:  # `decision=` and `move=`: every registered kind, below
                    params = None
                    break
            if params is not None:
                cases.append((node.args[0].value, params))
    return cases


CASES = sorted(
    {
        (code, json.dumps(params, sort_keys=True))
        for code, params in [
            *_raised_cases(),
            *((code, {}) for code in MESSAGES),
            *(("not_now", {"decision": kind}) for kind in DECISIONS),
            *(("not_now", {"move": k}) for k, spec in MOVE_KINDS.items() if spec.handler is None),
        ]
    }
)


def test_the_engine_source_is_read_for_the_cases_it_raises():
    codes = {code for code, _params in _raised_cases()}

    assert {"cannot_afford", "malformed_move", "no_such_card", "too_many_points"} <= codes
    assert ("cannot_afford", {"price": 11, "money": 5}) in _raised_cases()


@pytest.mark.parametrize(("code", "params"), CASES)
def test_every_refusal_the_engine_can_raise_has_words_in_english_and_german(code, params):
    params = json.loads(params)
    with translation.override("en"):
        english = refusal_text(code, params)
    with translation.override("de"):
        german = refusal_text(code, params)

    assert english != "That move is not allowed."
    assert german != english
    assert "%(" not in english + german


def test_the_words_are_the_engines_own_sentence_in_english():
    """The registry's English is what the engine says (so docs/moves.md stays true)."""
    state = rules.new_game({"players": 2, "edition": "1st"}, 1)
    seat = sorted(rules.to_act(state))[0]
    card = state.upper[0]
    with pytest.raises(rules.IllegalMove) as refused:
        rules.apply_move(state, seat, rules.parse_move({"kind": "take", "card": card}))

    with translation.override("en"):
        assert refusal_text(refused.value.code, refused.value.params) == refused.value.message


def test_the_price_sentence_keeps_its_numbers_in_german():
    with translation.override("de"):
        text = refusal_text("cannot_afford", {"price": 11, "money": 5})

    assert text == "Das kostet 11 Rubel; du hast 5."


def test_the_pub_limit_keeps_its_number_in_german():
    with translation.override("de"):
        text = refusal_text("too_many_points", {"limit": 4})

    assert text == "Deine Schenken erlauben höchstens 4 Punkte."


def test_the_market_upkeep_sentence_keeps_its_numbers_in_german():
    with translation.override("de"):
        text = refusal_text("cannot_afford", {"reason": "upkeep", "price": 3, "money": 1})

    assert text == "Der Unterhalt kostet 3 Rubel; du hast 1."


def test_a_case_without_its_own_words_falls_back_to_its_codes_words():
    with translation.override("de"):
        text = refusal_text("not_now", {"decision": "a_kind_nobody_worded"})

    assert text == "Diese Aktion ist gerade nicht möglich."


def test_an_unknown_code_is_refused_in_general_words():
    with translation.override("de"):
        text = refusal_text("a_code_from_the_future", {})

    assert text == "Dieser Zug ist nicht erlaubt."


def test_a_german_member_reads_why_a_move_was_refused_in_german(client, two_player_game):
    user, _position = to_act(two_player_game)
    user.language = "de"
    user.save(update_fields=["language"])
    card = two_player_game.state["board"]["upper"][0]
    client.force_login(user)

    response = client.post(
        f"/games/{two_player_game.pk}/moves",
        data=json.dumps({"move": {"kind": "take", "card": card}, "expected_version": 0}),
        content_type="application/json",
    )

    assert response.json() == {
        "code": "must_buy_worker",
        "message": "In der ersten Handwerkerphase musst du Handwerker kaufen, bis du zwei hast.",
        "version": 0,
    }
