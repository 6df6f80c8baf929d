"""A birthday said without its year is the latest such day not after today."""
from datetime import date

import pytest

from domain.birthdays import MONTHS, birthday

TODAY = date(2026, 5, 4)


def test_a_day_earlier_this_year_is_this_years():
    assert birthday(None, 3, 1, TODAY) == date(2026, 3, 1)


def test_a_day_still_to_come_this_year_is_last_years():
    assert birthday(None, 12, 12, TODAY) == date(2025, 12, 12)


def test_today_is_today():
    assert birthday(None, 5, 4, TODAY) == TODAY


def test_a_year_said_is_kept():
    assert birthday(2024, 12, 12, TODAY) == date(2024, 12, 12)


def test_a_day_no_calendar_has_is_refused():
    with pytest.raises(ValueError):
        birthday(None, 2, 30, TODAY)


def test_every_month_is_named_in_full_and_short():
    assert sorted(set(MONTHS.values())) == list(range(1, 13)) and MONTHS["sept"] == MONTHS["september"] == 9
