"""Time expressions from the pieces of a text, still unresolved (no clock needed).

Parts of the day and offsets attach to their clock time (下午 5:00, half past 8, 12 noon); a bare number
is a clock time when its neighbours say so ("at 3", "5 to 6pm", 五到六点, "7, this morning", or a phrase
that is only a time); two clock times joined by 到 / to / - / between…and are a range; before / after /
之后 make an open end; "from 9 for 2 hours" is a range; a length is a length, an ago or a window.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from bot.understanding.time import mentions as k
from bot.understanding.time.amounts import Length
from bot.understanding.time.attach import attach_days, attach_offsets, attach_periods, promote_bare_numbers
from bot.understanding.time.board import Board, clocky, compacted, day_word, kind, next_to, reach, said, set_clock
from bot.understanding.time.mentions import DayWord, PeriodWord, scan
from bot.understanding.time.values import SaidTime
from bot.understanding.time.words import UNTIL_JOINS

_FOR = re.compile(r"\s*for\s*")
_FOR_BEFORE = re.compile(r"\bfor\s*$")
_STRONG_JOINS = ("到", "至", "一直到", "睡到", "直到")


@dataclass(frozen=True)
class Expr:
    kind: str                        # clock, range, open, length, ago, window, now, day
    start: int
    end: int
    first: SaidTime | None = None
    second: SaidTime | None = None   # a range's end (None: it ends now, or after `minutes`)
    to_now: bool = False
    bound: str | None = None         # an open end: before, after, since, until
    minutes: float | None = None
    day: DayWord | None = None       # a day expression's day
    first_day: DayWord | None = None     # a day word said with the clock time (今早6点, 8pm today)
    second_day: DayWord | None = None


def read_expressions(text: str, phrase: bool = False, spans_expected: bool = False) -> tuple[list[Expr], DayWord | None]:
    """The expressions of a text (read once: a turn asks for the same text several times)."""
    exprs, day = _read_expressions(text, phrase, spans_expected)
    return list(exprs), day


@lru_cache(maxsize=256)
def _read_expressions(text: str, phrase: bool, spans_expected: bool) -> tuple[tuple[Expr, ...], DayWord | None]:
    """Expressions in text order, and the day the text names (its first day word). `spans_expected`: the message
    says something that lasted (a sleep), so two bare hours joined by to / 到 are a range (napped 10 to 11)."""
    board = Board(text, scan(text), phrase, spans_expected)
    for i, m in enumerate(board.ms):
        if m.kind == k.CLOCK:
            set_clock(board, i, m.value)
    attach_offsets(board)
    attach_periods(board)
    board.context = next((day_word(board, i) for i, m in enumerate(board.ms) if m.kind == k.DAY), None)
    board = compacted(board)
    promote_bare_numbers(board)
    attach_days(board)
    board = compacted(board)
    for step in (_ranges, _length_ranges, _open_ends, _leftovers):
        step(board)
    return tuple(sorted(board.out, key=lambda e: e.start)), board.context


def _ranges(b: Board) -> None:
    for i in range(len(b.ms) - 2):
        j, c = i + 1, i + 2
        if not (clocky(b, i) and kind(b, j) in (k.JOIN, k.AND) and next_to(b, i, j) and next_to(b, j, c)):
            continue
        to_now = kind(b, c) == k.NOW
        if not (to_now or clocky(b, c)) or not _range_allowed(b, i, j, c):
            continue
        opener = i - 1 if kind(b, i - 1) in (k.BETWEEN, k.FROM) and next_to(b, i - 1, i) else None
        start = b.ms[opener].start if opener is not None else reach(b, i)[0]
        end = b.ms[c].end if to_now else reach(b, c)[1]
        b.out.append(Expr("range", start, end, said(b, i), None if to_now else said(b, c), to_now=to_now,
                          first_day=b.days.get(i), second_day=b.days.get(c)))
        b.used.update({i, j, c} | ({opener} if opener is not None else set()))


def _range_allowed(b: Board, i: int, j: int, c: int) -> bool:
    opener = kind(b, i - 1) if next_to(b, i - 1, i) else None
    if kind(b, j) == k.AND:
        return opener == k.BETWEEN
    joined = b.text[b.ms[j].start:b.ms[j].end]
    return (i in b.times or c in b.times or kind(b, c) == k.NOW or opener in (k.BETWEEN, k.FROM) or b.phrase
            or joined in _STRONG_JOINS or any(m.kind == k.DAY for m in b.ms) or b.spans_expected)


def _length_ranges(b: Board) -> None:
    """from 9 for 2.5 hrs / for 3 hours from 10 am: a start and a length."""
    for i, m in enumerate(b.ms):
        if m.kind != k.LENGTH or i in b.used or m.value.role != "length":
            continue
        if clocky(b, i - 1) and kind(b, i - 2) == k.FROM and _FOR.fullmatch(b.text[b.ms[i - 1].end:m.start]):
            clock, opener = i - 1, i - 2
        elif _FOR_BEFORE.search(b.text[:m.start]) and kind(b, i + 1) == k.FROM and clocky(b, i + 2) \
                and next_to(b, i + 1, i + 2):
            clock, opener = i + 2, i + 1
        else:
            continue
        span = (min(b.ms[opener].start, m.start), max(reach(b, clock)[1], m.end))
        b.out.append(Expr("range", span[0], span[1], said(b, clock), minutes=m.value.minutes,
                          first_day=b.days.get(clock)))
        b.used.update({i, clock, opener})


def _open_ends(b: Board) -> None:
    for i, m in enumerate(b.ms):
        if i in b.used:
            continue
        direction = _pre_bound(b, i)
        if direction and clocky(b, i + 1) and next_to(b, i, i + 1):
            _open(b, i + 1, direction, m.start, reach(b, i + 1)[1], {i})
        elif m.kind == k.BOUND_POST and clocky(b, i - 1) and next_to(b, i - 1, i):
            _open(b, i - 1, m.value, reach(b, i - 1)[0], m.end, {i})


def _pre_bound(b: Board, i: int) -> str | None:
    m = b.ms[i]
    if m.kind == k.BOUND_PRE:
        return str(m.value)
    if m.kind == k.FROM:
        return "since"
    if m.kind == k.JOIN and UNTIL_JOINS.fullmatch(b.text[m.start:m.end]) and not clocky(b, i - 1):
        return "until"
    return None


def _open(b: Board, clock: int, direction: str, start: int, end: int, words: set[int]) -> None:
    if clock not in b.times:
        set_clock(b, clock, said(b, clock))
    b.out.append(Expr("open", start, end, b.times[clock], bound=direction, first_day=b.days.get(clock)))
    b.used.update(words | {clock})


def _leftovers(b: Board) -> None:
    for i, m in enumerate(b.ms):
        if i in b.used:
            continue
        if m.kind in (k.CLOCK, k.BARE) and i in b.times:
            b.out.append(Expr("clock", *reach(b, i), first=b.times[i], first_day=b.days.get(i)))
        elif m.kind == k.PERIOD and isinstance(m.value, PeriodWord) and m.value.alone_hour is not None:
            b.out.append(Expr("clock", m.start, m.end, first=SaidTime(m.value.alone_hour, 0, m.value.period)))
        elif m.kind == k.LENGTH and isinstance(m.value, Length):
            b.out.append(Expr(m.value.role, m.start, m.end, minutes=m.value.minutes))
        elif m.kind == k.NOW:
            b.out.append(Expr("now", m.start, m.end))
        elif m.kind == k.DAY:
            b.out.append(Expr("day", m.start, m.end, day=day_word(b, i)))
