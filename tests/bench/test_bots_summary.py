"""The expert benchmark's bookkeeping: a game records the expert's CPU time, and the summary
table counts wins, intervals, losses and CPU time per option set and player count."""

import json

from bench.bots import play, run, wilson
from bench.bots_summary import table_rows


def game(name, players, number, won, margin, cpu=None, slowest=None, seed=1, seat=0):
    row = {
        "key": [name, players, None, 6, number, 1],
        "seed": seed,
        "seat": seat,
        "won": won,
        "margin": margin,
        "expert_moves": 10,
    }
    if cpu is not None:
        row |= {"expert_cpu_seconds": cpu, "slowest_cpu": slowest}
    return row


def test_a_game_records_the_experts_cpu_time_and_its_slowest_move():
    result = play({"players": 2, "edition": "1st"}, seed=3, expert=1, playouts=1, width=2)
    assert result["expert_moves"] > 0
    assert 0 < result["slowest_cpu"] <= result["expert_cpu_seconds"]
    # A game played in this process cannot have used more of one core than the clock ran.
    assert result["expert_cpu_seconds"] <= result["expert_seconds"] * 1.05 + 0.01


def test_the_table_counts_wins_losses_and_cpu_per_set_and_players_in_the_benchmarks_order():
    rows = [
        game("market-2nd", 2, 0, True, 12, cpu=2.0, slowest=0.5),
        game("base-1st", 4, 0, True, 20),
        game("base-1st", 4, 1, False, -7, seed=2, seat=1),
        game("base-1st", 4, 2, True, 8),
        game("market-2nd", 2, 1, True, 30, cpu=4.0, slowest=0.9),
    ]
    low, high = wilson(2, 3)
    assert table_rows(rows) == [
        f"| 1st edition, 4 players (vs 3 greedy) | 3 | **2 (66.7 %)** "
        f"| {100 * low:.1f}-{100 * high:.1f} % | 25 % | +7.0 | - | (2, 1, -7) |",
        "| 2nd + the Market, 2 players (seats swapped) | 2 | **2 (100.0 %)** "
        "| 34.2-100.0 % | 50 % | +21.0 | 300 (900; 2 games) | none |",
    ]


def test_a_runs_line_counts_the_games_its_results_file_holds_without_playing_them(tmp_path):
    recorded = [
        game("base-1st", 4, 0, True, 20, cpu=3.0, slowest=0.7),
        game("base-1st", 4, 1, False, -7, cpu=1.0, slowest=0.2, seed=2, seat=1),
        game("base-1st", 4, 2, True, 8, seed=3, seat=2),
    ]
    for row in recorded:
        row |= {"seconds": 10.0, "moves": 100, "expert_seconds": 2.0, "slowest": 0.5}
    results = tmp_path / "results.jsonl"
    results.write_text("".join(json.dumps(row) + "\n" for row in recorded))

    line = run("base-1st", 4, 3, None, 6, 1, results)

    low, high = wilson(2, 3)
    assert (line["games"], line["wins"], line["win_rate"]) == (3, 2, 0.667)
    assert line["ci95"] == [round(low, 3), round(high, 3)]
    assert (line["parity"], line["mean_margin"]) == (0.25, 7.0)
    assert line["lost"] == [{"seed": 2, "seat": 1, "margin": -7}]
    assert (line["cpu_games"], line["expert_cpu_ms_per_move"], line["expert_cpu_ms_max"]) == (
        2,
        200.0,
        700.0,
    )
    assert (line["moves_per_sec"], line["expert_ms_per_move"]) == (10.0, 200.0)
    assert results.read_text().count("\n") == 3  # nothing played, nothing added
