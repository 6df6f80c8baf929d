"""Which day a question is about (today, yesterday, this week, a date) and which part of it."""
from __future__ import annotations

from datetime import date, datetime, timedelta

from bot.understanding import words as w
from domain.extraction import QueryPeriod


def read_period(text: str, now: datetime) -> tuple[QueryPeriod, date | None]:
    day = read_date(text, now)
    if day is not None:
        return QueryPeriod.DATE, day
    if w.THREE_DAYS_BACK.search(text):
        return QueryPeriod.DATE, now.date() - timedelta(days=3)
    if w.DAY_BEFORE.search(text):
        return QueryPeriod.DATE, now.date() - timedelta(days=2)
    if w.YESTERDAY.search(text):
        return QueryPeriod.YESTERDAY, None
    if w.WEEK.search(text):
        return QueryPeriod.WEEK, None
    return QueryPeriod.TODAY, None


def read_daypart(text: str) -> str | None:
    if w.DAYTIME.search(text):
        return "day"
    if w.NIGHT.search(text):
        return "night"
    return None


def read_date(text: str, now: datetime) -> date | None:
    """5月3日 / 3号 / May 3 / 3rd May: the most recent such day not after today."""
    m = w.CN_DATE.search(text)
    if m:
        return _past_day(now.date(), int(m.group(1)) if m.group(1) else None, int(m.group(2)))
    m = w.EN_DATE.search(text)
    if m:
        month_name, day = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        return _past_day(now.date(), w.MONTHS.index(month_name.lower()[:3]) + 1, int(day))
    return None


def _past_day(today: date, month: int | None, day: int) -> date | None:
    try:
        if month is None:
            candidate = today.replace(day=day)
            if candidate > today:
                first = today.replace(day=1) - timedelta(days=1)
                candidate = first.replace(day=day)
            return candidate
        candidate = today.replace(month=month, day=day)
        return candidate if candidate <= today else candidate.replace(year=today.year - 1)
    except ValueError:
        return None
