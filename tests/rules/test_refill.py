"""Rulebook "3. The new cards"; seeds/README.md item 10: always refill to 8 from the next pile."""

from .builders import of_kind, pass_all, state

WORKERS = ["lumberjack#0", "lumberjack#1"]
BUILDINGS = [f"market#{i}" for i in range(5)] + ["customs_house#0", "customs_house#1"]


def test_after_the_worker_phase_the_board_is_refilled_to_eight_from_the_building_pile():
    s = state(
        phase="worker",
        board={"upper": WORKERS, "lower": ["gold_miner#0"]},
        piles={"building": BUILDINGS},
    )
    s, events = pass_all(s)
    assert s.upper == (*WORKERS, *BUILDINGS[:5])
    assert s.lower == ("gold_miner#0",)
    assert s.pile("building") == tuple(BUILDINGS[5:])
    assert of_kind(events, "refill")[0] == {
        "kind": "refill",
        "pile": "building",
        "cards": BUILDINGS[:5],
    }


def test_a_full_board_gets_no_new_cards_even_if_nobody_took_one():
    full = [f"author#{i}" for i in range(6)] + ["administrator#0", "administrator#1"]
    s = state(phase="worker", board={"upper": full}, piles={"building": BUILDINGS})
    s, events = pass_all(s)
    assert s.upper == tuple(full)
    assert of_kind(events, "refill")[0]["cards"] == []


def test_after_the_building_phase_cards_come_from_the_aristocrat_pile():
    s = state(
        phase="building",
        board={"upper": WORKERS},
        piles={"aristocrat": [f"author#{i}" for i in range(6)] + ["judge#0"]},
    )
    s, _ = pass_all(s)
    assert s.upper == (*WORKERS, *(f"author#{i}" for i in range(6)))


def test_after_the_aristocrat_phase_cards_come_from_the_trading_pile():
    trading = ["bank#0", "harbor#0", "pope#0", "wharf#0", "wharf#1", "fur_shop#0", "czar#0"]
    s = state(phase="aristocrat", board={"upper": WORKERS}, piles={"trading": trading})
    s, _ = pass_all(s)
    assert s.upper == (*WORKERS, *trading[:6])
