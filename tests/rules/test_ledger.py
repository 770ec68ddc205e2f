"""The ledger (rules/ledger.py): every change of rubles and points names its source, and for
whole games of both editions the sources add up to the final scores and the money left."""

import pytest

from games.rules import BOTS, apply_move, final_scores, is_over, ledger_breakdown, new_game, to_act

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
