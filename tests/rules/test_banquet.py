"""The Banquet in both editions (expansions.md §1.3, §2.4-2.5, §3.3 B1, §3.4 M1, §4.17-4.19):
the deck composition, purple cards taken for free and used on a later turn only when they have
an effect, where a used one goes, no hand penalty, Golden Donkey, Away with it!, Double Turn, the
Czar-Superstar and the Potjomkin's Villages."""

import ast
from pathlib import Path

import pytest

import games.rules as rules_package
from games.rules import BOTS, IllegalMove, InvalidOptions, Move, legal_moves, new_game, ruleset
from games.rules.bots import move_value
from games.rules.decisions import DECISIONS, Decision
from games.rules.modules.banquet import removed
from games.rules.records import Record
from games.rules.ruleset import FINAL_STEPS

from .builders import moves_of, of_kind, pass_all, play, state

B1 = {"edition": "1st", "banquet": True}
M1 = {"edition": "2nd", "banquet": True}


def with_hand(options, hand, *, money=25, area=(), upper=("library#0",), taken=()):
    """Seat 0 to act in the building phase of round 2, holding `hand`; `taken`: purple cards
    it took during its current turn."""
    records = {"taken_this_turn": list(taken)} if taken else {}
    return state(
        options=options,
        players=[
            {"hand": list(hand), "money": money, "area": list(area), "records": records},
            {},
        ],
        board={"upper": list(upper)},
    )


def use(s, card, seat=0, **more):
    return play(s, seat, kind="special", card=card, **more)


# ---------------------------------------------------------------- §1.3 deck composition

BANQUET_ONLY = {"worker": 31, "building": 31, "aristocrat": 30, "trading": 36}
NS_BANQUET = {"worker": 37, "building": 37, "aristocrat": 37, "trading": 45}
M12 = {"worker": 31, "building": 33, "aristocrat": 32, "trading": 43}
PILES = [
    (B1, {"worker": 31, "building": 31, "aristocrat": 30, "trading": 36}),
    ({**B1, "new_society": "full"}, NS_BANQUET),
    ({**B1, "new_society": "sp_plus"}, BANQUET_ONLY),
    (M1, {"worker": 31, "building": 31, "aristocrat": 30, "trading": 36}),
    ({**M1, "in_good_company": True}, M12),
    (
        {**M1, "in_good_company": True, "new_society": "full"},
        {"worker": 37, "building": 36, "aristocrat": 37, "trading": 45},
    ),
    (
        {**M1, "market": True},
        {"worker": 31, "market": 38, "building": 31, "aristocrat": 30, "trading": 36},
    ),
    (
        {**M1, "market": True, "in_good_company": True},
        {"worker": 31, "market": 38, "building": 33, "aristocrat": 32, "trading": 43},
    ),
    (
        {**M1, "market": True, "in_good_company": True, "new_society": "full"},
        {"worker": 37, "market": 38, "building": 36, "aristocrat": 37, "trading": 45},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("options", "sizes"), PILES)
def test_the_banquet_adds_its_cards_to_the_piles_of_section_1_3(options, sizes):
    assert ruleset({**options, "players": 3}).pile_sizes == sizes


def test_m1_1_without_the_market_the_yellow_backed_cards_stay_in_the_box():
    cards = ruleset({**M1, "players": 2}).cards
    assert not any(
        c.split("#")[0] in ("money_collector", "moocher", "black_market_yellow") for c in cards
    )
    assert [c for c in cards if cards[c].id == "black_market"] == [
        "black_market#0",
        "black_market#1",
    ]
    assert cards["black_market#0"].deck == "aristocrat"


def test_with_the_market_they_join_the_market_pile():
    cards = ruleset({**M1, "market": True, "players": 2}).cards
    assert {cards[c].id for c in cards if cards[c].deck == "market" and cards[c].special} == {
        "black_market_yellow",
        "money_collector",
        "moocher",
    }


def test_m1_9_modules_1_and_2_leave_the_debtors_prison_out():
    cards = ruleset({**M1, "in_good_company": True, "players": 2}).cards
    assert not any(card.id == "debtors_prison" for card in cards.values())


def test_1st_edition_new_society_keeps_the_debtors_prison_with_the_banquet():
    cards = ruleset({**B1, "new_society": "full", "players": 2}).cards
    assert any(card.id == "debtors_prison" for card in cards.values())


def test_the_banquet_is_offered_in_both_editions():
    for options in (B1, M1):
        assert ruleset({**options, "players": 4}).options["banquet"] is True
    with pytest.raises(InvalidOptions):
        ruleset({**B1, "players": 1})


def test_purple_cards_from_the_trading_pile_are_not_trading_cards():
    card = ruleset({**B1, "players": 2}).cards["golden_donkey#0"]
    assert card.special
    assert not card.trading


# ---------------------------------------------------------------- taking and using


def test_a_purple_card_is_taken_into_the_hand_for_free():
    s, _ = play(
        with_hand(B1, (), upper=("golden_donkey#0",)), 0, kind="take", card="golden_donkey#0"
    )
    assert s.players[0].hand == ("golden_donkey#0",)
    assert s.players[0].money == 25


def test_b1_1_taking_a_purple_card_needs_room_in_the_hand():
    s = with_hand(B1, ("author#0", "author#1", "judge#0"), upper=("golden_donkey#0",))
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="take", card="golden_donkey#0")
    assert error.value.code == "hand_full"


