"""The Banquet's cards that act on other cards (expansions.md §2.4-2.5, §3.3 B1, §3.4 M1, §4.15,
4.21, 4.22, 4.42): Black Market, Jester, Banquet, Moocher and Money Collector."""

import pytest

from games.rules import IllegalMove, final_scores, legal_moves, player_view
from games.rules.marks import Mark
from games.rules.modules.banquet import lying_on_cards, removed
from games.rules.modules.market import free_goods, positions
from games.rules.modules.moocher import card_value_of

from .builders import of_kind, pass_all, play, state

B1 = {"edition": "1st", "banquet": True}
M1 = {"edition": "2nd", "banquet": True}
M1_MARKET = {**M1, "market": True}
M12_MARKET = {**M1_MARKET, "in_good_company": True}


def position(options, hand, *, phase="aristocrat", money=25, area=(), others=(), **fields):
    """Seat 0 to act (round 2) holding `hand`; seat 1's area is `others`."""
    fields.setdefault("board", {"upper": ["library#0"]})
    return state(
        options=options,
        phase=phase,
        players=[
            {"hand": list(hand), "money": money, "area": list(area)},
            {"area": list(others)},
        ],
        **fields,
    )


def use(s, card, seat=0, **more):
    return play(s, seat, kind="special", card=card, **more)


def specials(s, card):
    return [m.to_dict() for m in legal_moves(s, 0) if m.kind == "special" and m.card == card]


# ---------------------------------------------------------------- Black Market


def test_b1_3_black_market_is_not_playable_with_only_purple_cards_in_the_discard_pile():
    s = position(B1, ("black_market#0",), discard=["jester#0"])
    assert specials(s, "black_market#0") == []
    with pytest.raises(IllegalMove) as error:
        use(s, "black_market#0", target="jester#0", then="take")
    assert error.value.code == "special_no_effect"


def test_b1_3_black_market_takes_a_judge_into_the_hand_without_return_in_the_1st_edition():
    s = position(B1, ("black_market#0",), money=2, discard=["judge#0"])
    assert {m.get("then") for m in legal_moves(s, 0) if m.kind == "special"} == {"take"}
    s, _ = use(s, "black_market#0", target="judge#0", then="take")
    assert s.players[0].hand == ("judge#0",)
    assert s.discard == ("black_market#0",)


def test_black_market_buys_at_the_usual_price_without_lower_row_reduction():
    s = position(B1, ("black_market#0",), discard=["judge#0"])
    s, events = use(s, "black_market#0", target="judge#0", then="buy")
    assert s.players[0].area == ("judge#0",)
    assert s.players[0].money == 25 - 16
    assert of_kind(events, "buy")[0]["price"] == 16


def test_m1_7_black_market_may_return_the_card_and_is_removed_from_the_game():
    s = position(M1, ("black_market#0",), discard=["senator#0"])
    s, _ = use(s, "black_market#0", target="senator#0", then="return")
    assert s.discard == ("senator#0",)
    assert s.players[0].hand == ()
    assert removed(s) == ("black_market#0",)


# ---------------------------------------------------------------- Jester and Banquet


def test_b1_5_jester_on_a_judge_swaps_its_next_scoring_then_goes_to_the_discard_pile():
    s = position(B1, ("jester#0",), area=("judge#0",))
    s, events = use(s, "jester#0", target="judge#0")
    assert events == [
        {"kind": "special", "seat": 0, "card": "jester#0", "target": "judge#0"},
        {"kind": "overlay", "seat": 0, "card": "jester#0", "target": "judge#0"},
    ]
    assert lying_on_cards(s) == (("jester#0", "judge#0"),)
    s, events = pass_all(s)
    mine = of_kind(events, "score")[0]
    assert (mine["money_gain"], mine["points_gain"]) == (2, 5)
    assert s.players[0].marks == ()
    s, _ = pass_all(s)  # the trading phase opens: the Jester leaves
    assert "jester#0" in s.discard
    assert lying_on_cards(s) == ()


@pytest.mark.parametrize("target", ["author#0", "tax_man#0", "secretary#0", "mariinsky_theater#0"])
def test_b1_6_the_banquet_needs_printed_rubles_and_points(target):
    s = position(B1, ("banquet#0",), area=(target,))
    assert specials(s, "banquet#0") == []
    with pytest.raises(IllegalMove):
        use(s, "banquet#0", target=target)


