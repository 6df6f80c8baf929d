"""Lengths of time in prepared text: 5分钟, 一个多小时, 十几分钟, 1h30m, an hour and a half, a few minutes…

Approximate amounts: 多 adds nothing (一个多小时 = 60 min, 二十多分钟 = 20); 十几 / 二十几 = 15 / 25 (the
middle of the tens); 几 / few / several = 3 (Recognizers' convention); a couple = 2. A length followed by
前 / 之前 / ago is a moment back from now; after last / past / 过去 / 之前 / 上 it is a window that ends now.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from bot.understanding.time.words import AGO_WORDS, FEW, WINDOW_BEFORE_EN, WINDOW_BEFORE_ZH

_ZH_HOURS = r"小时|钟头|小時|鐘頭"
_ZH_MINUTES = r"分钟|分鐘"
# possessive spaces (\s*+, \s++): what follows each never starts with a space, so giving spaces back could not help a
# match — and trying it made a run of 40 spaces cost 0.7 s (tests/unit/test_patterns_stay_linear.py)
_ZH = re.compile(
    rf"(?P<few0>几)?(?:(?P<n>\d+(?:\.\d+)?)|(?P<half>半))?\s*+(?P<few>几)?\s*+[多来余]?\s*+[个個]?\s*+[多来余]?\s*+"
    rf"(?:(?P<hu>{_ZH_HOURS})(?:\s*+零?\s*+(?P<m>\d{{1,2}})\s*+(?:{_ZH_MINUTES}|分)?)?|(?P<mu>{_ZH_MINUTES})|(?P<qu>刻钟|刻鐘))")
_EN_NUMBER = r"(?P<n>\d+(?:\.\d+)?(?:\s*+(?:½|1/2))?|½|1/2)|(?P<half>half(?:\s++an?)?)|(?P<art>an?|the|another|one)"
_EN = re.compile(
    rf"(?<![a-z\d.])(?:(?P<few>a few|few|several|some)|(?P<couple>a couple of|couple of)|{_EN_NUMBER})?"
    r"(?P<andhalf>\s++and\s++(?:a\s++)?half)?\s*+-?\s*+(?P<window>(?:last|past|previous)\s++)?"
    r"(?P<u>hours?|hrs?|h|minutes?|mins?|m)(?![a-z])"
    r"(?:(?P<andhalf2>\s*+and\s++(?:a\s++)?half)|\s*+(?:and\s++)?(?P<m>\d{1,2})\s*+-?\s*+(?:minutes?|mins?|m)(?![a-z])|"
    r"(?<=h)(?P<mh>[0-5]\d)\b)?")
_WHOLE_AND_HALF = re.compile(r"(?P<whole>\d+(?:\.\d+)?)?\s*(?P<half>½|1/2)?")     # 2, 2.5, ½, 1 1/2, 1½
_AGO = re.compile(rf"\s*(?:{AGO_WORDS})")
_WINDOW_BEFORE_EN = re.compile(WINDOW_BEFORE_EN)
_WINDOW_BEFORE_ZH = re.compile(WINDOW_BEFORE_ZH)


@dataclass(frozen=True)
class Length:
    minutes: float
    role: str            # "length", "ago" (back from now) or "window" (ending now)


def find_lengths(text: str) -> Iterator[tuple[int, int, Length]]:
    for pattern, build in ((_ZH, _zh_minutes), (_EN, _en_minutes)):
        for m in pattern.finditer(text):
            minutes = build(m, bool(_WINDOW_BEFORE_ZH.search(text[:m.start()])))
            if minutes is None or minutes <= 0:
                continue
            yield _with_role(text, m, minutes)


def _with_role(text: str, m: re.Match[str], minutes: float) -> tuple[int, int, Length]:
    start, end = m.start(), m.end()
    ago = _AGO.match(text, end)
    if ago:
        return start, ago.end(), Length(minutes, "ago")
    before = _WINDOW_BEFORE_EN.search(text[:start]) or _WINDOW_BEFORE_ZH.search(text[:start])
    if before or m.groupdict().get("window"):
        return (before.start() if before else start), end, Length(minutes, "window")
    return start, end, Length(minutes, "length")


def _zh_minutes(m: re.Match[str], after_window_word: bool) -> float | None:
    if m.group("n") is None and not (m.group("half") or m.group("few") or m.group("few0") or after_window_word):
        return None     # 上个小时 is one hour; 小时 alone is no length
    value = float(m.group("n")) if m.group("n") else 0.5 if m.group("half") else 1.0
    if m.group("few0"):
        value *= FEW                      # 几十分钟 = 30
    if m.group("few"):
        value = value + 5 if m.group("n") and value % 10 == 0 else FEW  # 十几 = 15, 几 = 3
    if m.group("hu"):
        return value * 60 + float(m.group("m") or 0)
    return value * 15 if m.group("qu") else value


def _en_minutes(m: re.Match[str], _after_window_word: bool) -> float | None:
    value = _en_count(m)
    if value is None:
        return None
    if m.group("andhalf") or m.group("andhalf2"):
        value += 0.5
    unit = m.group("u")
    if unit.startswith("h"):
        return value * 60 + float(m.group("m") or m.group("mh") or 0)
    return value


def _en_count(m: re.Match[str]) -> float | None:
    if m.group("n"):
        said = _WHOLE_AND_HALF.fullmatch(m.group("n"))
        return float(said.group("whole") or 0) + (0.5 if said.group("half") else 0.0)
    if m.group("half"):
        return 0.5
    if m.group("few"):
        return float(FEW)
    if m.group("couple"):
        return 2.0
    return 1.0 if m.group("art") or m.group("window") else None
