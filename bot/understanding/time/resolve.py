"""Said clock times → moments, against a `now` that is always passed in.

- A clock time without a day is its most recent past occurrence (5 minutes of slack for "now-ish").
- A day word fixes the day, future or not (今晚6点 said at 14:00 is tonight). On the night of a day
  (昨晚, last night, tonight) the small hours belong to the next date: 昨晚两点 said at 09:00 is today
  02:00. "Tonight" said in the small hours is the night already under way.
- A range is the shortest positive span from its start to the first occurrence of its end (晚上7点半到8点
  is half an hour), never more than 24 hours; among equally short readings a night context prefers the
  one across midnight, then the one that ended most recently.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from bot.understanding.time.mentions import DayWord
from bot.understanding.time.values import SaidTime
from bot.understanding.time.words import AFTERNOON, AM, EVENING, MORNING, NOON, PM, SMALL_HOURS

FUTURE_SLACK = timedelta(minutes=5)
DAY_MINUTES = 24 * 60


def hour_candidates(said: SaidTime, prefer: str | None = None) -> list[int]:
    """The 24-hour readings of a said hour, given its period (or the one the day word names)."""
    h, period = said.hour, said.period or prefer
    if h > 12 or h == 0:
        return [h]
    if period in (AM, MORNING):
        return [h % 12]
    if period in (PM, AFTERNOON):
        return [h % 12 + 12]
    if period == NOON:
        return [h + 12] if h <= 5 else [h]
    if period == EVENING:
        return [0] if h == 12 else [h + 12] if h >= 5 else [h]
    if period == SMALL_HOURS:
        return [h % 12] if h <= 6 or h == 12 else [h]
    return [h % 12, h % 12 + 12]


def resolve_clock(said: SaidTime, now: datetime, day: DayWord | None = None) -> datetime:
    """The most recent matching moment not after now; on a day that was named, the latest one on it."""
    options = _occurrences(said, now, day)
    past = [t for t in options if t <= now + FUTURE_SLACK]
    return max(past) if past else min(options)


def resolve_until_now(said: SaidTime, now: datetime, day: DayWord | None = None) -> tuple[datetime, datetime]:
    """从8点睡到现在 / between eight o'clock and now."""
    before = [t for t in _occurrences(said, now, day) if t < now]
    return (max(before) if before else resolve_clock(said, now, day)), now


def resolve_range(first: SaidTime, second: SaidTime, now: datetime, day: DayWord | None = None,
                  night: bool = False) -> tuple[datetime, datetime]:
    if day is not None and day.period in (MORNING, SMALL_HOURS):
        across = _across_midnight_into(first, second, now, day)
        if across is not None:
            return across
    prefer = day.period if day else None     # the day's part names the start; the end follows it (昨晚9点到6点)
    pairs = [(a, b) for a in hour_candidates(first, prefer) for b in hour_candidates(second)]
    spans = {pair: _span(first, pair[0], second, pair[1]) for pair in pairs}
    shortest = min(spans.values())
    best = [pair for pair in pairs if spans[pair] == shortest]
    if night and len(best) > 1:
        best = [(a, b) for a, b in best if a >= 17 or b < a] or best
    readings = [_anchor(first, a, second, b, spans[(a, b)], now, day) for a, b in best]
    past = [r for r in readings if r[1] <= now + FUTURE_SLACK]
    return max(past, key=lambda r: r[1]) if past else min(readings, key=lambda r: r[1])


def _across_midnight_into(first: SaidTime, second: SaidTime, now: datetime,
                          day: DayWord) -> tuple[datetime, datetime] | None:
    """7pm till 6.15 this morning: a morning said of a range that runs over midnight is its end's — the
    start is the evening before (never a 23-hour span from 7 am, never a night that ends tomorrow)."""
    pairs = [(a, b) for a in hour_candidates(first) for b in hour_candidates(second, day.period)]
    crossing = [(a, b) for a, b in pairs if a * 60 + first.minute > b * 60 + second.minute and a >= 12]
    if not crossing or any(a < 12 and a * 60 + first.minute < b * 60 + second.minute for a, b in pairs):
        return None                 # napped 9 to 10:30 this morning: all in the morning
    a, b = min(crossing, key=lambda p: _span(first, p[0], second, p[1]))
    end = _at(now, b, second, day.offset)
    return end - timedelta(minutes=_span(first, a, second, b)), end


def _span(first: SaidTime, a: int, second: SaidTime, b: int) -> int:
    minutes = (b * 60 + second.minute + second.offset - a * 60 - first.minute - first.offset) % DAY_MINUTES
    return minutes or DAY_MINUTES


def _anchor(first: SaidTime, a: int, second: SaidTime, b: int, span: int, now: datetime,
            day: DayWord | None) -> tuple[datetime, datetime]:
    length = timedelta(minutes=span)
    if day is not None:
        start = _at(now, a, first, day.offset + _night_shift(day, first.period, a, now))
        return start, start + length
    ends = [_at(now, b, second, d) for d in (1, 0, -1)]
    end = max(t for t in ends if t <= now + FUTURE_SLACK)
    return end - length, end


def _occurrences(said: SaidTime, now: datetime, day: DayWord | None) -> list[datetime]:
    hours = hour_candidates(said, day.period if day else None)
    if day is None:
        return [_at(now, h, said, d) for h in hours for d in (1, 0, -1, -2)]
    return [_at(now, h, said, day.offset + _night_shift(day, said.period, h, now)) for h in hours]


def _night_shift(day: DayWord, period: str | None, hour: int, now: datetime) -> int:
    """The small hours of a named night are on the next date (昨晚两点 = today 02:00)."""
    if EVENING not in (day.period, period) or hour >= 12:
        return 0
    return 0 if day.offset == 0 and now.hour < 6 else 1


def _at(now: datetime, hour: int, said: SaidTime, days: int) -> datetime:
    base = now.replace(hour=hour, minute=said.minute, second=0, microsecond=0)
    return base + timedelta(days=days, minutes=said.offset)
