"""The time reader as the rules and readers have always imported it; the grammar lives in `time/`.

`read_times(text, now, night_context)` reads one normalised message (see numerals.normalise);
`read_time_phrase(phrase, now)` reads one time phrase. `CLOCK` / `said_time` / `resolve_point` let a
reader read the clock time inside a reference (6点那次).
"""
from __future__ import annotations

import re
from datetime import datetime

from bot.understanding.time import FUTURE_SLACK, SaidTime, TimeReading, TimeValue, read_time_phrase, read_times
from bot.understanding.time.expressions import read_expressions
from bot.understanding.time.mentions import DayWord
from bot.understanding.time.prepare import prepare
from bot.understanding.time.resolve import hour_candidates, resolve_clock
from bot.understanding.time.words import DAY_WORDS, NIGHT_WORDS, PERIOD_WORDS

_ZH_PERIODS = "|".join(p for p, _, _ in PERIOD_WORDS if not p.isascii())
CLOCK = re.compile(rf"(?:{_ZH_PERIODS})?\s*\d{{1,2}}(?:\s*[点點时時:：]\s*(?:\d{{1,2}}\s*分?|半|[123]刻)?|\s*(?:am|pm|a\.m\.|p\.m\.))?",
                   re.I)


def said_time(m: re.Match[str]) -> SaidTime | None:
    """The clock time in a CLOCK match (a bare hour counts: 6点那次 is read as 6)."""
    exprs, _ = read_expressions(prepare(m.group(0)).text, phrase=True)
    return next((e.first for e in exprs if e.first is not None), None)


def resolve_point(said: SaidTime, now: datetime, day: int | None = None) -> datetime:
    """The most recent moment (not after now) that matches; an explicit day is kept."""
    return resolve_clock(said, now, DayWord(day, None) if day is not None else None)


def day_offset(text: str) -> int | None:
    """Days from today of the first day word in the text (今天 0, 昨晚 -1, 大前天 -3), or None."""
    for pattern, offset, _ in DAY_WORDS:
        if re.search(pattern, text, re.I):
            return offset
    return None


__all__ = ["CLOCK", "FUTURE_SLACK", "NIGHT_WORDS", "SaidTime", "TimeReading", "TimeValue", "day_offset",
           "hour_candidates", "read_time_phrase", "read_times", "resolve_point", "said_time"]
