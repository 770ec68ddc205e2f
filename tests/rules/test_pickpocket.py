"""The Pick Pocket (expansions.md §2.4, §2.5, §3.4 M1-5, decision 4.16): asked when a phase opens,
before anybody acts; 1st edition: the holder becomes that phase's first player; 2nd edition: he
buys or takes one card from the board, then the start player begins. A timeout, a standing pass
or "never ask me" decline."""

import pytest

from games.rules import IllegalMove, default_move, legal_moves, player_view, to_act
from games.rules.modules.banquet import removed

from .builders import moves_of, of_kind, pass_all, play, state

B1 = {"edition": "1st", "banquet": True}
M1 = {"edition": "2nd", "banquet": True}


def before_the_building_phase(options, holder=2, plans=None, start=1):
    """3 players at the end of the worker phase; the building marker at `start`; `holder`
    took the Pick Pocket on an earlier turn."""
    players = [{"money": 25} for _ in range(3)]
    players[holder]["hand"] = ["pickpocket#0"]
    if plans:
        players[holder]["plans"] = plans
    return state(
        options=options,
        phase="worker",
        players=players,
        markers={"worker": 0, "building": start, "aristocrat": 0, "trading": 0},
        board={"upper": ["library#0", "author#0", "author#1", "lumberjack#0"]},
    )


def test_m1_5_the_holder_buys_a_card_before_the_start_player_and_the_card_leaves_the_game():
    s, _ = pass_all(before_the_building_phase(M1))
    assert (s.phase, to_act(s)) == ("building", (2,))
    s, events = play(s, 2, kind="pickpocket", use=True, card="library#0", then="buy")
    assert s.players[2].area == ("library#0",)
    assert s.players[2].money == 25 - 17
    assert removed(s) == ("pickpocket#0",)
    assert to_act(s) == (1,)
    assert s.markers[1] == 1
    assert of_kind(events, "pickpocket")[0]["used"] is True


def test_m1_5_the_holder_may_take_a_card_into_the_hand_instead():
    s, _ = pass_all(before_the_building_phase(M1))
    s, _ = play(s, 2, kind="pickpocket", use=True, card="author#0", then="take")
    assert s.players[2].hand == ("author#0",)
    assert to_act(s) == (1,)


def test_m1_5_a_start_player_holding_it_gets_an_extra_action_before_his_first_turn():
    s, _ = pass_all(before_the_building_phase(M1, holder=1))
    assert to_act(s) == (1,)
    s, _ = play(s, 1, kind="pickpocket", use=True, card="author#0", then="take")
    assert to_act(s) == (1,)
    assert not s.decisions


def test_1st_edition_the_holder_becomes_the_first_player_of_the_phase():
    s, _ = pass_all(before_the_building_phase(B1))
    assert to_act(s) == (2,)
    assert legal_moves(s, 2)[0].to_dict() == {"kind": "pickpocket", "use": True}
    s, _ = play(s, 2, kind="pickpocket", use=True)
    assert to_act(s) == (2,)
    assert "pickpocket#0" in s.discard
    s, _ = play(s, 2, kind="take", card="author#0")
    assert to_act(s) == (0,)  # clockwise from him; the start marker stays with seat 1
    assert s.markers[1] == 1


def test_1st_edition_it_is_not_offered_to_the_phases_start_player():
    s, _ = pass_all(before_the_building_phase(B1, holder=1))
    assert not s.decisions
    assert s.players[1].hand == ("pickpocket#0",)


def test_a_timeout_declines_and_keeps_the_card():
    s, _ = pass_all(before_the_building_phase(M1))
    move = default_move(s, 2)
    assert move.to_dict() == {"kind": "pickpocket", "use": False}
    s, _ = play(s, 2, **move.to_dict())
    assert s.players[2].hand == ("pickpocket#0",)
    assert to_act(s) == (1,)


def test_never_ask_me_declines_without_asking_and_ask_me_asks_again():
    s, events = pass_all(before_the_building_phase(M1, plans={"pickpocket": False}))
    assert not s.decisions
    assert of_kind(events, "pickpocket") == [
        {"kind": "pickpocket", "seat": 2, "used": False, "automatic": True}
    ]
    s, _ = play(before_the_building_phase(M1), 0, kind="pickpocket_plan", ask=False)
    assert s.players[0].plans["pickpocket"] is False
    s, _ = play(s, 0, kind="pickpocket_plan", ask=True)
    assert "pickpocket" not in s.players[0].plans


def test_a_use_it_cannot_have_is_refused():
    s, _ = pass_all(before_the_building_phase(M1))
    with pytest.raises(IllegalMove) as error:
        play(s, 2, kind="pickpocket", use=True, card="czar#0", then="buy")
    assert error.value.code == "special_no_effect"
    with pytest.raises(IllegalMove) as error:
        play(s, 2, kind="take", card="author#0")
    assert error.value.code == "not_now"


