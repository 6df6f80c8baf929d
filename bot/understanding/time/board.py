"""The pieces of one text (see mentions.py) and what is known about them so far: which are clock
times, how far each clock time reaches (its part of the day, offset, lead word), which are used up."""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from bot.understanding.time import mentions as k
from bot.understanding.time.mentions import DayWord, Mention
from bot.understanding.time.values import SaidTime, Span
from bot.understanding.time.words import FILLERS

if TYPE_CHECKING:
    from bot.understanding.time.expressions import Expr

_FILLERS = re.compile(FILLERS)


@dataclass
class Board:
    text: str
    ms: list[Mention]
    phrase: bool
    spans_expected: bool = False        # the message says something lasted (a sleep): "10 to 11" is a range
    times: dict[int, SaidTime] = field(default_factory=dict)
    reach: dict[int, Span] = field(default_factory=dict)
    used: set[int] = field(default_factory=set)
    day_periods: dict[int, str] = field(default_factory=dict)
    days: dict[int, DayWord] = field(default_factory=dict)
    context: DayWord | None = None
    out: list[Expr] = field(default_factory=list)


def compacted(b: Board) -> Board:
    """The pieces again, with each attached period and offset folded into its clock time."""
    keep = [i for i in range(len(b.ms)) if i not in b.used]
    new = Board(b.text, [], b.phrase, b.spans_expected, context=b.context)
    for n, i in enumerate(keep):
        m = b.ms[i]
        start, end = b.reach.get(i, (m.start, m.end))
        new.ms.append(Mention(m.kind, start, end, m.value))
        if i in b.times:
            new.times[n], new.reach[n] = b.times[i], (start, end)
        if i in b.day_periods:
            new.day_periods[n] = b.day_periods[i]
        if i in b.days:
            new.days[n] = b.days[i]
    return new


def set_clock(b: Board, i: int, said: SaidTime, grow: Span | None = None) -> None:
    b.times[i] = said
    start, end = b.reach.get(i, (b.ms[i].start, b.ms[i].end))
    if grow:
        start, end = min(start, grow[0]), max(end, grow[1])
    b.reach[i] = (start, end)


def said(b: Board, i: int) -> SaidTime:
    return b.times.get(i) or SaidTime(int(b.ms[i].value), 0)


def kind(b: Board, i: int) -> str | None:
    return b.ms[i].kind if 0 <= i < len(b.ms) else None


def clocky(b: Board, i: int) -> bool:
    return kind(b, i) in (k.CLOCK, k.BARE) and i not in b.used


def next_to(b: Board, i: int, j: int) -> bool:
    """Mentions i and j (i before j) with nothing but filler words between them."""
    return 0 <= i < j < len(b.ms) and j == i + 1 and bool(_FILLERS.fullmatch(b.text[b.ms[i].end:b.ms[j].start]))


def reach(b: Board, i: int) -> Span:
    return b.reach.get(i, (b.ms[i].start, b.ms[i].end))


def day_word(b: Board, i: int) -> DayWord:
    word = b.ms[i].value
    return replace(word, period=word.period or b.day_periods.get(i))
