"""What each seat sees (design §5, yucata "Hints for handling"): all public, piles unordered."""

import json

from games.rules import GameState, apply_move, legal_moves, new_game, player_view, to_act

from .builders import state


def shuffled_piles(s):
    data = s.to_dict()
    data["piles"] = {name: list(reversed(pile)) for name, pile in data["piles"].items()}
    return GameState.from_dict(data)


def test_the_view_is_the_same_when_only_the_order_of_the_piles_changes():
    s = new_game({"players": 3}, 21)
    other = shuffled_piles(s)
    assert other != s
    for seat in (None, 0, 1, 2):
        assert player_view(s, seat) == player_view(other, seat)


def test_piles_are_shown_grouped_and_counted_by_card_id():
    s = state(piles={"building": ["market#3", "library#0", "market#1"]})
    shown = player_view(s, None)["piles"]["building"]
    assert shown == {
        "size": 3,
        "contents": [{"card": "library", "count": 1}, {"card": "market", "count": 2}],
    }


def test_money_hands_and_areas_of_every_player_are_public():
    s = state(players=[{"money": 7, "hand": ["author#0"]}, {"area": ["market#0"]}])
    for seat in (None, 0, 1):
        players = player_view(s, seat)["players"]
        assert players[0]["money"] == 7
        assert players[0]["hand"] == ["author#0"]
        assert players[1]["area"] == ["market#0"]


def test_a_seat_sees_its_legal_moves_with_prices_and_a_spectator_sees_none():
    s = state(players=[{"area": ["market#0"]}, {}], board={"upper": ["market#1", "bank#0"]})
    view = player_view(s, 0)
    assert {"kind": "buy", "card": "market#1", "price": 4} in view["moves"]
    assert {"kind": "buy", "card": "bank#0", "displace": "market#0", "price": 8} in view["moves"]
    assert view["prices"]["bank#0"] == {
        "buy": 8,
        "displace": {"market#0": 8},
        "can_buy": True,
        "can_take": True,
    }
    assert "moves" not in player_view(s, None)


def test_the_seat_sees_what_playing_a_hand_card_would_cost():
    s = state(players=[{"hand": ["customs_house#0"], "area": ["customs_house#1"]}, {}])
    assert player_view(s, 0)["prices"]["customs_house#0"] == {
        "play": 7,
        "displace": None,
        "can_play": True,
    }


def test_the_price_table_says_when_a_card_is_too_dear_or_cannot_be_bought_at_all():
    s = state(players=[{"money": 4}, {}], board={"upper": ["library#0", "bank#0"]})
    prices = player_view(s, 0)["prices"]
    assert (prices["library#0"]["buy"], prices["library#0"]["can_buy"]) == (17, False)
    assert (prices["bank#0"]["buy"], prices["bank#0"]["can_buy"]) == (None, False)
    assert prices["bank#0"]["can_take"]


def test_the_summary_shows_income_per_phase_and_aristocrat_points():
    s = state(
        players=[
            {"area": ["lumberjack#0", "market#0", "author#0", "pope#0"], "hand": ["judge#0"]},
            {},
        ]
    )
    summary = player_view(s, 1)["players"][0]["summary"]
    assert summary["income"] == {
        "worker": {"rubles": 3, "points": 0},
        "building": {"rubles": 0, "points": 1},
        "aristocrat": {"rubles": 2, "points": 1},
    }
    assert (summary["distinct_aristocrats"], summary["aristocrat_points"]) == (2, 3)
    assert summary["hand_size"] == 1


def test_the_view_shows_a_pending_pub_decision():
    s = state(step="pub", pub_queue=[1], turn=1, players=[{}, {"area": ["pub#0"], "money": 6}])
    assert player_view(s, 0)["pending"] == {"kind": "pub", "seat": 1, "max_points": 3}


def test_a_finished_game_shows_the_final_scores():
    s = state(step="over", players=[{"points": 3}, {"points": 5}])
    view = player_view(s, None)
    assert view["game_over"]
    assert view["to_act"] == []
    assert [row["winner"] for row in view["scores"]] == [False, True]


def test_the_view_is_plain_json():
    s = new_game({"players": 2}, 2)
    while s.phase == "worker":
        seat = to_act(s)[0]
        s, _ = apply_move(s, seat, legal_moves(s, seat)[0])
    view = player_view(s, to_act(s)[0])
    assert json.loads(json.dumps(view)) == view