def test_a_purple_card_is_never_bought():
    s = with_hand(B1, (), upper=("golden_donkey#0",))
    assert {"kind": "buy", "card": "golden_donkey#0"} not in moves_of(s, 0)
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="buy", card="golden_donkey#0")
    assert error.value.code == "special_card"


def test_a_purple_card_in_the_hand_is_not_played_into_the_area():
    s = with_hand(B1, ("golden_donkey#0",))
    assert {"kind": "play", "card": "golden_donkey#0"} not in moves_of(s, 0)
    with pytest.raises(IllegalMove) as error:
        play(s, 0, kind="play", card="golden_donkey#0")
    assert error.value.code == "special_card"


def test_a_purple_card_taken_this_turn_waits_for_a_later_turn():
    s = with_hand(B1, ("golden_donkey#0",), taken=("golden_donkey#0",))
    assert not [m for m in moves_of(s, 0) if m["kind"] == "special"]
    with pytest.raises(IllegalMove) as error:
        use(s, "golden_donkey#0")
    assert error.value.code == "special_not_yet"


def test_the_next_turn_is_a_later_turn():
    s = with_hand(B1, (), upper=("golden_donkey#0", "author#0", "author#1"))
    s, _ = play(s, 0, kind="take", card="golden_donkey#0")
    assert "taken_this_turn" not in s.players[0].records
    s, _ = play(s, 1, kind="take", card="author#0")
    s, _ = use(s, "golden_donkey#0")
    assert s.players[0].money == 30


def test_b1_2_taken_in_a_double_turn_it_is_not_played_in_the_same_turn():
    s = with_hand(B1, ("double_turn#0",), upper=("golden_donkey#0", "author#0"))
    s, _ = use(s, "double_turn#0")
    s, _ = play(s, 0, kind="take", card="golden_donkey#0")
    assert (s.turn, s.actions_left) == (0, 1)
    with pytest.raises(IllegalMove) as error:
        use(s, "golden_donkey#0")
    assert error.value.code == "special_not_yet"


@pytest.mark.parametrize("options", [B1, M1])
def test_a_card_taken_on_an_earlier_turn_is_played_in_a_double_turns_extra_action(options):
    """§0.3, decision 4.17: the extra actions belong to the Double Turn's turn - a Golden Donkey
    held from before may be used in one, a Jester taken in the first may not in the second."""
    hand = ("double_turn#0", "golden_donkey#0")
    s = with_hand(options, hand, area=("judge#0",), upper=("jester#0", "author#0"))
    s, _ = use(s, "double_turn#0")
    s, _ = play(s, 0, kind="take", card="jester#0")
    assert {m["card"] for m in moves_of(s, 0) if m["kind"] == "special"} == {"golden_donkey#0"}
    with pytest.raises(IllegalMove) as error:
        use(s, "jester#0", target="judge#0")
    assert error.value.code == "special_not_yet"
    s, _ = use(s, "golden_donkey#0")
    assert s.players[0].money == 30
    assert (s.turn, s.players[0].hand) == (1, ("jester#0",))


