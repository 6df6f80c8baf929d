"""Record types beyond feeding and sleep: which one a message is about, and its slots.

Checked before feeding and sleep, so strong words (记一下, 体温, 尿布 …) win over 吃/喝.
"""
from __future__ import annotations

import re
from datetime import datetime

from bot.understanding.timeparse import TimeReading
from domain.extraction import Slots
from domain.vocabulary import RecordType

NOTE = re.compile(r"^\s*(?:记一下|记下|备注|记个事|note)\s*[:：,，]?\s*(?P<text>.+)$", re.I | re.S)


def detect_other_type(text: str) -> RecordType | None:
    if NOTE.match(text):
        return RecordType.NOTE
    return None


def other_slots(record_type: RecordType, text: str, times: TimeReading, now: datetime) -> Slots:
    when = times.start or times.point
    if record_type is RecordType.NOTE:
        m = NOTE.match(text)
        return Slots(time=when, text=m.group("text").strip() if m else text.strip())
    return Slots(time=when)
