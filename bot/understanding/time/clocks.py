"""Clock times in prepared text (see prepare.py): 下午5:00, 8点半, 差五分三点, 7:56pm, 340pm, 7h01, 11-ish…

Each finder yields (start, end, SaidTime). Numbers that are only possibly a clock time ("at 3", "5 to
6pm") are found as bare numbers; the grammar decides from their neighbours (see expressions.py).
"""
from __future__ import annotations

import re
from collections.abc import Iterator

from bot.understanding.time.values import SaidTime
from bot.understanding.time.words import AM, PM

Found = tuple[int, int, SaidTime]

_AP = r"(?:\s*(?P<ap>ampm|am|pm)\b|(?P<ap1>[ap])\b)"
# 六点五斤 / 三十八点五度 (normalised 6点5斤, 38点5度): 点 is a decimal point before one digit and a unit;
# 8点120ml is eight o'clock and then an amount
_NOT_AMOUNT = r"(?!\s*\d?(?!\d)\s*(?:个|小时|钟头|分钟|ml|毫升|毫|斤|度|kg|克|%|\.\d))"
_ZH = re.compile(r"(?<![\d.])(?P<h>\d{1,2})\s*[点點时時]\s*(?:(?P<q>[123])\s*刻(?!钟)|(?P<half>半)|过?\s*(?P<m>\d{1,2})(?!\d)\s*分?(?:\s*\d{1,2}\s*秒)?|钟|整)?多?"
                 + _NOT_AMOUNT + rf"(?:{_AP})?")
_ZH_TO = re.compile(r"差\s*(?P<d>\d{1,2})\s*分钟?\s*(?P<h>\d{1,2})\s*[点點]|(?<![\d.])(?P<h2>\d{1,2})\s*[点點]\s*差\s*(?P<d2>\d{1,2})\s*分钟?")
_COLON = re.compile(rf"(?<![\d.a-z])(?<!\d:)(?P<h>\d{{1,2}})\s*[:：]\s*(?P<m>[0-5]\d)(?:\s*[:：]\s*\d{{2}})?(?![\d:])(?:{_AP})?")
_DOT = re.compile(rf"(?<![\d.])(?P<h>\d{{1,2}})\.(?P<m>[0-5]\d)(?![\d.])(?:{_AP})?")
_DOT_LEAD = re.compile(r"(?:\bat|\bfrom|\bto|\buntil|\btill|\bsince|\bbefore|\bafter|\bbetween|\band|-)\s*$")
_COMPACT = re.compile(rf"(?<![\d:.a-z])(?P<h>\d{{1,2}})(?P<m>[0-5]\d)(?![\d.])(?:{_AP})|(?<![\d:.a-z])(?P<h2>0\d)(?P<m2>[0-5]\d)(?![\d.])")
_H_FORM = re.compile(rf"(?<![\d.a-z])(?P<h>\d{{1,2}})\s*h\s*(?P<m>[0-5]\d)(?!\s*(?:m\b|min|\d))(?:{_AP})?")
_DURATION_CUE = re.compile(r"(?:\bfor|\bslept|\bnapped|\bnursed|\bfed|\bpumped|\blasted|\btook|睡了|喂了)\s*$")
_MERIDIEM = re.compile(rf"(?<![\d:.a-z])(?P<h>\d{{1,2}})(?:{_AP})")
_OCLOCK = re.compile(r"(?<![\d:.a-z])(?P<h>\d{1,2})\s*o'?\s*clock\b")
_ISH = re.compile(r"(?<![\d:.a-z])(?P<h>\d{1,2})(?::(?P<m>[0-5]\d))?\s*-?\s*ish\b")


def find_clocks(text: str) -> Iterator[Found]:
    """Every clock time that says it is one, most specific forms first (callers drop overlaps)."""
    yield from _simple(_ZH_TO, text, _zh_to)
    yield from _simple(_ZH, text, _zh)
    yield from _simple(_COLON, text, _hm)
    yield from (f for f in _simple(_DOT, text, _hm) if _dot_is_clock(text, f))
    yield from _simple(_COMPACT, text, _compact)
    yield from (f for f in _simple(_H_FORM, text, _hm) if not _DURATION_CUE.search(text[:f[0]]))
    yield from _simple(_MERIDIEM, text, _hm)
    yield from _simple(_OCLOCK, text, _hm)
    yield from _simple(_ISH, text, _hm)


def _simple(pattern: re.Pattern[str], text: str, build) -> Iterator[Found]:
    for m in pattern.finditer(text):
        said = build(m)
        if said is not None:
            yield m.start(), m.end(), said


def _dot_is_clock(text: str, found: Found) -> bool:
    """8.30pm and "at 6.45" are clock times; 2.50 alone could be an amount."""
    start, _, said = found
    return said.period is not None or bool(_DOT_LEAD.search(text[:start]))


