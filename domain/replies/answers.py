"""Answers to questions, in the family's language. One text per baby section (twins: each named)."""
from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from domain.replies.answers_latest import doses_text, growth_text, photos_text, temperature_text, timeline_text
from domain.replies.describe import KIND, TYPE, describe, minutes, number, pick
from domain.replies.record_lines import HEALTH, day_label, record_line
from domain.vocabulary import Language, RecordType

L = Language
Section = dict[str, Any]


def _feeding_total(s: Section, v: dict, lang: Language, now: datetime) -> str:
    zh = lang is L.ZH
    period = period_label(v, lang, now)
    if not s["count"]:
        return f"{period}还没有喂奶记录。" if zh else f"No feedings recorded {period}."
    kinds = "，".join(f"{pick(KIND.get(k, (k, k)), lang)} {number(ml)}ml" for k, ml in s["ml_by_kind"].items())
    text = f"{period}喂了{s['count']}次，共 {number(s['total_ml'])}ml" if zh else \
        f"{_cap(period)}: {s['count']} feeding{'' if s['count'] == 1 else 's'}, {number(s['total_ml'])} ml in all"
    if kinds:
        text += f"（{kinds}）" if zh else f" ({kinds})"
    if s["breast_sessions"]:
        text += f"，亲喂{s['breast_sessions']}次 {minutes(s['breast_minutes'], lang)}" if zh else \
            f", nursed {s['breast_sessions']}× {minutes(s['breast_minutes'], lang)}"
    if s["solid_g"]:
        text += f"，辅食 {number(s['solid_g'])}g" if zh else f", solids {number(s['solid_g'])} g"
    return text + ("。" if zh else ".")


def _sleep_total(s: Section, v: dict, lang: Language, now: datetime) -> str:
    zh = lang is L.ZH
    period = period_label(v, lang, now)
    if not s["count"]:
        return f"{period}还没有睡眠记录。" if zh else f"No sleep recorded {period}."
    total = minutes(s["total_min"], lang)
    text = f"{period}一共睡了 {total}（{s['count']}段）" if zh else \
        f"{_cap(period)}: {total} of sleep ({s['count']} stretches)"
    if s["open_since"] is not None:
        since = s["open_since"].strftime("%H:%M")
        text += f"，{since} 起还在睡" if zh else f", asleep since {since}"
    return text + ("。" if zh else ".")


def _diaper_count(s: Section, v: dict, lang: Language, now: datetime) -> str:
    zh, detail = lang is L.ZH, v.get("detail")
    period = period_label(v, lang, now)
    if not s["count"]:
        return f"{period}还没有换尿布记录。" if zh else f"No diapers recorded {period}."
    if detail in ("solid", "wet"):
        n = s[detail]
        word = ("拉了", "dirty") if detail == "solid" else ("尿了", "wet")
        return f"{period}{word[0]}{n}次（共换尿布{s['count']}次）。" if zh else \
            f"{_cap(period)}: {n} {word[1]} diapers ({s['count']} diapers in all)."
    return f"{period}换了{s['count']}次尿布（尿{s['wet']}次，便{s['solid']}次）。" if zh else \
        f"{_cap(period)}: {s['count']} diapers ({s['wet']} wet, {s['solid']} dirty)."


def _pumping_total(s: Section, v: dict, lang: Language, now: datetime) -> str:
    zh, period = lang is L.ZH, period_label(v, lang, now)
    if not s["count"]:
        return f"{period}还没有吸奶记录。" if zh else f"No pumping recorded {period}."
    return f"{period}吸奶{s['count']}次，共 {number(s['total_ml'])}ml。" if zh else \
        f"{_cap(period)}: pumped {s['count']}×, {number(s['total_ml'])} ml in all."


def _tummy_total(s: Section, v: dict, lang: Language, now: datetime) -> str:
    zh, period = lang is L.ZH, period_label(v, lang, now)
    if not s["count"]:
        return f"{period}还没有趴趴记录。" if zh else f"No tummy time recorded {period}."
    text = f"{period}趴了{s['count']}次，共 {minutes(s['total_min'], lang)}" if zh else \
        f"{_cap(period)}: tummy time {s['count']}×, {minutes(s['total_min'], lang)} in all"
    if s["milestones"]:
        text += f"（{'、'.join(s['milestones'])}）" if zh else f" ({', '.join(s['milestones'])})"
    return text + ("。" if zh else ".")


