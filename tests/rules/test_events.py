"""Module 4, the Events (expansions.md §2.9, §3.8 M4-1..M4-14, decisions 4.25-4.29, 4.41, X-7):
when an event may be used, each event's effect, the standing pass and the pass count. The Twin's
pair has its own file (test_twin.py)."""

import json

import pytest

from games.rules import GameState, IllegalMove, legal_moves, player_view, to_act
from games.rules.modules.events import used

from .builders import market_state, moves_of, of_kind, pass_all, play

EVENTS = {"events": True}
SIX_WORKERS = [f"lumberjack#{i}" for i in range(6)]


def with_events(**fields):
    """A Market position (market phase of round 2, seat 0 to act) with the Events on."""
    fields["options"] = {**EVENTS, **fields.get("options", {})}
    return market_state(**fields)


def event_moves(s, seat=0):
    return [m for m in moves_of(s, seat) if m["kind"] == "event"]


def refused(s, seat, **move):
    with pytest.raises(IllegalMove) as caught:
        play(s, seat, kind="event", **move)
    return caught.value.code, caught.value.params.get("reason")


def used_by(s, seat, event):
    return with_records(s, {"events": {"used": {event: seat}}})


def with_records(s, records):
    data = s.to_dict()
    data["records"] = {**data["records"], **records}
    return GameState.from_dict(data)


# ---------------------------------------------------------------- when


def test_m4_1_in_round_1_every_event_is_refused():
    s = with_events(round=1, board={"upper": ["author#0"]}, discard=["library#0"])
    assert event_moves(s) == []
    for event in ("twin", "sponsor", "ghost", "new_luck", "warehouse", "grabber"):
        assert refused(s, 0, event=event)[0] == "too_early"


def test_m4_2_one_event_per_player_and_each_event_once():
    s = with_events(piles={"market": ["market_fish_1#0"]})
    s, _ = play(s, 0, kind="event", event="sponsor")
    assert used(s) == {"sponsor": 0}
    s, _ = play(s, 0, kind="pass")
    s, _ = play(s, 1, kind="pass")
    assert s.turn == 0
    assert s.phase == "market"
    assert refused(s, 0, event="ghost", card="author#0") == ("one_event_each", None)
    assert event_moves(s, 0) == []
    s = s.evolve(turn=1)
    assert refused(s, 1, event="sponsor") == ("event_used", None)
    assert {m["event"] for m in event_moves(s, 1)} == {"twin", "ghost", "new_luck", "warehouse"}


def test_when_all_six_are_used_none_is_offered():
    s = with_events(
        records={
            "events": {
                "used": {
                    "twin": 1,
                    "sponsor": 1,
                    "ghost": 1,
                    "new_luck": 1,
                    "warehouse": 1,
                    "grabber": 1,
                }
            }
        }
    )
    assert event_moves(s) == []


def test_legal_moves_list_every_way_to_use_every_event():
    s = with_events(
        board={"upper": ["author#0", "library#0"], "lower": ["judge#0"]},
        discard=["lumberjack#0"],
        piles={"market": ["market_fish_1#0"]},
    )
    assert sorted(json.dumps(m, sort_keys=True) for m in event_moves(s)) == sorted(
        json.dumps(m, sort_keys=True)
        for m in [
            {"kind": "event", "event": "sponsor"},
            {"kind": "event", "event": "warehouse"},
            {"kind": "event", "event": "twin"},
            {"kind": "event", "event": "new_luck"},
            {"kind": "event", "event": "ghost", "card": "author#0"},
            {"kind": "event", "event": "ghost", "card": "library#0"},
            {"kind": "event", "event": "ghost", "card": "judge#0"},
            {"kind": "event", "event": "grabber", "card": "lumberjack#0"},
        ]
    )


def test_an_event_does_not_end_the_turn():
    s = with_events()
    s, _ = play(s, 0, kind="event", event="sponsor")
    assert to_act(s) == (0,)
    assert s.actions_left == 1
    s, _events = play(s, 0, kind="buy", card="author#0")
    assert to_act(s) == (1,)