def test_b1_7_purple_cards_cost_nothing_in_the_hand_at_the_end():
    s = with_hand(B1, ("black_market#0", "double_turn#0", "library#1"))
    assert FINAL_STEPS["hand"](s, 0, s.players[0]) == (0, -5)


# ---------------------------------------------------------------- where a used card goes


def test_1st_edition_a_used_card_goes_to_the_discard_pile():
    s, events = use(with_hand(B1, ("golden_donkey#0",)), "golden_donkey#0")
    assert s.discard == ("golden_donkey#0",)
    assert s.players[0].hand == ()
    assert of_kind(events, "special")[0]["card"] == "golden_donkey#0"


def test_m1_11_2nd_edition_a_used_card_leaves_the_game():
    s, _ = use(with_hand(M1, ("golden_donkey#0",)), "golden_donkey#0")
    assert s.discard == ()
    assert removed(s) == ("golden_donkey#0",)


# ---------------------------------------------------------------- the cards


@pytest.mark.parametrize("options", [B1, M1])
def test_golden_donkey_gives_5_rubles_and_ends_the_turn(options):
    s, events = use(with_hand(options, ("golden_donkey#0",), money=3), "golden_donkey#0")
    assert s.players[0].money == 8
    assert s.turn == 1
    assert of_kind(events, "ledger")[0]["rubles"] == 5


@pytest.mark.parametrize("options", [B1, M1])
def test_away_with_it_discards_another_card_from_the_hand(options):
    s = with_hand(options, ("away_with_it_building#0", "judge#0"))
    s, events = use(s, "away_with_it_building#0", target="judge#0")
    assert events == [
        {"kind": "special", "seat": 0, "card": "away_with_it_building#0", "target": "judge#0"},
        {"kind": "special_discard", "seat": 0, "card": "judge#0"},
    ]
    assert s.players[0].hand == ()
    assert "judge#0" in s.discard


def test_away_with_it_never_discards_a_purple_card_and_needs_another_card():
    s = with_hand(B1, ("away_with_it_aristocrat#0", "golden_donkey#0"))
    offered = [m for m in moves_of(s, 0) if m.get("card") == "away_with_it_aristocrat#0"]
    assert offered == []
    with pytest.raises(IllegalMove) as error:
        use(s, "away_with_it_aristocrat#0", target="golden_donkey#0")
    assert error.value.code == "special_no_effect"
    with pytest.raises(IllegalMove):
        use(with_hand(B1, ("away_with_it_aristocrat#0",)), "away_with_it_aristocrat#0")


@pytest.mark.parametrize("options", [B1, M1])
def test_double_turn_gives_two_more_actions_at_once(options):
    s = with_hand(options, ("double_turn#0",), upper=("author#0", "author#1", "library#0"))
    s, _ = use(s, "double_turn#0")
    assert (s.turn, s.actions_left) == (0, 2)
    s, _ = play(s, 0, kind="buy", card="author#0")
    assert (s.turn, s.actions_left) == (0, 1)
    s, _ = play(s, 0, kind="take", card="author#1")
    assert s.turn == 1
    assert (s.players[0].area, s.players[0].hand) == (("author#0",), ("author#1",))


def test_a_jester_without_a_card_to_lie_on_cannot_be_played():
    s = with_hand(B1, ("jester#0",), area=("author#0",))
    assert not [m for m in moves_of(s, 0) if m["kind"] == "special"]
    with pytest.raises(IllegalMove):
        use(s, "jester#0", target="author#0")


def test_observatory_draws_a_purple_card_take_or_discard_only():
    s = with_hand(B1, (), area=("observatory#0",))
    decision = Decision("observatory", 0, Record({"card": "golden_donkey#0"}))
    assert {m.kind for m in DECISIONS["observatory"].moves(s, decision)} == {"take", "discard"}


