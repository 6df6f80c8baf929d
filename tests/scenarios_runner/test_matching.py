from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from bot.devtools.scenarios.matching import (
    MatchContext,
    records_difference,
    task_difference,
    values_match,
)
from bot.devtools.scenarios.model import ExpectedRecord, TaskCheck
from domain.vocabulary import FeedingKind, TaskState

SHANGHAI = MatchContext(ZoneInfo("Asia/Shanghai"), {1: "小满", 2: "小米"})


def test_times_compare_to_the_minute_in_family_local_time():
    utc = datetime(2026, 5, 3, 12, 0, 40, tzinfo=UTC)
    assert values_match(datetime(2026, 5, 3, 20, 0), utc, SHANGHAI)
    assert not values_match(datetime(2026, 5, 3, 20, 1), utc, SHANGHAI)
    assert values_match(datetime(2026, 5, 3, 20, 0), "2026-05-03T12:00:00+00:00", SHANGHAI)


def test_numbers_match_within_half_a_percent_or_five_hundredths():
    assert values_match(120, 120.5, SHANGHAI)
    assert not values_match(120, 120.7, SHANGHAI)
    assert values_match(1, 1.05, SHANGHAI)
    assert not values_match(1, 1.06, SHANGHAI)
    assert values_match(118.3, 4 * 29.5735, SHANGHAI)


def test_null_means_empty():
    assert values_match(None, None, SHANGHAI) and values_match(None, "", SHANGHAI)
    assert not values_match(None, 0, SHANGHAI)
    assert not values_match(0, None, SHANGHAI)


def test_enums_match_by_canonical_name_and_booleans_strictly():
    assert values_match("formula", FeedingKind.FORMULA, SHANGHAI)
    assert not values_match("breast_milk", FeedingKind.FORMULA, SHANGHAI)
    assert values_match(False, False, SHANGHAI) and not values_match(False, None, SHANGHAI)
    assert not values_match(1, True, SHANGHAI)


def test_dates_match_strings_and_dates():
    assert values_match(date(2026, 3, 1), "2026-03-01", SHANGHAI)


def feeding(record_id: int, amount: float, baby: int = 1) -> dict:
    return {"id": record_id, "type": "feeding", "baby": baby, "kind": "formula", "amount_ml": amount,
            "start": datetime(2026, 5, 4, 12, 0, tzinfo=UTC)}


def test_records_match_one_to_one_whatever_the_order():
    wanted = [ExpectedRecord("feeding", {"amount_ml": 90}), ExpectedRecord("feeding", {"kind": "formula"})]
    assert records_difference(wanted, [feeding(1, 120), feeding(2, 90)], SHANGHAI, "written") is None


def test_a_record_cannot_be_matched_twice():
    wanted = [ExpectedRecord("feeding", {"amount_ml": 90}, 3), ExpectedRecord("feeding", {"amount_ml": 90}, 4)]
    found = records_difference(wanted, [feeding(1, 90), feeding(2, 91.5)], SHANGHAI, "records")
    assert found is not None and "line 4" in found and "amount_ml is 91.5" in found


def test_a_count_difference_lists_what_was_there():
    found = records_difference([], [feeding(1, 90)], SHANGHAI, "written")
    assert found is not None and "expected 0 record(s), got 1" in found and "amount_ml: 90" in found


def test_baby_matches_by_name():
    assert records_difference([ExpectedRecord("feeding", {"baby": "小米"})], [feeding(1, 90, baby=2)],
                              SHANGHAI, "written") is None
    assert records_difference([ExpectedRecord("feeding", {"baby": "小满"})], [feeding(1, 90, baby=2)],
                              SHANGHAI, "written") is not None


def test_task_matching_checks_listed_fields_and_slots_only():
    task = {"state": TaskState.PENDING, "record_type": "sleep", "started_by": "mom",
            "slots": {"duration_min": 420.0, "night_wakings": 1}, "missing": ["start", "end"]}
    ok = TaskCheck(False, {"state": "pending", "started_by": "mom", "missing": ("end", "start")},
                   {"duration_min": 420})
    assert task_difference(ok, task, SHANGHAI) is None
    wrong = TaskCheck(False, {}, {"night_wakings": 2})
    assert "night_wakings is 1, expected 2" in task_difference(wrong, task, SHANGHAI)
    assert "expected none" in task_difference(TaskCheck(True), task, SHANGHAI)
    assert task_difference(TaskCheck(True), None, SHANGHAI) is None
