"""What the time reader hands out: a said clock time, a resolved value, the reading of one message."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal

Span = tuple[int, int]
TimeKind = Literal["point", "range", "duration", "day", "number"]


@dataclass(frozen=True)
class SaidTime:
    """A clock time as said: the hour on the dial, the minute, and what fixes its 12-hour reading."""
    hour: int
    minute: int
    period: str | None = None      # am, pm, small_hours, morning, noon, afternoon, evening
    offset: int = 0                # minutes added after the hour is read (quarter to = -15)


@dataclass(frozen=True)
class TimeValue:
    """One time expression resolved against now.

    point: a moment (dated: the phrase itself fixed the day — a day word, tonight, ago, now).
    range: start and end; one of them is None for an open end (before 3pm, after 6pm).
    duration: minutes. day: a date. number: a numeral read alone.
    """
    kind: TimeKind
    point: datetime | None = None
    start: datetime | None = None
    end: datetime | None = None
    minutes: float | None = None
    day: date | None = None
    number: float | None = None
    dated: bool = False
    span: Span = (0, 0)


@dataclass(frozen=True)
class TimeReading:
    """Every time expression in one message, folded into what a record needs."""
    point: datetime | None = None
    start: datetime | None = None
    end: datetime | None = None
    duration_min: float | None = None
    night: bool = False
    spans: tuple[Span, ...] = field(default=())
