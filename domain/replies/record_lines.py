"""One line per record, any type, Chinese and English — for timelines and 'last time' answers."""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from domain.replies.describe import DOSE_UNIT, clock, describe, number, pick
from domain.turn import RecordView
from domain.vocabulary import Language, RecordType

L = Language
HEALTH = {"temperature": ("体温", "temperature"), "medication": ("用药", "medicine"),
          "symptom": ("症状", "symptom"), "vaccine": ("疫苗", "vaccine"), "doctor_visit": ("看医生", "doctor visit")}
MEASURE = {"weight_kg": ("体重", "weight", "kg"), "height_cm": ("身高", "height", "cm"),
           "head_cm": ("头围", "head", "cm")}


def day_label(d: date, today: date, lang: Language) -> str:
    days = (today - d).days
    if days == 0:
        return pick(("今天", "today"), lang)
    if days == 1:
        return pick(("昨天", "yesterday"), lang)
    return f"{d.month}月{d.day}日" if lang is L.ZH else f"{d:%b} {d.day}"


def record_line(r: RecordView, now: datetime, lang: Language) -> str:
    """The shared description (describe.py), with the time for notes and the caption for photos."""
    f = r.fields
    at = clock(f.get("start") or f.get("time"), now, lang)
    if r.type is RecordType.PHOTO:
        caption = f.get("caption")
        label = pick(("照片", "photo"), lang)
        return (f"{label}：{caption}" if lang is L.ZH else f"{label}: {caption}") + f" @ {at}" if caption \
            else f"{label} @ {at}"
    text = describe(r.type, f, now, lang)
    return f"{text} @ {at}" if r.type is RecordType.NOTE else text


def dose_text(f: dict[str, Any], lang: Language) -> str:
    if f.get("dose") is None:
        return ""
    unit = pick(DOSE_UNIT.get(f.get("dose_unit") or "", ("", "")), lang)
    return f"{number(float(f['dose']))}{unit}"