def test_b1_11_an_observatory_draw_of_a_purple_card_with_a_full_hand_can_only_be_discarded():
    """B1-11, decision 4.20: never bought; taking needs room; discarding always remains."""
    s = state(
        options=B1,
        players=[{"area": ["observatory#0"], "hand": ["author#0", "author#1", "judge#0"]}, {}],
        piles={"trading": ["golden_donkey#0", "bank#0"]},
        board={"upper": ["library#0"]},
    )
    s, _ = play(s, 0, kind="observatory", observatory="observatory#0", pile="trading")
    assert moves_of(s, 0) == [{"kind": "discard", "card": "golden_donkey#0"}]
    for kind, code in (("take", "hand_full"), ("buy", "special_card")):
        with pytest.raises(IllegalMove) as error:
            play(s, 0, kind=kind, card="golden_donkey#0")
        assert error.value.code == code
    s, _ = play(s, 0, kind="discard", card="golden_donkey#0")
    assert s.discard == ("golden_donkey#0",)
    assert s.players[0].hand == ("author#0", "author#1", "judge#0")


# ---------------------------------------------------------------- normal cards


def test_b1_9_czar_superstar_displaces_only_a_czar_and_carpenter():
    s = with_hand(
        B1, ("czar_superstar#0",), area=("czar_and_carpenter#0", "lumberjack#0"), money=25
    )
    plays = [m for m in moves_of(s, 0) if m["kind"] == "play"]
    assert plays == [
        {"kind": "play", "card": "czar_superstar#0", "displace": "czar_and_carpenter#0"}
    ]
    s, events = play(s, 0, kind="play", card="czar_superstar#0", displace="czar_and_carpenter#0")
    assert of_kind(events, "play")[0]["price"] == 1


def test_b1_9_over_the_new_society_czar_it_costs_6():
    s = with_hand(
        {**B1, "new_society": "full"}, ("czar_superstar#0",), area=("czar_and_carpenter_ns#0",)
    )
    s, events = play(s, 0, kind="play", card="czar_superstar#0", displace="czar_and_carpenter_ns#0")
    assert of_kind(events, "play")[0]["price"] == 6


def test_b1_9_czar_superstar_makes_blue_and_red_cards_one_ruble_cheaper():
    s = with_hand(B1, (), area=("czar_superstar#0",), upper=("library#0", "judge#0"))
    s, events = play(s, 0, kind="buy", card="library#0")
    assert of_kind(events, "buy")[0]["price"] == 16
    s2 = with_hand(B1, (), area=("czar_superstar#0", "carpenter_workshop#0"), upper=("library#0",))
    _, events = play(s2, 0, kind="buy", card="library#0")
    assert of_kind(events, "buy")[0]["price"] == 15


def test_czar_superstar_pays_3_rubles_at_worker_scoring():
    cards = ruleset({**B1, "players": 2}).cards
    assert (cards["czar_superstar#0"].color, cards["czar_superstar#0"].rubles) == ("worker", 3)


VILLAGES = [("potjomkins_village_3_8#0", 3, 5), ("potjomkins_village_1_4#0", 1, 9)]


@pytest.mark.parametrize("options", [B1, M1], ids=["1st", "2nd"])
@pytest.mark.parametrize(("village", "cost", "under_a_bank"), VILLAGES)
def test_b1_10_a_bank_over_a_potjomkins_village(options, village, cost, under_a_bank):
    """B1-10 in both editions (§2.5: Module 1's villages "exactly as in 2.4"): the 3/8 costs 3
    and counts 8 under a Bank (13 - 8 = 5), the 1/4 costs 1 and counts 4 (13 - 4 = 9)."""
    s, events = play(with_hand(options, (), upper=(village,)), 0, kind="buy", card=village)
    assert of_kind(events, "buy")[0]["price"] == cost
    s = with_hand(options, ("bank#0",), area=(village,))
    _, events = play(s, 0, kind="play", card="bank#0", displace=village)
    assert of_kind(events, "play")[0]["price"] == under_a_bank


def test_legal_moves_never_list_a_use_for_another_seat():
    s = with_hand(B1, ("golden_donkey#0",))
    assert legal_moves(s, 1) == []


def test_4_17_a_double_turn_never_counts_as_a_pass_even_when_both_extra_actions_pass():
    s = with_hand(B1, ("double_turn#0",), upper=("author#0", "library#0"))
    s = s.evolve(passes=1)  # seat 1 passed before
    s, _ = use(s, "double_turn#0")
    s, _ = play(s, 0, kind="pass")
    s, _ = play(s, 0, kind="pass")
    assert (s.phase, s.turn, s.passes) == ("building", 1, 0)
    assert "extra_actions_turn" not in s.players[0].records
    s, _ = play(s, 1, kind="pass")
    assert s.passes == 1  # the next turns count again