def test_an_event_is_not_used_between_the_actions_of_a_double_turn():
    s = with_events(
        options={"banquet": True},
        players=[{"hand": ["double_turn#0"]}, {}],
        board={"upper": ["author#0", "author#1"]},
    )
    s, _ = play(s, 0, kind="special", card="double_turn#0")
    assert (to_act(s), s.actions_left) == ((0,), 2)
    assert event_moves(s) == []
    assert refused(s, 0, event="sponsor") == ("not_now", "event_turn_start")
    s, _ = play(s, 0, kind="buy", card="author#0")
    assert refused(s, 0, event="sponsor") == ("not_now", "event_turn_start")


def test_an_event_may_come_before_a_double_turn():
    s = with_events(
        options={"banquet": True},
        players=[{"hand": ["double_turn#0"]}, {}],
        board={"upper": ["author#0", "author#1"]},
    )
    s, _ = play(s, 0, kind="event", event="sponsor")
    s, _ = play(s, 0, kind="special", card="double_turn#0")
    assert (to_act(s), s.actions_left) == ((0,), 2)


def test_no_event_while_a_decision_is_pending():
    s = with_events(players=[{"area": ["market_fish_crate#0"]}, {}])
    s, _ = pass_all(s)
    assert s.step == "upkeep"
    assert event_moves(s) == []
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="event", event="sponsor")
    assert (caught.value.code, caught.value.params) == ("not_now", {"decision": "upkeep"})


def test_no_event_before_the_pick_pockets_action():
    s = with_events(
        options={"banquet": True},
        phase="trading",
        players=[{}, {"hand": ["pickpocket#0"]}],
        markers={"market": 0, "worker": 0, "building": 0, "aristocrat": 0, "trading": 0},
        board={"upper": ["author#0"]},
        piles={"worker": SIX_WORKERS, "market": ["market_fish_1#0"]},
    )
    s, _ = pass_all(s)  # round 3 opens: the Pick Pocket's holder is asked first
    assert s.decisions[0].kind == "pickpocket"
    seat = s.decisions[0].seat
    assert not any(m["kind"] == "event" for m in moves_of(s, seat))
    with pytest.raises(IllegalMove) as caught:
        play(s, seat, kind="event", event="sponsor")
    assert caught.value.params == {"decision": "pickpocket"}


# ---------------------------------------------------------------- the pass count


def test_a_turn_with_an_event_and_a_pass_never_counts_as_a_pass():
    s = with_events(turn=1)
    s, _ = play(s, 1, kind="pass")
    assert (s.turn, s.passes) == (0, 1)
    s, _ = play(s, 0, kind="event", event="sponsor")
    s, events = play(s, 0, kind="pass")
    assert s.phase == "market"  # both passed in turn, but the event turn is no pass
    assert (s.turn, s.passes) == (1, 0)
    assert "actions_end" not in [e["kind"] for e in events]


def test_a_turn_with_an_event_ending_in_a_forced_pass_is_no_pass_either():
    s = with_events(
        turn=1,
        players=[
            {"money": 0, "hand": ["author#2", "author#3", "author#4"]},
            {},
        ],
        board={"upper": ["author#0", "author#1"]},
    )
    s, _ = play(s, 1, kind="pass")
    assert (s.turn, s.passes) == (0, 1)
    s, events = play(s, 0, kind="event", event="ghost", card="author#0")
    forced = of_kind(events, "pass")
    assert forced == [
        {"kind": "pass", "seat": 0, "until": None, "automatic": False, "forced": True}
    ]
    assert (s.phase, s.turn, s.passes) == ("market", 1, 0)


def test_a_seat_with_nothing_but_an_event_to_do_is_asked_rather_than_passed_for():
    s = with_events(
        turn=1,
        players=[{"money": 0, "hand": ["author#2", "author#3", "author#4"]}, {}],
        board={"upper": ["author#0"]},
        piles={"market": ["market_fish_1#0"]},
    )
    s, _ = play(s, 1, kind="pass")
    assert to_act(s) == (0,)
    assert {m["event"] for m in event_moves(s)} == {
        "sponsor",
        "warehouse",
        "ghost",
        "new_luck",
        "twin",
    }


