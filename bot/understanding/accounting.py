"""Does a reading account for the message? The numbers and time expressions it did not use.

A *mention* is a number or a time expression in the normalised message (digits, see numerals.py).
Time expressions are the time reader's own (bot/understanding/time/): what it reads as one clock
time, range, "so long ago" or length is one mention, resolved as the reader resolves it. The reading
*consumed* a mention when one of the reading's values comes from it: a clock time one of its times
shows, both ends of a range, a time so long ago, a duration, a date, an amount / measure / count (in
its unit or a unit it converts from, or worked out from several: readers/arithmetic.py), or text the reading
keeps as said (a note, a food, a name). An amount worked out as an estimate (the middle of 四五十) is named in
`estimated`, so that the domain reads it back.
Spans a reader reports as consumed (`consumed=`) count as used as they are.

Also: a clock time said without a day (下午四点, at 5pm) is reported as `clock_without_day`, so the
domain can ask before it files the time under yesterday.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache

from pydantic import BaseModel

from bot.understanding.lexicon import MEASURE_EN, MEASURE_SIZE_EN, MEASURE_SIZE_ZH, MEASURE_ZH
from bot.understanding.numerals import normalise
from bot.understanding.readers.arithmetic import Worked, worked_amounts
from bot.understanding.readers.quantities import lengths_cm, volumes_ml, weights_kg
from bot.understanding.time.expressions import read_expressions
from bot.understanding.time.prepare import prepare
from bot.understanding.time.reading import resolve
from bot.understanding.time.words import NIGHT_WORDS
from bot.understanding.timeparse import day_offset
from domain.extraction import Extraction, Intent
from domain.vocabulary import RecordType

Span = tuple[int, int]

_DATE = re.compile(r"(\d{4})\s*[年/.-]\s*(\d{1,2})\s*[月/.-]\s*(\d{1,2})\s*[日号]?|(\d{1,2})\s*月\s*(\d{1,2})\s*[日号]?")
_DAY_OF_MONTH = re.compile(r"(\d{1,2})\s*[日号](?!\d)|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b",
                           re.I)
_DEGREES_TENTHS = re.compile(r"(\d{2})\s*度\s*(\d)(?!\d)")
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
# not quantities: 二宝 → 2宝, 老2, vitamin D3, 最后一次 → 最后1次; and 1 before a measure word is the noun's
# article (一瓶, 拉了一大泡, 一针, one bottle: lexicon.MEASURE_*), not an amount
_A_MEASURE = (rf"(?<![\d.])1(?=\s*[{MEASURE_SIZE_ZH}]?\s*(?:{'|'.join(MEASURE_ZH)})(?!月|小时|钟|半)"
              rf"|\s+(?:(?:{'|'.join(MEASURE_SIZE_EN)})\s+)?(?:{'|'.join(MEASURE_EN)})s?\b)")
NAME_NUMBER = re.compile(r"\d(?=\s*个?\s*(?:宝|孩子|娃|小家伙))|(?<![\d.])2(?=\s*个\s*(?:人\s*)?都)|\b2(?=\s*(?:babies|kids|twins)\b)|(?<=老)\d|(?<=[A-Za-z])\d+|(?:(?<=最后)|(?<=最近)|(?<=[上这那]))1(?=\s*[次回条])"
                         rf"|{_A_MEASURE}", re.I)
FACTORS = (1, 29.5735, 0.5, 0.05, 0.001, 0.45359237, 0.028349523, 2.54, 0.1, 100, 60, 1 / 60, 2)


@dataclass(frozen=True)
class Mention:
    text: str
    start: int
    end: int
    kind: str                       # clock | ago | duration | date | number
    value: tuple = ()


def lasted(reading: Extraction) -> bool:
    """The reading tells of something with a start and an end (a sleep): the time reader reads 10 to 11 as a range."""
    return any(f.record_type.value == "sleep" for f in reading.facts())


def mentions(text: str, now: datetime, lasted: bool = False) -> list[Mention]:
    """Time expressions first (their digits are theirs), then dates and every other number."""
    return list(_mentions(text, now, lasted))


@lru_cache(maxsize=256)
def _mentions(text: str, now: datetime, lasted: bool) -> tuple[Mention, ...]:
    found = _time_mentions(text, now, lasted)
    _add(found, _DATE, text, "date", lambda m: tuple(int(g) for g in m.groups() if g))
    _add(found, _DAY_OF_MONTH, text, "date", lambda m: (int(m.group(1) or m.group(2)),))
    _add(found, _DEGREES_TENTHS, text, "number", lambda m: (int(m.group(1)) + int(m.group(2)) / 10,))
    _add(found, _NUMBER, text, "number", lambda m: (float(m.group(0)),))
    return tuple(sorted(found, key=lambda x: x.start))


_TIME_KINDS = {"clock": "clock", "ago": "ago", "now": "ago", "range": "range", "window": "range", "open": "range",
               "length": "duration"}


def _time_mentions(text: str, now: datetime, lasted: bool = False) -> list[Mention]:
    """The time reader's expressions that say a number (a day word or 刚才 alone says none)."""
    prepared = prepare(text)
    exprs, day = read_expressions(prepared.text, spans_expected=lasted)
    night = bool(NIGHT_WORDS.search(text))
    found = []
    for e in exprs:
        start, end = prepared.source_span(e.start, e.end)
        said = text[start:end]
        kind = _TIME_KINDS.get(e.kind)
        if kind is None or not re.search(r"\d", said):
            continue
        try:
            value = resolve(e, now, day, night)
        except (OverflowError, ValueError):       # 99999999999分钟前: no time at all
            continue
        values = {"clock": (value.point,), "ago": (value.point,), "range": (value.start, value.end),
                  "duration": (value.minutes,)}[kind]
        found.append(Mention(said.strip(), start, end, kind, values))
    return found