def test_b1_14_banquet_on_an_admiral_doubles_the_same_rounds_aristocrat_scoring():
    s = position(B1, ("banquet#0",), area=("admiral#0",))
    s, _ = use(s, "banquet#0", target="admiral#0")
    s, events = pass_all(s)
    mine = of_kind(events, "score")[0]
    assert (mine["money_gain"], mine["points_gain"]) == (6, 6)


def test_jester_and_banquet_on_one_card_swap_and_double():
    s = position(M1, ("jester#0", "banquet#0"), area=("judge#0",))
    s, _ = use(s, "jester#0", target="judge#0")
    s, _ = play(s, 1, kind="pass")
    s, _ = use(s, "banquet#0", target="judge#0")
    s, events = pass_all(s)
    mine = of_kind(events, "score")[0]
    assert (mine["money_gain"], mine["points_gain"]) == (4, 10)
    s, _ = pass_all(s)
    assert set(removed(s)) == {"jester#0", "banquet#0"}


def test_an_overlay_on_a_card_of_another_colour_waits_for_that_colours_scoring():
    s = position(B1, ("jester#0",), phase="building", area=("judge#0",))
    s, _ = use(s, "jester#0", target="judge#0")
    s, events = pass_all(s)  # building scoring: the Judge is not scored
    assert of_kind(events, "score")[0]["points_gain"] == 0
    assert lying_on_cards(s) == (("jester#0", "judge#0"),)


def test_4_21_a_card_displaced_before_its_scoring_takes_the_overlay_without_effect():
    s = position(B1, ("banquet#0", "czar#0"), area=("judge#0",), board={"upper": ["author#0"]})
    s, _ = use(s, "banquet#0", target="judge#0")
    s, _ = play(s, 1, kind="take", card="author#0")
    s, _ = play(s, 0, kind="play", card="czar#0", displace="judge#0")
    assert s.players[0].marks == ()
    assert "banquet#0" in s.discard
    s, events = pass_all(s)
    assert of_kind(events, "score")[0]["points_gain"] == 6


# ---------------------------------------------------------------- Moocher


def test_m1_6_moocher_on_a_tax_man_with_6_green_cards_gives_6_rubles_not_points():
    greens = tuple(f"lumberjack#{n}" for n in range(6))
    s = position(M1_MARKET, ("moocher#0",), others=("tax_man#0", *greens))
    offered = specials(s, "moocher#0")
    assert {"kind": "special", "card": "moocher#0", "target": "tax_man#0", "gain": "rubles"} in (
        offered
    )
    assert not [m for m in offered if m["target"] == "tax_man#0" and m["gain"] == "points"]
    s, _ = use(s, "moocher#0", target="tax_man#0", gain="rubles")
    assert s.players[0].money == 31
    assert removed(s) == ("moocher#0",)


def test_m1_6_moocher_ignores_the_banquet_on_the_judge_and_leaves_it_there():
    s = position(M1_MARKET, ("moocher#0",), others=("judge#0",))
    s = s.evolve(
        players=(
            s.players[0],
            s.players[1].evolve(marks=(_mark("judge#0", "banquet"),)),
        )
    )
    s, _ = use(s, "moocher#0", target="judge#0", gain="points")
    assert s.players[0].points == 2
    assert s.players[1].marks == (_mark("judge#0", "banquet"),)


def test_moocher_is_not_playable_on_cards_worth_nothing():
    s = position(M1_MARKET, ("moocher#0",), others=("mariinsky_theater#0",))
    assert specials(s, "moocher#0") == []


def test_4_42_moocher_on_a_sycophant_gets_nothing_so_it_is_not_offered():
    """A Sycophant is worth -1 ruble to its owner: a negative value gives 0 (§2.5, 4.42), and
    the Moocher is playable only on a card worth more than 0."""
    s = position(M12_MARKET, ("moocher#0",), others=("sycophant#0",))
    assert card_value_of(s, 1, "sycophant#0") == (0, 0)
    assert specials(s, "moocher#0") == []
    with pytest.raises(IllegalMove) as error:
        use(s, "moocher#0", target="sycophant#0", gain="rubles")
    assert error.value.code == "special_no_effect"
    beside = position(M12_MARKET, ("moocher#0",), others=("sycophant#0", "author#0"))
    assert {m["target"] for m in specials(beside, "moocher#0")} == {"author#0"}