# ---------------------------------------------------------------- pass until the board changes


def test_m4_11_an_event_ends_the_others_pass_until_the_board_changes_but_the_warehouse_does_not():
    s = with_events(players=[{}, {"standing": "board_change"}])
    after_warehouse, _ = play(s, 0, kind="event", event="warehouse")
    assert after_warehouse.players[1].standing == "board_change"
    after_sponsor, _ = play(s, 0, kind="event", event="sponsor")
    assert after_sponsor.players[1].standing is None


def test_an_event_leaves_a_pass_to_the_end_of_the_phase_standing():
    s = with_events(players=[{}, {"standing": "phase"}, {"standing": "board_change"}])
    s, _ = play(s, 0, kind="event", event="sponsor")
    assert [p.standing for p in s.players] == [None, "phase", None]


def test_a_seat_with_other_records_may_still_use_an_event_but_not_in_extra_actions():
    s = with_events(players=[{"records": {"taken_this_turn": ["author#0"]}}, {}])
    assert event_moves(s)
    s = with_events(players=[{"records": {"extra_actions_turn": 1}}, {}])
    assert event_moves(s) == []


def test_m4_11_the_seat_whose_standing_pass_ended_acts_again():
    s = with_events(players=[{}, {"standing": "board_change"}])
    s, _ = play(s, 0, kind="event", event="sponsor")
    s, events = play(s, 0, kind="pass")
    assert to_act(s) == (1,)
    assert not of_kind(events, "pass")[1:]  # nobody passed for seat 1


# ---------------------------------------------------------------- Sponsor, Warehouse


def test_m4_10_sponsor_with_four_players():
    s = with_events(players=4, turn=2)
    s, events = play(s, 2, kind="event", event="sponsor")
    assert [p.money for p in s.players] == [27, 27, 31, 27]
    assert of_kind(events, "event") == [
        {"kind": "event", "seat": 2, "event": "sponsor", "rubles": 6, "others": 2}
    ]
    sources = [(e["seat"], e["source"], e["rubles"]) for e in of_kind(events, "ledger")]
    assert sources == [(2, "event:sponsor", 6), (3, "event:sponsor", 2), (0, "event:sponsor", 2),
                       (1, "event:sponsor", 2)]  # fmt: skip


def test_the_warehouse_raises_its_users_hand_limit_by_one_for_the_rest_of_the_game():
    s = with_events(
        players=[{"hand": ["author#2", "author#3", "author#4"]}, {}],
        board={"upper": ["author#0", "author#1"]},
    )
    assert {"kind": "take", "card": "author#0"} not in moves_of(s, 0)
    s, events = play(s, 0, kind="event", event="warehouse")
    assert of_kind(events, "event") == [
        {"kind": "event", "seat": 0, "event": "warehouse", "slots": 1}
    ]
    assert {"kind": "take", "card": "author#0"} in moves_of(s, 0)
    assert player_view(s, 0)["players"][0]["summary"]["hand_limit"] == 4
    assert player_view(s, 0)["players"][1]["summary"]["hand_limit"] == 3
    s, _ = play(s, 0, kind="take", card="author#0")
    assert len(s.players[0].hand) == 4


def test_m4_9_warehouse_event_and_blue_warehouse_hand_limit_5_and_the_displacement_rule():
    hand = ["author#0", "author#1", "author#2", "author#3", "peterhof#0"]
    s = used_by(
        with_events(
            players=[{"area": ["warehouse#0"], "hand": hand, "money": 40}, {}],
            board={"upper": ["harbor#0"]},
        ),
        0,
        "warehouse",
    )
    assert player_view(s, 0)["players"][0]["summary"]["hand_limit"] == 5
    moves = moves_of(s, 0)
    assert {"kind": "buy", "card": "harbor#0", "displace": "warehouse#0"} not in moves
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="buy", card="harbor#0", displace="warehouse#0")
    assert caught.value.code == "cannot_displace"
    assert {"kind": "play", "card": "peterhof#0", "displace": "warehouse#0"} in moves
    s, _ = play(s, 0, kind="play", card="peterhof#0", displace="warehouse#0")
    assert s.players[0].area == ("peterhof#0",)
    assert len(s.players[0].hand) == 4


