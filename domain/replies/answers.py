"""Answers to questions, in the family's language. One text per baby section (twins: each named)."""
from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from domain.replies import amounts
from domain.replies.answers_latest import doses_text, growth_text, photos_text, temperature_text, timeline_text
from domain.replies.catalog import has_label, label, text
from domain.replies.describe import describe, minutes, number
from domain.replies.record_lines import day_label, record_line
from domain.vocabulary import Language, RecordType

Section = dict[str, Any]


def _feeding_total(s: Section, v: dict, lang: Language, now: datetime) -> str:
    period = period_label(v, lang, now)
    grams = text(lang, "answer.feeding.solid_grams", grams=number(s["solid_g"])) if s["solid_g"] else ""
    solids = text(lang, "answer.feeding.solids", count=s["solid_count"], grams=grams) if s["solid_count"] else ""
    if not s["count"]:
        return text(lang, "answer.feeding.solids_only", period=period, solids=solids) if solids else \
            text(lang, "answer.feeding.none", period=period)
    if _shape(v) == "daily_average":
        return text(lang, "answer.feeding.average", period=period, average=amounts.volume(s["average_ml"], lang),
                    days=s["days"], total=amounts.volume(s["total_ml"], lang), count=s["count"], solids=solids)
    kinds = text(lang, "answer.feeding.kind_separator").join(
        text(lang, "answer.feeding.kind_amount", kind=label(lang, "kind", k), amount=amounts.volume(ml, lang))
        for k, ml in s["ml_by_kind"].items())
    nursed = text(lang, "answer.feeding.nursed", count=s["breast_sessions"],
                  duration=minutes(s["breast_minutes"], lang)) if s["breast_sessions"] else ""
    water = text(lang, "answer.feeding.water", ml=amounts.volume(s["water_ml"], lang)) if s.get("water_ml") else ""
    if not s["total_ml"] and nursed:          # only nursed: no "0 ml in all"
        return text(lang, "answer.feeding.nursed_only", period=period, count=s["count"], nursed=nursed,
                    solids=solids + water)
    return text(lang, "answer.feeding.total", period=period, count=s["count"],
                total=amounts.volume(s["total_ml"], lang), kinds=text(lang, "aside", text=kinds) if kinds else "",
                nursed=nursed, solids=solids + water)


def _sleep_total(s: Section, v: dict, lang: Language, now: datetime) -> str:
    period = period_label(v, lang, now)
    current = s.get("current")
    if current is not None:                   # 睡了多久了, asked while asleep: this stretch
        since = current.fields["start"]
        return text(lang, "answer.sleep.current", since=since, span=minutes((now - since).total_seconds() / 60, lang))
    lead = text(lang, "answer.sleep.not_asleep") if _shape(v) == "current" else ""
    naps = v.get("sleep_kind") == "nap"
    if not s["count"]:
        return lead + text(lang, "answer.sleep.no_naps" if naps else "answer.sleep.none", period=period)
    asleep = "" if s["open_since"] is None else text(lang, "answer.sleep.asleep", since=s["open_since"])
    return lead + text(lang, "answer.sleep.naps" if naps else "answer.sleep.total", period=period,
                       total=minutes(s["total_min"], lang), count=s["count"], asleep=asleep)


def _record_count(s: Section, v: dict, lang: Language, now: datetime) -> str:
    """今天吃了几次药 → 今天用药2次：08:00 美林 2.5ml，14:00 美林 2.5ml。"""
    period, name = period_label(v, lang, now), _asked_name(v, lang)
    if not s["count"]:
        return text(lang, "answer.count.none", period=period, name=name)
    items = text(lang, "sep.clause").join(record_line(r, now, lang) for r in s["records"])
    return text(lang, "answer.count", period=period, name=name, count=s["count"],
                items=text(lang, "answer.count.items", items=items))


def _shape(v: dict) -> str:
    return str(getattr(v.get("shape"), "value", v.get("shape") or "total"))


def _diaper_count(s: Section, v: dict, lang: Language, now: datetime) -> str:
    period, detail = period_label(v, lang, now), v.get("detail")
    if not s["count"]:
        return text(lang, "answer.diaper.none", period=period)
    if detail in ("solid", "wet"):
        return text(lang, f"answer.diaper.{detail}", period=period, n=s[detail], count=s["count"])
    return text(lang, "answer.diaper.total", period=period, count=s["count"], wet=s["wet"], solid=s["solid"])


def _pumping_total(s: Section, v: dict, lang: Language, now: datetime) -> str:
    period = period_label(v, lang, now)
    if not s["count"]:
        return text(lang, "answer.pumping.none", period=period)
    return text(lang, "answer.pumping.total", period=period, count=s["count"],
                total=amounts.volume(s["total_ml"], lang))


