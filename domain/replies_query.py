"""Answers to questions, in the family's language."""
from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

from domain.describe import KIND, clock, describe, minutes, number, pick
from domain.vocabulary import Language

L = Language


def _feeding_total(v, lang, now):
    zh = lang is L.ZH
    period = _period(v["period"], lang)
    if not v["count"]:
        return f"{period}还没有喂奶记录。" if zh else f"No feedings recorded {period}."
    kinds = "，".join(f"{pick(KIND.get(k, (k, k)), lang)} {number(ml)}ml" for k, ml in v["ml_by_kind"].items())
    text = f"{period}喂了{v['count']}次，共 {number(v['total_ml'])}ml" if zh else \
        f"{period}: {v['count']} feedings, {number(v['total_ml'])} ml in all"
    if kinds:
        text += f"（{kinds}）" if zh else f" ({kinds})"
    if v["breast_sessions"]:
        text += f"，亲喂{v['breast_sessions']}次 {minutes(v['breast_minutes'], lang)}" if zh else \
            f", nursed {v['breast_sessions']}× {minutes(v['breast_minutes'], lang)}"
    return text + ("。" if zh else ".")


def _sleep_total(v, lang, now):
    period = _period(v["period"], lang)
    if not v["count"]:
        return f"{period}还没有睡眠记录。" if lang is L.ZH else f"No sleep recorded {period}."
    total = minutes(v["total_min"], lang)
    return f"{period}一共睡了 {total}（{v['count']}段）。" if lang is L.ZH else \
        f"{period}: {total} of sleep ({v['count']} stretches)."


def _last(v, lang, now):
    last = v["last"]
    if last is None:
        return "最近7天没有这类记录。" if lang is L.ZH else "Nothing like that in the last 7 days."
    ago = minutes((now - last.fields["start"]).total_seconds() / 60, lang)
    desc = describe(last.type, last.fields, now, lang)
    return f"上一次：{desc}（{ago}前）" if lang is L.ZH else f"Last time: {desc} ({ago} ago)"


def _timeline(v, lang, now):
    lines = [describe(r.type, r.fields, now, lang) for r in v["records"]]
    if not lines:
        return "还没有记录。" if lang is L.ZH else "No records yet."
    return "\n".join(f"• {line}" for line in lines)


def _period(period: Any, lang: Language) -> str:
    names = {"today": ("今天", "today"), "yesterday": ("昨天", "yesterday"), "week": ("这周", "this week")}
    return pick(names[str(period.value if hasattr(period, "value") else period)], lang)


QUERY_RENDERERS: dict[str, Callable[[dict, Language, datetime], str]] = {
    "query_feeding_total": _feeding_total, "query_sleep_total": _sleep_total,
    "query_last_feeding": _last, "query_last_sleep": _last, "query_timeline": _timeline,
}
