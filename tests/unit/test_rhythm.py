"""The week's rhythm (作息图): sleeps split at midnight, feeds and diapers as marks, now on today's row."""
from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from domain.summary.model import RecordView
from domain.summary.rhythm import day_rhythm

TZ = ZoneInfo("Asia/Shanghai")
DAYS = [date(2026, 5, 3), date(2026, 5, 4)]


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=TZ)


def test_a_night_sleep_is_two_spans_split_at_midnight_and_a_nap_one():
    records = [RecordView("sleep", at(3, 20, 30), at(4, 6), {"nap": False}),
               RecordView("sleep", at(4, 13), at(4, 14, 30), {"nap": True})]
    rhythm = day_rhythm(records, TZ, DAYS)
    assert [(s.day, s.start_h, s.end_h, s.nap) for s in rhythm.sleeps] == [
        (date(2026, 5, 3), 20.5, 24.0, False), (date(2026, 5, 4), 0.0, 6.0, False),
        (date(2026, 5, 4), 13.0, 14.5, True)]


def test_an_open_sleep_runs_to_now_and_now_is_marked_on_today():
    rhythm = day_rhythm([RecordView("sleep", at(4, 13), None, {})], TZ, DAYS, as_of=at(4, 14))
    (span,) = rhythm.sleeps
    assert (span.start_h, span.end_h, span.ongoing, span.nap) == (13.0, 14.0, True, True)
    assert rhythm.now_h == 14.0


def test_feeds_and_diapers_are_marks_and_days_outside_are_left_out():
    records = [RecordView("feeding", at(4, 9, 15), None, {"kind": "formula"}),
               RecordView("diaper", at(4, 10), None, {"wet": True, "solid": True}),
               RecordView("feeding", at(1, 9), None, {"kind": "formula"})]
    rhythm = day_rhythm(records, TZ, DAYS)
    assert [(m.hour, m.kind) for m in rhythm.feeds] == [(9.25, "formula")]
    assert [(m.hour, m.kind) for m in rhythm.diapers] == [(10.0, "mixed")] and rhythm.now_h is None