def test_the_greedy_bot_uses_a_golden_donkey_for_its_worth():
    s = with_hand(B1, ("golden_donkey#0",), money=0, upper=("author#0",))
    assert BOTS["greedy"](s, 0, 1).to_dict() == {"kind": "special", "card": "golden_donkey#0"}


def test_the_greedy_bot_keeps_a_banquet_from_a_card_whose_scorings_are_over():
    s = with_hand(B1, ("banquet#0",), area=("admiral#0",), upper=("author#0",))
    s = s.evolve(last_round=True, phase="trading")
    assert BOTS["greedy"](s, 0, 1).kind != "special"


# The greedy bot uses a purple card when what it brings is worth more than keeping it (its worth
# above 0, a pass's), never by its name (games/rules/modules/banquet_bots.py). Positions in the
# last round: a ruble is worth 0.1 point, and only the scorings still ahead count.

M1_MARKET = {**M1, "market": True}


def greedy_moves(s, seat=0):
    """The greedy bot's choices, whatever seed breaks its ties."""
    return {tuple(sorted(BOTS["greedy"](s, seat, seed).to_dict().items())) for seed in range(4)}


def last_round(options, hand, *, phase="building", money=0, upper=("academy#0",), others=()):
    return state(
        options=options,
        phase=phase,
        last_round=True,
        players=[{"hand": list(hand), "money": money}, {"area": list(others)}],
        board={"upper": list(upper)},
    )


def test_the_greedy_bot_uses_a_double_turn_only_with_cards_on_the_board_to_act_on():
    s = last_round(M1, ("double_turn#0",))
    assert greedy_moves(s) == {(("card", "double_turn#0"), ("kind", "special"))}
    assert greedy_moves(last_round(M1, ("double_turn#0",), upper=())) == {(("kind", "pass"),)}


def test_the_greedy_bot_mooches_the_value_worth_more_to_it_and_nothing_worth_nothing():
    """A Judge gives 5 rubles (0.5 point now) or 2 points: it takes the points. An opponent
    with only a Sycophant (worth -1) offers nothing to mooch: it keeps the Moocher."""
    s = last_round(M1_MARKET, ("moocher#0",), others=("judge#0",))
    assert greedy_moves(s) == {
        (("card", "moocher#0"), ("gain", "points"), ("kind", "special"), ("target", "judge#0"))
    }
    options = {**M1_MARKET, "in_good_company": True}
    s = last_round(options, ("moocher#0",), others=("sycophant#0",))
    assert greedy_moves(s) == {(("kind", "pass"),)}


def test_the_greedy_bot_collects_a_card_that_still_scores_and_keeps_the_collector_otherwise():
    """An Academy (23) for 11 rubles: before the last building scoring its 7 points are worth
    it; in the last trading phase it would bring nothing for 1.1 points' worth of rubles."""
    collect = (("card", "money_collector#0"), ("kind", "special"), ("target", "academy#0"))
    s = last_round(M1_MARKET, ("money_collector#0",), money=11)
    assert greedy_moves(s) == {collect}
    s = last_round(M1_MARKET, ("money_collector#0",), money=11, phase="trading")
    assert greedy_moves(s) == {(("kind", "pass"),)}


def test_the_greedy_bot_values_collecting_the_lower_row_copy_above_the_dearer_upper_one():
    """A Customs House costs 8 in the upper row (half: 4) and 7 in the lower one (half: 3)."""
    s = last_round(M1_MARKET, ("money_collector#0",), money=20, upper=("customs_house#0",))
    s = s.evolve(lower=("customs_house#1",))

    def collect(target):
        move = {"kind": "special", "card": "money_collector#0", "target": target}
        return move_value(s, 0, Move.from_dict(move))

    assert collect("customs_house#1") > collect("customs_house#0")