def _mark(card, kind):
    return Mark(card, kind, "scored")


def test_with_a_jester_lying_each_other_card_still_pays_and_the_tax_man_counts_the_workers():
    # Aristocrat scoring: the Judge swapped (2 rubles, 5 points), the Admiral as printed
    # (3 rubles, 3 points), the Tax Man's ruble for the Lumberjack; the Lumberjack is a worker.
    area = ("judge#0", "admiral#0", "tax_man#0", "lumberjack#0")
    s = position(B1, ("jester#0",), area=area)
    s, _ = use(s, "jester#0", target="judge#0")
    s, events = pass_all(s)
    mine = of_kind(events, "score")[0]
    assert (mine["money_gain"], mine["points_gain"]) == (2 + 3 + 1, 5 + 3)


def test_with_a_jester_waiting_the_mariinsky_theater_still_scores_a_point_per_aristocrat():
    # Building scoring, the Jester waits on the Judge: the Market's point and the Mariinsky
    # Theater's point for the Judge (its aristocrat); a collected Mariinsky loses its point.
    area = ("mariinsky_theater#0", "market#0", "judge#0")
    s = position(M1, ("jester#0",), phase="building", area=area)
    s, _ = use(s, "jester#0", target="judge#0")
    _, events = pass_all(s)
    assert of_kind(events, "score")[0]["points_gain"] == 1 + 1
    collected_mark = Mark("mariinsky_theater#0", "collected", "never")
    collected = s.players[0].evolve(marks=(*s.players[0].marks, collected_mark))
    _, events = pass_all(s.with_player(0, collected))
    assert of_kind(events, "score")[0]["points_gain"] == 1


# ---------------------------------------------------------------- Money Collector


def test_m1_2_money_collector_on_a_library_in_the_lower_row_with_a_carpenter_workshop():
    s = position(
        M1_MARKET,
        ("money_collector#0",),
        phase="building",
        area=("carpenter_workshop#0",),
        board={"upper": ["author#0", "author#1"], "lower": ["library#0"]},
    )
    s, events = use(s, "money_collector#0", target="library#0")
    assert of_kind(events, "collect")[0]["price"] == 7  # 17 - 1 - 1 = 15, halved
    assert s.players[0].money == 18
    assert s.players[0].area == ("carpenter_workshop#0", "library#0")
    assert removed(s) == ("money_collector#0",)
    s, events = pass_all(s)
    assert of_kind(events, "score")[0]["points_gain"] == 0  # no 5 points for the Library


def test_a_purple_card_on_the_board_does_not_hide_the_cards_after_it_from_the_money_collector():
    s = position(
        M1_MARKET,
        ("money_collector#0",),
        phase="building",
        board={"upper": ["golden_donkey#0", "author#0"], "lower": ["library#0"]},
    )
    assert {m["target"] for m in specials(s, "money_collector#0")} == {"author#0", "library#0"}


def test_m1_2_a_collected_card_cannot_be_displaced():
    s = position(M1_MARKET, ("money_collector#0", "bank#0"), phase="building", area=("theater#0",))
    s = s.evolve(lower=("library#0",), upper=("author#0", "author#1"))
    s, _ = use(s, "money_collector#0", target="library#0")
    s, _ = play(s, 1, kind="take", card="author#0")
    plays = [m.to_dict() for m in legal_moves(s, 0) if m.kind == "play"]
    assert plays == [{"kind": "play", "card": "bank#0", "displace": "theater#0"}]
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="play", card="bank#0", displace="library#0")
    assert error.value.code == "cannot_displace"


def test_m1_3_money_collector_on_a_card_from_the_hand_halves_rounding_down():
    s = position(M1_MARKET, ("money_collector#0", "judge#0"))
    s, events = use(s, "money_collector#0", target="judge#0")
    assert of_kind(events, "collect")[0]["price"] == 8
    assert s.players[0].hand == ()


