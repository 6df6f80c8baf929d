"""Totals over a period: feeds, sleep, diapers, pumping, tummy time. Pure functions of records."""
from __future__ import annotations

from datetime import date, datetime
from typing import Any

from domain.records import is_night_sleep
from domain.summary.nights import counted_on, night_of
from domain.turn import RecordView
from domain.vocabulary import BREAST_METHODS, MILK_KINDS, FeedingKind


def feeding_totals(feedings: list[RecordView]) -> dict[str, Any]:
    """Milk feeds (count, ml by kind, nursing); water is told apart (it is no milk), and so are solids:
    an egg yolk is a meal, not a milk feed."""
    by_kind: dict[str, float] = {}
    breast_sessions, breast_minutes, solid_g, water_ml, water_count = 0, 0.0, 0.0, 0.0, 0
    solids = [r for r in feedings if r.fields.get("kind") == FeedingKind.SOLID_FOOD.value]
    for r in feedings:
        f = r.fields
        kind = f.get("kind") or "formula"
        if kind == FeedingKind.WATER.value:
            water_ml, water_count = water_ml + float(f.get("amount_ml") or 0), water_count + 1
            continue
        if f.get("amount_ml") and kind in MILK_KINDS:
            by_kind[kind] = by_kind.get(kind, 0) + f["amount_ml"]
        if f.get("method") in {m.value for m in BREAST_METHODS}:
            breast_sessions += 1
            breast_minutes += f.get("duration_min") or 0
        if f.get("amount_g"):
            solid_g += f["amount_g"]
    return {"count": len(feedings) - len(solids) - water_count, "ml_by_kind": by_kind,
            "total_ml": sum(by_kind.values()), "breast_sessions": breast_sessions, "breast_minutes": breast_minutes,
            "solid_g": solid_g, "solid_count": len(solids), "water_ml": water_ml}


def daily_average(totals: dict[str, Any], feedings: list[RecordView]) -> dict[str, Any]:
    """The milk per day over the days that have milk feeds (a day without records is not a day of 0 ml)."""
    days = {_day(r) for r in feedings if r.fields.get("amount_ml") and _day(r) is not None}
    return {**totals, "days": len(days), "average_ml": totals["total_ml"] / len(days) if days else 0.0}


def _day(r: RecordView) -> Any:
    when = r.fields.get("start") or r.fields.get("time")
    return when.date() if when is not None else None


def sleep_totals(sleeps: list[RecordView], start: datetime, end: datetime) -> dict[str, Any]:
    """Minutes asleep inside [start, end); a sleep crossing the boundary counts only its part."""
    total, count, naps, open_since = 0.0, 0, 0, None
    for r in sleeps:
        s, e = r.fields.get("start"), r.fields.get("end")
        if s is None:
            continue
        if e is None:
            open_since = s
            e = end
        overlap = (min(e, end) - max(s, start)).total_seconds() / 60
        if overlap <= 0 and not (r.fields.get("end") is None and s <= end):
            continue
        total += max(overlap, 0)
        count += 1
        naps += 1 if r.fields.get("nap") else 0
    return {"total_min": total, "count": count, "naps": naps, "open_since": open_since}


def day_totals(sleeps: list[RecordView], day: date, now: datetime) -> dict[str, Any]:
    """今天睡了多久 / how long did she sleep today: the night that ended that morning, whole, and the day's own
    naps — the day as the summary, the charts and the page count it (domain/summary/nights.py); one still open
    counts until now (`now` in the family's zone)."""
    tz = now.tzinfo
    total, count, naps, open_since = 0.0, 0, 0, None
    for r in sleeps:
        s, e = r.fields.get("start"), r.fields.get("end")
        if s is None:
            continue
        nap = r.fields.get("nap")
        nap = bool(nap) if nap is not None else not is_night_sleep(s.astimezone(tz))
        if counted_on(s, nap, tz) != day:
            if e is None and s <= now:
                open_since = s          # asleep since 19:45: tonight's night, said beside today's total
            continue
        if e is None:
            open_since, e = s, now
        total += max((e - s).total_seconds() / 60, 0)
        count += 1
        naps += 1 if nap else 0
    return {"total_min": total, "count": count, "naps": naps, "open_since": open_since}


def night_totals(sleeps: list[RecordView], night: date, now: datetime) -> dict[str, Any]:
    """Last night (昨晚睡了多久): the night sleeps of the night of `night` (domain/summary/nights.py, the
    same night the summary, the week chart and the page count), each piece whole, past 06:00 too; one still
    open counts until now (`now` in the family's zone)."""
    pieces = [r for r in sleeps if r.fields.get("start") is not None and not r.fields.get("nap")
              and night_of(r.fields["start"], now.tzinfo) == night]
    total, open_since = 0.0, None
    for r in pieces:
        s, e = r.fields["start"], r.fields.get("end")
        if e is None:
            open_since, e = s, now
        total += max((e - s).total_seconds() / 60, 0)
    naps = sum(1 for r in pieces if r.fields.get("nap"))
    return {"total_min": total, "count": len(pieces), "naps": naps, "open_since": open_since}


def diaper_counts(diapers: list[RecordView]) -> dict[str, Any]:
    wet = sum(1 for r in diapers if r.fields.get("wet"))
    solid = sum(1 for r in diapers if r.fields.get("solid"))
    return {"count": len(diapers), "wet": wet, "solid": solid}


def pumping_totals(sessions: list[RecordView]) -> dict[str, Any]:
    total = sum(float(r.fields.get("amount_ml") or 0) for r in sessions)
    return {"count": len(sessions), "total_ml": total}


def tummy_totals(sessions: list[RecordView]) -> dict[str, Any]:
    total = sum(_tummy_minutes(r) for r in sessions)
    milestones = [str(r.fields["milestone"]) for r in sessions if r.fields.get("milestone")]
    return {"count": len(sessions), "total_min": total, "milestones": milestones}


def _tummy_minutes(r: RecordView) -> float:
    if r.fields.get("duration_min"):
        return float(r.fields["duration_min"])
    start, end = r.fields.get("start"), r.fields.get("end")
    return max((end - start).total_seconds() / 60, 0) if start and end else 0.0
