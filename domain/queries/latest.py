"""The most recent records: the last time, the latest growth, temperature, next dose, photos."""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from domain.turn import BabyView, RecordView
from domain.vocabulary import MILK_KINDS, FeedingKind, HealthKind

MEASURES = ("weight_kg", "height_cm", "head_cm")
DOSE_LOOKBACK = timedelta(days=3)     # a dose older than this has no "next dose" worth telling
PHOTOS_SHOWN = 5
FACTS_PERCENTILES = "growth_percentiles"   # Turn.query_facts key: {record id: {measure: percentile}}


def when(r: RecordView) -> datetime:
    return r.fields.get("start") or r.fields.get("time")


def newest_first(records: list[RecordView], now: datetime | None = None) -> list[RecordView]:
    timed = [r for r in records if when(r) is not None and (now is None or when(r) <= now + timedelta(minutes=5))]
    return sorted(timed, key=lambda r: (when(r), r.id), reverse=True)


DIAPER_DETAILS = ("wet", "solid")     # 上次大便 asks for the last dirty diaper, 上次尿尿 the last wet one


def last_record(records: list[RecordView], detail: str | None, now: datetime) -> dict[str, Any]:
    """The newest record: of a health kind when one is asked (上次吃药 → medication), or a dirty / wet
    diaper (上次大便 → solid)."""
    if detail in DIAPER_DETAILS:
        records = [r for r in records if r.fields.get(detail)]
    elif detail:
        records = [r for r in records if r.fields.get("kind") == detail]
    latest = newest_first(records, now)
    return {"last": latest[0] if latest else None, "now": now}


def last_feeding(records: list[RecordView], detail: str | None, now: datetime) -> dict[str, Any]:
    """The last feed: water is no feed; asked about milk (多久没喝奶了), only milk counts."""
    kinds = MILK_KINDS if detail == "milk" else tuple(k.value for k in FeedingKind if k is not FeedingKind.WATER)
    return last_record([r for r in records if (r.fields.get("kind") or "formula") in kinds], None, now)


def growth(records: list[RecordView], baby: BabyView | None, facts: dict[str, Any]) -> dict[str, Any]:
    """The latest value of each measure, with the WHO percentile the shell computed for it."""
    percentiles = facts.get(FACTS_PERCENTILES, {})
    measures: dict[str, dict[str, Any]] = {}
    for measure in MEASURES:
        latest = next((r for r in newest_first(records) if r.fields.get(measure) is not None), None)
        if latest is not None:
            measures[measure] = {"value": float(latest.fields[measure]), "time": when(latest),
                                 "percentile": percentiles.get(latest.id, {}).get(measure)}
    return {"measures": measures, "sex": baby.sex if baby else None}


def temperature(records: list[RecordView], now: datetime) -> dict[str, Any]:
    taken = [r for r in records if r.fields.get("kind") == HealthKind.TEMPERATURE.value
             and r.fields.get("temperature_c") is not None]
    latest = newest_first(taken, now)
    return {"last": latest[0] if latest else None, "now": now}


def highest_temperature(records: list[RecordView], now: datetime) -> dict[str, Any]:
    """今天体温最高多少 / her highest temp today: the highest of the period's temperatures, and when."""
    taken = [r for r in records if r.fields.get("kind") == HealthKind.TEMPERATURE.value
             and r.fields.get("temperature_c") is not None]
    top = max(taken, key=lambda r: (float(r.fields["temperature_c"]), when(r)), default=None)
    return {"last": top, "highest": True, "count": len(taken), "now": now}


def next_doses(records: list[RecordView], medicine: str | None, now: datetime) -> dict[str, Any]:
    """Per medicine, its last dose and when the next may be given (last dose + next_dose_after_h)."""
    doses = [r for r in records if r.fields.get("kind") == HealthKind.MEDICATION.value]
    if medicine:
        doses = [r for r in doses if _same_medicine(str(r.fields.get("medication") or ""), medicine)]
    latest: dict[str, RecordView] = {}
    for r in newest_first(doses, now):
        latest.setdefault(str(r.fields.get("medication") or "").lower(), r)
    out = []
    for r in latest.values():
        hours = r.fields.get("next_dose_after_h")
        next_at = when(r) + timedelta(hours=float(hours)) if hours else None
        if next_at is None and now - when(r) > DOSE_LOOKBACK:
            continue
        out.append({"record": r, "medication": r.fields.get("medication"), "time": when(r),
                    "dose": r.fields.get("dose"), "dose_unit": r.fields.get("dose_unit"),
                    "after_h": hours, "up_to_h": r.fields.get("next_dose_up_to_h"), "next_at": next_at})
    out.sort(key=lambda d: d["next_at"] or d["time"])
    return {"doses": out, "medicine": medicine, "now": now}


def _same_medicine(recorded: str, asked: str) -> bool:
    a, b = recorded.strip().lower(), asked.strip().lower()
    return bool(a and b) and (a in b or b in a)


def photos(records: list[RecordView]) -> dict[str, Any]:
    shown = [r for r in newest_first(records) if r.fields.get("file")][:PHOTOS_SHOWN]
    return {"photos": shown}
