"""Records and times in words, Chinese and English."""
from __future__ import annotations

from datetime import datetime
from typing import Any

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
    return (f"{h} h " if h else "") + (f"{m} min" if m or not h else "").strip()


def number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"


def describe(record_type: RecordType | str | None, fields: dict[str, Any], now: datetime,
             lang: Language) -> str:
    rtype = RecordType(record_type) if record_type else None
    if rtype is RecordType.FEEDING:
        return _feeding(fields, now, lang)
    if rtype is RecordType.SLEEP:
        return _sleep(fields, now, lang)
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