@pytest.mark.parametrize(
    ("phase", "opens"),
    [
        ("worker", "building"),
        ("building", "aristocrat"),
        ("aristocrat", "trading"),
        ("trading", "worker"),
    ],
)
def test_the_pick_pocket_is_asked_when_each_phase_opens(phase, opens):
    s = before_the_building_phase(M1)
    s = s.evolve(phase=phase)
    s, _ = pass_all(s)
    assert s.phase == opens
    assert to_act(s) == (2,)
    assert s.decisions[0].kind == "pickpocket"


def test_the_pick_pocket_is_asked_when_the_market_phase_opens():
    players = [{"money": 25}, {"money": 25, "hand": ["pickpocket#0"]}]
    s = state(
        options={**M1, "market": True},
        phase="worker",
        players=players,
        board={"upper": ["library#0", "author#0"]},
    )
    s, _ = pass_all(s)
    assert s.phase == "market"
    assert s.decisions[0].kind == "pickpocket"


def test_m1_5_after_the_pick_pocket_the_phase_goes_clockwise_from_its_start_player():
    s = before_the_building_phase(M1)
    s, _ = pass_all(s.evolve(upper=(*s.upper, "author#2", "lumberjack#1")))
    s, _ = play(s, 2, kind="pickpocket", use=True, card="library#0", then="buy")
    order = []
    for _ in range(4):
        seat = to_act(s)[0]
        order.append(seat)
        s, _ = play(s, seat, kind="take", card=s.upper[0])
    assert order == [1, 2, 0, 1]


def test_the_pick_pockets_buy_is_priced_in_the_view():
    s, _ = pass_all(before_the_building_phase(M1))
    offered = {
        (m["card"], m.get("then")): m.get("price")
        for m in player_view(s, 2)["moves"]
        if m["kind"] == "pickpocket" and m["use"]
    }
    assert offered[("library#0", "buy")] == 17
    assert offered[("author#0", "take")] is None


def test_no_and_never_ask_me_again_declines_and_keeps_the_standing_answer():
    s, _ = pass_all(before_the_building_phase(M1))
    assert {"kind": "pickpocket_plan", "ask": False} in moves_of(s, 2)
    s, events = play(s, 2, kind="pickpocket_plan", ask=False)
    assert s.players[2].plans["pickpocket"] is False
    assert s.players[2].hand == ("pickpocket#0",)
    assert events == [
        {"kind": "pickpocket_plan", "seat": 2, "ask": False},
        {"kind": "pickpocket", "seat": 2, "used": False, "automatic": False},
    ]
    assert to_act(s) == (1,)


def test_its_holder_is_offered_the_standing_answer_on_his_turns_as_a_free_move():
    s = before_the_building_phase(M1, holder=0)
    s = s.evolve(phase="building")
    assert {"kind": "pickpocket_plan", "ask": False} in moves_of(s, 0)
    s, _ = play(s, 0, kind="pickpocket_plan", ask=False)
    assert to_act(s) == (0,)  # free: still his turn
    assert {"kind": "pickpocket_plan", "ask": True} in moves_of(s, 0)
    assert not [m for m in moves_of(s, 1) if m["kind"] == "pickpocket_plan"]


def with_golden_donkey_on_the_board(holder, start, **options):
    s = before_the_building_phase({**M1, **options}, holder=holder, start=start)
    return s.evolve(upper=("golden_donkey#0", *s.upper))


def test_a_purple_card_the_pick_pocket_takes_is_used_on_the_holders_next_turn():
    """§0.3: the Pick Pocket's action belongs to the turn in which it happens - the start
    player's (seat 1) - so seat 2's next turn is a later turn."""
    s, _ = pass_all(with_golden_donkey_on_the_board(holder=2, start=1))
    s, _ = play(s, 2, kind="pickpocket", use=True, card="golden_donkey#0", then="take")
    s, _ = play(s, 1, kind="pass")
    assert {"kind": "special", "card": "golden_donkey#0"} in moves_of(s, 2)
    s, _ = play(s, 2, kind="special", card="golden_donkey#0")
    assert s.players[2].money == 30


def test_the_start_player_holding_it_waits_a_turn_his_first_turn_is_the_pick_pockets():
    s, _ = pass_all(with_golden_donkey_on_the_board(holder=1, start=1))
    s, _ = play(s, 1, kind="pickpocket", use=True, card="golden_donkey#0", then="take")
    assert to_act(s) == (1,)
    with pytest.raises(IllegalMove) as error:
        play(s, 1, kind="special", card="golden_donkey#0")
    assert error.value.code == "special_not_yet"
    s, _ = play(s, 1, kind="pass")
    s, _ = play(s, 2, kind="pass")
    s, _ = play(s, 0, kind="take", card="author#0")
    assert {"kind": "special", "card": "golden_donkey#0"} in moves_of(s, 1)


