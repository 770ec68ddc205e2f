"""One ruleset per option set (design.md §6): the base game's record for each edition and
player count, memoised, and the only place that knows phases, piles, markers and final steps."""

import importlib
import json

import pytest

from games.rules import (
    RULES_VERSION,
    Expansion,
    final_scores,
    new_game,
    register_expansion,
    register_final_step,
    register_phase_start,
    ruleset,
)
from games.rules import options as options_module

from .builders import of_kind, pass_all, state

ruleset_module = importlib.import_module("games.rules.ruleset")

BASE = [(edition, players) for edition in ("1st", "2nd") for players in (1, 2, 3, 4)]


@pytest.mark.parametrize(("edition", "players"), BASE)
def test_the_base_game_has_four_piles_of_31_28_27_30_and_a_board_of_8(edition, players):
    rules = ruleset({"edition": edition, "players": players})
    assert rules.pile_sizes == {"worker": 31, "building": 28, "aristocrat": 27, "trading": 30}
    assert rules.board_size == 8
    assert (rules.edition, rules.players, rules.expansions) == (edition, players, ())


@pytest.mark.parametrize(("edition", "players"), BASE)
def test_the_base_game_plays_four_phases_each_from_its_pile_with_its_marker(edition, players):
    rules = ruleset({"edition": edition, "players": players})
    assert [(p.name, p.pile, p.marker, p.scorer, p.after_scoring) for p in rules.phases] == [
        ("worker", "worker", "worker", "cards", ()),
        ("building", "building", "building", "cards", ("pub",)),
        ("aristocrat", "aristocrat", "aristocrat", "cards", ()),
        ("trading", "trading", "trading", None, ()),
    ]
    assert rules.markers == ("worker", "building", "aristocrat", "trading")
    assert rules.piles == ("worker", "building", "aristocrat", "trading")
    assert [p.name if p else None for p in rules.next_phase.values()] == [
        "building", "aristocrat", "trading", None,
    ]  # fmt: skip


@pytest.mark.parametrize(("edition", "players"), BASE)
def test_the_base_game_moves_markers_one_seat_and_deals_two_workers_each(edition, players):
    rules = ruleset({"edition": edition, "players": players})
    assert rules.marker_step == 1
    assert (rules.first_phase_workers, rules.first_phase_must_buy) == (2, 2)
    assert (rules.start_money, rules.hand_limit) == (25, 3)
    assert rules.final_steps == ("aristocrats", "money", "hand")
    assert rules.deal_markers is (players > 1)


def test_a_solo_player_holds_all_four_markers_and_two_players_two_each():
    assert ruleset({"players": 1}).max_markers_per_seat == 4
    assert ruleset({"players": 2}).max_markers_per_seat == 2
    assert ruleset({"players": 3}).max_markers_per_seat == 2
    assert ruleset({"players": 4}).max_markers_per_seat == 1


def test_rulesets_are_memoised_on_the_canonical_options():
    plain = ruleset({"players": 3})
    assert ruleset({"players": 3, "edition": "1st", "market": False}) is plain
    assert ruleset({"players": 3, "expansions": []}) is plain
    assert ruleset({"players": 3, "rules_version": RULES_VERSION}) is plain
    assert ruleset({"players": 3, "rules_version": "1"}) is not plain


def test_the_canonical_options_name_every_option_and_the_rules_version():
    rules = ruleset({"players": 2, "edition": "2nd"})
    assert rules.options == {
        "edition": "2nd",
        "players": 2,
        "new_society": None,
        "banquet": False,
        "in_good_company": False,
        "market": False,
        "assistants": False,
        "events": False,
        "assignments": False,
        "obstacles": False,
        "rules_version": RULES_VERSION,
    }
    assert json.loads(json.dumps(rules.options)) == rules.options


def test_only_rules_version_1_keeps_a_pub_plan_past_a_scoring_it_could_not_use():
    assert ruleset({"players": 2, "rules_version": "1"}).plans_lapse is False
    assert ruleset({"players": 2}).plans_lapse is True


