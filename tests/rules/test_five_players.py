"""Five players without the Market (expansions.md §2.3; 3.2 5P-1, 5P-2, 5P-3, 5P-7): the sack,
its 27 rubles and its 2 points at every worker phase, ten workers in the first worker phase and
two bought each, markers two seats on."""

import pytest

from games.rules import final_scores, legal_moves, ruleset, to_act
from games.rules.initial import new_game_with_events

from .builders import of_kind, pass_all, state

NS1_5 = {"edition": "1st", "new_society": "full", "players": 5}
NS2_5 = {"edition": "2nd", "new_society": "full", "in_good_company": True, "players": 5}


def test_five_players_get_one_piece_each_and_the_sack_holder_starts_with_27_rubles_and_2_points():
    for options in (NS1_5, NS2_5, {**NS1_5, "new_society": "sp_plus"}):
        s, events = new_game_with_events(options, 7)
        assert sorted(s.markers) == [0, 1, 2, 3, 4]
        sack = s.marker("sack")
        assert [p.money for p in s.players] == [27 if i == sack else 25 for i in range(5)]
        assert [p.points for p in s.players] == [2 if i == sack else 0 for i in range(5)]
        assert of_kind(events, "sack") == [{"kind": "sack", "seat": sack, "points": 2, "round": 1}]
        assert of_kind(events, "ledger") == [
            {"kind": "ledger", "seat": sack, "source": "sack", "rubles": 0, "points": 2}
        ]


def test_the_first_worker_phase_lays_ten_workers_and_each_player_must_buy_two():
    s, _ = new_game_with_events(NS1_5, 3)
    cards_of = s.rules.cards
    assert len(s.upper) == 10
    assert all(cards_of[c].color == "worker" for c in s.upper)
    seat = to_act(s)[0]
    assert {m.kind for m in legal_moves(s, seat)} == {"buy"}


def test_the_sack_marks_no_phase_so_its_holder_never_starts_one():
    rules = ruleset(NS1_5)
    assert rules.markers == ("worker", "building", "aristocrat", "trading", "sack")
    assert "sack" not in {phase.marker for phase in rules.phases}


def five(**fields):
    fields.setdefault("options", NS1_5)
    fields.setdefault("players", 5)
    return state(**fields)


@pytest.mark.parametrize("options", [NS1_5, NS2_5], ids=["1st", "2nd"])
def test_at_round_end_every_piece_moves_two_seats_and_the_new_sack_holder_gets_2_points(options):
    """5P-2, in both editions (§2.3, decision 4.43): the 2nd edition's New Society with In Good
    Company and no Market moves the pieces two seats as the 1st edition does."""
    markers = {"worker": 0, "building": 1, "aristocrat": 2, "trading": 3, "sack": 4}
    s = five(options=options, phase="trading", round=1, turn=3, markers=markers,
             piles={"worker": [f"lumberjack#{i}" for i in range(6)]})  # fmt: skip
    s, events = pass_all(s)
    assert dict(zip(s.rules.markers, s.markers, strict=True)) == {
        "worker": 2, "building": 3, "aristocrat": 4, "trading": 0, "sack": 1,
    }  # fmt: skip
    assert (s.round, s.phase, s.turn) == (2, "worker", 2)
    assert s.players[1].points == 2
    assert of_kind(events, "sack")[0]["seat"] == 1


def test_after_the_first_worker_phase_the_board_is_refilled_to_eight():
    buildings = [f"firehouse#{i}" for i in range(3)] + [f"library#{i}" for i in range(3)]
    buildings += ["hospital#0", "hospital#1", "theater#0", "theater#1"]
    s = five(phase="worker", round=1, piles={"building": buildings})
    s, _ = pass_all(s)
    assert s.phase == "building"
    assert len(s.upper) == 8


def test_in_the_last_round_the_sack_still_pays_when_the_worker_phase_opens_but_not_at_the_end():
    markers = {"worker": 0, "building": 1, "aristocrat": 2, "trading": 3, "sack": 4}
    s = five(phase="trading", round=3, markers=markers, turn=3,
             piles={"worker": ["lumberjack#0"]})  # fmt: skip
    s, events = pass_all(s)
    assert s.last_round  # the worker pile's last card was laid out
    assert of_kind(events, "sack")[0]["seat"] == 1
    assert set(final_scores(s)[1]["points"]) == {"cards", "aristocrats", "money", "hand"}


def test_five_players_with_sp_plus_move_the_pieces_two_seats_as_well():
    assert ruleset({**NS1_5, "new_society": "sp_plus"}).marker_step == 2
    assert ruleset(NS2_5).marker_step == 2
    assert ruleset({**NS1_5, "players": 4}).marker_step == 1
    assert "sack" not in ruleset({**NS1_5, "players": 4}).markers