def test_the_view_lists_the_phases_in_order_with_their_piles_and_whether_they_score():
    view = player_view(state(), None)
    assert view["phases"] == [
        {"name": "worker", "pile": "worker", "scores": True},
        {"name": "building", "pile": "building", "scores": True},
        {"name": "aristocrat", "pile": "aristocrat", "scores": True},
        {"name": "trading", "pile": "trading", "scores": False},
    ]
    assert view["board_size"] == 8


def test_the_view_names_every_part_the_table_reads_and_a_running_game_has_no_scores():
    s = state(
        players=[
            {"money": 7, "points": 3, "area": ["market#0"], "hand": ["author#0"],
             "standing": "phase"},
            {},
        ],
        board={"upper": ["market#1"], "lower": ["bank#0"]},
        discard=["library#0"],
    )  # fmt: skip
    view = player_view(s, 0)
    assert sorted(view) == [
        "actions_left", "board", "board_size", "decisions", "discard", "drawn", "edition",
        "first_worker_phase", "game_over", "has_choice", "last_round", "markers", "moves",
        "options", "pending", "phase", "phases", "piles", "players", "prices", "records",
        "round", "scores", "seat", "step", "to_act", "your_turn",
    ]  # fmt: skip
    shown = {key: view[key] for key in view if key not in ("moves", "prices", "players")}
    assert {key: shown[key] for key in ("seat", "edition", "round", "phase", "step")} == {
        "seat": 0, "edition": "1st", "round": 2, "phase": "building", "step": "actions",
    }  # fmt: skip
    assert (shown["first_worker_phase"], shown["last_round"], shown["game_over"]) == (
        False,
        False,
        False,
    )
    assert shown["markers"] == {"worker": 0, "building": 1, "aristocrat": 0, "trading": 1}
    assert shown["board"] == {"upper": ["market#1"], "lower": ["bank#0"]}
    assert (shown["discard"], shown["actions_left"], shown["records"]) == (["library#0"], 1, {})
    assert shown["scores"] is None
    player = dict(view["players"][0])
    assert sorted(player.pop("summary")) == [
        "aristocrat_points", "distinct_aristocrats", "hand_limit", "hand_size", "income",
        "total_income", "upkeep",
    ]  # fmt: skip
    assert player == {
        "seat": 0, "money": 7, "points": 3, "area": ["market#0"], "hand": ["author#0"],
        "used_observatories": [], "marks": [], "markers": ["worker", "aristocrat"],
        "standing": "phase", "pub_plan": None, "plans": {}, "records": {},
    }  # fmt: skip


def test_a_trading_card_on_the_lower_row_is_quoted_with_its_discount_over_each_card():
    s = state(
        players=[{"money": 30, "area": ["market#0", "library#0"]}, {}],
        board={"lower": ["bank#0"]},
    )
    assert player_view(s, 0)["prices"]["bank#0"] == {
        "buy": 1,
        "displace": {"market#0": 7, "library#0": 1},
        "can_buy": True,
        "can_take": True,
    }


def test_with_new_society_the_summary_counts_ten_points_per_aristocrat_beyond_the_tenth():
    twelve = [
        "administrator#0", "admiral#0", "author#0", "builder#0", "chamber_maid#0",
        "controller#0", "czar#0", "judge#0", "lt_kije#0", "mayor#0", "merchant#0", "pope#0",
    ]  # fmt: skip
    s = state(options={"new_society": "full"}, players=[{"area": twelve}, {}])
    summary = player_view(s, 0)["players"][0]["summary"]
    assert (summary["distinct_aristocrats"], summary["aristocrat_points"]) == (12, 55 + 2 * 10)


def test_only_the_seat_to_act_is_told_it_has_a_real_choice():
    s = state(board={"upper": ["market#1"]})
    assert [player_view(s, seat)["has_choice"] for seat in (0, 1)] == [True, False]


def test_the_used_observatories_are_the_turned_cards_and_no_other_marked_card():
    marks = [
        {"card": "observatory#0", "kind": "turned", "clears": "round_end"},
        {"card": "market#0", "kind": "banquet", "clears": "never"},
    ]
    s = state(players=[{"area": ["observatory#0", "market#0"], "marks": marks}, {}])
    assert player_view(s, None)["players"][0]["used_observatories"] == ["observatory#0"]