def test_a_registered_expansion_becomes_available_and_changes_its_rulesets(monkeypatch):
    monkeypatch.setattr(options_module, "BUILT", set(options_module.BUILT))
    monkeypatch.setattr(ruleset_module, "EXPANSIONS", dict(ruleset_module.EXPANSIONS))
    monkeypatch.setattr(ruleset_module, "_RULESETS", {})
    monkeypatch.setattr(ruleset_module, "_BY_GIVEN", {})

    def bigger_board(draft, options):
        draft["board_size"] = 9
        draft["start_money"] = 30

    register_expansion(Expansion("banquet", bigger_board))
    rules = ruleset({"players": 2, "banquet": True})

    assert (rules.board_size, rules.start_money, rules.expansions) == (9, 30, ("banquet",))
    assert ruleset({"players": 2}).board_size == 8
    assert [p.money for p in new_game({"players": 2, "banquet": True}, 1).players] == [30, 30]


def test_an_expansion_fills_the_named_moments_a_phase_start_and_a_final_step(monkeypatch):
    monkeypatch.setattr(options_module, "BUILT", set(options_module.BUILT))
    monkeypatch.setattr(ruleset_module, "EXPANSIONS", dict(ruleset_module.EXPANSIONS))
    monkeypatch.setattr(ruleset_module, "_RULESETS", {})
    monkeypatch.setattr(ruleset_module, "_BY_GIVEN", {})
    monkeypatch.setattr(ruleset_module, "PHASE_STARTS", dict(ruleset_module.PHASE_STARTS))
    monkeypatch.setattr(ruleset_module, "FINAL_STEPS", dict(ruleset_module.FINAL_STEPS))

    def tip(s, phase, events):
        """The start player of each phase gets a ruble."""
        seat = s.markers[phase.marker_index]
        events.append({"kind": "tip", "seat": seat, "phase": phase.name})
        return s.with_player(seat, s.players[seat].evolve(money=s.players[seat].money + 1))

    def configure(draft, options):
        draft["phase_start"].append("tip")
        draft["final_steps"].insert(1, "bonus")

    register_phase_start("tip", tip)
    register_final_step("bonus", lambda s, seat, player: (0, 7))
    register_expansion(Expansion("banquet", configure))
    s = state(options={"banquet": True}, phase="worker", board={"upper": ["author#0"]})

    s, events = pass_all(s)

    assert of_kind(events, "tip") == [{"kind": "tip", "seat": 1, "phase": "building"}]
    assert s.players[1].money == 26
    row = final_scores(s)[0]
    assert list(row["points"]) == ["cards", "aristocrats", "bonus", "money", "hand"]
    assert row["points"]["bonus"] == 7


def test_the_expansions_apply_in_a_fixed_order_whatever_order_they_register_in(monkeypatch):
    """The order the card files are read in orders a pile before it is shuffled: it must not
    follow the order the modules happen to be imported in (issue 14: importing the Market's
    modules first had moved the Market's cards ahead of the Banquet's yellow one)."""
    registered = dict(ruleset_module.EXPANSIONS)
    monkeypatch.setattr(options_module, "BUILT", set(options_module.BUILT))
    monkeypatch.setattr(ruleset_module, "EXPANSIONS", {})
    monkeypatch.setattr(ruleset_module, "_RULESETS", {})
    monkeypatch.setattr(ruleset_module, "_BY_GIVEN", {})
    for expansion in reversed(registered.values()):
        register_expansion(expansion)
    assert list(ruleset_module.EXPANSIONS) == list(ruleset_module.EXPANSION_ORDER)
    options = {
        "edition": "2nd", "players": 4, "market": True, "banquet": True,
        "in_good_company": True, "new_society": "full", "obstacles": True,
    }  # fmt: skip
    assert ruleset(options).card_files == (
        "in_good_company.toml",
        "banquet.toml",
        "banquet_no_prison.toml",
        "market.toml",
        "new_society_replacements.toml",
        "new_society.toml",
    )
    register_expansion(Expansion("later", lambda draft, options: None))
    assert list(ruleset_module.EXPANSIONS)[-1] == "later"
