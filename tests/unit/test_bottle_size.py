"""How large a bottle is plausible for this baby (outside: the bot asks before it writes)."""
from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from domain.limits import bottle_max_ml

TODAY = date(2026, 5, 4)


def test_a_six_kilo_baby_takes_up_to_240_ml_without_a_question() -> None:
    assert bottle_max_ml(date(2026, 3, 1), 6.0, TODAY) == 240


def test_without_a_weight_the_age_decides() -> None:
    assert bottle_max_ml(date(2026, 4, 27), None, TODAY) == 120       # a week old
    assert bottle_max_ml(date(2026, 4, 1), None, TODAY) == 180
    assert bottle_max_ml(date(2025, 5, 1), None, TODAY) == 350


def test_nothing_known_is_the_vocabularys_350_ml() -> None:
    assert bottle_max_ml(None, None, TODAY) == 350


@given(st.floats(min_value=0.3, max_value=40, allow_nan=False))
def test_the_limit_stays_between_a_small_bottle_and_350_ml(weight: float) -> None:
    assert 90 <= bottle_max_ml(None, weight, TODAY) <= 350
