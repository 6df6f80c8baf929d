"""Fuzzy times in tired parents' words → absolute local datetimes (pure; the clock is passed in).

刚刚 / 半小时前 / 下午3点 / 昨晚8点到凌晨3点 / 12点 just after midnight / 8pm to 3am.
Text must already be normalised (numerals as digits, see numerals.normalise).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

FUTURE_SLACK = timedelta(minutes=5)

_PERIOD_WORDS: list[tuple[str, str]] = [
    (r"凌晨|半夜|深夜|夜里|后半夜", "small_hours"),
    (r"早上|早晨|上午|清晨|今早|早", "morning"),
    (r"中午", "noon"),
    (r"下午|午后", "afternoon"),
    (r"晚上|傍晚|今晚|昨晚|前晚|晚|夜", "evening"),
]
_PERIOD_RE = "|".join(p for p, _ in _PERIOD_WORDS)
_CLOCK_ZH = rf"(?P<p>{_PERIOD_RE})?\s*(?P<h>\d{{1,2}})(?:[点:：时](?P<m>\d{{1,2}})?分?|点钟)(?!\d*\s*(?:分钟|个|小时|ml|毫升))"
_CLOCK_EN = r"(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ap>am|pm|a\.m\.|p\.m\.)"
_CLOCK_24 = r"(?P<h>\d{1,2}):(?P<m>\d{2})"
CLOCK = re.compile(rf"{_CLOCK_ZH}|{_CLOCK_EN.replace('?P<h>', '?P<h2>').replace('?P<m>', '?P<m2>')}"
                   rf"|{_CLOCK_24.replace('?P<h>', '?P<h3>').replace('?P<m>', '?P<m3>')}", re.I)
RANGE_SEP = re.compile(r"\s*(?:到|至|~|～|-|—|–|\bto\b|\buntil\b|\btill\b|一直到|睡到)\s*", re.I)

_AGO = re.compile(r"(?P<n>\d+(?:\.\d+)?)\s*(?P<u>分钟|分|min(?:ute)?s?|个?小时|个?钟头|hours?|hrs?|h)\s*(?:前|之前|以前|ago)", re.I)
_HOUR_AGO_EN = re.compile(r"\ban? (?:hour|hr) ago\b|\bhalf an hour ago\b", re.I)
_JUST_NOW = re.compile(r"刚刚|刚才|刚|just now|right now|现在|now\b|这会儿", re.I)
_DURATION = re.compile(
    r"(?P<h>\d+(?:\.\d+)?)\s*(?:个)?\s*(?:小时|钟头|hours?|hrs?|h)\s*(?:(?P<m>\d+)\s*(?:分钟|分|min(?:ute)?s?))?"
    r"|(?P<mo>\d+(?:\.\d+)?)\s*(?:分钟|min(?:ute)?s?|mins?)", re.I)

DAY_WORDS: list[tuple[str, int]] = [
    (r"前天|前晚|day before yesterday", -2),
    (r"昨天|昨日|昨晚|昨夜|yesterday|last night", -1),
    (r"今天|今日|今早|今晚|today|this morning|tonight", 0),
]
_SLEPT_WOKE = re.compile(r"睡.*醒|睡.*起|went down.*woke|asleep.*woke|bed.*up", re.I)
_NOON_ONLY = re.compile(r"中午|at noon|\bnoon\b", re.I)
NIGHT_WORDS = re.compile(r"昨晚|昨夜|前晚|夜里|夜间|晚上|凌晨|半夜|整晚|一晚|晚\d|last night|overnight|night", re.I)


@dataclass(frozen=True)
class SaidTime:
    hour: int
    minute: int
    period: str | None        # small_hours, morning, noon, afternoon, evening, am, pm


@dataclass(frozen=True)
class TimeReading:
    point: datetime | None = None
    start: datetime | None = None
    end: datetime | None = None
    duration_min: float | None = None
    night: bool = False


def read_times(text: str, now: datetime, night_context: bool = False) -> TimeReading:
    """Every time expression in one message, resolved against `now` (aware, family zone)."""
    night = bool(NIGHT_WORDS.search(text)) or night_context
    day = day_offset(text)
    said = [(m, said_time(m)) for m in CLOCK.finditer(text)]
    said = [(m, s) for m, s in said if s is not None]
    duration = _duration(text)
    between = text[said[0][0].end():said[1][0].start()] if len(said) >= 2 else ""
    if len(said) >= 2 and (RANGE_SEP.fullmatch(between or "x") or _SLEPT_WOKE.search(text)):
        start, end = resolve_range(said[0][1], said[1][1], now, night, day)
        return TimeReading(start=start, end=end, duration_min=duration, night=night)
    if said:
        return TimeReading(point=resolve_point(said[0][1], now, day), duration_min=duration, night=night)
    if _NOON_ONLY.search(text):
        return TimeReading(point=resolve_point(SaidTime(12, 0, "noon"), now, day), duration_min=duration)
    return TimeReading(point=_relative_point(text, now), duration_min=duration, night=night)


def said_time(m: re.Match[str]) -> SaidTime | None:
    if m.group("h") is not None:
        period = _period_of(m.group("p"))
        hour, minute = int(m.group("h")), int(m.group("m") or 0)
    elif m.group("h2") is not None:
        period = "pm" if m.group("ap").lower().startswith("p") else "am"
        hour, minute = int(m.group("h2")), int(m.group("m2") or 0)
    else:
        period, hour, minute = None, int(m.group("h3")), int(m.group("m3"))
    if hour > 24 or minute > 59:
        return None
    return SaidTime(hour % 24 if hour != 24 else 0, minute, period)


def _period_of(word: str | None) -> str | None:
    if not word:
        return None
    for pattern, name in _PERIOD_WORDS:
        if re.fullmatch(pattern, word):
            return name
    return None


def hour_candidates(said: SaidTime, prefer: str | None = None) -> list[int]:
    """The 24-hour readings of a said hour, given its period (or a preferred one)."""
    h, period = said.hour, said.period or prefer
    if h > 12 or h == 0:
        return [h]
    if period in ("am", "morning"):
        return [h % 12]
    if period == "small_hours":
        return [h % 12] if h <= 6 or h == 12 else [h]
    if period == "noon":
        return [12 if h == 12 else h + 12 if h <= 2 else h]
    if period in ("pm", "afternoon"):
        return [h % 12 + 12]
    if period == "evening":
        return [0] if h == 12 else [h + 12] if h >= 5 else [h]
    return [h % 12, h % 12 + 12]


def resolve_point(said: SaidTime, now: datetime, day: int | None = None) -> datetime:
    """The most recent moment (not after now) that matches; an explicit day is kept."""
    options = _occurrences(hour_candidates(said), said.minute, now, day)
    past = [t for t in options if t <= now + FUTURE_SLACK]
    return max(past) if past else min(options)


def resolve_range(first: SaidTime, second: SaidTime, now: datetime, night: bool,
                  day: int | None) -> tuple[datetime, datetime]:
    """A range ends at the latest matching moment not after now; it starts within 24h before."""
    end_opts = _occurrences(hour_candidates(second, "small_hours" if night else None),
                            second.minute, now, None)
    past_ends = [t for t in end_opts if t <= now + FUTURE_SLACK]
    end = max(past_ends) if past_ends else min(end_opts)
    start_prefer = "evening" if night and first.hour >= 5 else None
    start_opts = _occurrences(hour_candidates(first, start_prefer), first.minute, end, None)
    before = [t for t in start_opts if end - timedelta(hours=24) < t < end]
    start = max(before) if before else end - timedelta(hours=1)
    if day is not None and not night:
        shift = (now.date() + timedelta(days=day)) - start.date()
        start, end = start + shift, end + shift
    return start, end


def _occurrences(hours: list[int], minute: int, now: datetime, day: int | None) -> list[datetime]:
    days = [day] if day is not None else [0, -1, -2]
    base = now.replace(second=0, microsecond=0)
    return [base.replace(hour=h, minute=minute) + timedelta(days=d) for h in hours for d in days]


def day_offset(text: str) -> int | None:
    for pattern, offset in DAY_WORDS:
        if re.search(pattern, text, re.I):
            return offset
    return None


def _relative_point(text: str, now: datetime) -> datetime | None:
    m = _AGO.search(text)
    if m:
        n, unit = float(m.group("n")), m.group("u").lower()
        minutes = n if unit.startswith(("分", "min")) else n * 60
        return now - timedelta(minutes=minutes)
    m = _HOUR_AGO_EN.search(text)
    if m:
        return now - timedelta(minutes=30 if m.group(0).lower().startswith("half") else 60)
    return now if _JUST_NOW.search(text) else None


def _duration(text: str) -> float | None:
    """A length of time that is not an 'ago' (睡了7个小时, 15分钟, 1小时20分钟, 2 hours)."""
    for m in _DURATION.finditer(text):
        tail = text[m.end():m.end() + 3]
        if re.match(r"\s*(前|之前|以前|ago)", tail, re.I):
            continue
        if m.group("h") is not None:
            return float(m.group("h")) * 60 + float(m.group("m") or 0)
        return float(m.group("mo"))
    return None