def _tummy_total(s: Section, v: dict, lang: Language, now: datetime) -> str:
    period = period_label(v, lang, now)
    if not s["count"]:
        return text(lang, "answer.tummy.none", period=period)
    milestones = text(lang, "aside", text=text(lang, "sep.enum").join(s["milestones"])) if s["milestones"] else ""
    return text(lang, "answer.tummy.total", period=period, count=s["count"], total=minutes(s["total_min"], lang),
                milestones=milestones)


def _last(s: Section, v: dict, lang: Language, now: datetime) -> str:
    last = s["last"]
    if last is None:
        return _nothing_yet(v, lang)
    when = last.fields.get("start") or last.fields.get("time")
    ago = minutes((now - when).total_seconds() / 60, lang)
    desc = describe(last.type, last.fields, now, lang) if last.type in (RecordType.FEEDING, RecordType.SLEEP) \
        else record_line(last, now, lang)
    if _shape(v) == "time_since":           # 多久没换尿布了: the time since comes first
        return text(lang, "answer.since", record=desc, ago=ago)
    return text(lang, "answer.last", record=desc, ago=ago)


def _nothing_yet(v: dict, lang: Language) -> str:
    metric = str(getattr(v["metric"], "value", v["metric"]))
    if metric in ("last_feeding", "last_sleep"):
        return text(lang, "answer.nothing_in_week")
    return text(lang, "answer.none_yet", name=_asked_name(v, lang))


def _asked_name(v: dict, lang: Language) -> str:
    """What a question asked about: a health kind (用药), else the record type."""
    detail, rtype = v.get("detail"), v.get("record_type")
    return label(lang, "health", detail) if has_label(lang, "health", detail) else \
        label(lang, "type", str(getattr(rtype, "value", rtype)), text(lang, "record.such"))


def period_label(v: dict, lang: Language, now: datetime) -> str:
    period = str(getattr(v["period"], "value", v["period"]))
    daypart = v.get("daypart")
    day = v.get("day") or now.date()
    if period == "week":
        return text(lang, "period.week")
    if daypart == "night":
        last_night = (now.date() - day).days == 1 or period == "today" and now.hour < 12
        if last_night:
            return text(lang, "period.last_night")
        if day == now.date():
            return text(lang, "period.tonight")
        return text(lang, "period.night_of", day=day_label(day, now.date(), lang))
    relative = period != "date" and (now.date() - day).days in (0, 1)    # today, yesterday
    name = day_label(day, now.date(), lang) if period != "date" else text(lang, "day.date", day=day)
    if daypart == "day":
        return text(lang, "period.daytime", day=name)
    return name if relative else text(lang, "period.on_date", day=name)


def _sections(one: Callable[[Section, dict, Language, datetime], str]) -> Callable[[dict, Language, datetime], str]:
    def render(v: dict, lang: Language, now: datetime) -> str:
        parts = []
        for s in v["sections"]:
            answer = one(s, v, lang, now)
            if s.get("baby"):
                answer = text(lang, "answer.baby_section", baby=s["baby"], newline="\n" if "\n" in answer else "",
                              text=answer)
            parts.append(answer)
        return "\n".join(parts)
    return render


def _plain(fn: Callable[[Section, Language, datetime], str]) -> Callable[[Section, dict, Language, datetime], str]:
    return lambda s, v, lang, now: fn(s, lang, now)


def _timeline(s: Section, v: dict, lang: Language, now: datetime) -> str:
    timeline = timeline_text(s, lang, now)
    period = str(getattr(v["period"], "value", v["period"]))
    if period == "today" or not s["records"]:
        return timeline
    return text(lang, "answer.timeline.period", period=period_label(v, lang, now), timeline=timeline)


QUERY_RENDERERS: dict[str, Callable[[dict, Language, datetime], str]] = {
    "query_feeding_total": _sections(_feeding_total), "query_sleep_total": _sections(_sleep_total),
    "query_diaper_count": _sections(_diaper_count), "query_pumping_total": _sections(_pumping_total),
    "query_tummy_total": _sections(_tummy_total), "query_last_feeding": _sections(_last),
    "query_last_sleep": _sections(_last), "query_last_record": _sections(_last),
    "query_timeline": _sections(_timeline), "query_growth": _sections(_plain(growth_text)),
    "query_temperature": _sections(_plain(temperature_text)), "query_next_dose": _sections(_plain(doses_text)),
    "query_photos": _sections(_plain(photos_text)), "query_record_count": _sections(_record_count),
}