def test_two_purple_cards_taken_in_one_turn_both_wait_for_a_later_turn():
    """§0.3, decision 4.17: the start player's Pick Pocket takes a Golden Donkey in his turn, his
    Double Turn (held from before) takes a Jester in its first extra action: in the second
    neither may be used, the first taken no more than the last; on his next turn both may."""
    s = with_golden_donkey_on_the_board(holder=1, start=1)
    holder = s.players[1]
    s = s.with_player(1, holder.evolve(hand=(*holder.hand, "double_turn#0"), area=("judge#0",)))
    s = s.evolve(upper=(*s.upper, "jester#0"))
    s, _ = pass_all(s)
    s, _ = play(s, 1, kind="pickpocket", use=True, card="golden_donkey#0", then="take")
    s, _ = play(s, 1, kind="special", card="double_turn#0")
    s, _ = play(s, 1, kind="take", card="jester#0")
    assert (to_act(s), s.actions_left) == ((1,), 1)
    assert not [m for m in moves_of(s, 1) if m["kind"] == "special"]
    for card, target in (("golden_donkey#0", None), ("jester#0", "judge#0")):
        with pytest.raises(IllegalMove) as error:
            play(s, 1, kind="special", card=card, target=target)
        assert error.value.code == "special_not_yet"
    s, _ = play(s, 1, kind="pass")
    s, _ = play(s, 2, kind="take", card="author#0")
    s, _ = play(s, 0, kind="take", card="author#1")
    usable = {m["card"] for m in moves_of(s, 1) if m["kind"] == "special"}
    assert usable == {"golden_donkey#0", "jester#0"}


def test_under_rules_version_2_the_card_waited_for_the_holders_turn_after_next():
    s = with_golden_donkey_on_the_board(holder=2, start=1, rules_version="2")
    s, _ = pass_all(s)
    s, _ = play(s, 2, kind="pickpocket", use=True, card="golden_donkey#0", then="take")
    s, _ = play(s, 1, kind="pass")
    with pytest.raises(IllegalMove) as error:
        play(s, 2, kind="special", card="golden_donkey#0")
    assert error.value.code == "special_not_yet"


def test_a_trading_card_the_pick_pocket_buys_displaces_a_card_which_goes_to_the_discard_pile():
    s = before_the_building_phase(M1)
    s = s.with_player(2, s.players[2].evolve(area=("market#0",)))
    s = s.evolve(upper=("bank#0", "author#0", "author#1", "lumberjack#0"))
    s, _ = pass_all(s)
    assert to_act(s) == (2,)
    s, events = play(
        s, 2, kind="pickpocket", use=True, card="bank#0", then="buy", displace="market#0"
    )
    assert s.players[2].area == ("bank#0",)
    assert s.discard == ("market#0",)
    assert "bank#0" not in s.upper
    assert of_kind(events, "buy") == [
        {
            "kind": "buy",
            "seat": 2,
            "card": "bank#0",
            "from": "upper",
            "price": 13 - 5,
            "displaced": "market#0",
        }
    ]


def test_m1_5_the_holder_may_buy_what_he_can_pay_from_either_row_and_take_any_card():
    """Offered: a buy of every card he can pay (a trading card priced less the card it
    displaces, the lower row's card less its discount, never a purple card) and a take of
    every card; a card from the lower row leaves the lower row."""
    s = before_the_building_phase(M1)
    s = s.with_player(2, s.players[2].evolve(area=("market#0",), money=10))
    s = s.evolve(
        upper=("library#0", "bank#0", "golden_donkey#0", "author#0"), lower=("lumberjack#1",)
    )
    s, _ = pass_all(s)
    assert [m for m in player_view(s, 2)["moves"] if m["kind"] == "pickpocket" and m["use"]] == [
        {"kind": "pickpocket", "card": "library#0", "then": "take", "use": True, "price": None},
        {"kind": "pickpocket", "card": "bank#0", "displace": "market#0", "then": "buy",
         "use": True, "price": 13 - 5},
        {"kind": "pickpocket", "card": "bank#0", "then": "take", "use": True, "price": None},
        {"kind": "pickpocket", "card": "golden_donkey#0", "then": "take", "use": True,
         "price": None},
        {"kind": "pickpocket", "card": "author#0", "then": "buy", "use": True, "price": 4},
        {"kind": "pickpocket", "card": "author#0", "then": "take", "use": True, "price": None},
        {"kind": "pickpocket", "card": "lumberjack#1", "then": "buy", "use": True,
         "price": 3 - 1},
        {"kind": "pickpocket", "card": "lumberjack#1", "then": "take", "use": True,
         "price": None},
    ]  # fmt: skip
    s, events = play(s, 2, kind="pickpocket", use=True, card="lumberjack#1", then="buy")
    assert events == [
        {"kind": "pickpocket", "seat": 2, "used": True, "card": "lumberjack#1", "then": "buy"},
        {"kind": "buy", "seat": 2, "card": "lumberjack#1", "from": "lower", "price": 2,
         "displaced": None},
        {"kind": "ledger", "seat": 2, "source": "price", "rubles": -2, "points": 0},
    ]  # fmt: skip
    me = s.players[2]
    assert (me.area, me.hand, me.money) == (("market#0", "lumberjack#1"), (), 10 - 2)
    assert (s.upper, s.lower, to_act(s)) == (
        ("library#0", "bank#0", "golden_donkey#0", "author#0"),
        (),
        (1,),
    )
