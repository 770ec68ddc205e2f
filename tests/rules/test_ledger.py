"""The ledger (rules/ledger.py): every change of rubles and points names its source, and for
whole games of both editions the sources add up to the final scores and the money left. The
end-of-game breakdown (`score_sheet`) reads the ledger: points by part, the final totals."""

import pytest

from games.rules import (
    BOTS,
    apply_move,
    final_scores,
    is_over,
    ledger_breakdown,
    new_game,
    new_game_with_events,
    score_sheet,
    to_act,
)

from .builders import of_kind, pass_all, play, state


def play_out(options, seed, bot):
    s = new_game(options, seed)
    events = []
    step = 0
    while not is_over(s):
        seat = to_act(s)[0]
        s, new = apply_move(s, seat, BOTS[bot](s, seat, seed * 1_000_003 + step))
        events += new
        step += 1
    return s, events


@pytest.mark.parametrize("edition", ["1st", "2nd"])
@pytest.mark.parametrize(
    ("players", "seed", "bot"),
    [(4, 3, "random"), (3, 8, "greedy"), (2, 5, "random"), (1, 2, "greedy")],
)
def test_the_ledgers_sources_add_up_to_the_final_scores(edition, players, seed, bot):
    s, events = play_out({"players": players, "edition": edition}, seed, bot)
    totals = ledger_breakdown(events)
    for row in final_scores(s):
        sources = totals[row["seat"]]
        assert sum(part["points"] for part in sources.values()) == row["total"]
        assert 25 + sum(part["rubles"] for part in sources.values()) == row["money_left"]
        assert {k: sources[f"final:{k}"]["points"] for k in ("aristocrats", "money", "hand")} == {
            k: row["points"][k] for k in ("aristocrats", "money", "hand")
        }
        during_play = sum(p["points"] for src, p in sources.items() if not src.startswith("final:"))
        assert during_play == row["points"]["cards"] == s.players[row["seat"]].points


def test_a_purchase_posts_its_price_and_a_scoring_its_income():
    s = state(phase="worker", players=[{"money": 10, "area": ["lumberjack#0"]}, {}],
              board={"upper": ["gold_miner#0"]})  # fmt: skip
    _, events = play(s, 0, kind="buy", card="gold_miner#0")  # then nobody can act: it scores
    assert of_kind(events, "ledger")[:3] == [
        {"kind": "ledger", "seat": 0, "source": "price", "rubles": -4, "points": 0},
        {"kind": "ledger", "seat": 0, "source": "scoring:worker", "rubles": 6, "points": 0},
        {"kind": "ledger", "seat": 1, "source": "scoring:worker", "rubles": 0, "points": 0},
    ]


def test_the_final_scoring_posts_its_steps_in_order_before_game_end():
    s = state(phase="trading", last_round=True,
              players=[{"money": 23, "area": ["author#0"], "hand": ["library#0"]}, {}])  # fmt: skip
    _, events = pass_all(s)
    final = [e for e in of_kind(events, "ledger") if e["seat"] == 0]
    assert [(e["source"], e["rubles"], e["points"]) for e in final] == [
        ("final:aristocrats", 0, 1),
        ("final:money", -20, 2),
        ("final:hand", 0, -5),
    ]
    assert [e["kind"] for e in events][-3:] == ["game_end", "final_score", "final_score"]


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"players": 4, "edition": "1st"}, 3),
        ({"players": 2, "edition": "2nd"}, 5),
        ({"players": 3, "edition": "2nd", "market": True}, 3),
        ({"players": 5, "edition": "1st", "new_society": "full"}, 3),
        ({"players": 3, "edition": "2nd", "market": True, "obstacles": True}, 3),
    ],
)
def test_the_score_sheet_shows_the_ledgers_points_by_part_beside_the_final_scores(options, seed):
    s, events = new_game_with_events(options, seed)
    step = 0
    while not is_over(s):
        seat = to_act(s)[0]
        s, new = apply_move(s, seat, BOTS["greedy"](s, seat, step))
        events += new
        step += 1
    sheet = score_sheet(s, events)
    keys = [part["key"] for part in sheet["parts"]]
    assert [part["key"] for part in sheet["parts"] if part["final"]] == [
        "final:aristocrats", "final:money", "final:hand"
    ]  # fmt: skip
    ledger = ledger_breakdown(events)
    for row, scores in zip(sheet["rows"], final_scores(s), strict=True):
        assert {k: row[k] for k in ("seat", "rank", "winner", "total", "money_left")} == {
            k: scores[k] for k in ("seat", "rank", "winner", "total", "money_left")
        }
        assert sum(row["parts"].values()) == row["total"]
        by_part: dict[str, int] = {}
        for source, amount in ledger[row["seat"]].items():
            part = source if source.startswith(("scoring:", "final:")) else source.split(":")[0]
            by_part[part] = by_part.get(part, 0) + amount["points"]
        assert row["parts"] == {k: by_part.get(k, 0) for k in keys}
        assert not any(points for part, points in by_part.items() if part not in keys)
    if options.get("market"):
        assert "market" in keys  # the majorities, good by good, add up to one part
    if options.get("obstacles"):
        assert "obstacles" in keys  # every obstacle's bonus points, during play and at the end


def test_a_points_gate_books_the_points_it_credits_and_says_how_many_were_lost():
    """With Module 6 a gain's entry holds the points credited, and `wasted` the rest."""
    s = state(
        options={"edition": "2nd", "market": True, "obstacles": True},
        records={"obstacles": {"track": [{"space": 20, "id": "real_buildings"}]}},
        phase="building",
        board={"upper": ["author#0"]},
        players=[{"points": 18, "area": ["library#0"]}, {}],
    )
    _, events = pass_all(s)
    assert of_kind(events, "ledger")[0] == {
        "kind": "ledger", "seat": 0, "source": "scoring:building", "rubles": 0, "points": 2,
        "wasted": 3,
    }  # fmt: skip


def test_the_score_sheet_has_a_part_for_what_paid_points_and_always_the_final_steps():
    s = state(phase="building", last_round=True,
              players=[{"money": 10, "area": ["pub#0", "market#0"], "plans": {"pub": 2}},
                       {"area": ["author#0"]}])  # fmt: skip
    events = []
    while not is_over(s):
        s, new = apply_move(s, to_act(s)[0], {"kind": "pass"})
        events += new
    sheet = score_sheet(s, events)
    # The Market (building) paid 1 point, the Pub 2; the aristocrat scoring paid no points.
    assert sheet["parts"] == [
        {"key": "scoring:building", "final": False},
        {"key": "pub", "final": False},
        {"key": "final:aristocrats", "final": True},
        {"key": "final:money", "final": True},
        {"key": "final:hand", "final": True},
    ]
    assert [row["parts"] for row in sheet["rows"]] == [
        {"scoring:building": 1, "pub": 2, "final:aristocrats": 0, "final:money": 0,
         "final:hand": 0},
        {"scoring:building": 0, "pub": 0, "final:aristocrats": 1, "final:money": 2,
         "final:hand": 0},
    ]  # fmt: skip


def test_a_score_sheet_needs_the_whole_games_events():
    s = state(phase="trading", last_round=True, players=[{"points": 4}, {}])
    s, events = pass_all(s)
    with pytest.raises(ValueError, match="not the whole game"):
        score_sheet(s, events)  # the 4 points of earlier phases have no entries here
