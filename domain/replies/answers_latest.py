"""Texts for the latest-record answers: growth with WHO percentiles, temperature, next dose, photos."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from domain.replies import amounts
from domain.replies.catalog import label, text
from domain.replies.describe import clock, minutes
from domain.replies.record_lines import day_label, dose_text, record_line
from domain.vocabulary import Language


def growth_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    if not s["measures"]:
        return text(lang, "answer.growth.none")
    parts = []
    for i, (measure, m) in enumerate(s["measures"].items()):
        part = text(lang, f"answer.growth.{measure}", value=amounts.measure(measure, m["value"], lang),
                    when=day_label(m["time"].date(), now.date(), lang))
        if m["percentile"] is not None:
            part += text(lang, "sep.list") + percentile_text(m["percentile"], s["sex"], lang, first=i == 0)
        parts.append(part)
    return text(lang, "answer.growth", measures=text(lang, "sep.clause").join(parts))


def percentile_text(p: float, sex: str | None, lang: Language, first: bool = True) -> str:
    rank = max(1, min(99, int(round(p))))
    peers = label(lang, "peers", sex or "", text(lang, "peers.any"))
    return text(lang, "percentile.first" if first else "percentile.more", rank=rank, peers=peers)


def temperature_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    last = s["last"]
    if last is None:
        return text(lang, "answer.temperature.none")
    t = last.fields["time"]
    if s.get("highest"):
        return text(lang, "answer.temperature.highest", value=amounts.temperature(float(last.fields["temperature_c"]),
                                                                                 lang),
                    time=clock(t, now, lang), count=s["count"])
    return text(lang, "answer.temperature", value=amounts.temperature(float(last.fields["temperature_c"]), lang),
                time=clock(t, now, lang), ago=minutes((now - t).total_seconds() / 60, lang))


def doses_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    if not s["doses"]:
        med = s["medicine"]
        return text(lang, "answer.doses.none_of", medicine=med) if med else text(lang, "answer.doses.none")
    return "\n".join(_dose_line(d, lang, now) for d in s["doses"])


def _dose_line(d: dict[str, Any], lang: Language, now: datetime) -> str:
    dose = dose_text(d, lang)
    head = text(lang, "dose.head", name=d["medication"] or text(lang, "dose.unnamed"), last=clock(d["time"], now, lang),
                dose=text(lang, "aside", text=dose) if dose else "")
    if d["next_at"] is None:
        return text(lang, "dose.no_interval", head=head)
    every, said = amounts.dose_interval({"next_dose_after_h": d["after_h"], "next_dose_up_to_h": d.get("up_to_h")},
                                        lang)
    nxt = clock(d["next_at"], now, lang)
    if d["next_at"] <= now:
        return text(lang, "dose.due", head=head, every=every, said=said, next=nxt)
    wait = minutes((d["next_at"] - now).total_seconds() / 60, lang)
    return text(lang, "dose.later", head=head, every=every, said=said, next=nxt, wait=wait)


def photos_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    shown = s["photos"]
    if not shown:
        return text(lang, "answer.photos.none")
    lines = [text(lang, "answer.photos", count=len(shown))]
    for r in shown:
        caption = r.fields.get("caption")
        at = clock(r.fields.get("time"), now, lang)
        lines.append(text(lang, "list.bullet", item=f"{at} {caption}" if caption else at))
    return "\n".join(lines)


def timeline_text(s: dict[str, Any], lang: Language, now: datetime) -> str:
    lines = [record_line(r, now, lang) for r in s["records"]]
    if not lines:
        return text(lang, "answer.timeline.none")
    return "\n".join(text(lang, "list.bullet", item=line) for line in lines)