def test_x7_purple_cards_count_for_the_hand_limit_which_is_4_with_the_warehouse_event():
    purple = ["jester#0", "double_turn#0", "golden_donkey#0"]
    s = used_by(
        with_events(
            options={"banquet": True},
            players=[{"hand": purple}, {}],
            board={"upper": ["pickpocket#0", "banquet#0"]},
        ),
        0,
        "warehouse",
    )
    s, _ = play(s, 0, kind="take", card="pickpocket#0")
    assert len(s.players[0].hand) == 4
    s = s.evolve(turn=0)
    assert {"kind": "take", "card": "banquet#0"} not in moves_of(s, 0)
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="take", card="banquet#0")
    assert caught.value.code == "hand_full"


def test_the_warehouse_event_counts_as_no_card_in_the_area():
    s = with_events(options={"assignments": True})
    s, _ = play(s, 0, kind="event", event="warehouse")
    assert s.players[0].area == ()
    assert player_view(s, 0)["events"]["events"][4] == {"event": "warehouse", "used_by": 0}


# ---------------------------------------------------------------- Ghost, New Luck


def test_m4_6_ghost_on_a_lower_row_card_the_new_card_goes_into_the_upper_row():
    s = with_events(
        board={"upper": ["author#0"], "lower": ["judge#0"]},
        piles={"market": ["market_fish_1#0", "market_fish_1#1"]},
    )
    s, events = play(s, 0, kind="event", event="ghost", card="judge#0")
    assert s.discard == ("judge#0",)
    assert (s.upper, s.lower) == (("author#0", "market_fish_1#0"), ())
    assert of_kind(events, "event") == [
        {"kind": "event", "seat": 0, "event": "ghost", "card": "judge#0",
         "new": "market_fish_1#0", "reveals": True}
    ]  # fmt: skip
    assert player_view(s, 0)["prices"]["market_fish_1#0"]["buy"] == 5  # full price, upper row


def test_m4_6_ghost_on_an_upper_row_card_the_new_card_takes_its_space():
    s = with_events(
        board={"upper": ["author#0", "library#0", "author#1"]},
        piles={"market": ["market_fish_1#0", "market_fish_1#1"]},
    )
    s, _ = play(s, 0, kind="event", event="ghost", card="library#0")
    assert s.upper == ("author#0", "market_fish_1#0", "author#1")
    assert s.discard == ("library#0",)


def test_m4_6_ghost_with_the_pile_empty_nothing_replaces_the_card():
    s = with_events(board={"upper": ["author#0", "library#0"]}, piles={"market": []})
    s, events = play(s, 0, kind="event", event="ghost", card="library#0")
    assert s.upper == ("author#0",)
    assert of_kind(events, "event")[0]["new"] is None
    assert of_kind(events, "event")[0]["reveals"] is False


def test_ghost_needs_a_card_on_the_board():
    s = with_events(board={"upper": []})
    assert refused(s, 0, event="ghost", card="author#0") == ("event_impossible", "ghost")


def test_ghost_names_a_card_on_the_board():
    s = with_events(board={"upper": ["author#0"]})
    assert refused(s, 0, event="ghost", card="judge#0") == ("event_impossible", "way")


