"""A baby's day in numbers: pure, no I/O, no clock.

Input is plain `RecordView`s (aware datetimes), the family's timezone and local dates;
output is one `DaySummary` per local date. A sleep counts whole for one day (nights.py): a nap for
its own day, a night sleep for the day its night ends (the night that ended this morning), with its
longest stretch and night wakings. Night vs nap follows the record's `nap` field (derived when missing).
"""
from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Any

from domain.records import SLEEP_MAX, is_night_sleep
from domain.summary.model import (
    MILK_KINDS,
    Comparisons,
    DaySummary,
    DiaperTotals,
    FeedingTotals,
    GrowthMeasure,
    HealthEvent,
    KeyMetrics,
    Note,
    RecordView,
    SleepTotals,
)
from domain.summary.nights import counted_on
from domain.vocabulary import BREAST_METHODS, FeedingKind, RecordType

__all__ = ["Comparisons", "DaySummary", "DiaperTotals", "FeedingTotals", "GrowthMeasure", "HealthEvent",
           "KeyMetrics", "Note", "RecordView", "SleepTotals", "summarise_days", "summarise_with_comparisons",
           "summarise_day", "key_metrics", "average_metrics", "compare", "day_bounds", "partial_day_cutoff",
           "MILK_KINDS"]

_BREAST = frozenset(m.value for m in BREAST_METHODS)


def summarise_days(records: Iterable[RecordView], tz: tzinfo, dates: Iterable[date],
                   as_of: datetime | None = None) -> dict[date, DaySummary]:
    """One `DaySummary` per local date, in one pass over the records.

    An open sleep counts up to `as_of` (if given); otherwise it is left out.
    """
    return _summarise(records, _LocalDays(dates, tz), tz, as_of)


def _summarise(records: Iterable[RecordView], days: _LocalDays, tz: tzinfo,
               as_of: datetime | None) -> dict[date, DaySummary]:
    day_at, adder_for = days.day_at, _ADDERS.get      # bound once: this loop is the hot path
    for record in records:
        if record.type == "sleep":
            _add_sleep(days, record, tz, as_of)
            continue
        day = day_at(record.start.timestamp())
        if day is not None:
            day.record_count += 1
            adder_for(record.type, _ignore)(day, record)
    return dict(zip(days.dates, days.summaries, strict=True))


class _LocalDays:
    """The requested local dates as UTC-timestamp intervals, to place times quickly."""

    __slots__ = ("dates", "summaries", "starts", "ends", "index")

    def __init__(self, dates: Iterable[date], tz: tzinfo,
                 until: Mapping[date, time] | None = None) -> None:
        """`until`: a local time at which some of the days end early."""
        self.dates = sorted(set(dates))
        self.summaries = [DaySummary(d) for d in self.dates]
        self.index = {d: i for i, d in enumerate(self.dates)}
        bounds = [_window(d, tz, (until or {}).get(d)) for d in self.dates]
        self.starts = [start.timestamp() for start, _ in bounds]
        self.ends = [end.timestamp() for _, end in bounds]

    def day_at(self, ts: float) -> DaySummary | None:
        i = bisect_right(self.starts, ts) - 1
        return self.summaries[i] if i >= 0 and ts < self.ends[i] else None

    def day_of(self, local_date: date) -> tuple[DaySummary, float] | None:
        """The summary of `local_date` and the timestamp its counting stops at, when it was asked for."""
        i = self.index.get(local_date)
        return (self.summaries[i], self.ends[i]) if i is not None else None


def _window(local_date: date, tz: tzinfo, until: time | None) -> tuple[datetime, datetime]:
    start, end = day_bounds(local_date, tz)
    if until is None:
        return start, end
    cut = datetime.combine(local_date, until, tzinfo=tz)
    return start, max(start, min(end, cut))


