"""Record types beyond feeding and sleep: which one a message is about, and its slots.

Checked before feeding and sleep, so strong words (记一下, 体温, 美林, 尿布, 吸奶 …) win over 吃/喝:
吃了美林 is medication, 吐奶 a symptom, 吸奶 pumping; 挤出来的奶喝了60ml stays a feeding.
A question (宝宝发烧了怎么办？) is not a record.
"""
from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from bot.understanding.readers.activity import is_pumping, is_tummy_time, pumping_slots, tummy_slots
from bot.understanding.readers.body import diaper_slots, growth_slots, is_diaper, is_growth
from bot.understanding.readers.health import health_kind, health_slots, is_question
from bot.understanding.timeparse import TimeReading
from domain.extraction import Slots
from domain.vocabulary import RecordType

NOTE = re.compile(r"^\s*(?:记一下|记一笔|记下|备注|记个事|记个|note|memo|jot down)(?![a-z])\s*[:：,，]?\s*(?P<text>.+)$", re.I | re.S)


@lru_cache(maxsize=512)
def detect_other_type(text: str) -> RecordType | None:
    if NOTE.match(text):
        return RecordType.NOTE
    if is_question(text):
        return None
    kind = health_kind(text)
    if kind is not None and not (kind == "doctor_visit" and is_growth(text)):
        return RecordType.HEALTH
    if is_growth(text):
        return RecordType.GROWTH
    if is_pumping(text):
        return RecordType.PUMPING
    if is_diaper(text):
        return RecordType.DIAPER
    if is_tummy_time(text):
        return RecordType.TUMMY_TIME
    return None


def other_slots(record_type: RecordType, text: str, times: TimeReading, now: datetime,
                raw: str = "", default_now: bool = True) -> Slots:
    """The slots of a message about `record_type` (named in it, or the topic of the chat).

    `raw` is the message as typed (a note keeps its own words, not normalised digits);
    `default_now` is False when the message answers an open task, whose time stands."""
    named = detect_other_type(text) is record_type and default_now
    if record_type is RecordType.NOTE:
        m = NOTE.match(raw) or NOTE.match(text)
        return Slots(time=times.start or times.point, text=m.group("text").strip() if m else text.strip())
    if record_type is RecordType.HEALTH:
        return health_slots(text, times, now, named)
    if record_type is RecordType.GROWTH:
        return growth_slots(text, times, now, named)
    if record_type is RecordType.DIAPER:
        return diaper_slots(text, times)
    if record_type is RecordType.PUMPING:
        return pumping_slots(text, times, now)
    if record_type is RecordType.TUMMY_TIME:
        return tummy_slots(text, times, now, default_now)
    return Slots(time=times.start or times.point)