def _last(s: Section, v: dict, lang: Language, now: datetime) -> str:
    last = s["last"]
    if last is None:
        return _nothing_yet(v, lang)
    when = last.fields.get("start") or last.fields.get("time")
    ago = minutes((now - when).total_seconds() / 60, lang)
    desc = describe(last.type, last.fields, now, lang) if last.type in (RecordType.FEEDING, RecordType.SLEEP) \
        else record_line(last, now, lang)
    return f"上一次：{desc}（{ago}前）" if lang is L.ZH else f"Last time: {desc} ({ago} ago)"


def _nothing_yet(v: dict, lang: Language) -> str:
    metric = str(getattr(v["metric"], "value", v["metric"]))
    if metric in ("last_feeding", "last_sleep"):
        return "最近7天没有这类记录。" if lang is L.ZH else "Nothing like that in the last 7 days."
    detail, rtype = v.get("detail"), v.get("record_type")
    name = pick(HEALTH[detail], lang) if detail in HEALTH else \
        pick(TYPE.get(str(getattr(rtype, "value", rtype)), ("这类", "such")), lang)
    return f"还没有{name}记录。" if lang is L.ZH else f"No {name} recorded yet."


def period_label(v: dict, lang: Language, now: datetime) -> str:
    period = str(getattr(v["period"], "value", v["period"]))
    daypart = v.get("daypart")
    day = v.get("day") or now.date()
    if period == "week":
        return pick(("这周", "this week"), lang)
    if daypart == "night":
        last_night = (now.date() - day).days == 1 or period == "today" and now.hour < 12
        if last_night:
            return pick(("昨晚", "last night"), lang)
        if day == now.date():
            return pick(("今晚", "tonight"), lang)
        return f"{day_label(day, now.date(), lang)}晚上" if lang is L.ZH else \
            f"the night of {day_label(day, now.date(), lang)}"
    label = _date(day, lang) if period == "date" else day_label(day, now.date(), lang)
    if daypart == "day":
        return f"{label}白天" if lang is L.ZH else f"{label} in the daytime"
    return label if lang is L.ZH or label in ("today", "yesterday") else f"on {label}"


def _date(day: date, lang: Language) -> str:
    return f"{day.month}月{day.day}日" if lang is L.ZH else f"{day:%b} {day.day}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sections(one: Callable[[Section, dict, Language, datetime], str]) -> Callable[[dict, Language, datetime], str]:
    def render(v: dict, lang: Language, now: datetime) -> str:
        parts = []
        for s in v["sections"]:
            text = one(s, v, lang, now)
            if s.get("baby"):
                sep = "\n" if "\n" in text else ""
                text = f"{s['baby']}：{sep}{text}" if lang is L.ZH else f"{s['baby']}: {sep}{text}"
            parts.append(text)
        return "\n".join(parts)
    return render


def _plain(fn: Callable[[Section, Language, datetime], str]) -> Callable[[Section, dict, Language, datetime], str]:
    return lambda s, v, lang, now: fn(s, lang, now)


def _timeline(s: Section, v: dict, lang: Language, now: datetime) -> str:
    text = timeline_text(s, lang, now)
    period = str(getattr(v["period"], "value", v["period"]))
    if period == "today" or not s["records"]:
        return text
    label = period_label(v, lang, now)
    return (f"{label}的记录：\n" if lang is L.ZH else f"Records {label}:\n") + text


QUERY_RENDERERS: dict[str, Callable[[dict, Language, datetime], str]] = {
    "query_feeding_total": _sections(_feeding_total), "query_sleep_total": _sections(_sleep_total),
    "query_diaper_count": _sections(_diaper_count), "query_pumping_total": _sections(_pumping_total),
    "query_tummy_total": _sections(_tummy_total), "query_last_feeding": _sections(_last),
    "query_last_sleep": _sections(_last), "query_last_record": _sections(_last),
    "query_timeline": _sections(_timeline), "query_growth": _sections(_plain(growth_text)),
    "query_temperature": _sections(_plain(temperature_text)), "query_next_dose": _sections(_plain(doses_text)),
    "query_photos": _sections(_plain(photos_text)),
}
