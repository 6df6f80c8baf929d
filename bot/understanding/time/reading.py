"""The time reader's two doors: one phrase (read_time_phrase), or one whole message (read_times)."""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from bot.understanding.numerals import normalise, to_number
from bot.understanding.time.expressions import Expr, read_expressions
from bot.understanding.time.mentions import DayWord
from bot.understanding.time.prepare import prepare
from bot.understanding.time.resolve import resolve_clock, resolve_range, resolve_until_now
from bot.understanding.time.values import TimeReading, TimeValue
from bot.understanding.time.words import NIGHT_WORDS

_SLEPT_WOKE = re.compile(r"睡.*醒|睡.*起|睡.*睡到|\b(?:went down|down|asleep|slept|sleeping|bed|out|nap\w*|kip|crashed|dozed|"
                         r"settled)\b.*\b(?:woke|woken|wakes?|waking|up|awake)\b", re.I)
_SLEPT_TILL = re.compile(r"睡到|\b(?:slept|sleeping|napped|asleep|out|down)\b.*\b(?:till|until|til)\b", re.I)
_STILL_ASLEEP = re.compile(r"没醒|还在睡|还睡着|still asleep|not awake", re.I)
_PRIORITY = {"range": 0, "open": 0, "window": 0, "clock": 1, "ago": 1, "now": 1, "length": 2, "day": 3}


def read_time_phrase(phrase: str, now: datetime | None) -> TimeValue | None:
    """One phrase that is a time expression (下午5:00, 2分钟前, from 5 to 6pm, 半个钟头, 昨天).

    Without a `now` the phrase is read as a number (一百五十二 = 152). A bare number with a `now` is a
    clock time ("7" = 07:00 or 19:00, whichever was last).
    """
    text = normalise(phrase.strip())
    if now is None:
        value = to_number(text)
        return TimeValue("number", number=value, span=(0, len(phrase))) if value is not None else None
    prepared = prepare(text)
    exprs, day = read_expressions(prepared.text, phrase=True)
    if not exprs:
        return None
    main = min(exprs, key=lambda e: (_PRIORITY[e.kind], e.start))
    return resolve(main, now, day)


def read_times(text: str, now: datetime, night_context: bool = False, lasted: bool = False) -> TimeReading:
    """Every time expression in one message (already normalised, see numerals.normalise), resolved against
    `now` (aware, the family's zone). `spans` are the characters each expression used. `lasted`: the message
    tells of something with a start and an end (a sleep), so "10 to 11" is a range, not ten to eleven."""
    night = bool(NIGHT_WORDS.search(text)) or night_context
    prepared = prepare(text)
    exprs, day = read_expressions(prepared.text, spans_expected=lasted)
    spans = tuple(prepared.source_span(e.start, e.end) for e in exprs)
    found = [resolve(e, now, day, night) for e in exprs]
    duration = next((v.minutes for v, e in zip(found, exprs, strict=True) if e.kind == "length"), None)
    duration = duration or next((e.minutes for e in exprs if e.kind == "range" and e.minutes), None)
    start, end = _range(exprs, found, text, now, day, night)
    if start is not None:
        return TimeReading(start=start, end=end, duration_min=duration, night=night, spans=spans)
    point = next((v.point or v.start or v.end for v, e in zip(found, exprs, strict=True)
                  if e.kind in ("clock", "open")), None)      # before / after 6pm: the anchor
    point = point or next((v.point for v, e in zip(found, exprs, strict=True) if e.kind in ("ago", "now")), None)
    return TimeReading(point=point, duration_min=duration, night=night, spans=spans)


def _range(exprs: list[Expr], found: list[TimeValue], text: str, now: datetime, day: DayWord | None,
           night: bool) -> tuple[datetime | None, datetime | None]:
    for value, e in zip(found, exprs, strict=True):
        if e.kind == "range":
            return value.start, value.end
    clocks = [e for e in exprs if e.kind == "clock"]
    until = next((e for e in exprs if e.kind == "open" and e.bound == "until" and clocks and e.start > clocks[0].end),
                 None)
    if until is not None and night and _SLEPT_TILL.search(text):     # last night: down at 7:30, slept till 5:45
        return resolve_range(clocks[0].first, until.first, now, day, night)
    if clocks and _SLEPT_WOKE.search(text):
        if len(clocks) >= 2:          # 9点睡的，6点醒的
            return resolve_range(clocks[0].first, clocks[1].first, now, day, night)
        if any(e.kind == "now" and e.start > clocks[0].end for e in exprs) and not _STILL_ASLEEP.search(text):
            # 十点睡的 现在醒了
            return resolve_until_now(clocks[0].first, now, day)
    return None, None


def resolve(e: Expr, now: datetime, day: DayWord | None, night: bool = False) -> TimeValue:
    day = e.first_day or day
    span, dated = (e.start, e.end), day is not None
    if e.kind == "clock":
        return TimeValue("point", point=resolve_clock(e.first, now, day), dated=dated, span=span)
    if e.kind == "range":
        start, end = _resolve_range(e, now, day, night)
        return TimeValue("range", start=start, end=end, dated=dated, span=span)
    if e.kind == "open":
        anchor = resolve_clock(e.first, now, day)
        start, end = (anchor, None) if e.bound in ("after", "since") else (None, anchor)
        return TimeValue("range", start=start, end=end, dated=dated, span=span)
    if e.kind == "ago":
        return TimeValue("point", point=now - timedelta(minutes=e.minutes), dated=True, span=span)
    if e.kind == "window":
        return TimeValue("range", start=now - timedelta(minutes=e.minutes), end=now, dated=True, span=span)
    if e.kind == "now":
        return TimeValue("point", point=now, dated=True, span=span)
    if e.kind == "length":
        return TimeValue("duration", minutes=e.minutes, span=span)
    return TimeValue("day", day=(now + timedelta(days=e.day.offset)).date(), dated=True, span=span)


def _resolve_range(e: Expr, now: datetime, day: DayWord | None, night: bool) -> tuple[datetime, datetime]:
    if e.to_now:
        return resolve_until_now(e.first, now, day)
    if e.second is None:              # from 9 for 2.5 hours
        start = resolve_clock(e.first, now, day)
        return start, start + timedelta(minutes=e.minutes or 0)
    if e.second_day is not None and e.second_day != day:      # 昨晚9点睡到今早6点
        return resolve_clock(e.first, now, day), resolve_clock(e.second, now, e.second_day)
    return resolve_range(e.first, e.second, now, day, night)
