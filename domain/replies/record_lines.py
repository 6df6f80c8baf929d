"""One line per record, any type — for timelines and 'last time' answers."""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from domain.replies import amounts
from domain.replies.catalog import text
from domain.replies.describe import clock, describe
from domain.turn import RecordView
from domain.vocabulary import Language, RecordType


def day_label(d: date, today: date, lang: Language) -> str:
    days = (today - d).days
    key = {0: "day.today", 1: "day.yesterday"}.get(days, "day.date")
    return text(lang, key, day=d)


def record_line(r: RecordView, now: datetime, lang: Language) -> str:
    """The shared description (describe.py), with the time for notes and the caption for photos."""
    f = r.fields
    at = text(lang, "at", time=clock(f.get("start") or f.get("time"), now, lang))
    if r.type is RecordType.PHOTO:
        caption = f.get("caption")
        return (text(lang, "photo.captioned", caption=caption) if caption else text(lang, "type.photo")) + at
    line = describe(r.type, f, now, lang)
    return line + at if r.type is RecordType.NOTE else line


def dose_text(f: dict[str, Any], lang: Language) -> str:
    return amounts.dose(f, lang)
