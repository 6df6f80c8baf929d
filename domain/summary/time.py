"""The summary time in a chat message (每天晚上9点发总结, 总结改到晚上8点, send the summary at
8pm): pure text → "HH:MM".

Only a time that says which half of the day it is counts: a period word (早上, 下午, 晚上,
凌晨…; am, pm, in the evening…) or an hour past 12 (21点, 21:30). A bare 9点 or "at 9" could
be morning or evening, so it gives None and the caller asks.
"""
from __future__ import annotations

import re

_CN_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5,
              "六": 6, "七": 7, "八": 8, "九": 9}
_NUMBER = r"(?:\d{1,2}|[零〇一二两兩三四五六七八九十]{1,3})"

# Period words, longest first so 今天晚上 is not read as 晚上 alone (both mean the same anyway).
_AM = ("早上", "早晨", "清晨", "上午", "早", "凌晨", "半夜", "午夜")
_NOON = ("中午",)
_PM = ("下午", "傍晚", "晚上", "今晚", "每晚", "夜里", "夜间", "晚间", "晚")
_PERIOD = "|".join(sorted(_AM + _NOON + _PM, key=len, reverse=True))

_ZH = re.compile(
    rf"(?P<period>{_PERIOD})?\s*(?P<hour>{_NUMBER})\s*(?:点|點|时|時|[:：](?=\s*\d))\s*"
    rf"(?:(?P<half>半)|(?P<quarter>[一三])刻|(?P<minute>{_NUMBER})(?:\s*分)?)?")
_EN_AMPM = re.compile(
    r"\b(?P<hour>\d{1,2})(?:\s*[:.]\s*(?P<minute>\d{2}))?\s*(?P<ampm>a\.?\s?m\b\.?|p\.?\s?m\b\.?)",
    re.IGNORECASE)
_EN_CLOCK = re.compile(r"(?<![\d:])(?P<hour>\d{1,2})\s*[:：]\s*(?P<minute>\d{2})(?![\d:])")
_EN_EVENING = re.compile(
    r"\b(?:at\s+)?(?P<hour>\d{1,2})(?:\s*[:.]\s*(?P<minute>\d{2}))?\s*(?:o'?clock\s*)?"
    r"(?P<when>in the evening|at night|tonight|in the afternoon|in the morning)\b", re.IGNORECASE)
_EN_BARE_24H = re.compile(r"\bat\s+(?P<hour>1[3-9]|2[0-3])\b(?![:.]\d)")


def parse_summary_time(text: str) -> str | None:
    """"HH:MM" (24-hour) for the first time of day in `text`, or None when there is none or
    it does not say morning or evening."""
    for parse in (_parse_zh, _parse_en):
        found = parse(text)
        if found is not None:
            return found
    return None


def _parse_zh(text: str) -> str | None:
    match = _ZH.search(text)
    if match is None:
        return None
    hour = _number(match["hour"])
    if match["half"]:
        minute: int | None = 30
    elif match["quarter"]:
        minute = 15 if match["quarter"] == "一" else 45
    else:
        minute = _number(match["minute"]) if match["minute"] else 0
    if hour is None or minute is None:
        return None
    period = match["period"]
    if period in _PM:
        if hour == 12 and period != "下午":
            return _hhmm(0, minute)           # 晚上12点 is midnight
        return _with_half(hour, minute, pm=True)
    if period in _NOON:
        return _hhmm(hour if hour >= 11 else hour + 12, minute)
    if period in _AM:
        return _with_half(hour, minute, pm=False)
    return _hhmm(hour, minute) if hour == 0 or hour >= 13 else None


def _parse_en(text: str) -> str | None:
    match = _EN_AMPM.search(text)
    if match is not None:
        pm = match["ampm"].lower().startswith("p")
        return _with_half(int(match["hour"]), int(match["minute"] or 0), pm=pm)
    match = _EN_EVENING.search(text)
    if match is not None:
        pm = match["when"].lower() != "in the morning"
        return _with_half(int(match["hour"]), int(match["minute"] or 0), pm=pm)
    match = _EN_CLOCK.search(text)
    if match is not None:
        hour, minute = int(match["hour"]), int(match["minute"])
        return _hhmm(hour, minute) if hour == 0 or hour >= 13 else None
    match = _EN_BARE_24H.search(text)
    return _hhmm(int(match["hour"]), 0) if match is not None else None


def _with_half(hour: int, minute: int, pm: bool) -> str | None:
    """A 12-hour clock reading: 12am is midnight, 12pm noon; 21 with pm stays 21."""
    if hour > 12:
        return _hhmm(hour, minute) if pm else None
    if pm:
        return _hhmm(hour if hour == 12 else hour + 12, minute)
    return _hhmm(0 if hour == 12 else hour, minute)


def _hhmm(hour: int, minute: int) -> str | None:
    if not (0 <= hour <= 23 and 0 <= minute <= 59):
        return None
    return f"{hour:02d}:{minute:02d}"


def _number(text: str) -> int | None:
    """0–99 from ASCII digits or Chinese numerals (九, 十, 十五, 二十, 二十一, 两)."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, ones = text.partition("十")
        if (tens and tens not in _CN_DIGITS) or (ones and ones not in _CN_DIGITS):
            return None
        return (_CN_DIGITS[tens] if tens else 1) * 10 + (_CN_DIGITS[ones] if ones else 0)
    if len(text) == 1 and text in _CN_DIGITS:
        return _CN_DIGITS[text]
    if len(text) == 2 and text[0] in ("零", "〇") and text[1] in _CN_DIGITS:
        return _CN_DIGITS[text[1]]           # 八点零五
    return None