def test_money_collector_on_a_trading_card_halves_the_reduced_price_and_displaces():
    """§2.5: "A trading card displaces as usual (the displaced card goes to the discard pile)":
    a Bank (13) over a Market (5) from the lower row is 13 - 5 - 1 = 7, halved 3."""
    s = position(
        M1_MARKET,
        ("money_collector#0",),
        phase="trading",
        area=("market#0",),
        board={"upper": ["author#0"], "lower": ["bank#0"]},
    )
    offered = specials(s, "money_collector#0")
    assert {"kind": "special", "card": "money_collector#0", "target": "bank#0",
            "displace": "market#0"} in offered  # fmt: skip
    s, events = use(s, "money_collector#0", target="bank#0", displace="market#0")
    assert of_kind(events, "collect")[0]["price"] == 3
    assert of_kind(events, "collect")[0]["displaced"] == "market#0"
    assert s.players[0].money == 22
    assert s.players[0].area == ("bank#0",)
    assert s.players[0].marks == (Mark("bank#0", "collected", "never"),)
    assert s.discard == ("market#0",)
    assert s.lower == ()


def test_from_a_hand_of_four_the_money_collector_may_place_a_trading_card_over_the_warehouse():
    """The Money Collector leaves the hand and a card from a row goes to the area: three cards
    are left, which fit without the Warehouse. A Bank (13) over it (2) is 11, halved 5."""
    hand = ("money_collector#0", "market#1", "market#2", "author#0")
    s = position(
        M1_MARKET, hand, phase="trading", area=("warehouse#0",), board={"upper": ["bank#0"]}
    )
    assert {"kind": "special", "card": "money_collector#0", "target": "bank#0",
            "displace": "warehouse#0"} in specials(s, "money_collector#0")  # fmt: skip
    s, events = use(s, "money_collector#0", target="bank#0", displace="warehouse#0")
    assert events[:3] == [
        {"kind": "special", "seat": 0, "card": "money_collector#0", "target": "bank#0"},
        {"kind": "collect", "seat": 0, "card": "bank#0", "from": "upper", "price": 5,
         "displaced": "warehouse#0"},
        {"kind": "ledger", "seat": 0, "source": "price", "rubles": -5, "points": 0},
    ]  # fmt: skip
    assert (s.players[0].area, s.players[0].hand) == (("bank#0",), hand[1:])
    assert s.discard == ("warehouse#0",)


def test_4_15_a_collected_aristocrat_still_counts_as_a_type_at_the_final_scoring():
    """The chip takes the card's points, not its place among the distinct aristocrats."""
    s = position(M1_MARKET, (), phase="trading", area=("judge#0", "author#0"), last_round=True)
    chipped = s.players[0].evolve(marks=(Mark("judge#0", "collected", "never"),))
    assert final_scores(s.with_player(0, chipped))[0]["points"]["aristocrats"] == 3


def test_m1_10_jester_on_a_collected_controller_swaps_into_points_that_are_lost():
    s = position(M1_MARKET, ("jester#0",), area=("controller#0",))
    player = s.players[0].evolve(marks=(Mark("controller#0", "collected", "never"),))
    s = s.with_player(0, player)
    s, _ = use(s, "jester#0", target="controller#0")
    s, events = pass_all(s)
    mine = of_kind(events, "score")[0]
    assert (mine["money_gain"], mine["points_gain"]) == (1, 0)


@pytest.mark.parametrize(
    ("card", "gain", "worth"),
    [
        ("lumberjack#0", "rubles", 3),  # green: 3 rubles
        ("library#1", "points", 5),  # blue: 5 points
        ("judge#0", "rubles", 5),  # red: 5 rubles or 2 points
        ("judge#0", "points", 2),
        ("market_grain_1#0", "rubles", 2),  # yellow: rubles only, never points
    ],
)
def test_moocher_on_each_colour_scores_the_cards_value(card, gain, worth):
    s = position(M1_MARKET, ("moocher#0",), others=(card,))
    s, events = use(s, "moocher#0", target=card, gain=gain)
    rubles, points = (worth, 0) if gain == "rubles" else (0, worth)
    assert events == [
        {"kind": "special", "seat": 0, "card": "moocher#0", "target": card},
        {"kind": "moocher", "seat": 0, "card": card, "owner": 1, "gain": gain, "rubles": rubles,
         "points": points},
        {"kind": "ledger", "seat": 0, "source": "moocher", "rubles": rubles, "points": points},
    ]  # fmt: skip
    mine = s.players[0]
    assert (mine.money - 25, mine.points) == (rubles, points)


