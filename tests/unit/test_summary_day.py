"""The day summary in numbers: pure, no fixtures."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from domain.replies.summary import render_summary
from domain.summary.days import (
    RecordView,
    compare,
    partial_day_cutoff,
    summarise_day,
    summarise_days,
    summarise_with_comparisons,
)

SHANGHAI = ZoneInfo("Asia/Shanghai")
NEW_YORK = ZoneInfo("America/New_York")
JUNE_3 = date(2025, 6, 3)


def at(day: int, hour: int, minute: int = 0, tz: ZoneInfo = SHANGHAI) -> datetime:
    return datetime(2025, 6, day, hour, minute, tzinfo=tz)


def bottle(when: datetime, ml: float, kind: str = "formula") -> RecordView:
    return RecordView("feeding", when, None, {"kind": kind, "method": "bottle", "amount_ml": ml})


def sleep(start: datetime, end: datetime | None, **fields: object) -> RecordView:
    return RecordView("sleep", start, end, fields)


def test_a_night_across_midnight_counts_whole_for_the_day_it_ends() -> None:
    night = sleep(at(2, 20), at(3, 6), nap=False)
    days = summarise_days([night], SHANGHAI, [date(2025, 6, 2), JUNE_3])
    assert days[date(2025, 6, 2)].sleep.total_min == 0
    assert days[JUNE_3].sleep.total_min == days[JUNE_3].sleep.night_min == 10 * 60
    assert days[JUNE_3].sleep.longest_min == 10 * 60


def test_the_pieces_of_one_night_count_for_the_same_morning() -> None:
    pieces = [sleep(at(2, 20), at(2, 23, 50)), sleep(at(3, 0, 30), at(3, 5, 30))]    # 20:00–23:50, 00:30–05:30
    days = summarise_days(pieces, SHANGHAI, [date(2025, 6, 2), JUNE_3])
    assert days[date(2025, 6, 2)].sleep.total_min == 0
    assert days[JUNE_3].sleep.night_min == 230 + 300
    assert days[JUNE_3].sleep.longest_min == 300


def test_a_nap_stays_with_its_day_and_tonight_waits_for_tomorrow() -> None:
    records = [sleep(at(3, 13), at(3, 14), nap=True), sleep(at(3, 19, 30), at(4, 6), nap=False)]
    days = summarise_days(records, SHANGHAI, [JUNE_3, date(2025, 6, 4)])
    assert (days[JUNE_3].sleep.nap_min, days[JUNE_3].sleep.night_min) == (60, 0)
    assert days[date(2025, 6, 4)].sleep.night_min == 630


def test_night_and_nap_follow_the_records_nap_field() -> None:
    records = [sleep(at(3, 1), at(3, 5), nap=False), sleep(at(3, 13), at(3, 14, 30), nap=True),
               sleep(at(3, 16), at(3, 16, 45), nap=True)]
    day = summarise_day(records, SHANGHAI, JUNE_3)
    assert (day.sleep.night_min, day.sleep.nap_min, day.sleep.nap_count) == (240, 135, 2)
    assert day.sleep.total_min == 375


def test_a_sleep_without_a_nap_field_is_classified_by_its_hours() -> None:
    records = [sleep(at(2, 21), at(3, 5)), sleep(at(3, 10), at(3, 11))]
    day = summarise_day(records, SHANGHAI, JUNE_3)
    assert (day.sleep.night_min, day.sleep.nap_min) == (480, 60)


def test_longest_stretch_and_night_wakings_belong_to_the_day_the_night_ends() -> None:
    night = sleep(at(2, 20), at(3, 6), nap=False, night_wakings=2)
    days = summarise_days([night], SHANGHAI, [date(2025, 6, 2), JUNE_3])
    assert days[JUNE_3].sleep.longest_min == 600
    assert days[JUNE_3].sleep.night_wakings == 2
    assert days[date(2025, 6, 2)].sleep.night_wakings == 0


def test_an_open_sleep_counts_up_to_as_of_and_is_marked_asleep() -> None:
    day = summarise_day([sleep(at(3, 13), None)], SHANGHAI, JUNE_3, as_of=at(3, 14))
    assert day.sleep.total_min == day.sleep.nap_min == 60
    assert day.sleep.asleep_since == at(3, 13)


def test_tonight_asleep_is_said_but_counted_for_tomorrow() -> None:
    days = summarise_days([sleep(at(3, 19), None)], SHANGHAI, [JUNE_3, date(2025, 6, 4)], as_of=at(3, 21))
    assert days[JUNE_3].sleep.total_min == 0 and days[JUNE_3].sleep.asleep_since == at(3, 19)
    assert not days[JUNE_3].is_empty
    assert days[date(2025, 6, 4)].sleep.night_min == 120


def test_an_open_sleep_without_as_of_is_left_out() -> None:
    day = summarise_day([sleep(at(3, 19), None)], SHANGHAI, JUNE_3)
    assert day.sleep.total_min == 0


def test_milk_is_totalled_by_kind_and_water_is_not_milk() -> None:
    records = [bottle(at(3, 7), 120), bottle(at(3, 10), 90, "breast_milk"), bottle(at(3, 13), 60),
               bottle(at(3, 14), 30, "water")]
    feeding = summarise_day(records, SHANGHAI, JUNE_3).feeding
    assert feeding.ml_by_kind == {"formula": 180, "breast_milk": 90, "water": 30}
    assert feeding.milk_ml == 270
    assert feeding.count == 3


def test_breastfeeding_sessions_and_minutes_come_from_duration_or_times() -> None:
    records = [RecordView("feeding", at(3, 8), None, {"kind": "breast_milk", "method": "left_breast",
                                                      "duration_min": 15}),
               RecordView("feeding", at(3, 11), at(3, 11, 20), {"kind": "breast_milk",
                                                                "method": "both_breasts"})]
    feeding = summarise_day(records, SHANGHAI, JUNE_3).feeding
    assert (feeding.breast_sessions, feeding.breast_minutes, feeding.count) == (2, 35, 2)


def test_solids_are_counted_apart_from_milk_feeds() -> None:
    records = [RecordView("feeding", at(3, 12), None, {"kind": "solid_food", "food": "米粉",
                                                       "amount_g": 30}), bottle(at(3, 15), 100)]
    feeding = summarise_day(records, SHANGHAI, JUNE_3).feeding
    assert (feeding.solid_count, feeding.solid_g, feeding.solid_foods) == (1, 30, ["米粉"])
    assert feeding.count == 1


def test_diapers_count_wet_and_solid_and_a_mixed_one_in_both() -> None:
    records = [RecordView("diaper", at(3, h), None, f) for h, f in
               ((7, {"wet": True}), (9, {"solid": True}), (11, {"wet": True, "solid": True}))]
    diapers = summarise_day(records, SHANGHAI, JUNE_3).diapers
    assert (diapers.count, diapers.wet, diapers.solid) == (3, 2, 2)


def test_records_are_placed_on_the_family_local_date_not_the_utc_date() -> None:
    late_feed = bottle(at(3, 23, 30), 100)          # 15:30 UTC on June 3
    early_feed = bottle(at(4, 0, 30), 80)           # 16:30 UTC on June 3, but June 4 locally
    days = summarise_days([late_feed, early_feed], SHANGHAI, [JUNE_3, date(2025, 6, 4)])
    assert days[JUNE_3].feeding.milk_ml == 100
    assert days[date(2025, 6, 4)].feeding.milk_ml == 80


def test_a_night_counts_real_elapsed_time_across_a_daylight_saving_change() -> None:
    spring_forward = date(2025, 3, 9)   # 02:00 → 03:00 in New York
    start = datetime(2025, 3, 8, 23, 0, tzinfo=NEW_YORK)
    end = datetime(2025, 3, 9, 5, 0, tzinfo=NEW_YORK)
    days = summarise_days([sleep(start, end, nap=False)], NEW_YORK,
                          [date(2025, 3, 8), spring_forward])
    assert days[date(2025, 3, 8)].sleep.total_min == 0
    assert days[spring_forward].sleep.total_min == 5 * 60          # 23:00–05:00 on a 23-hour night


def test_the_latest_growth_measure_of_the_day_is_kept() -> None:
    records = [RecordView("growth", at(3, 15), None, {"weight_kg": 6.3}),
               RecordView("growth", at(3, 9), None, {"weight_kg": 6.1, "height_cm": 61})]
    growth = summarise_day(records, SHANGHAI, JUNE_3).growth
    assert growth is not None and growth.weight_kg == 6.3 and growth.height_cm is None


def test_health_events_and_notes_are_kept_in_time_order() -> None:
    records = [RecordView("health", at(3, 14), None, {"kind": "medication", "medication": "布洛芬"}),
               RecordView("health", at(3, 8), None, {"kind": "temperature", "temperature_c": 38.2}),
               RecordView("note", at(3, 10), None, {"text": "第一次翻身"})]
    day = summarise_day(records, SHANGHAI, JUNE_3)
    assert [e.kind for e in day.health] == ["temperature", "medication"]
    assert [n.text for n in day.notes] == ["第一次翻身"]


def test_comparison_uses_yesterday_and_the_average_of_the_recorded_days_before() -> None:
    records = [bottle(at(3, 9), 300), bottle(at(2, 9), 200), bottle(at(1, 9), 100)]
    dates = [JUNE_3 - timedelta(days=i) for i in range(7, -1, -1)]
    comparisons = compare(summarise_days(records, SHANGHAI, dates), JUNE_3)
    assert comparisons.yesterday is not None and comparisons.yesterday.milk_ml == 200
    assert comparisons.week_average is not None and comparisons.week_average.milk_ml == 150


def test_no_comparison_without_earlier_records() -> None:
    comparisons = compare(summarise_days([bottle(at(3, 9), 300)], SHANGHAI, [JUNE_3]), JUNE_3)
    assert comparisons.yesterday is None and comparisons.week_average is None


def test_a_day_not_over_is_compared_with_the_days_before_up_to_the_same_time() -> None:
    records = [bottle(at(day, 8), 100) for day in (1, 2, 3)] + [
        bottle(at(2, 22), 500),                          # after 21:00 yesterday: not compared
        sleep(at(1, 20), at(2, 6), nap=False),           # yesterday's night (ended yesterday morning)
        sleep(at(2, 13), at(2, 14), nap=True),           # yesterday's nap
        sleep(at(2, 20), at(3, 6), nap=False),           # last night: today's
    ]
    today, cmp = summarise_with_comparisons(records, SHANGHAI, JUNE_3, at(3, 21))
    assert cmp.until == time(21)
    assert today.feeding.milk_ml == 100 and today.sleep.total_min == 10 * 60
    assert cmp.yesterday is not None
    assert (cmp.yesterday.milk_ml, cmp.yesterday.feed_count, cmp.yesterday.sleep_min) == (100, 1, 11 * 60)
    assert cmp.week_average is not None and cmp.week_average.milk_ml == 100   # June 1 and 2 only
    text = render_summary(today, cmp, "en", "Ada", SHANGHAI)
    assert "vs this time yesterday ±0, 7-day avg to this time 100ml" in text
    assert "vs this time yesterday -1 h" in text


def test_a_night_still_going_at_the_cutoff_counts_up_to_it() -> None:
    records = [sleep(at(1, 21), at(2, 9), nap=False), sleep(at(2, 21), at(3, 7), nap=False)]
    today, cmp = summarise_with_comparisons(records, SHANGHAI, JUNE_3, at(3, 8))
    assert today.sleep.night_min == 10 * 60
    assert cmp.yesterday is not None and cmp.yesterday.sleep_min == 11 * 60     # 21:00 up to 08:00


def test_nothing_is_compared_with_days_without_records_of_its_kind() -> None:
    records = [sleep(at(2, 13), at(2, 14), nap=True), bottle(at(3, 9), 600), sleep(at(3, 13), at(3, 15), nap=True)]
    today, cmp = summarise_with_comparisons(records, SHANGHAI, JUNE_3, at(3, 21))
    assert cmp.yesterday is not None and cmp.yesterday.milk_ml is None and cmp.yesterday.sleep_min == 60
    text = render_summary(today, cmp, "en", "Ada", SHANGHAI)
    feeding = next(line for line in text.splitlines() if line.startswith("Feeding"))
    assert "yesterday" not in feeding and "avg" not in feeding
    assert "vs this time yesterday +1 h" in text


def test_a_finished_day_is_compared_with_whole_days() -> None:
    records = [bottle(at(2, 8), 100), bottle(at(2, 22), 500), bottle(at(3, 8), 100)]
    today, cmp = summarise_with_comparisons(records, SHANGHAI, JUNE_3, at(4, 9))
    assert cmp.until is None and cmp.yesterday is not None and cmp.yesterday.milk_ml == 600
    assert "比昨天 -500ml，7天平均 600ml" in render_summary(today, cmp, "zh")
    assert summarise_with_comparisons(records, SHANGHAI, JUNE_3)[1] == cmp


def test_the_cutoff_is_the_local_time_of_as_of_on_that_day_only() -> None:
    assert partial_day_cutoff(JUNE_3, SHANGHAI, at(3, 20, 30)) == time(20, 30)
    assert partial_day_cutoff(JUNE_3, NEW_YORK, at(3, 20, 30)) == time(8, 30)    # in New York
    assert partial_day_cutoff(JUNE_3, NEW_YORK, at(3, 10)) is None                # 2 June there
    assert partial_day_cutoff(date(2025, 6, 3), NEW_YORK, at(4, 9, tz=SHANGHAI)) == time(21)
    assert partial_day_cutoff(JUNE_3, SHANGHAI, None) is None