def _add(found: list[Mention], pattern: re.Pattern[str], text: str, kind: str, value, keep=lambda m: True) -> None:
    for m in pattern.finditer(text):
        if keep(m) and not any(o.start < m.end() and m.start() < o.end for o in found):
            found.append(Mention(m.group(0).strip(), m.start(), m.end(), kind, value(m)))


def unaccounted(text: str, reading: Extraction, now: datetime, consumed: Sequence[Span] = ()) -> list[str]:
    """The mentions of `text` that no value of `reading` (and no consumed span) accounts for."""
    used = explained_mentions(text, reading, now, consumed)
    return [m.text for m in mentions(text, now, lasted(reading)) if (m.start, m.end) not in used]


def explained_mentions(text: str, reading: Extraction, now: datetime,
                       consumed: Sequence[Span] = ()) -> set[tuple[int, int]]:
    """The (start, end) of each mention of `text` a value of `reading` (or a consumed span) accounts for."""
    used = [*consumed, *kept_text_spans(text, reading), *quantity_spans(text, reading),
            *(m.span() for m in NAME_NUMBER.finditer(text)), *_counted(text, reading)]
    times = _times(reading, now)
    numbers = _numbers(reading)
    return {(m.start, m.end) for m in mentions(text, now, lasted(reading))
            if _inside(m, used) or _accounts(m, times, numbers, reading, now)}


# how many were said (睡了两觉 / 两段 / two naps / 2 bottles): a count, explained when it is how many facts are read
_A_COUNT = re.compile(r"(?<![\d.])(\d)\s*(?:觉|段|次|回|泡|顿|瓶|个|(?:naps?|bottles?|feeds?|diapers?|nappies|nappy|"
                      r"poops?|poos?|stretches|sleeps?)\b)", re.I)


def _counted(text: str, reading: Extraction) -> list[Span]:
    facts = len(_all_slots(reading))
    return [m.span() for m in _A_COUNT.finditer(text) if facts >= 2 and int(m.group(1)) == facts]


