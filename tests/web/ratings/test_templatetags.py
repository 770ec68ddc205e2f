"""How the pages write ratings and their changes (games/templatetags/ratings.py): one decimal,
a real minus sign, a plus or plus-minus sign on changes, and a dash or nothing for no value."""

import pytest

from games.templatetags.ratings import rating, rating_change


@pytest.mark.parametrize(
    ("value", "shown"), [(12.34, "12.3"), (-3.06, "−3.1"), (0, "0.0"), (None, "–"), ("", "–")]
)
def test_a_rating_has_one_decimal_a_real_minus_sign_and_a_dash_when_there_is_none(value, shown):
    assert rating(value) == shown


@pytest.mark.parametrize(
    ("value", "shown"),
    [(1.24, "+1.2"), (-0.83, "−0.8"), (0.04, "±0.0"), (-0.04, "±0.0"), (None, ""), ("", "")],
)
def test_a_rating_change_has_its_sign_and_nothing_is_written_when_there_is_none(value, shown):
    assert rating_change(value) == shown