def test_m4_5_new_luck_with_four_players_needs_four_free_spaces_in_the_upper_row():
    pile = [f"market_fish_1#{i}" for i in range(3)] + [f"market_apple_1#{i}" for i in range(3)]
    seven = [f"author#{i}" for i in range(6)] + ["library#0"]
    s = with_events(players=4, board={"upper": seven}, piles={"market": pile})
    assert refused(s, 0, event="new_luck") == ("event_impossible", "new_luck")
    six = with_events(players=4, board={"upper": seven[:6]}, piles={"market": pile})
    s, events = play(six, 0, kind="event", event="new_luck")
    assert s.upper == (*seven[:6], *pile[:4])
    assert s.piles[s.rules.piles.index("market")] == tuple(pile[4:])
    assert of_kind(events, "event")[0]["cards"] == pile[:4]
    assert of_kind(events, "event")[0]["reveals"] is True


def test_new_luck_lays_what_the_pile_has_and_needs_a_card_there():
    s = with_events(players=3, piles={"market": ["market_fish_1#0"]})
    s, _events = play(s, 0, kind="event", event="new_luck")
    assert s.upper == ("author#0", "market_fish_1#0")
    empty = with_events(piles={"market": []})
    assert refused(empty, 0, event="new_luck") == ("event_impossible", "new_luck")


def test_new_luck_may_leave_more_than_ten_cards_and_the_next_refill_adds_none():
    upper = [f"author#{i}" for i in range(6)]
    lower = ["library#0", "library#1", "judge#0", "judge#1"]
    pile = [f"market_fish_1#{i}" for i in range(3)]
    s = with_events(players=2, board={"upper": upper[:6], "lower": lower}, piles={"market": pile})
    s, _ = play(s, 0, kind="event", event="new_luck")
    assert len(s.upper) + len(s.lower) == 12
    s, events = pass_all(s)
    assert of_kind(events, "refill")[0]["cards"] == []


@pytest.mark.parametrize(
    ("event", "card"), [("ghost", "author#0"), ("new_luck", None), ("twin", None)]
)
def test_m4_7_an_event_that_lays_a_piles_last_card_starts_the_last_round(event, card):
    s = with_events(piles={"market": ["market_fish_1#0"]})
    move = {"event": event, **({"card": card} if card else {})}
    s, events = play(s, 0, kind="event", **move)
    assert s.last_round
    assert of_kind(events, "last_round") == [{"kind": "last_round", "pile": "market", "round": 2}]


def test_an_event_laying_a_card_that_is_not_a_piles_last_leaves_the_round_as_it_is():
    s = with_events(piles={"market": ["market_fish_1#0", "market_fish_1#1"]})
    s, events = play(s, 0, kind="event", event="ghost", card="author#0")
    assert not s.last_round
    assert of_kind(events, "last_round") == []


# ---------------------------------------------------------------- Grabber


def test_m4_13_the_lower_row_goes_to_the_discard_pile_in_order_and_the_grabber_buys_its_last():
    s = with_events(
        phase="trading",
        board={"upper": [], "lower": ["author#0", "judge#0", "library#0"]},
        discard=["market#0"],
        piles={"worker": SIX_WORKERS},
    )
    s, _ = pass_all(s)
    assert s.discard == ("market#0", "author#0", "judge#0", "library#0")
    seat = to_act(s)[0]
    s, events = play(s, seat, kind="event", event="grabber", card="library#0")
    assert s.discard == ("market#0", "author#0", "judge#0")
    assert "library#0" in s.players[seat].area
    assert of_kind(events, "buy") == [
        {"kind": "buy", "seat": seat, "card": "library#0", "from": "discard", "price": 17,
         "displaced": None}
    ]  # fmt: skip


def test_the_grabber_buys_only_the_top_card():
    s = with_events(discard=["library#0", "author#1"])
    assert refused(s, 0, event="grabber", card="library#0") == ("event_impossible", "way")


def test_the_grabber_pays_the_usual_price_without_the_lower_row_reduction():
    s = with_events(players=[{"area": ["library#1"]}, {}], discard=["library#0"])
    grab = next(m for m in player_view(s, 0)["moves"] if m.get("event") == "grabber")
    assert grab["price"] == 16  # 17 - 1 for the identical card


