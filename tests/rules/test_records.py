"""A Record is frozen JSON: it sits in a frozen, hashable state, compares with the dict it was
read from, and says what it holds when printed (rules/records.py)."""

from games.rules import GameState
from games.rules.records import Record

from .builders import state


def planned_and_recorded() -> GameState:
    return state(
        options={"edition": "1st", "banquet": True},
        players=[
            {
                "hand": ["pickpocket#0"],
                "records": {"taken_this_turn": ["pickpocket#0"]},
                "plans": {"pub": 2},
            },
            {},
        ],
    )


def test_a_state_with_records_and_plans_hashes_like_its_copy_read_back_from_json():
    s = planned_and_recorded()
    copy = GameState.from_dict(s.to_dict())

    assert copy == s
    assert hash(copy) == hash(s)
    assert len({s, copy}) == 1


def test_records_that_differ_are_unequal_and_both_kept_in_a_set():
    s = planned_and_recorded()
    other = state(
        options={"edition": "1st", "banquet": True},
        players=[{"hand": ["pickpocket#0"], "plans": {"pub": 2}}, {}],
    )

    assert other != s
    assert len({s, other}) == 2


def test_a_record_equals_the_dict_it_holds_and_nothing_that_is_no_mapping():
    record = Record({"pub": 2, "taken": ["pickpocket#0"]})

    assert record == {"pub": 2, "taken": ("pickpocket#0",)}
    assert record != [("pub", 2), ("taken", ("pickpocket#0",))]
    assert record != "pub"


def test_a_record_shows_what_it_holds_when_printed():
    assert repr(Record({"pub": 2, "plan": {"ask": True}})) == (
        "Record({'pub': 2, 'plan': Record({'ask': True})})"
    )
