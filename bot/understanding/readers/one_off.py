"""One-off reminders in words (after numerals.normalise): 3小时后提醒我喂药 / 30分钟后提醒我 / 晚上9点提醒我吸奶 /
明天早上8点提醒我打疫苗 / remind me in 2 hours to pump / remind me at 9 to pump / remind me to pump at 9pm;
我的提醒 / my reminders; 取消提醒 / 取消提醒 2 / 取消所有提醒 / cancel reminder 2 / cancel all reminders.

`read_reminder` returns the request and what is left of the message once the reminder's words are taken
out: 刚喂了药,6小时后提醒我 → (after 360 min, "刚喂了药,"), and the rest is read as a record.
Standing rules (开启吃药提醒, 超过4小时没喂奶提醒我, 取消吃药提醒) are not one-off reminders: they are left to
the settings reader.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from domain.extraction import ReminderRequest

_TAIL = r"[\s,，.。!！~～]*$"
_WHO = r"(?:我|我们|大家|一下|下)*"
_ABOUT = r"(?P<about>[^?？]{0,100}?)"

_LIST = re.compile(r"^\s*(?:/?reminders|我的提醒|(?:查看|看看|看下|看一下|有哪些|有什么|还有哪些|还有什么)(?:的)?提醒|"
                   r"提醒(?:列表|有哪些)|(?:my|list|show)(?: my| the)? reminders|what reminders(?: are there)?)"
                   r"\s*(?:吗|呢)?\s*[?？]?\s*$", re.I)
_CANCEL_ZH = re.compile(r"^\s*(?:取消|删除|删掉|删了|不要)\s*(?:第\s*(?P<n1>\d+)\s*(?:个|条)?\s*)?(?P<all>所有|全部)?\s*(?:的)?"
                        r"\s*(?:这个|那个)?\s*提醒\s*(?:第\s*)?(?P<n2>\d+)?\s*(?:个|条)?\s*(?:吧|了)?" + _TAIL)
_CANCEL_EN = re.compile(r"^\s*(?:/?cancel_reminder\s*(?P<n0>\d+)?|cancel\s+(?P<all>all\s+)?(?:(?:my|the)\s+)?"
                        r"reminders?\s*(?:#?\s*(?P<n>\d+))?)" + _TAIL, re.I)

_UNIT_MIN = {"小时": 60, "钟头": 60, "h": 60, "hr": 60, "hrs": 60, "hour": 60, "hours": 60,
             "分钟": 1, "分": 1, "min": 1, "mins": 1, "minute": 1, "minutes": 1, "m": 1}
_AFTER_ZH = re.compile(r"(?:过\s*)?(?P<n>\d+(?:\.\d+)?)\s*(?:个)?\s*(?P<u>小时|钟头|分钟|分)\s*(?:以后|之后|后)\s*"
                       r"(?:再|要|记得|请)?\s*(?:提醒|叫)" + _WHO + _ABOUT + _TAIL)
_AT_ZH = re.compile(r"(?P<day>今天|今晚|明天|明早)?\s*(?P<part>早上|早晨|上午|中午|下午|傍晚|晚上|夜里|凌晨)?\s*"
                    r"(?P<h>\d{1,2})\s*(?:点|:|：)\s*(?:(?P<m>\d{1,2})\s*分?)?\s*(?:钟)?\s*(?:的时候)?\s*(?:再|要|记得|请)?\s*"
                    r"提醒" + _WHO + _ABOUT + _TAIL)
_EN_IN = r"in\s+(?P<n>\d+(?:\.\d+)?)\s*(?P<u>hours?|hrs?|h|minutes?|mins?|m)\b"
_EN_AT = r"at\s+(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>am|pm|a\.m\.|p\.m\.)?(?P<day>\s+tomorrow|\s+tonight)?"
_EN_FIRST = re.compile(r"remind\s+(?:me|us)\s+(?:" + _EN_IN + "|" + _EN_AT + r")\s*(?:to\s+|about\s+|of\s+)?"
                       + _ABOUT + _TAIL, re.I)
_EN_LAST = re.compile(r"remind\s+(?:me|us)\s+(?:to|about|of)\s+" + _ABOUT + r"\s+(?:" + _EN_IN + "|" + _EN_AT + ")"
                      + _TAIL, re.I)
_EVENING = {"下午", "傍晚", "晚上", "夜里", "今晚"}


def read_reminder(text: str, now: datetime) -> tuple[ReminderRequest, str] | None:
    """The reminder a message asks for and the rest of the message, or None when it asks for none."""
    if _LIST.match(text):
        return ReminderRequest(action="list"), ""
    if m := _CANCEL_ZH.match(text):
        return _cancel(m.group("n1") or m.group("n2"), bool(m.group("all"))), ""
    if m := _CANCEL_EN.match(text):
        return _cancel(m.group("n0") or m.group("n"), bool(m.group("all"))), ""
    for pattern in (_AFTER_ZH, _AT_ZH, _EN_FIRST, _EN_LAST):
        if (m := pattern.search(text)) is not None:
            request = _set(m, now)
            if request is not None:
                return request, text[:m.start()]
    return None


def _cancel(number: str | None, every: bool) -> ReminderRequest:
    return ReminderRequest(action="cancel", which=int(number) if number else None, every=every)


def _set(m: re.Match[str], now: datetime) -> ReminderRequest | None:
    about = _about(m.group("about"))
    found = m.groupdict()
    if found.get("n"):
        return ReminderRequest(after_min=float(m.group("n")) * _UNIT_MIN[m.group("u").lower()], about=about)
    at = _clock(m, now)
    return ReminderRequest(at=at, about=about) if at is not None else None


def _about(said: str | None) -> str | None:
    said = re.sub(r"^[\s,，:：]+|[\s,，.。!！]+$", "", said or "")
    return said[:100] or None


def _clock(m: re.Match[str], now: datetime) -> datetime | None:
    """The next time the clock named comes round (9点 at 12:40 → 21:00; 晚上9点 → 21:00; at 9am → 9:00)."""
    hour, minute = int(m.group("h")), int(m.group("m") or 0)
    if hour > 23 or minute > 59:
        return None
    found = m.groupdict()
    day, part, ampm = (found.get("day") or "").strip().lower(), found.get("part") or "", found.get("ampm") or ""
    evening = part in _EVENING or day in ("今晚", "tonight") or ampm.lower().startswith("p")
    if evening and hour < 12:
        hour += 12
    if part == "中午" and hour < 11:
        hour += 12
    morning = part in ("早上", "早晨", "上午", "凌晨") or ampm.lower().startswith("a") or day == "明早"
    if hour == 12 and ampm.lower().startswith("a"):
        hour = 0
    base = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    if day in ("明天", "明早", "tomorrow"):
        return base + timedelta(days=1)
    candidates = [base] if evening or morning or hour > 12 else [base, base + timedelta(hours=12)]
    candidates += [c + timedelta(days=1) for c in candidates]
    return min((c for c in candidates if c > now), default=None)
