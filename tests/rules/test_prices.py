"""Rulebook "Cost Reduction": identical cards, lower row, Workshop, Gold Smelter, never below 1."""

import pytest

from games.rules import IllegalMove

from .builders import of_kind, play, state


def bought_price(s, card, **extra):
    _, events = play(s, 0, kind="buy", card=card, **extra)
    return of_kind(events, "buy")[0]["price"]


def test_a_card_costs_its_printed_cost():
    s = state(board={"upper": ["library#0"]})
    assert bought_price(s, "library#0") == 17


def test_buying_pays_the_price_and_places_the_card_in_the_area():
    s = state(board={"upper": ["library#0", "author#0"]})
    s, _ = play(s, 0, kind="buy", card="library#0")
    assert s.players[0].money == 8
    assert s.players[0].area == ("library#0",)
    assert s.upper == ("author#0",)


def test_each_identical_card_in_the_area_makes_it_one_ruble_cheaper():
    s = state(players=[{"area": ["market#0", "market#1"]}, {}], board={"upper": ["market#2"]})
    assert bought_price(s, "market#2") == 3


def test_a_card_from_the_lower_row_costs_one_ruble_less():
    s = state(board={"lower": ["customs_house#0"]})
    assert bought_price(s, "customs_house#0") == 7


def test_a_carpenter_workshop_makes_blue_cards_one_ruble_cheaper():
    s = state(players=[{"area": ["carpenter_workshop#0"]}, {}], board={"upper": ["firehouse#0"]})
    assert bought_price(s, "firehouse#0") == 10


def test_a_carpenter_workshop_does_not_make_red_cards_cheaper():
    s = state(players=[{"area": ["carpenter_workshop#0"]}, {}], board={"upper": ["author#0"]})
    assert bought_price(s, "author#0") == 4


def test_a_gold_smelter_makes_red_cards_and_red_trading_cards_cheaper():
    s = state(
        players=[{"area": ["gold_smelter#0", "author#0"]}, {}],
        board={"upper": ["administrator#0", "senator#0"]},
    )
    assert bought_price(s, "administrator#0") == 6
    assert bought_price(s, "senator#0", displace="author#0") == 12 - 4 - 1


def test_reductions_add_up_as_in_the_rulebook_theater_example():
    s = state(
        players=[{"area": ["theater#0", "carpenter_workshop#0"]}, {}],
        board={"lower": ["theater#1"]},
    )
    assert bought_price(s, "theater#1") == 17


def test_a_card_never_costs_less_than_one_ruble():
    s = state(
        players=[
            {"area": ["market#0", "market#1", "market#2", "market#3", "carpenter_workshop#0"]},
            {},
        ],
        board={"lower": ["market#4"]},
    )
    assert bought_price(s, "market#4") == 1


def test_a_card_the_player_cannot_pay_is_refused_and_nothing_changes():
    s = state(players=[{"money": 16}, {}], board={"upper": ["library#0"]})
    before = s.to_dict()
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="library#0")
    assert error.value.code == "cannot_afford"
    assert s.to_dict() == before


def test_playing_a_card_from_hand_costs_its_price_without_a_lower_row_discount():
    s = state(players=[{"hand": ["customs_house#0"], "area": ["customs_house#1"]}, {}])
    s, events = play(s, 0, kind="play", card="customs_house#0")
    assert of_kind(events, "play")[0]["price"] == 7
    assert s.players[0].hand == ()
    assert s.players[0].area == ("customs_house#1", "customs_house#0")


def test_second_edition_markets_with_different_symbols_count_as_identical():
    s = state(edition="2nd", players=[{"area": ["market#0"]}, {}], board={"upper": ["market#3"]})
    assert bought_price(s, "market#3") == 4


def test_second_edition_prices_differ_for_observatory_judge_and_mistress():
    s = state(
        edition="2nd", board={"upper": ["observatory#0", "judge#0", "mistress_of_ceremonies#0"]}
    )
    assert bought_price(s, "observatory#0") == 7
    assert bought_price(s, "judge#0") == 17
    assert bought_price(s, "mistress_of_ceremonies#0") == 20


def test_a_card_not_on_the_board_cannot_be_bought():
    s = state(board={"upper": ["library#0"]})
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="library#1")
    assert error.value.code == "no_such_card"