def _inside(m: Mention, spans: Iterable[Span]) -> bool:
    return any(start <= m.start and m.end <= end for start, end in spans)


def _accounts(m: Mention, times: list[datetime], numbers: list[float], reading: Extraction, now: datetime) -> bool:
    if m.kind == "clock":
        (said,) = m.value
        return _shows(said, times) or _summary_clock(reading) in {(said.hour, said.minute),
                                                                 ((said.hour + 12) % 24, said.minute)}
    if m.kind == "ago":
        return any(abs((m.value[0] - t).total_seconds()) <= 150 for t in times)
    if m.kind == "range":
        ends = [t for t in m.value if t is not None]
        length = (m.value[1] - m.value[0]).total_seconds() / 60 if len(ends) == 2 else None
        return all(_shows(t, times) for t in ends) or \
            (length is not None and _duration_used(length, times, numbers, now))
    if m.kind == "duration":
        return m.value[0] is not None and _duration_used(m.value[0], times, numbers, now)
    if m.kind == "date":
        return _date_used(m.value, reading, times)
    return any(_close(v, m.value[0] * f) for v in numbers for f in FACTORS) or \
        any(_close(v, (m.value[0] - 32) * 5 / 9) for v in numbers)


def _shows(said: datetime, times: list[datetime]) -> bool:
    """One of the reading's times shows the clock time said (on either half of the day)."""
    return any(t.minute == said.minute and t.hour % 12 == said.hour % 12 for t in times)


def _close(value: float, said: float) -> bool:
    return abs(value - said) <= max(0.06, abs(said) * 0.01)


def _duration_used(minutes: float, times: list[datetime], numbers: list[float], now: datetime) -> bool:
    if any(_close(v, minutes) or _close(v * 60, minutes) or _close(v, minutes * 2) for v in numbers):
        return True
    spans = [abs((a - b).total_seconds()) / 60 for a in times for b in (*times, now)]
    return any(_close(s, minutes) for s in spans)


def _date_used(parts: tuple, reading: Extraction, times: list[datetime]) -> bool:
    days: list[date] = [t.date() for t in times]
    days += [d for d in (reading.profile and reading.profile.birth_date, reading.query and reading.query.day) if d]
    wanted = (None,) * (3 - len(parts)) + tuple(parts)       # (year, month, day), the unsaid ones None
    return any(all(w in (None, have) for w, have in zip(wanted, (d.year, d.month, d.day), strict=True))
               for d in days)


def _summary_clock(reading: Extraction) -> tuple[int, int] | None:
    said = reading.settings.summary_time if reading.settings else None
    if said and re.fullmatch(r"\d{1,2}:\d{2}", said):
        hour, minute = said.split(":")
        return int(hour), int(minute)
    return None


def _times(reading: Extraction, now: datetime, names: tuple[str, ...] = ("start", "end", "time")) -> list[datetime]:
    """The reading's times in the family's zone (a time with no zone is read in it; absurd years are none)."""
    values = [getattr(slots, n) for slots in _all_slots(reading) for n in names] + \
        [reading.reference and reading.reference.at]
    return [_local(t, now) for t in values if isinstance(t, datetime) and 2000 <= t.year <= 2100]


def _all_slots(reading: Extraction) -> list:
    """The slots of every fact the reading proposes (a message may say several)."""
    return [reading.slots, *(f.slots for f in reading.also)]


def _local(t: datetime, now: datetime) -> datetime:
    return t.astimezone(now.tzinfo) if t.tzinfo is not None else t.replace(tzinfo=now.tzinfo)


def _numbers(reading: Extraction) -> list[float]:
    parts = (*_all_slots(reading), reading.profile, reading.settings)
    found = [float(v) for part in parts if part is not None for v in _values(part)
             if isinstance(v, (int, float)) and not isinstance(v, bool) and abs(v) < 1e12]
    if reading.reference is not None and reading.reference.value is not None:
        found.append(reading.reference.value)       # 不是120: the value said to be wrong names the record
    return found


