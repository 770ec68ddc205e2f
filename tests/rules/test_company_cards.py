"""The simple New Society / In Good Company cards (expansions.md §2.1, 2.6; 3.1 NS-5, NS-11,
NS-13; 3.5 M2-2): Coffee House, Mayor, Textile Factory, Obshchina Commune, New Society /
October Revolution, Czar and Carpenter (New Society), Mariinski Theater (New Society), and the
plain cards University, Merchant and Lt. Kijé."""

import pytest

from games.rules import legal_moves

from .builders import of_kind, pass_all, play, state

NS1 = {"edition": "1st", "new_society": "full"}
NS2 = {"edition": "2nd", "new_society": "full", "in_good_company": True}
IGC = {"edition": "2nd", "in_good_company": True}
BOARD = {"upper": ["author#5"]}


def income(options, phase, area, marks=()):
    player = {"area": list(area), "money": 0, "marks": list(marks)}
    s = state(options=options, phase=phase, board=BOARD, players=[player, {}])
    _, events = pass_all(s)
    score = next(e for e in of_kind(events, "score") if e["seat"] == 0)
    return score["money_gain"], score["points_gain"]


def test_a_textile_factory_pays_2_points_per_wool_card_the_new_society_card_included():
    area = ["shepherd#0", "weaving_mill#0", "czar_and_carpenter_ns#0", "new_society#0",
            "textile_factory#0"]  # fmt: skip
    assert income(NS1, "building", area)[1] == 8


def test_the_october_revolution_is_no_wool_card():
    area = ["shepherd#0", "weaving_mill#0", "czar_and_carpenter_ns#0", "october_revolution#0",
            "textile_factory#0"]  # fmt: skip
    assert income(NS2, "building", area)[1] == 6


def test_a_mayor_pays_a_ruble_per_blue_card_a_turned_observatory_included():
    area = ["mayor#0", "library#0", "theater#0", "hospital#0", "observatory_ns#0"]
    marks = [{"card": "observatory_ns#0", "kind": "turned", "clears": "round_end"}]
    assert income(NS1, "aristocrat", area, marks) == (4, 0)


def test_a_coffee_house_pays_a_ruble_per_red_card_sycophants_included():
    area = ["coffee_house#0", "sycophant#0", "sycophant#1", "senator#0"]
    assert income(NS1, "building", area) == (3, 0)


def test_the_mariinski_theater_of_new_society_pays_a_point_per_red_card():
    assert income(NS1, "building", ["mariinsky_theater_ns#0", "author#0", "senator#0"]) == (0, 2)


def test_the_czar_and_carpenter_of_new_society_pays_2_rubles():
    assert income(NS1, "worker", ["czar_and_carpenter_ns#0"]) == (2, 0)


def test_obshchina_commune_takes_a_ruble_off_every_green_card():
    board = {"upper": ["author#5"], "lower": ["fur_trapper#1"]}
    area = ["obshchina_commune#0", "fur_trapper#0"]
    s = state(options=NS1, phase="worker", board=board, players=[{"area": area, "money": 10}, {}])
    s, events = play(s, 0, kind="buy", card="fur_trapper#1")
    assert of_kind(events, "buy")[0]["price"] == 3  # 6 - identical - lower row - Obshchina


def test_obshchina_commune_gives_no_discount_on_blue_or_red_cards():
    s = state(options=NS1, board={"upper": ["library#0"]},
              players=[{"area": ["obshchina_commune#0"], "money": 30}, {}])  # fmt: skip
    _, events = play(s, 0, kind="buy", card="library#0")
    assert of_kind(events, "buy")[0]["price"] == 17


def test_new_society_displaces_any_worker_but_no_trading_card():
    area = ["new_farmer#0", "czar_and_carpenter_ns#0", "lumberjack#0", "wharf#0"]
    s = state(options=NS1, phase="trading", board={"upper": ["new_society#0"]},
              players=[{"area": area, "money": 30}, {}])  # fmt: skip
    targets = {m.displace for m in legal_moves(s, 0) if m.kind == "buy"}
    assert targets == {"new_farmer#0", "czar_and_carpenter_ns#0", "lumberjack#0"}
    _, events = play(s, 0, kind="buy", card="new_society#0", displace="new_farmer#0")
    assert of_kind(events, "buy")[0]["price"] == 6  # 15 - 9


