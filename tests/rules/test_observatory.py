"""Observatory (rulebook special cards; seeds/003: a turned Observatory cannot be displaced)."""

import pytest

from games.rules import IllegalMove, to_act

from .builders import moves_of, of_kind, pass_all, play, state

PILES = {"aristocrat": ["judge#0", "author#0"], "trading": ["bank#0"]}


def with_observatory(**extra):
    fields = {
        "players": [{"area": ["observatory#0"]}, {}],
        "piles": PILES,
        "board": {"upper": ["author#1"]},
    }
    fields.update(extra)
    return state(**fields)


def test_the_observatory_draws_the_top_card_of_the_chosen_pile():
    s, events = play(
        with_observatory(), 0, kind="observatory", observatory="observatory#0", pile="aristocrat"
    )
    assert events == [
        {"kind": "observatory", "seat": 0, "observatory": "observatory#0", "pile": "aristocrat",
         "card": "judge#0", "reveals": True}
    ]  # fmt: skip
    assert s.drawn == "judge#0"
    assert s.pile("aristocrat") == ("author#0",)
    assert to_act(s) == (0,)
    assert moves_of(s, 0) == [
        {"kind": "buy", "card": "judge#0"},
        {"kind": "take", "card": "judge#0"},
        {"kind": "discard", "card": "judge#0"},
    ]


def test_the_drawn_card_is_bought_at_its_normal_price():
    s, _ = play(
        with_observatory(), 0, kind="observatory", observatory="observatory#0", pile="aristocrat"
    )
    s, events = play(s, 0, kind="buy", card="judge#0")
    assert of_kind(events, "buy")[0] == {
        "kind": "buy",
        "seat": 0,
        "card": "judge#0",
        "from": "observatory",
        "price": 16,
        "displaced": None,
    }
    assert s.drawn is None
    assert to_act(s) == (1,)


def test_the_drawn_card_may_be_discarded_or_taken_into_hand():
    s, _ = play(
        with_observatory(), 0, kind="observatory", observatory="observatory#0", pile="aristocrat"
    )
    discarded, _ = play(s, 0, kind="discard", card="judge#0")
    assert discarded.discard == ("judge#0",)
    taken, _ = play(s, 0, kind="take", card="judge#0")
    assert taken.players[0].hand == ("judge#0",)


def test_a_drawn_card_must_be_dealt_with_before_anything_else():
    s, _ = play(
        with_observatory(), 0, kind="observatory", observatory="observatory#0", pile="aristocrat"
    )
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="pass")
    assert error.value.code == "not_now"
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="take", card="author#1")
    assert error.value.code == "no_such_card"


def test_the_observatory_cannot_draw_the_last_card_of_a_pile():
    with pytest.raises(IllegalMove) as error:
        play(with_observatory(), 0, kind="observatory", observatory="observatory#0", pile="trading")
    assert error.value.code == "pile_too_small"


@pytest.mark.parametrize(
    ("area", "named"),
    [((), "observatory#0"), (("observatory#0",), "observatory#1"), (("library#0",), "library#0")],
)
def test_only_an_observatory_in_the_seats_area_draws(area, named):
    s = with_observatory(players=[{"area": list(area)}, {"area": ["observatory#1"]}])
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="observatory", observatory=named, pile="aristocrat")
    assert (error.value.code, error.value.params) == ("no_such_card", {"reason": "no_observatory"})


def test_the_observatory_works_once_per_round():
    s = with_observatory(
        players=[{"area": ["observatory#0"], "used_observatories": ["observatory#0"]}, {}]
    )
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="observatory", observatory="observatory#0", pile="aristocrat")
    assert error.value.code == "observatory_used"


def test_the_observatory_works_only_in_the_building_phase():
    s = with_observatory(phase="aristocrat")
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="observatory", observatory="observatory#0", pile="aristocrat")
    assert error.value.code == "not_now"


def test_a_used_observatory_scores_no_point_that_round():
    used = with_observatory(
        players=[{"area": ["observatory#0"], "used_observatories": ["observatory#0"]}, {}]
    )
    _, events = pass_all(used)
    assert of_kind(events, "score")[0]["points_gain"] == 0
    _, events = pass_all(with_observatory())
    assert of_kind(events, "score")[0]["points_gain"] == 1


def test_a_used_observatory_cannot_be_displaced():
    s = with_observatory(
        players=[{"area": ["observatory#0"], "used_observatories": ["observatory#0"]}, {}],
        board={"upper": ["peterhof#0"]},
    )
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="peterhof#0", displace="observatory#0")
    assert error.value.code == "cannot_displace"


def test_used_observatories_turn_back_at_the_end_of_the_round():
    s = with_observatory(
        phase="trading",
        players=[{"area": ["observatory#0"], "used_observatories": ["observatory#0"]}, {}],
        piles={"worker": ["lumberjack#0", "lumberjack#1", "lumberjack#2"]},
    )
    s, _ = pass_all(s)
    assert s.phase == "worker"
    assert s.players[0].used == ()


def test_the_observatory_cannot_draw_from_a_pile_the_game_does_not_have():
    with pytest.raises(IllegalMove) as error:
        play(with_observatory(), 0, kind="observatory", observatory="observatory#0", pile="market")
    assert error.value.code == "no_such_pile"


def test_a_drawn_trading_card_is_offered_over_what_it_displaces_which_goes_to_the_discard():
    s = with_observatory(
        players=[{"area": ["observatory#0", "library#0"], "money": 30}, {}],
        discard=["author#2"],
        piles={**PILES, "trading": ["bank#0", "harbor#0"]},
    )
    s, _ = play(s, 0, kind="observatory", observatory="observatory#0", pile="trading")
    assert moves_of(s, 0) == [
        {"kind": "buy", "card": "bank#0", "displace": "library#0"},
        {"kind": "take", "card": "bank#0"},
        {"kind": "discard", "card": "bank#0"},
    ]
    s, events = play(s, 0, kind="buy", card="bank#0", displace="library#0")
    assert of_kind(events, "buy")[0] == {
        "kind": "buy",
        "seat": 0,
        "card": "bank#0",
        "from": "observatory",
        "price": 1,  # 13 less the 17 of the Library, but never below one ruble
        "displaced": "library#0",
    }
    assert s.players[0].area == ("observatory#0", "bank#0")
    assert s.discard == ("author#2", "library#0")


def test_the_drawn_card_discarded_or_taken_is_told_in_the_events():
    s, _ = play(
        with_observatory(), 0, kind="observatory", observatory="observatory#0", pile="aristocrat"
    )
    _, events = play(s, 0, kind="discard", card="judge#0")
    assert of_kind(events, "discard") == [{"kind": "discard", "seat": 0, "card": "judge#0"}]
    _, events = play(s, 0, kind="take", card="judge#0")
    assert of_kind(events, "take") == [
        {"kind": "take", "seat": 0, "card": "judge#0", "from": "observatory"}
    ]
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="discard", card="author#1")
    assert (error.value.code, error.value.params) == (
        "no_such_card",
        {"reason": "not_the_drawn_card"},
    )
