"""The pieces of time talk in prepared text, each with its span: clock times, bare numbers, lengths,
day words, parts of the day, now, and the small words that join them (到, to, between, before, 之后…).

Finders run from the most specific to the least; a later piece never overlaps an earlier one.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from bot.understanding.time import words as w
from bot.understanding.time.amounts import find_lengths
from bot.understanding.time.clocks import find_bare_numbers, find_clocks, find_offsets

CLOCK, BARE, OFFSET, LENGTH, DAY, PERIOD, NOW = "clock", "bare", "offset", "length", "day", "period", "now"
DATE = "date"        # 2026-03-02, 3/5: claimed so that no clock time is read inside it, then ignored
JOIN, AND, BETWEEN, FROM, BOUND_PRE, BOUND_POST = "join", "and", "between", "from", "bound_pre", "bound_post"


@dataclass(frozen=True)
class DayWord:
    offset: int                 # days from today
    period: str | None          # the part of the day it names (昨晚 → evening)


@dataclass(frozen=True)
class PeriodWord:
    period: str
    alone_hour: int | None      # noon / 中午 / midnight name a clock time when said alone


@dataclass(frozen=True)
class Mention:
    kind: str
    start: int
    end: int
    value: object = None


Finder = Callable[[str], Iterable[tuple[int, int, object]]]


def scan(text: str) -> list[Mention]:
    taken: list[Mention] = []
    for kind, finder in _FINDERS:
        for start, end, value in finder(text):
            if start < end and not any(start < m.end and m.start < end for m in taken):
                taken.append(Mention(kind, start, end, value))
    return sorted(taken, key=lambda m: m.start)


@cache
def _compiled(pattern: str) -> re.Pattern[str]:
    """English words match whole words only; Chinese words anywhere."""
    if pattern.isascii() and re.search(r"[a-z]", pattern):
        pattern = rf"(?<![a-z])(?:{pattern})(?![a-z])"
    return re.compile(pattern)


def _words(entries: list[tuple[str, object]]) -> Finder:
    def find(text: str) -> Iterator[tuple[int, int, object]]:
        for pattern, value in entries:
            for m in _compiled(pattern).finditer(text):
                yield m.start(), m.end(), value
    return find


_DAYS = _words([(p, DayWord(offset, period)) for p, offset, period in w.DAY_WORDS])
_PERIODS = _words([(p, PeriodWord(period, hour)) for p, period, hour in w.PERIOD_WORDS])
_DATES = _words([(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}(?:t\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:z|[+-]\d{2}:?\d{2})?)?|(?<![\d/])\d{1,2}/\d{1,2}(?:/\d{2,4})?(?![\d/]|\s*(?:hours?|hrs?|h\b|minutes?|mins?))",
                  None)])
_FINDERS: list[tuple[str, Finder]] = [
    (DATE, _DATES),
    (DAY, _DAYS),
    (NOW, _words([(w.NOW_WORDS, None)])),
    (OFFSET, find_offsets),
    (CLOCK, find_clocks),
    (LENGTH, find_lengths),
    (PERIOD, _PERIODS),
    (BARE, find_bare_numbers),
    (BOUND_PRE, _words(list(w.BOUND_PRE))),
    (BOUND_POST, _words(list(w.BOUND_POST))),
    (BETWEEN, _words([(w.BETWEEN, None)])),
    (FROM, _words([(w.FROM, None)])),
    (JOIN, _words([(p, None) for p in w.RANGE_JOINS.split("|")])),
    (AND, _words([(w.AND, None)])),
]
