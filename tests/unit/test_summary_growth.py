"""WHO percentiles for the summary's growth line and the growth curve: pure tables."""
from __future__ import annotations

from datetime import UTC, date, datetime

from bot.push.growth import percentile_lines, percentile_of, with_percentiles
from domain.summary.days import GrowthMeasure

BIRTH = date(2025, 3, 1)


def test_the_who_median_weight_is_the_50th_percentile() -> None:
    median_at_birth_girl = 3.2322            # WHO weight-for-age, girls, day 0
    assert round(percentile_of("weight_kg", "female", BIRTH, BIRTH, median_at_birth_girl)) == 50


def test_a_heavier_baby_is_on_a_higher_percentile() -> None:
    on = date(2025, 6, 1)
    light, heavy = (percentile_of("weight_kg", "male", BIRTH, on, kg) for kg in (5.5, 7.5))
    assert light is not None and heavy is not None and light < 50 < heavy


def test_no_percentile_without_sex_or_birth_date() -> None:
    assert percentile_of("weight_kg", None, BIRTH, date(2025, 6, 1), 6.0) is None
    assert percentile_of("height_cm", "female", None, date(2025, 6, 1), 60.0) is None


def test_percentiles_are_filled_in_for_each_measure_taken() -> None:
    measure = GrowthMeasure(datetime(2025, 6, 1, tzinfo=UTC), weight_kg=6.0, height_cm=60.0)
    filled = with_percentiles(measure, "female", BIRTH, date(2025, 6, 1))
    assert filled.weight_percentile is not None and filled.height_percentile is not None
    assert filled.head_percentile is None


def test_percentile_lines_are_ordered_from_p3_to_p97() -> None:
    lines = percentile_lines("weight_kg", "female", until_day=70, step=7)
    assert sorted(lines) == [3, 15, 50, 85, 97]
    assert [day for day, _ in lines[50]] == list(range(0, 71, 7))
    at_ten_weeks = [lines[p][-1][1] for p in (3, 15, 50, 85, 97)]
    assert at_ten_weeks == sorted(at_ten_weeks)
    assert round(lines[50][0][1], 2) == 3.23
