"""Which day a sleep counts for — decided once, here, for every text and picture that totals sleep (the
evening summary, the week chart, the family page, "how long did she sleep last night?").

A night is one night: every night sleep (`nap: false`) belongs to the night it started in, named by the
date of its evening — a piece that starts after midnight (00:30–05:00) belongs to the night before. A day's
totals count the night that ended that morning (the night of the day before) and the day's own naps. So a
night of 20:00–05:30 is 9 h 30 min of Tuesday's sleep, never 4 h on Monday and 5 h 30 min on Tuesday, and
the longest stretch is never longer than the night it belongs to.

Only the rhythm chart (a clock face, 24 hours a row) draws a night across two rows.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, tzinfo

#: the local time that separates one night from the next: a night sleep starting before noon began in the
#: night of the day before (a night sleep is one that starts 18:00–06:00 unless the family said otherwise)
NIGHT_TURNS_AT = time(12)


def night_of(start: datetime, tz: tzinfo) -> date:
    """The night a night sleep starting at `start` belongs to, named by the date of its evening."""
    local = start.astimezone(tz)
    return (local - timedelta(hours=NIGHT_TURNS_AT.hour, minutes=NIGHT_TURNS_AT.minute)).date()


def counted_on(start: datetime, nap: bool, tz: tzinfo) -> date:
    """The local date whose totals a sleep starting at `start` counts for: a nap its own day, a night sleep
    the day its night ends (the morning after the evening it is named by)."""
    return start.astimezone(tz).date() if nap else night_of(start, tz) + timedelta(days=1)


def night_window(night: date, tz: tzinfo) -> tuple[datetime, datetime]:
    """The local [noon, next noon) in which the night sleeps of `night` start."""
    start = datetime.combine(night, NIGHT_TURNS_AT, tzinfo=tz)
    return start, datetime.combine(night + timedelta(days=1), NIGHT_TURNS_AT, tzinfo=tz)