def test_the_october_revolution_over_the_czar_and_carpenter_costs_7():
    s = state(options=IGC, phase="trading", board={"upper": ["october_revolution#0"]},
              players=[{"area": ["czar_and_carpenter#0"], "money": 30}, {}])  # fmt: skip
    _, events = play(s, 0, kind="buy", card="october_revolution#0", displace="czar_and_carpenter#0")
    assert of_kind(events, "buy")[0]["price"] == 7


def test_any_green_trading_card_may_displace_the_czar_and_carpenter_of_new_society():
    s = state(options=NS1, phase="trading", board={"upper": ["obshchina_commune#0", "wharf#0"]},
              players=[{"area": ["czar_and_carpenter_ns#0"], "money": 30}, {}])  # fmt: skip
    moves = [(m.card, m.displace) for m in legal_moves(s, 0) if m.kind == "buy"]
    assert ("obshchina_commune#0", "czar_and_carpenter_ns#0") in moves
    assert ("wharf#0", "czar_and_carpenter_ns#0") in moves


def test_obshchina_commune_gives_no_discount_on_its_own_price():
    """§2.1: it is not yet in the area when bought - 13 minus the displaced New Farmer's 9."""
    s = state(options=NS1, phase="trading", board={"upper": ["obshchina_commune#0"]},
              players=[{"area": ["new_farmer#0"], "money": 30}, {}])  # fmt: skip
    _, events = play(s, 0, kind="buy", card="obshchina_commune#0", displace="new_farmer#0")
    assert of_kind(events, "buy")[0]["price"] == 4


def test_with_obshchina_commune_a_worker_never_costs_less_than_1():
    """§2.1 "never below 1": a Lumberjack (3) from the lower row beside another Lumberjack and
    the Obshchina Commune is 3 - 1 - 1 - 1 = 0, paid as 1."""
    board = {"upper": ["author#5"], "lower": ["lumberjack#1"]}
    area = ["obshchina_commune#0", "lumberjack#0"]
    s = state(options=NS1, phase="worker", board=board, players=[{"area": area, "money": 10}, {}])
    s, events = play(s, 0, kind="buy", card="lumberjack#1")
    assert of_kind(events, "buy")[0]["price"] == 1
    assert s.players[0].money == 9


@pytest.mark.parametrize(
    ("options", "card"), [(NS1, "new_society#0"), (NS2, "october_revolution#0")]
)
def test_new_society_costs_the_difference_to_the_worker_then_every_green_reduction(options, card):
    """§2.1: 15 - the displaced worker's cost (at least 1), then the reductions of a green card.
    Over the dearest worker there is (New Farmer, 9) from the lower row with an Obshchina
    Commune that is 15 - 9 - 1 - 1 = 4: with the cards that exist the floor of 1 never bites
    for this card (no worker costs 14 or more, and it has no identical copy)."""
    area = ["new_farmer#0", "obshchina_commune#0"]
    s = state(options=options, phase="trading", board={"upper": ["author#5"], "lower": [card]},
              players=[{"area": area, "money": 30}, {}])  # fmt: skip
    s, events = play(s, 0, kind="buy", card=card, displace="new_farmer#0")
    assert of_kind(events, "buy")[0]["price"] == 4
    assert s.players[0].area == ("obshchina_commune#0", card)
    assert s.discard == ("new_farmer#0",)


# University 18 / 6 points (blue), Merchant 6 / 3 rubles and Lt. Kijé 12 / 3 points (red): plain
# trading cards (§2.1, §2.6), bought over a card of their colour, scored with that colour.
PLAIN = [
    ("university#0", "market#0", "building", 18 - 5, (0, 6)),
    ("merchant#0", "author#0", "aristocrat", 6 - 4, (3 + 1, 0)),
    ("lt_kije#0", "author#0", "aristocrat", 12 - 4, (1, 3)),
]


@pytest.mark.parametrize("options", [NS1, IGC])
@pytest.mark.parametrize(("card", "over", "phase", "price", "scored"), PLAIN)
def test_university_merchant_and_lt_kije_have_their_numbers_and_score_with_their_colour(
    options, card, over, phase, price, scored
):
    area = [over, "author#1"]  # the Author stays when the Merchant or Lt. Kijé displaces one
    s = state(options=options, phase="trading", board={"upper": [card]},
              players=[{"area": area, "money": 30}, {}])  # fmt: skip
    s, events = play(s, 0, kind="buy", card=card, displace=over)
    assert of_kind(events, "buy")[0]["price"] == price
    assert income(options, phase, s.players[0].area) == scored
