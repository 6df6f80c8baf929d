"""Records and times in words, Chinese and English."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.units import c_to_fahrenheit
from domain.vocabulary import Language, RecordType

KIND = {
    "formula": ("配方奶", "formula"), "breast_milk": ("母乳", "breast milk"),
    "fortified_breast_milk": ("强化母乳", "fortified breast milk"), "solid_food": ("辅食", "solids"),
    "water": ("水", "water"),
}
SIDE = {"left_breast": ("左边", "left"), "right_breast": ("右边", "right"), "both_breasts": ("两边", "both sides")}
TYPE = {
    "feeding": ("喂奶", "feeding"), "sleep": ("睡眠", "sleep"), "diaper": ("尿布", "diaper"),
    "growth": ("生长", "growth"), "health": ("健康", "health"), "pumping": ("吸奶", "pumping"),
    "tummy_time": ("趴趴", "tummy time"), "note": ("备注", "note"), "photo": ("照片", "photo"),
}
FIELD = {
    "kind": ("种类（配方奶/母乳）", "kind (formula or breast milk)"), "amount_ml": ("奶量（毫升）", "amount (ml)"),
    "food": ("吃的是什么", "what food"), "start": ("开始时间", "start time"), "end": ("结束时间", "end time"),
}
COLOR = {"yellow": ("黄色", "yellow"), "green": ("绿色", "green"), "black": ("黑色", "black"),
         "brown": ("棕色", "brown")}
HEALTH_KIND = {"temperature": ("体温", "temperature"), "medication": ("用药", "medicine"),
               "symptom": ("症状", "symptom"), "vaccine": ("疫苗", "vaccine"),
               "doctor_visit": ("看医生", "doctor visit")}
DOSE_UNIT = {"ml": ("ml", "ml"), "mg": ("mg", "mg"), "tablets": ("粒", " tablet(s)"), "drops": ("滴", " drop(s)")}
PUMP_SIDE = {"left": ("左边", "left"), "right": ("右边", "right"), "both": ("两边", "both sides")}


def pick(pair: tuple[str, str], lang: Language) -> str:
    return pair[0] if lang is Language.ZH else pair[1]


def clock(t: datetime | None, now: datetime, lang: Language) -> str:
    if t is None:
        return "?"
    t = t.astimezone(now.tzinfo)
    days = (now.date() - t.date()).days
    hm = t.strftime("%H:%M")
    if days == 0:
        return hm
    if days == 1:
        return f"昨天 {hm}" if lang is Language.ZH else f"yesterday {hm}"
    return f"{t.month}月{t.day}日 {hm}" if lang is Language.ZH else f"{t:%b} {t.day} {hm}"


def minutes(total: float, lang: Language) -> str:
    h, m = divmod(int(round(total)), 60)
    if lang is Language.ZH:
        return (f"{h}小时" if h else "") + (f"{m}分钟" if m or not h else "")
    return " ".join(part for part in (f"{h} h" if h else "", f"{m} min" if m or not h else "") if part)


def number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def describe(record_type: RecordType | str | None, fields: dict[str, Any], now: datetime,
             lang: Language) -> str:
    rtype = RecordType(record_type) if record_type else None
    if rtype is RecordType.FEEDING:
        return _feeding(fields, now, lang)
    if rtype is RecordType.SLEEP:
        return _sleep(fields, now, lang)
    if rtype in _OTHER:
        return _OTHER[rtype](fields, now, lang)
    label = pick(TYPE.get(str(rtype), ("记录", "record")), lang) if rtype else ""
    when = fields.get("start") or fields.get("time")
    return f"{label} {clock(when, now, lang)}".strip()


def _feeding(f: dict[str, Any], now: datetime, lang: Language) -> str:
    parts = [pick(KIND[f["kind"]], lang) if f.get("kind") in KIND else pick(TYPE["feeding"], lang)]
    if f.get("method") in SIDE:
        parts.append(("亲喂" if lang is Language.ZH else "nursing ") + pick(SIDE[f["method"]], lang))
    if f.get("food"):
        parts.append(str(f["food"]))
    if f.get("amount_ml") is not None:
        parts.append(f"{number(f['amount_ml'])}ml")
    if f.get("amount_g") is not None:
        parts.append(f"{number(f['amount_g'])}g")
    if f.get("duration_min"):
        parts.append(minutes(f["duration_min"], lang))
    return " ".join(parts) + f" @ {clock(f.get('start'), now, lang)}"


def _sleep(f: dict[str, Any], now: datetime, lang: Language) -> str:
    zh = lang is Language.ZH
    start, end = f.get("start"), f.get("end")
    if end is None:
        return (f"{clock(start, now, lang)} 入睡（还在睡）" if zh else f"asleep since {clock(start, now, lang)}")
    if start is None:
        return (f"{clock(end, now, lang)} 醒来" if zh else f"woke at {clock(end, now, lang)}")
    span = minutes((end - start).total_seconds() / 60, lang)
    label = ("小睡" if f.get("nap") else "夜间睡眠") if zh else ("nap" if f.get("nap") else "night sleep")
    text = f"{label} {clock(start, now, lang)}–{clock(end, now, lang)}（{span}" if zh else \
        f"{label} {clock(start, now, lang)}–{clock(end, now, lang)} ({span}"
    if f.get("night_wakings") is not None:
        text += f"，夜醒{f['night_wakings']}次" if zh else f", woke {f['night_wakings']}×"
    return text + ("）" if zh else ")")


def _at(f: dict[str, Any], now: datetime, lang: Language) -> str:
    return f" @ {clock(f.get('start') or f.get('time'), now, lang)}"


def _diaper(f: dict[str, Any], now: datetime, lang: Language) -> str:
    zh = lang is Language.ZH
    parts = [("尿" if zh else "wet")] if f.get("wet") else []
    if f.get("solid"):
        parts.append("便便" if zh else "dirty")
    what = ("+" if zh else " + ").join(parts) or ("换尿布" if zh else "changed")
    color = f"（{pick(COLOR[f['color']], lang)}）" if zh and f.get("color") in COLOR else \
        f" ({pick(COLOR[f['color']], lang)})" if f.get("color") in COLOR else ""
    return f"{pick(TYPE['diaper'], lang)}{'：' if zh else ': '}{what}{color}{_at(f, now, lang)}"


def _growth(f: dict[str, Any], now: datetime, lang: Language) -> str:
    names = (("weight_kg", ("体重", "weight"), "kg"), ("height_cm", ("身长", "length"), "cm"),
             ("head_cm", ("头围", "head"), "cm"))
    parts = []
    for key, label, unit in names:
        if f.get(key) is not None:
            parts.append(f"{pick(label, lang)} {_decimal(f[key], 2)}{'' if lang is Language.ZH else ' '}{unit}")
    return ("，" if lang is Language.ZH else ", ").join(parts) + _at(f, now, lang)


def _decimal(x: float, places: int) -> str:
    return f"{float(x):.{places}f}".rstrip("0").rstrip(".")


def _health(f: dict[str, Any], now: datetime, lang: Language) -> str:
    kind = f.get("kind")
    parts = [pick(HEALTH_KIND.get(kind, TYPE["health"]), lang)]
    if kind == "medication" or f.get("medication"):
        parts.append(_medicine(f, lang))
    if f.get("symptom"):
        parts.append(str(f["symptom"]))
    if f.get("vaccine"):
        parts.append(str(f["vaccine"]))
    if f.get("temperature_c") is not None:
        parts.append(_temperature(f["temperature_c"], lang))
    return " ".join(p for p in parts if p) + _at(f, now, lang)


def _medicine(f: dict[str, Any], lang: Language) -> str:
    zh = lang is Language.ZH
    text = str(f.get("medication") or "")
    if f.get("dose") is not None:
        unit = pick(DOSE_UNIT.get(f.get("dose_unit"), ("", "")), lang)
        text += f" {number(f['dose'])}{unit}"
    if f.get("next_dose_after_h") is not None:
        h = number(f["next_dose_after_h"])
        text += f"（{h}小时后可再用）" if zh else f" (next dose after {h} h)"
    return text.strip()


def _temperature(c: float, lang: Language) -> str:
    text = f"{_decimal(c, 1)}°C"
    return text if lang is Language.ZH else f"{text} ({_decimal(c_to_fahrenheit(c), 1)}°F)"


def _pumping(f: dict[str, Any], now: datetime, lang: Language) -> str:
    parts = [pick(TYPE["pumping"], lang)]
    if f.get("side") in PUMP_SIDE:
        parts.append(pick(PUMP_SIDE[f["side"]], lang))
    if f.get("amount_ml") is not None:
        parts.append(f"{number(f['amount_ml'])}ml")
    return " ".join(parts) + _at(f, now, lang)


def _tummy(f: dict[str, Any], now: datetime, lang: Language) -> str:
    zh = lang is Language.ZH
    parts = [pick(TYPE["tummy_time"], lang)]
    duration = f.get("duration_min")
    if duration is None and f.get("start") and f.get("end"):
        duration = (f["end"] - f["start"]).total_seconds() / 60
    if duration:
        parts.append(minutes(duration, lang))
    text = " ".join(parts) + _at(f, now, lang)
    if f.get("milestone"):
        text += f"（{f['milestone']}）" if zh else f" ({f['milestone']})"
    return text


def _note(f: dict[str, Any], now: datetime, lang: Language) -> str:
    return f"{pick(TYPE['note'], lang)}{'：' if lang is Language.ZH else ': '}{f.get('text', '')}"


_OTHER = {RecordType.DIAPER: _diaper, RecordType.GROWTH: _growth, RecordType.HEALTH: _health,
          RecordType.PUMPING: _pumping, RecordType.TUMMY_TIME: _tummy, RecordType.NOTE: _note}