def test_the_greedy_bot_buys_a_bank_from_the_black_market_over_the_card_that_lowers_its_price():
    """A Bank (13) over a Potjomkin's Village costs 7 and gives up nothing that scores; over a
    Warehouse it costs 11, over a Customs House 5 but gives up its 2 points."""
    s = last_round(M1_MARKET, ("black_market#0",), money=20, upper=())
    area = ("potjomkins_village#0", "warehouse#0", "customs_house#0")
    s = s.with_player(0, s.players[0].evolve(area=area)).evolve(discard=("bank#0",))

    def buy(displace):
        move = {"kind": "special", "card": "black_market#0", "target": "bank#0", "then": "buy"}
        return move_value(s, 0, Move.from_dict({**move, "displace": displace}))

    village = (
        ("card", "black_market#0"),
        ("displace", "potjomkins_village#0"),
        ("kind", "special"),
    )
    assert greedy_moves(s) == {(*village, ("target", "bank#0"), ("then", "buy"))}
    assert buy("potjomkins_village#0") > buy("warehouse#0") > buy("customs_house#0")


def with_rounds_to_come(s):
    """The position with the piles of a deal (less the cards it places elsewhere): rounds still
    to play, so rubles buy income and cards in the hand can still be used."""
    deal = new_game({**M1_MARKET, "players": 2}, 1)
    placed = {*s.upper, *s.lower, *s.discard}
    placed |= {c for player in s.players for c in (*player.area, *player.hand)}
    return s.evolve(piles=tuple(tuple(c for c in p if c not in placed) for p in deal.piles))


def test_the_greedy_bot_throws_a_card_away_only_when_the_hand_penalty_is_near():
    """Away with it! spares the 5-point hand penalty of a card that cannot be placed any more:
    worth it in the last round, a waste while rounds remain to place the card."""
    hand = ("away_with_it_building#0", "academy#0")
    s = with_hand(M1_MARKET, hand, money=0, upper=())
    away = (("card", "away_with_it_building#0"), ("kind", "special"), ("target", "academy#0"))
    assert greedy_moves(s.evolve(last_round=True)) == {away}
    assert greedy_moves(with_rounds_to_come(s)) == {(("kind", "pass"),)}


def test_the_greedy_bot_lays_a_jester_on_a_card_that_pays_more_rubles_than_points():
    """A Controller (4 rubles, 1 point) under a Jester scores 4 points and 1 ruble instead."""
    s = with_hand(M1_MARKET, ("jester#0",), money=0, upper=(), area=("controller#0",))
    jester = (("card", "jester#0"), ("kind", "special"), ("target", "controller#0"))
    assert greedy_moves(with_rounds_to_come(s)) == {jester}


def test_the_greedy_bot_buys_from_the_black_market_with_money_and_takes_without():
    """A Judge in the discard pile: bought when the bot can pay its 17 rubles, taken into the
    hand (to be bought later) when it cannot; returning it is never the better move."""

    def position(money):
        s = with_hand(M1_MARKET, ("black_market#0",), money=money, upper=())
        return with_rounds_to_come(s.evolve(discard=("judge#0",)))

    fetch = (("card", "black_market#0"), ("kind", "special"), ("target", "judge#0"))
    assert greedy_moves(position(30)) == {(*fetch, ("then", "buy"))}
    assert greedy_moves(position(0)) == {(*fetch, ("then", "take"))}


@pytest.mark.parametrize(
    ("before", "upper", "chosen"),
    [
        ("worker", "library#0", {"use": True, "card": "library#0", "then": "buy"}),
        ("aristocrat", "academy#0", {"use": False}),
    ],
)
def test_the_greedy_bot_uses_its_pick_pocket_when_the_card_it_gets_is_worth_it(
    before, upper, chosen
):
    """When the building phase opens a Library (5 points at the scoring ahead) is worth its 17
    rubles; when the trading phase opens an Academy that will never score is not worth taking."""
    s = state(
        options=M1,
        phase=before,
        last_round=True,
        turn=1,
        players=[{"hand": ["pickpocket#0"], "money": 20}, {}],
        markers={"worker": 1, "building": 1, "aristocrat": 1, "trading": 1},
        board={"upper": [upper]},
    )
    s, _ = pass_all(s)
    assert s.decisions[0].kind == "pickpocket"
    assert greedy_moves(s) == {tuple(sorted({"kind": "pickpocket", **chosen}.items()))}


