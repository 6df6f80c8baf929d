"""Attaching the small pieces to clock times: half past 8, 下午 5:00, 12 noon, 今早6点, 8pm today; and
deciding which bare numbers are clock times ("at 3", "7, this morning", any number in a time phrase)."""
from __future__ import annotations

import re
from dataclasses import replace

from bot.understanding.time import mentions as k
from bot.understanding.time.board import Board, clocky, day_word, kind, next_to, said, set_clock
from bot.understanding.time.words import ABOUT_LEAD, CLOCK_LEADS, CLOCK_LEADS_WITH_A_DAY, EVENT_BEFORE

_LEAD = re.compile(CLOCK_LEADS)
_ABOUT = re.compile(ABOUT_LEAD, re.I)
_EVENT_BEFORE = re.compile(EVENT_BEFORE, re.I)
_DAY_LEAD = re.compile(CLOCK_LEADS_WITH_A_DAY)


def attach_offsets(b: Board) -> None:
    for i, m in enumerate(b.ms):
        if m.kind == k.OFFSET and clocky(b, i + 1) and not b.text[m.end:b.ms[i + 1].start].strip():
            set_clock(b, i + 1, replace(said(b, i + 1), offset=int(m.value)), (m.start, m.end))
            b.used.add(i)


def attach_periods(b: Board) -> None:
    for i, m in enumerate(b.ms):
        if m.kind != k.PERIOD:
            continue
        target = _period_target(b, i)
        if target is not None:
            current = said(b, target)
            set_clock(b, target, replace(current, period=current.period or m.value.period), (m.start, m.end))
            b.used.add(i)
        elif m.value.alone_hour is None and (day := _day_next_to(b, i)) is not None:
            b.day_periods[day] = m.value.period
            b.used.add(i)


def _day_next_to(b: Board, i: int) -> int | None:
    """yesterday afternoon / afternoon yesterday: the day word a part of the day belongs to."""
    return next((j for j in (i - 1, i + 1) if kind(b, j) == k.DAY and next_to(b, min(i, j), max(i, j))), None)


def _period_target(b: Board, i: int) -> int | None:
    if clocky(b, i + 1) and next_to(b, i, i + 1):
        return i + 1
    if clocky(b, i - 1) and next_to(b, i - 1, i):
        return i - 1
    return None


def promote_bare_numbers(b: Board) -> None:
    for i, m in enumerate(b.ms):
        if m.kind == k.BARE and i not in b.times and _says_clock(b, i):
            offset = b.ms[i - 1].end if i else 0
            lead = _lead(b, b.text[offset:m.start])
            set_clock(b, i, said(b, i), (lead.start() + offset, m.end) if lead else None)


def _lead(b: Board, before: str) -> re.Match[str] | None:
    if (about := _ABOUT.search(before)) and _EVENT_BEFORE.search(before[:about.start()]):
        return about                    # a bottle around 2: when it was, the event said just before
    return _LEAD.search(before) or (_DAY_LEAD.search(before) if b.context or b.phrase else None)


def _says_clock(b: Board, i: int) -> bool:
    if b.phrase or _lead(b, b.text[b.ms[i - 1].end if i else 0:b.ms[i].start]):
        return True
    if kind(b, i - 1) in (k.BOUND_PRE, k.FROM, k.BETWEEN) and next_to(b, i - 1, i):
        return True
    after = b.ms[i + 1] if i + 1 < len(b.ms) else None
    return bool(after and after.kind == k.DAY and after.value.period and next_to(b, i, i + 1))


def attach_days(b: Board) -> None:
    """今早6点 / 8pm today / today at 9a: a day word said with one clock time belongs to it."""
    for i, m in enumerate(b.ms):
        if m.kind != k.DAY:
            continue
        target = next((j for j in (i + 1, i - 1) if j in b.times and j not in b.days
                       and next_to(b, min(i, j), max(i, j))), None)
        if target is not None:
            b.days[target] = day_word(b, i)
            set_clock(b, target, b.times[target], (m.start, m.end))
            b.used.add(i)
