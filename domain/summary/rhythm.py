"""A week's rhythm (作息图): each local day as 24 hours, with the sleeps as spans (split at midnight)
and the feeds and diapers as marks. Pure: records in, plain values out — the family page draws it as
SVG, the chat as a PNG."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo

from domain.records import SLEEP_MAX, is_night_sleep
from domain.summary.days import day_bounds
from domain.summary.model import RecordView


@dataclass(frozen=True)
class SleepSpan:
    day: date
    start_h: float        # hours since local midnight, 0–24
    end_h: float
    nap: bool
    ongoing: bool = False  # the baby is still asleep (drawn up to now)


@dataclass(frozen=True)
class Mark:
    day: date
    hour: float
    kind: str             # feeds: the feeding kind; diapers: wet | solid | mixed


@dataclass(frozen=True)
class Rhythm:
    days: tuple[date, ...]
    sleeps: tuple[SleepSpan, ...] = ()
    feeds: tuple[Mark, ...] = ()
    diapers: tuple[Mark, ...] = ()
    now_h: float | None = None      # where "now" is on the last day, when that day is today

    def on(self, day: date) -> tuple[list[SleepSpan], list[Mark], list[Mark]]:
        return ([s for s in self.sleeps if s.day == day], [m for m in self.feeds if m.day == day],
                [m for m in self.diapers if m.day == day])


def day_rhythm(records: Iterable[RecordView], tz: tzinfo, dates: Sequence[date],
               as_of: datetime | None = None) -> Rhythm:
    """The rhythm of `dates` (oldest first). An open sleep runs up to `as_of` (left out without it)."""
    days = tuple(sorted(dates))
    sleeps: list[SleepSpan] = []
    feeds: list[Mark] = []
    diapers: list[Mark] = []
    for record in records:
        if record.type == "sleep":
            sleeps.extend(_spans(record, tz, days, as_of))
        elif record.type == "feeding":
            feeds.extend(_mark(record.start, tz, days, str(record.fields.get("kind") or "")))
        elif record.type == "diaper":
            diapers.extend(_mark(record.start, tz, days, _diaper_kind(record)))
    now_h = _hour(as_of.astimezone(tz)) if as_of is not None and as_of.astimezone(tz).date() == days[-1] else None
    return Rhythm(days, tuple(sleeps), tuple(sorted(feeds, key=_order)), tuple(sorted(diapers, key=_order)), now_h)


def _spans(record: RecordView, tz: tzinfo, days: tuple[date, ...], as_of: datetime | None) -> list[SleepSpan]:
    start, end, ongoing = record.start, record.end, record.end is None
    if end is None:
        if as_of is None or as_of <= start or as_of - start > SLEEP_MAX:
            return []
        end = as_of
    nap = _is_nap(record, tz, end)
    spans = []
    for day in days:
        day_start, day_end = day_bounds(day, tz)
        lo, hi = max(start, day_start), min(end, day_end)
        if lo < hi:
            spans.append(SleepSpan(day, _hours_since(lo, day_start), _hours_since(hi, day_start), nap,
                                   ongoing and hi == end))
    return spans


def _is_nap(record: RecordView, tz: tzinfo, end: datetime) -> bool:
    nap = record.fields.get("nap")
    if nap is not None:
        return bool(nap)
    return not is_night_sleep(record.start.astimezone(tz), end.astimezone(tz))


def _mark(when: datetime, tz: tzinfo, days: tuple[date, ...], kind: str) -> list[Mark]:
    local = when.astimezone(tz)
    return [Mark(local.date(), _hour(local), kind)] if local.date() in days else []


def _diaper_kind(record: RecordView) -> str:
    wet, solid = bool(record.fields.get("wet")), bool(record.fields.get("solid"))
    return "mixed" if wet and solid else "solid" if solid else "wet"


def _hour(local: datetime) -> float:
    return local.hour + local.minute / 60 + local.second / 3600


def _hours_since(t: datetime, midnight: datetime) -> float:
    """Hours on the local clock face (a DST day still spans 0–24)."""
    return min(24.0, max(0.0, (t - midnight) / timedelta(hours=1)))


def _order(mark: Mark) -> tuple[date, float]:
    return mark.day, mark.hour
