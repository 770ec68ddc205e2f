"""A state written in the shape of rules version 1 (stored snapshots, hand-written positions)
still loads, as the same position in today's shape."""

from games.rules import RULES_VERSION, GameState

OLD = {
    "edition": "2nd",
    "round": 2,
    "phase": "building",
    "step": "actions",
    "turn": 1,
    "passes": 0,
    "markers": {"worker": 0, "building": 1, "aristocrat": 0, "trading": 1},
    "piles": {"worker": [], "building": ["market#0"], "aristocrat": [], "trading": []},
    "board": {"upper": ["library#0"], "lower": []},
    "discard": [],
    "drawn": "judge#0",
    "pub_queue": [],
    "first_worker_phase": False,
    "last_round": False,
    "players": [
        {"money": 9, "points": 3, "area": ["pub#0"], "hand": [], "used_observatories": [],
         "standing": None, "pub_plan": 4},
        {"money": 25, "points": 0, "area": ["observatory#0"], "hand": [],
         "used_observatories": ["observatory#0"], "standing": None, "pub_plan": None},
    ],
}  # fmt: skip


def test_an_old_snapshot_loads_as_the_same_position_in_todays_shape():
    s = GameState.from_dict(OLD)
    assert (s.edition, s.rules.rules_version) == ("2nd", RULES_VERSION)
    assert s.drawn == "judge#0"
    assert [(d.kind, d.seat, dict(d.data)) for d in s.decisions] == [
        ("observatory", 1, {"card": "judge#0"})
    ]
    assert (s.players[0].pub_plan, dict(s.players[0].plans)) == (4, {"pub": 4})
    assert s.players[1].used == ("observatory#0",)
    new = s.to_dict()
    assert "edition" not in new
    assert "drawn" not in new
    assert new["options"]["edition"] == "2nd"
    assert GameState.from_dict(new) == s


def test_an_old_pub_step_becomes_a_queue_of_pub_decisions():
    old = {**OLD, "drawn": None, "step": "pub", "pub_queue": [0, 1], "turn": 0}
    s = GameState.from_dict(old)
    assert s.step == "pub"
    assert [(d.kind, d.seat) for d in s.decisions] == [("pub", 0), ("pub", 1)]
    assert s.pub_queue == (0, 1)


def test_old_events_still_say_whether_they_revealed_a_card():
    from games.rules import event_reveals

    assert event_reveals({"kind": "refill", "pile": "worker", "cards": ["author#0"]}) is True
    assert event_reveals({"kind": "refill", "pile": "worker", "cards": []}) is False
    assert event_reveals({"kind": "observatory", "seat": 0, "card": "judge#0"}) is True
    assert event_reveals({"kind": "buy", "seat": 0, "card": "judge#0"}) is False
    assert event_reveals({"kind": "something_new", "reveals": True}) is True


def test_a_hand_written_player_with_an_old_pub_plan_and_todays_marks_keeps_both():
    turned = {"card": "observatory#0", "kind": "turned", "clears": "round_end"}
    player = {"area": ["observatory#0", "pub#0"], "pub_plan": 2, "marks": [turned]}
    s = GameState.from_dict({"players": [player, {}]})
    assert (s.players[0].used, s.players[0].pub_plan) == (("observatory#0",), 2)