def partial_day_cutoff(local_date: date, tz: tzinfo, as_of: datetime | None) -> time | None:
    """The local time `local_date` is summarised up to, when `as_of` falls within that day
    (the day is not over yet); None for a whole day."""
    if as_of is None:
        return None
    local = as_of.astimezone(tz)
    return local.time().replace(tzinfo=None) if local.date() == local_date else None


def summarise_with_comparisons(records: Iterable[RecordView], tz: tzinfo, local_date: date,
                               as_of: datetime | None = None) -> tuple[DaySummary, Comparisons]:
    """The day up to `as_of`, and comparisons that are fair to a day not over yet: when
    `as_of` falls within `local_date`, the day, yesterday and each of the 7 days before
    count only up to the same local time (`Comparisons.until`). One pass over the records."""
    cutoff = partial_day_cutoff(local_date, tz, as_of)
    before = [local_date - timedelta(days=i) for i in range(1, 8)]
    until = dict.fromkeys([*before, local_date], cutoff) if cutoff is not None else None
    days = _summarise(records, _LocalDays([*before, local_date], tz, until), tz, as_of)
    comparisons = compare(days, local_date)
    if cutoff is not None:
        comparisons = Comparisons(comparisons.yesterday, comparisons.week_average, cutoff)
    return days[local_date], comparisons


def summarise_day(records: Iterable[RecordView], tz: tzinfo, local_date: date,
                  as_of: datetime | None = None) -> DaySummary:
    return summarise_days(records, tz, [local_date], as_of)[local_date]


def key_metrics(day: DaySummary) -> KeyMetrics:
    """The day's compared numbers, each None when the day has no records of its kind."""
    fed = day.feeding.count > 0
    return KeyMetrics(day.feeding.milk_ml if fed else None, day.feeding.count if fed else None,
                      day.sleep.total_min if day.sleep.total_min > 0 else None,
                      day.diapers.count if day.diapers.count else None)


def compare(days: Mapping[date, DaySummary], local_date: date) -> Comparisons:
    """Yesterday's numbers and the average of the 7 days before `local_date`, each number over the days
    that have records of its kind."""
    yesterday = days.get(local_date - timedelta(days=1))
    week = [key_metrics(days[d]) for d in (local_date - timedelta(days=i) for i in range(1, 8)) if d in days]
    average = average_metrics(week)
    return Comparisons(yesterday=_or_none(key_metrics(yesterday)) if yesterday else None,
                       week_average=average)


def average_metrics(metrics: Iterable[KeyMetrics]) -> KeyMetrics | None:
    """Each number averaged over the days that have it; None when no day has any."""
    listed = list(metrics)

    def mean(name: str) -> float | None:
        values = [v for v in (getattr(m, name) for m in listed) if v is not None]
        return sum(values) / len(values) if values else None

    return _or_none(KeyMetrics(mean("milk_ml"), mean("feed_count"), mean("sleep_min"), mean("diaper_count")))


def _or_none(metrics: KeyMetrics) -> KeyMetrics | None:
    known = (metrics.milk_ml, metrics.feed_count, metrics.sleep_min, metrics.diaper_count)
    return None if all(v is None for v in known) else metrics


def day_bounds(local_date: date, tz: tzinfo) -> tuple[datetime, datetime]:
    """The local day as an aware [start, end) pair (DST-safe: the next local midnight)."""
    start = datetime.combine(local_date, time(), tzinfo=tz)
    return start, datetime.combine(local_date + timedelta(days=1), time(), tzinfo=tz)


def _add_feeding(day: DaySummary, record: RecordView) -> None:
    f, totals = record.fields, day.feeding
    kind, method = f.get("kind"), f.get("method")
    if kind == FeedingKind.SOLID_FOOD:
        totals.solid_count += 1
        totals.solid_g += _number(f.get("amount_g"))
        if f.get("food"):
            totals.solid_foods.append(str(f["food"]))
        return
    amount = f.get("amount_ml")
    if amount is not None and kind:
        totals.ml_by_kind[kind] = totals.ml_by_kind.get(kind, 0.0) + _number(amount)
    if kind == FeedingKind.WATER:
        return
    totals.count += 1
    if method in _BREAST:
        totals.breast_sessions += 1
        totals.breast_minutes += _duration_min(record)


