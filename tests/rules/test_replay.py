"""Golden game logs (tests/rules/fixtures/*.json) replay to their recorded final scores; the
command line replays them too and names the first illegal move of a broken log."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.rules import RULES_VERSIONS, ReplayError, cli, final_scores, is_over, replay

FIXTURES = sorted((Path(__file__).parent / "fixtures").glob("*.json"))
ROOT = Path(__file__).resolve().parents[2]


def load(path):
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", FIXTURES, ids=lambda p: p.stem)
def test_a_golden_log_replays_to_its_recorded_final_scores(path):
    log = load(path)
    assert log["rules_version"] in RULES_VERSIONS
    options = {**log["options"], "rules_version": log["rules_version"]}
    s = replay(options, log["seed"], log["moves"])
    assert is_over(s)
    assert final_scores(s) == log["expected"]["final_scores"]
    assert s.round == log["expected"]["round"]


def test_replay_names_the_first_illegal_move():
    log = load(FIXTURES[0])
    moves = [
        *log["moves"][:5],
        {"seat": log["moves"][5]["seat"], "move": {"kind": "take", "card": "nothing#0"}},
    ]
    with pytest.raises(ReplayError) as error:
        replay(log["options"], log["seed"], moves)
    assert error.value.index == 5
    # The engine's own refusal, code and sentence, which the command line prints.
    assert (error.value.code, error.value.message) == (
        "no_such_card",
        "That card is not on the board.",
    )


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "games.rules", *args], capture_output=True, text=True, cwd=ROOT
    )


def test_the_command_line_replays_a_log_and_prints_the_final_scores():
    out = run_cli("replay", str(FIXTURES[0]))
    assert out.returncode == 0
    printed = json.loads(out.stdout)
    assert printed["over"]
    assert printed["scores"] == load(FIXTURES[0])["expected"]["final_scores"]


def test_the_command_line_reports_an_unfinished_game_as_such(tmp_path):
    log = load(FIXTURES[0])
    log["moves"] = log["moves"][:10]
    path = tmp_path / "short.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    printed = json.loads(run_cli("replay", str(path)).stdout)
    assert printed["over"] is False
    assert "not over" in printed["note"]
    assert (printed["round"], printed["phase"], printed["to_act"]) == (1, "building", [3])


def test_the_command_line_exits_1_naming_the_illegal_move(tmp_path):
    log = load(FIXTURES[0])
    log["moves"][3]["move"] = {"kind": "pub", "points": 2}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    out = run_cli("replay", str(path))
    assert out.returncode == 1
    assert "move 4" in out.stderr
    assert "not_now" in out.stderr


def test_simulate_prints_one_json_line_of_totals():
    out = run_cli("simulate", "--players", "3", "--games", "2", "--seed", "1", "--bot", "greedy")
    assert out.returncode == 0
    (line,) = out.stdout.splitlines()
    totals = json.loads(line)
    assert set(totals) == {
        "games", "moves", "seconds", "moves_per_sec", "games_per_sec",
        "mean_winning_score", "max_winning_score",
    }  # fmt: skip
    assert totals["games"] == 2


def test_simulate_takes_options_as_key_value_pairs():
    args = ("simulate", "--players", "5", "--edition", "2nd", "--games", "1")
    out = run_cli(*args, "--option", "market=true")
    assert out.returncode == 0
    assert json.loads(out.stdout)["games"] == 1
    refused = run_cli(*args, "--option", "market=false")
    assert refused.returncode != 0
    assert "too_many_players" in refused.stderr


SIMULATE_2ND = ["simulate", "--players", "3", "--edition", "2nd", "--games", "1"]


@pytest.mark.parametrize(
    "chosen",
    [
        ["--expansions", "new_society=full", "in_good_company"],
        ["--option", "new_society=full", "--option", "in_good_company=true"],
    ],
)
def test_simulate_takes_an_expansion_with_its_value_by_either_flag(chosen, capsys):
    assert cli.main([*SIMULATE_2ND, *chosen]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1


@pytest.mark.parametrize(
    ("chosen", "refusal"),
    [
        (["--expansions", "new_society=sp_plus"],
         "option_needs_edition: new_society exists only in the 1st edition"),
        (["--option", "new_society=sp_plus"],
         "option_needs_edition: new_society exists only in the 1st edition"),
        (["--option", "market"], "--option needs KEY=VALUE, not 'market'"),
    ],
)  # fmt: skip
def test_simulate_refuses_options_it_cannot_play_saying_why(chosen, refusal, capsys):
    with pytest.raises(SystemExit) as exit_:
        cli.main([*SIMULATE_2ND, *chosen])
    assert exit_.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"python -m games.rules: error: {refusal}"


def test_a_log_of_rules_version_2_is_not_a_legal_game_under_version_1():
    # Under version 1 a lapsed Pub plan would still be carried out later, so the log's move
    # 133 (a Pub decision the old rules never ask) is refused.
    log = load(Path(__file__).parent / "fixtures" / "random_3p_1st_seed7_v2.json")
    with pytest.raises(ReplayError) as error:
        replay({**log["options"], "rules_version": "1"}, log["seed"], log["moves"])
    assert (error.value.index, error.value.code) == (132, "not_now")
    assert log["moves"][132]["move"]["kind"] == "pub"


def test_simulate_plays_the_expert_with_the_playouts_it_is_given(capsys):
    args = ["simulate", "--players", "2", "--games", "1", "--bot", "expert", "--playouts", "2"]
    assert cli.main(args) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 1
    assert cli.chooser("expert", 2) is not cli.chooser("expert")
    assert cli.chooser("greedy", 2) is cli.chooser("greedy")