def _meridiem(m: re.Match[str]) -> str | None:
    ap = m.groupdict().get("ap") or m.groupdict().get("ap1")
    if not ap:
        return None
    return AM if ap.startswith("a") else PM     # "7ampm": the first word said wins


def _said(hour: int, minute: int, period: str | None, offset: int = 0) -> SaidTime | None:
    if hour > 24 or minute > 59:
        return None
    return SaidTime(0 if hour == 24 else hour, minute, period, offset)


def _hm(m: re.Match[str]) -> SaidTime | None:
    minute = m.groupdict().get("m")
    return _said(int(m.group("h")), int(minute or 0), _meridiem(m))


def _zh(m: re.Match[str]) -> SaidTime | None:
    if m.group("q"):
        minute = int(m.group("q")) * 15
    elif m.group("half"):
        minute = 30
    else:
        minute = int(m.group("m") or 0)
    return _said(int(m.group("h")), minute, _meridiem(m))


def _zh_to(m: re.Match[str]) -> SaidTime | None:
    hour, before = (m.group("h"), m.group("d")) if m.group("h") else (m.group("h2"), m.group("d2"))
    return _said(int(hour), 0, None, -int(before))


def _compact(m: re.Match[str]) -> SaidTime | None:
    if m.group("h2"):
        return _said(int(m.group("h2")), int(m.group("m2")), None)
    return _said(int(m.group("h")), int(m.group("m")), _meridiem(m))


# A number that may be a clock time, depending on its neighbours: not followed by a unit.
_UNITS = (r"ml|毫升|毫|cc|oz|ounces?|g\b|grams?|克|kg|公斤|千克|斤|两|lbs?|cm|厘米|公分|mm|%|度|°|℃|次|回|个|個|顿|口|勺|瓶|杯|片|"
          r"粒|颗|滴|天|日|号|月|周|年|岁|秒|分|小时|钟|刻|多|几|h(?![a-z])|hrs?\b|hours?|min|minutes?|secs?|seconds?|times|days?|weeks?|"
          r"months?|years?|bottles?|diapers?|nappies|feeds?|naps?|quarters?|x\b|\.\d|st\b|nd\b|rd\b|th\b")
_BARE = re.compile(rf"(?<![\d:.a-z])(?P<n>\d{{1,2}})(?![\d:]|\s*-?\s*(?:{_UNITS}|点|點|时|時))"
                   rf"(?!\s*(?:to|-|到|至|and)\s*\d+(?:\.\d+)?\s*(?:{_UNITS}))")
_OFFSET = re.compile(r"(?<![\d:.])(?:(?P<half>half)|(?P<q>(?:a\s+)?quarter)|(?P<nq>[1-3])\s+quarters|(?P<n>\d{1,2})(?P<unit>\s*(?:min|mins|minutes?))?)"
                     r"\s+(?P<dir>past|after|to|till|before|of)\s+(?=(?P<hour>\d{1,2})|noon|midnight)"
                     r"|(?<![\w-])(?<!\band )(?<!\ba )(?<!\bfor )(?<!\bby )(?P<half_hour>half)\s+"     # (at) half 7 = 7:30
                     rf"(?=\d{{1,2}}(?![\d.:])(?!\s*-?\s*(?:{_UNITS})))")
_RANGE_OPENER = re.compile(r"(?:\bfrom|\bbetween)\s*$")
_MINUTE_LIKE = (5, 10, 20, 25)


def find_bare_numbers(text: str) -> Iterator[tuple[int, int, int]]:
    for m in _BARE.finditer(text):
        if int(m.group("n")) <= 24:
            yield m.start(), m.end(), int(m.group("n"))


def find_offsets(text: str) -> Iterator[tuple[int, int, int]]:
    """half past / a quarter to / 10 past / three minutes to …: minutes added to the clock time that follows."""
    for m in _OFFSET.finditer(text):
        minutes = _offset_minutes(m)
        backwards = m.group("dir") in ("to", "till", "before", "of")
        if minutes is None or backwards and m.group("n") and not m.group("unit") and not _minutes_to(text, m):
            continue
        yield m.start(), m.end(), -minutes if backwards else minutes


def _minutes_to(text: str, m: re.Match[str]) -> bool:
    """"twenty to 4" / "at ten to nine" are minutes before the hour; "5 to 6pm", "from 10 to 2" are ranges."""
    n, hour = int(m.group("n")), int(m.group("hour") or 0)
    if n not in _MINUTE_LIKE or _RANGE_OPENER.search(text[:m.start()]):
        return False
    return n > hour or bool(re.search(r"\bat\s*$", text[:m.start()]))


def _offset_minutes(m: re.Match[str]) -> int | None:
    if m.group("half") or m.group("half_hour"):
        return 30
    if m.group("q"):
        return 15
    if m.group("nq"):
        return 15 * int(m.group("nq"))
    minutes = int(m.group("n"))
    return minutes if minutes < 60 else None