def test_the_grabber_needs_money_for_the_card():
    s = with_events(players=[{"money": 16}, {}], discard=["library#0"])
    assert refused(s, 0, event="grabber", card="library#0") == ("event_impossible", "grabber")


def test_a_trading_card_grabbed_must_displace():
    s = with_events(players=[{"area": ["market#0"]}, {}], discard=["bank#0"])
    assert {"kind": "event", "event": "grabber", "card": "bank#0", "displace": "market#0"} in (
        event_moves(s)
    )
    assert refused(s, 0, event="grabber", card="bank#0") == ("event_impossible", "way")
    s, _ = play(s, 0, kind="event", event="grabber", card="bank#0", displace="market#0")
    assert s.players[0].area == ("bank#0",)
    assert s.discard == ("market#0",)
    without = with_events(discard=["bank#0"])
    assert refused(without, 0, event="grabber", card="bank#0") == ("event_impossible", "grabber")


def test_a_trading_card_is_grabbed_by_who_can_pay_the_difference_though_not_its_full_cost():
    """A Bank (13) over a Market (5) costs 8: the Grabber offers it to a seat with 8 rubles."""
    s = with_events(players=[{"area": ["market#0"], "money": 8}, {}], discard=["bank#0"])
    assert [m for m in event_moves(s) if m["event"] == "grabber"] == [
        {"kind": "event", "event": "grabber", "card": "bank#0", "displace": "market#0"}
    ]
    s, events = play(s, 0, kind="event", event="grabber", card="bank#0", displace="market#0")
    assert of_kind(events, "buy") == [
        {"kind": "buy", "seat": 0, "card": "bank#0", "from": "discard", "price": 8,
         "displaced": "market#0"}
    ]  # fmt: skip
    assert (s.players[0].area, s.players[0].money) == (("bank#0",), 0)


def test_m4_14_the_grabber_on_a_question_mark_card_asks_for_its_tile():
    s = with_events(discard=["ship_builder#5"])
    s, _ = play(s, 0, kind="event", event="grabber", card="ship_builder#5")
    assert s.decisions[0].kind == "joker"
    s, events = play(s, 0, kind="joker", good="apple")
    assert of_kind(events, "joker")[0]["good"] == "apple"
    assert to_act(s) == (0,)  # then his regular turn


def test_m4_14_the_grabber_never_takes_a_purple_card():
    s = with_events(options={"banquet": True}, discard=["library#0", "jester#0"])
    assert not any(m["event"] == "grabber" for m in event_moves(s))
    assert refused(s, 0, event="grabber", card="jester#0") == ("event_impossible", "grabber")


def test_the_grabber_needs_a_discard_pile():
    s = with_events(discard=[])
    assert refused(s, 0, event="grabber", card="library#0") == ("event_impossible", "grabber")


# ---------------------------------------------------------------- state and view


def test_the_events_used_are_public_and_round_trip():
    s = with_events()
    s, _ = play(s, 0, kind="event", event="sponsor")
    assert s.to_dict()["records"]["events"] == {"used": {"sponsor": 0}}
    assert GameState.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    shown = player_view(s, None)["events"]
    assert shown["events"][1] == {"event": "sponsor", "used_by": 0}
    assert shown["events"][0] == {"event": "twin", "used_by": None}
    assert shown["from_round"] == 2
    assert shown["pair"] is None


def test_events_never_move_the_start_markers():
    s = with_events(players=3, piles={"market": ["market_fish_1#0"]})
    before = s.markers
    for event in ("sponsor", "new_luck", "warehouse"):
        after, _ = play(s, 0, kind="event", event=event)
        assert after.markers == before


def test_a_game_without_the_events_offers_none():
    s = market_state(discard=["library#0"])
    assert not any(m.kind == "event" for m in legal_moves(s, 0))
    with pytest.raises(IllegalMove) as caught:
        play(s, 0, kind="event", event="sponsor")
    assert (caught.value.code, caught.value.params) == ("not_now", {"reason": "no_events"})