def test_b1_9_under_the_czar_superstar_a_judge_from_the_upper_row_costs_15():
    s = with_hand(B1, (), area=("czar_superstar#0",), upper=("judge#0",))
    _, events = play(s, 0, kind="buy", card="judge#0")
    assert of_kind(events, "buy")[0]["price"] == 15  # 16 - 1


# ---------------------------------------------------------------- the cards' own words


def card_text(edition, card, language="en"):
    options = {"edition": edition, "players": 2, "banquet": True}
    if edition == "2nd":
        options["market"] = True
    return getattr(ruleset(options).cards[card], f"text_{language}")


@pytest.mark.parametrize(
    "card", ["golden_donkey#0", "black_market#0", "away_with_it_building#0", "jester#0"]
)
def test_a_used_1st_edition_card_says_it_goes_to_the_discard_pile_a_2nd_edition_one_leaves(card):
    assert "discard pile" in card_text("1st", card)
    assert "leaves the game" not in card_text("1st", card)
    assert "Ablagestapel" in card_text("1st", card, "de")
    assert "leaves the game" in card_text("2nd", card)
    assert "aus dem Spiel" in card_text("2nd", card, "de")


@pytest.mark.parametrize("edition", ["1st", "2nd"])
def test_the_pick_pocket_says_it_acts_when_a_phase_begins_and_costs_no_action(edition):
    text = card_text(edition, "pickpocket#0")
    assert "when a phase begins" in text
    assert "costs no action" in text
    assert "as your action" not in text
    assert "keine Aktion" in card_text(edition, "pickpocket#0", "de")


@pytest.mark.parametrize("card", ["jester#0", "banquet#0"])
def test_jester_and_banquet_say_they_lie_on_the_card_until_its_scoring(card):
    assert "lies there until that card's next scoring" in card_text("2nd", card)
    assert "bleibt sie bis zur nächsten Wertung dieser Karte liegen" in card_text("1st", card, "de")


@pytest.mark.parametrize(
    ("edition", "english"), [("1st", "Potjemkin's Village 1/4"), ("2nd", "Potemkin Village 1/4")]
)
def test_the_villages_are_named_as_each_edition_names_them(edition, english):
    village = ruleset({"edition": edition, "players": 2, "banquet": True}).cards[
        "potjomkins_village_1_4#0"
    ]
    assert (village.name_en, village.name_de) == (english, "Potjemkin'sches Dorf 1/4")


# ---------------------------------------------------------------- the ruleset knows the edition

BANQUET_MODULES = ("banquet", "banquet_bots", "banquet_overlays", "moocher", "money_collector",
                   "pickpocket", "purple")  # fmt: skip


def test_the_banquets_rules_read_the_ruleset_never_the_edition_during_play():
    """Only `configure` (which builds the ruleset) may look at the options' edition."""
    modules = Path(rules_package.__file__).parent / "modules"
    for name in BANQUET_MODULES:
        tree = ast.parse((modules / f"{name}.py").read_text())
        reads = [
            node.lineno
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr in ("edition", "rules_version")
        ]
        assert reads == [], f"{name}.py reads the edition at line(s) {reads}"


@pytest.mark.parametrize(
    ("options", "params"),
    [
        (B1, {"used_to_discard": True, "black_market_returns": False, "first_player": True}),
        (M1, {"used_to_discard": False, "black_market_returns": True, "first_player": False}),
    ],
)
def test_configure_settles_what_the_edition_decides(options, params):
    found = ruleset({**options, "players": 2}).params
    assert found["banquet.used_to_discard"] is params["used_to_discard"]
    assert found["banquet.black_market_returns"] is params["black_market_returns"]
    assert found["banquet.pickpocket_first_player"] is params["first_player"]


def test_the_golden_donkeys_event_names_its_rubles_and_the_double_turns_its_actions():
    _, events = use(with_hand(M1, ("golden_donkey#0",)), "golden_donkey#0")
    assert of_kind(events, "special")[0]["rubles"] == 5
    _, events = use(with_hand(M1, ("double_turn#0",)), "double_turn#0")
    assert of_kind(events, "special")[0]["actions"] == 2