def _duration_min(record: RecordView) -> float:
    minutes = record.fields.get("duration_min")
    if minutes is not None:
        return _number(minutes)
    if record.end is not None:
        return max(0.0, (record.end - record.start).total_seconds() / 60)
    return 0.0


def _add_sleep(days: _LocalDays, record: RecordView, tz: tzinfo,
               as_of: datetime | None) -> None:
    """The sleep whole on the day it counts for (nights.py), up to where that day's counting stops (a day
    not over yet); an open sleep also marks the day `as_of` falls on as "asleep now"."""
    start, end = record.start, record.end
    if end is None:
        if as_of is None or as_of <= start or as_of - start > SLEEP_MAX:
            return
        end = as_of
        now_day = days.day_at(as_of.timestamp() - 1e-6)
        if now_day is not None:
            now_day.sleep.asleep_since = start
    is_nap = _is_nap(record, tz)
    owner = days.day_of(counted_on(start, is_nap, tz))
    if owner is None:
        return
    day, stop_ts = owner
    minutes = (min(end.timestamp(), stop_ts) - start.timestamp()) / 60
    if minutes <= 0:
        return
    day.record_count += 1
    sleep = day.sleep
    sleep.total_min += minutes
    if is_nap:
        sleep.nap_min += minutes
    else:
        sleep.night_min += minutes
    if record.end is not None and record.end.timestamp() <= stop_ts:
        sleep.longest_min = max(sleep.longest_min, minutes)
        sleep.night_wakings += int(_number(record.fields.get("night_wakings")))
        sleep.nap_count += 1 if is_nap else 0


def _is_nap(record: RecordView, tz: tzinfo) -> bool:
    nap = record.fields.get("nap")
    if nap is not None:
        return bool(nap)
    return not is_night_sleep(record.start.astimezone(tz))


def _add_diaper(day: DaySummary, record: RecordView) -> None:
    day.diapers.count += 1
    day.diapers.wet += 1 if record.fields.get("wet") else 0
    day.diapers.solid += 1 if record.fields.get("solid") else 0


def _add_growth(day: DaySummary, record: RecordView) -> None:
    if day.growth is not None and day.growth.time > record.start:
        return
    f = record.fields
    day.growth = GrowthMeasure(record.start, f.get("weight_kg"), f.get("height_cm"), f.get("head_cm"))


def _add_health(day: DaySummary, record: RecordView) -> None:
    day.health.append(HealthEvent(record.start, str(record.fields.get("kind", "")), record.fields))
    day.health.sort(key=lambda e: e.time)


def _add_note(day: DaySummary, record: RecordView) -> None:
    text = record.fields.get("text")
    if text:
        day.notes.append(Note(record.start, str(text)))
        day.notes.sort(key=lambda n: n.time)


def _add_pumping(day: DaySummary, record: RecordView) -> None:
    day.pumping_count += 1
    day.pumping_ml += _number(record.fields.get("amount_ml"))


def _add_tummy_time(day: DaySummary, record: RecordView) -> None:
    day.tummy_min += _duration_min(record)


def _ignore(day: DaySummary, record: RecordView) -> None:
    return None


def _number(value: Any) -> float:
    try:
        return float(value) if value is not None and not isinstance(value, bool) else 0.0
    except (TypeError, ValueError):
        return 0.0


_ADDERS = {
    RecordType.FEEDING.value: _add_feeding,
    RecordType.DIAPER.value: _add_diaper,
    RecordType.GROWTH.value: _add_growth,
    RecordType.HEALTH.value: _add_health,
    RecordType.NOTE.value: _add_note,
    RecordType.PUMPING.value: _add_pumping,
    RecordType.TUMMY_TIME.value: _add_tummy_time,
}