def test_moocher_never_offers_the_points_of_a_yellow_card():
    s = position(M1_MARKET, ("moocher#0",), others=("market_grain_1#0",))
    assert {m["gain"] for m in specials(s, "moocher#0")} == {"rubles"}


def test_b1_13_a_jester_attached_in_the_last_rounds_trading_phase_never_acts_and_costs_nothing():
    s = position(B1, ("jester#0",), phase="trading", area=("senator#0",), last_round=True)
    s, _ = use(s, "jester#0", target="senator#0")
    s, _ = pass_all(s)
    assert s.step == "over"
    assert lying_on_cards(s) == (("jester#0", "senator#0"),)
    assert s.players[0].hand == ()


@pytest.mark.parametrize("gain", ["rubles", "points"])
def test_moocher_counts_a_guild_hall_as_4_rubles_or_4_points_whatever_its_split(gain):
    s = position(M12_MARKET, ("moocher#0",), others=("guild_hall#0",))
    s = s.with_player(1, s.players[1].evolve(plans=s.players[1].plans.set("guild_hall", 1)))
    s, _ = use(s, "moocher#0", target="guild_hall#0", gain=gain)
    mine = s.players[0]
    assert (mine.money - 25, mine.points) == ((4, 0) if gain == "rubles" else (0, 4))


@pytest.mark.parametrize(("card", "paid"), [("market_grain_crate#0", 0), ("market_chicken_1#0", 2)])
def test_m1_3_money_collector_halves_the_reduced_price_rounding_down_even_a_price_of_1(card, paid):
    s = position(
        M1_MARKET,
        ("money_collector#0",),
        phase="building",
        board={"upper": [card, "author#0"]},
    )
    s, events = use(s, "money_collector#0", target=card)
    assert of_kind(events, "collect")[0]["price"] == paid  # crate 1 -> 0, Chick 5 -> 2
    assert s.players[0].money == 25 - paid
    assert card in s.players[0].area


def test_the_money_collectors_half_price_is_its_moves_price_in_the_view():
    s = position(M1_MARKET, ("money_collector#0",), board={"upper": ["market_chicken_1#0"]})
    offered = [m for m in player_view(s, 0)["moves"] if m["kind"] == "special"]
    assert [(m["target"], m["price"]) for m in offered] == [("market_chicken_1#0", 2)]


# ---------------------------------------------------------------- Czar-Superstar with the Market


def test_m1_13_the_czar_superstar_over_a_czar_and_carpenter_sends_its_question_mark_tile_back():
    czar = "czar_and_carpenter#0"  # 2nd edition: a '?' symbol
    s = position(
        M1_MARKET,
        ("czar_superstar#0",),
        phase="worker",
        area=(czar,),
        records={"market": {"jokers": {czar: "fish"}}},
    )
    assert positions(s, 0)["fish"] == 1
    s, events = play(s, 0, kind="play", card="czar_superstar#0", displace=czar)
    assert of_kind(events, "joker_returned") == [
        {"kind": "joker_returned", "seat": 0, "card": czar, "good": "fish"}
    ]
    assert positions(s, 0)["fish"] == 0
    assert "fish" in free_goods(s)
    assert czar in s.discard


# ---------------------------------------------------------------- purple cards out of reach


def test_m1_11_an_untaken_purple_card_in_the_lower_row_is_discarded_at_round_end():
    s = position(
        M1,
        (),
        phase="trading",
        board={"upper": ["author#0"], "lower": ["golden_donkey#0", "judge#0"]},
    )
    s, events = pass_all(s)
    assert s.round == 3
    assert "golden_donkey#0" in of_kind(events, "round_end")[0]["discarded"]
    assert s.discard == ("golden_donkey#0", "judge#0")
    assert removed(s) == ()


def test_m1_11_a_discarded_purple_card_is_out_of_reach_of_the_black_market():
    s = position(M1, ("black_market#0",), discard=["golden_donkey#0", "judge#0"])
    assert {m["target"] for m in specials(s, "black_market#0")} == {"judge#0"}
    for then in ("buy", "take", "return"):
        with pytest.raises(IllegalMove) as error:
            use(s, "black_market#0", target="golden_donkey#0", then=then)
        assert error.value.code == "special_no_effect"