def _values(model: BaseModel) -> list:
    """A model's field values in `iter(model)`'s order (its fields, then any extra), read from its __dict__
    as pydantic's own __iter__ does, without a generator step and a pair a field (issue 28)."""
    values = [v for k, v in model.__dict__.items() if not k.startswith("_")]
    extra = model.__pydantic_extra__
    return [*values, *extra.values()] if extra else values


def kept_text_spans(text: str, reading: Extraction) -> list[Span]:
    """Where the reading's texts (a note, a food, a name as said, what it estimated from) stand in the message."""
    kept = [v for part in (*_all_slots(reading), reading.profile, reading.role_change) if part is not None
            for v in _values(part) if isinstance(v, str) and v]
    if reading.record_type is RecordType.NOTE and reading.intent is Intent.RECORD:
        return [(0, len(text))]        # a note asked for keeps the family's words; the ask is the note reader's
    spans = []
    for value in (*kept, reading.baby or "", *(f.baby or "" for f in reading.also), *reading.estimated):
        for form in {value, normalise(value)}:
            at = text.find(form) if form else -1
            if at >= 0:
                spans.append((at, at + len(form)))
    return spans


def estimated_spans(text: str, reading: Extraction) -> list[Span]:
    """Where the words a value was worked out from stand (还是上次那么多): a reader's, cues and all."""
    return [(at, at + len(form)) for value in reading.estimated for form in {value, normalise(value)}
            if form and (at := text.find(form)) >= 0]


def quantity_spans(text: str, reading: Extraction) -> list[Span]:
    """Quantities a reader combined (6斤半, 12斤3两, 左边60右边50) or worked out (冲了150 剩了30, 四五十: see
    readers/arithmetic.py) are used — all they were made of — when the value they make is."""
    numbers = _numbers(reading)
    spans: list[Span] = [piece for w in _worked(text, numbers) for piece in w.pieces]
    for found in (weights_kg(text), lengths_cm(text), volumes_ml(text)):
        spans += [(q.start, q.end) for q in found if any(_close(v, q.value) for v in numbers)]
        total = sum(q.value for q in found)
        if len(found) > 1 and any(_close(v, total) for v in numbers):
            spans += [(q.start, q.end) for q in found]
    return spans


def _worked(text: str, numbers: list[float]) -> list[Worked]:
    """The amounts worked out in `text` that the reading holds (as ml, or as said when no unit was)."""
    return [w for w in worked_amounts(text) if any(_close(v, w.ml) or _close(v, w.amount) for v in numbers)]


def estimated(text: str, reading: Extraction) -> list[str]:
    """What a value of the reading was estimated from, as said (四五十, 4 or 5 oz, 喝了100 剩了20)."""
    return [text[w.start:w.end].strip() for w in _worked(text, _numbers(reading)) if w.estimate]


def said_clock(text: str, reading: Extraction, now: datetime) -> str | None:
    """HH:MM of the reading's time when the message said one clock time and no day."""
    clocks = [m for m in mentions(text, now) if m.kind == "clock"]
    if len(clocks) != 1 or day_offset(text) is not None:
        return None
    (said,) = clocks[0].value
    plain = reading.model_copy(update={"reference": None})
    times = [t for t in _times(plain, now, ("start", "time")) if _shows(said, [t])]
    return f"{times[0]:%H:%M}" if times else None


def accounted(reading: Extraction, text: str, now: datetime, consumed: Sequence[Span] = ()) -> Extraction:
    """The reading with what it left unused, merged with what its extractor already reported."""
    left = unaccounted(text, reading, now, consumed)
    merged = list(dict.fromkeys([*reading.unaccounted, *left]))
    clock = reading.clock_without_day or said_clock(text, reading, now)
    guessed = list(dict.fromkeys([*reading.estimated, *estimated(text, reading)]))[:8]
    return reading.model_copy(update={"unaccounted": merged, "clock_without_day": clock, "estimated": guessed})
