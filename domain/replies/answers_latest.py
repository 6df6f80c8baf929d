"""Texts for the latest-record answers: growth with WHO percentiles, temperature, next dose, photos."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.replies.describe import clock, minutes, number, pick
from domain.replies.record_lines import MEASURE, day_label, dose_text, record_line
from domain.vocabulary import Language

L = Language
PEERS = {"female": ("同龄女孩", "girls"), "male": ("同龄男孩", "boys")}


def growth_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    zh = lang is L.ZH
    if not s["measures"]:
        return "还没有生长记录。" if zh else "No growth measurements yet."
    parts = []
    for i, (measure, m) in enumerate(s["measures"].items()):
        name_zh, name_en, unit = MEASURE[measure]
        when = day_label(m["time"].date(), now.date(), lang)
        text = f"{name_zh} {number(round(m['value'], 2))}{unit}（{when}）" if zh else \
            f"{name_en} {number(round(m['value'], 2))} {unit} ({when})"
        if m["percentile"] is not None:
            text += ("，" if zh else ", ") + percentile_text(m["percentile"], s["sex"], lang, first=i == 0)
        parts.append(text)
    text = "；".join(parts) + "。" if zh else "; ".join(parts) + "."
    return text if zh else text[0].upper() + text[1:]


def percentile_text(p: float, sex: str | None, lang: Language, first: bool = True) -> str:
    rank = max(1, min(99, int(round(p))))
    if lang is L.ZH:
        peers = pick(PEERS.get(sex or "", ("同龄宝宝", "babies")), lang) if first else ""
        return f"{peers}第 {rank} 百分位"
    peers = pick(PEERS.get(sex or "", ("", "babies")), lang)
    return f"{ordinal(rank)} percentile" + (f" for {peers} of the same age" if first else "")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def temperature_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    last = s["last"]
    if last is None:
        return "还没有体温记录。" if lang is L.ZH else "No temperature recorded yet."
    t = last.fields["time"]
    ago = minutes((now - t).total_seconds() / 60, lang)
    value = number(float(last.fields["temperature_c"]))
    return f"最近一次体温：{value}°C（{clock(t, now, lang)}，{ago}前）" if lang is L.ZH else \
        f"Last temperature: {value} °C ({clock(t, now, lang)}, {ago} ago)"


def doses_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    zh = lang is L.ZH
    if not s["doses"]:
        med = s["medicine"]
        if zh:
            return f"最近没有{med}的用药记录。" if med else "最近没有用药记录。"
        return f"No recent doses of {med} recorded." if med else "No recent medicine recorded."
    return "\n".join(_dose_line(d, lang, now) for d in s["doses"])


def _dose_line(d: dict[str, Any], lang: Language, now: datetime) -> str:
    zh = lang is L.ZH
    name = d["medication"] or pick(("药", "medicine"), lang)
    dose = dose_text(d, lang)
    last = clock(d["time"], now, lang)
    head = f"{name}：上次 {last}" + (f"（{dose}）" if dose else "") if zh else \
        f"{name}: last dose {last}" + (f" ({dose})" if dose else "")
    if d["next_at"] is None:
        return head + ("，没有记录间隔时间" if zh else ", no interval recorded")
    every = number(float(d["after_h"]))
    nxt = clock(d["next_at"], now, lang)
    if d["next_at"] <= now:
        return head + (f"，间隔{every}小时，{nxt} 起已经可以再吃了" if zh else
                       f", every {every} h — may be given again since {nxt}")
    wait = minutes((d["next_at"] - now).total_seconds() / 60, lang)
    return head + (f"，间隔{every}小时，下次 {nxt} 以后（还要 {wait}）" if zh else
                   f", every {every} h — next dose from {nxt} (in {wait})")


def photos_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    shown = s["photos"]
    if not shown:
        return "还没有照片。" if lang is L.ZH else "No photos yet."
    head = f"最近的照片（{len(shown)}张）：" if lang is L.ZH else f"Recent photos ({len(shown)}):"
    lines = []
    for r in shown:
        caption = r.fields.get("caption")
        at = clock(r.fields.get("time"), now, lang)
        lines.append(f"• {at} {caption}" if caption else f"• {at}")
    return "\n".join([head, *lines])


def timeline_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    lines = [record_line(r, now, lang) for r in s["records"]]
    if not lines:
        return "还没有记录。" if lang is L.ZH else "No records yet."
    return "\n".join(f"• {line}" for line in lines)