def test_the_debtors_prison_never_fetches_a_purple_card_from_the_discard_pile():
    s = position(
        {**B1, "new_society": "full"},
        (),
        phase="building",
        area=("debtors_prison#0",),
        discard=["jester#0", "judge#0"],
    )
    fetched = {m.card for m in legal_moves(s, 0) if m.kind == "prison"}
    assert fetched == {"judge#0"}
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="prison", prison="debtors_prison#0", card="jester#0", then="take")
    assert (error.value.code, error.value.params["reason"]) == ("no_such_card", "not_in_discard")


# ---------------------------------------------------------------- what the view shows


def test_the_view_shows_the_removed_cards_and_what_lies_on_which_card():
    s = position(M1, ("jester#0", "golden_donkey#0"), area=("judge#0",))
    s, _ = use(s, "golden_donkey#0")
    s, _ = play(s, 1, kind="pass")
    s, _ = use(s, "jester#0", target="judge#0")
    shown = player_view(s, 1)["banquet"]
    assert shown == {
        "removed": ["golden_donkey#0"],
        "lying": [{"card": "jester#0", "on": "judge#0"}],
    }


def test_while_a_moocher_is_held_the_view_values_every_card_in_an_area():
    greens = tuple(f"lumberjack#{n}" for n in range(3))
    s = position(M1_MARKET, ("moocher#0",), others=("tax_man#0", *greens, "judge#0"))
    values = player_view(s, 1)["banquet"]["values"]
    assert values["tax_man#0"] == [3, 0]  # as many rubles as its owner has green cards
    assert values["judge#0"] == [5, 2]
    assert "values" not in player_view(position(M1_MARKET, ()), 0)["banquet"]


def test_a_game_without_the_banquet_shows_no_banquet_part():
    assert "banquet" not in player_view(state(), 0)


def test_a_trading_card_from_the_black_market_displaces_a_card_which_goes_to_the_discard_pile():
    s = position(B1, ("black_market#0",), area=("market#0",), discard=["bank#0", "author#0"])
    bought = [m for m in specials(s, "black_market#0") if m.get("then") == "buy"]
    assert sorted((m["target"], m.get("displace") or "") for m in bought) == [
        ("author#0", ""),
        ("bank#0", "market#0"),
    ]
    s, events = use(s, "black_market#0", target="bank#0", then="buy", displace="market#0")
    assert s.players[0].area == ("bank#0",)
    assert sorted(s.discard) == ["author#0", "black_market#0", "market#0"]
    assert of_kind(events, "buy") == [
        {
            "kind": "buy",
            "seat": 0,
            "card": "bank#0",
            "from": "discard",
            "price": 13 - 5,
            "displaced": "market#0",
        }
    ]


def test_from_a_hand_of_four_the_black_market_may_buy_a_trading_card_over_the_warehouse():
    """The Black Market leaves the hand and the bought card goes to the area: three cards are
    left, which fit without the Warehouse (a hand of four would not)."""
    hand = ("black_market#0", "market#1", "market#2", "author#0")
    s = position(B1, hand, phase="trading", area=("warehouse#0",), discard=["bank#0"])
    assert specials(s, "black_market#0") == [
        {"kind": "special", "card": "black_market#0", "displace": "warehouse#0",
         "target": "bank#0", "then": "buy"},
        {"kind": "special", "card": "black_market#0", "target": "bank#0", "then": "take"},
    ]  # fmt: skip
    s, _ = use(s, "black_market#0", target="bank#0", then="buy", displace="warehouse#0")
    assert (s.players[0].area, s.players[0].hand) == (("bank#0",), hand[1:])
    assert s.discard == ("black_market#0", "warehouse#0")


def test_a_special_card_used_on_a_target_names_it_in_its_event():
    s = position(B1, ("black_market#0",), discard=["judge#0"])
    _, events = use(s, "black_market#0", target="judge#0", then="take")
    assert of_kind(events, "special") == [
        {"kind": "special", "seat": 0, "card": "black_market#0", "target": "judge#0"}
    ]


def test_no_special_card_is_used_in_the_first_worker_phase():
    s = position(
        B1,
        ("black_market#0",),
        phase="worker",
        round=1,
        first_worker_phase=True,
        discard=["judge#0"],
    )
    with pytest.raises(IllegalMove) as error:
        use(s, "black_market#0", target="judge#0", then="take")
    assert error.value.code == "must_buy_worker"
