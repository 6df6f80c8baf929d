"""Record types: canonical fields, what is required, what is valid, what is plausible."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from domain.vocabulary import (
    DiaperColor,
    DoseUnit,
    FeedingKind,
    FeedingMethod,
    HealthKind,
    RecordType,
    Side,
    StoolConsistency,
)

FIELDS: dict[RecordType, tuple[str, ...]] = {
    RecordType.FEEDING: ("start", "end", "kind", "method", "amount_ml", "amount_g",
                         "duration_min", "food", "notes"),
    RecordType.SLEEP: ("start", "end", "nap", "night_wakings", "notes"),
    RecordType.DIAPER: ("time", "wet", "solid", "color", "consistency", "notes"),
    RecordType.GROWTH: ("time", "weight_kg", "height_cm", "head_cm"),
    RecordType.HEALTH: ("time", "kind", "temperature_c", "medication", "dose", "dose_unit",
                        "next_dose_after_h", "next_dose_up_to_h", "symptom", "vaccine", "notes"),
    RecordType.PUMPING: ("start", "end", "amount_ml", "side"),
    RecordType.TUMMY_TIME: ("start", "end", "duration_min", "milestone"),
    RecordType.NOTE: ("time", "text"),
    RecordType.PHOTO: ("time", "caption", "file"),
}

ENUM_FIELDS: dict[tuple[RecordType, str], type] = {
    (RecordType.FEEDING, "kind"): FeedingKind,
    (RecordType.FEEDING, "method"): FeedingMethod,
    (RecordType.DIAPER, "color"): DiaperColor,
    (RecordType.DIAPER, "consistency"): StoolConsistency,
    (RecordType.HEALTH, "kind"): HealthKind,
    (RecordType.HEALTH, "dose_unit"): DoseUnit,
    (RecordType.PUMPING, "side"): Side,
}

TIME_FIELD = {t: ("start" if "start" in f else "time") for t, f in FIELDS.items()}


@dataclass(frozen=True)
class Bound:
    """A number's hard limits (outside: refused) and plausible range (outside: confirm)."""

    hard_min: float
    hard_max: float
    plausible_min: float
    plausible_max: float


BOUNDS: dict[str, Bound] = {
    "amount_ml": Bound(0.5, 1000, 5, 350),
    "amount_g": Bound(0.5, 1000, 1, 300),
    "duration_min": Bound(0.5, 24 * 60, 1, 90),
    "night_wakings": Bound(0, 30, 0, 10),
    "weight_kg": Bound(0.3, 40, 1, 25),
    "height_cm": Bound(20, 150, 40, 120),
    "head_cm": Bound(15, 70, 28, 55),
    "temperature_c": Bound(25, 45, 34, 43),
    "dose": Bound(0.01, 1000, 0.05, 50),
    "next_dose_after_h": Bound(0.5, 72, 2, 24),
    "next_dose_up_to_h": Bound(0.5, 72, 2, 24),
}

# A dose is judged in its own unit (2.5 ml of syrup, 125 mg, 1 tablet, 5 drops); no unit: the generic bound.
DOSE_BOUNDS: dict[str, Bound] = {
    "ml": Bound(0.05, 100, 0.1, 20),
    "mg": Bound(0.1, 2000, 1, 500),
    "tablets": Bound(0.1, 20, 0.25, 4),
    "drops": Bound(1, 200, 1, 30),
}
# Pumping both sides can be more than one bottle.
PUMPING_AMOUNT = Bound(0.5, 1000, 5, 500)

SLEEP_MAX = timedelta(hours=24)
SLEEP_PLAUSIBLE_MAX = timedelta(hours=14)
FUTURE_TOLERANCE = timedelta(minutes=5)
PAST_PLAUSIBLE = timedelta(days=7)


@dataclass(frozen=True)
class Problem:
    """Something wrong with a record's values; `fatal` problems refuse the write."""

    field: str
    code: str            # e.g. too_large, negative, end_before_start, future_time
    fatal: bool
    values: dict[str, Any] = field(default_factory=dict)


def fields_for(record_type: RecordType, slots: dict[str, Any]) -> dict[str, Any]:
    """Keep only the canonical fields of this record type, with derived ones filled in."""
    allowed = FIELDS[record_type]
    fields = {k: v for k, v in slots.items() if k in allowed and v is not None}
    if TIME_FIELD[record_type] == "time" and "time" not in fields and slots.get("start"):
        fields["time"] = slots["start"]
    return _derive(record_type, fields, slots)


def _derive(record_type: RecordType, fields: dict[str, Any], slots: dict[str, Any]) -> dict[str, Any]:
    duration = slots.get("duration_min")
    if "start" in FIELDS[record_type] and duration and "start" not in fields and fields.get("end"):
        fields["start"] = fields["end"] - timedelta(minutes=duration)
    if record_type is RecordType.FEEDING:
        if fields.get("method") is None and fields.get("amount_ml") is not None and \
                fields.get("kind") in (FeedingKind.FORMULA, FeedingKind.BREAST_MILK,
                                       FeedingKind.FORTIFIED_BREAST_MILK, FeedingKind.WATER):
            fields["method"] = FeedingMethod.BOTTLE.value
        if fields.get("start") and duration and not fields.get("end") and \
                fields.get("method") in _BREAST_VALUES:
            fields["end"] = fields["start"] + timedelta(minutes=duration)
    if record_type is RecordType.SLEEP:
        fields.pop("duration_min", None)
        if fields.get("start") and fields.get("end") and "nap" not in fields:
            fields["nap"] = not is_night_sleep(fields["start"], fields["end"])
    return fields


_BREAST_VALUES = {FeedingMethod.LEFT_BREAST.value, FeedingMethod.RIGHT_BREAST.value,
                  FeedingMethod.BOTH_BREASTS.value}


NIGHT_FROM, NIGHT_UNTIL = 18, 6     # a sleep that starts 18:00–06:00 (local) is a night sleep


def is_night_sleep(start: datetime, end: datetime | None = None) -> bool:
    """By the clock (vocabulary.md): a sleep that starts between 18:00 and 06:00 is a night sleep, however
    long (21:00–23:50 and 00:10–02:30 are pieces of the night, not naps) — unless the family said which."""
    return start.hour >= NIGHT_FROM or start.hour < NIGHT_UNTIL


def missing_fields(record_type: RecordType, fields: dict[str, Any],
                   open_sleep_allowed: bool = False) -> list[str]:
    """The required fields not yet known, in the order the bot should ask for them."""
    f = fields
    if record_type is RecordType.FEEDING:
        missing = [] if f.get("kind") else ["kind"]
        if not f.get("start"):
            missing.append("start")
        if f.get("amount_ml") is None and _bottle_feed(f):
            missing.append("amount_ml")
        if f.get("kind") == FeedingKind.SOLID_FOOD.value and not f.get("food"):
            missing.append("food")
        return missing
    if record_type is RecordType.SLEEP:
        missing = [n for n in ("start", "end") if not f.get(n)]
        return ["start"] if open_sleep_allowed and missing == ["end"] else missing
    if record_type is RecordType.DIAPER:
        return (["time"] if not f.get("time") else []) + \
            (["wet"] if f.get("wet") is None and f.get("solid") is None else [])
    if record_type is RecordType.GROWTH:
        measures = ("weight_kg", "height_cm", "head_cm")
        return ([] if f.get("time") else ["time"]) + \
            ([] if any(f.get(m) is not None for m in measures) else ["weight_kg"])
    if record_type is RecordType.HEALTH:
        return _missing_health(f)
    if record_type is RecordType.PUMPING:
        return [n for n in ("start", "amount_ml") if f.get(n) is None]
    if record_type is RecordType.TUMMY_TIME:
        return ([] if f.get("start") else ["start"]) + \
            ([] if f.get("end") or f.get("duration_min") else ["duration_min"])
    if record_type is RecordType.NOTE:
        return [] if f.get("text") else ["text"]
    return [] if f.get("file") else ["file"]


_BOTTLE_KINDS = {FeedingKind.FORMULA.value, FeedingKind.FORTIFIED_BREAST_MILK.value}


def _bottle_feed(f: dict[str, Any]) -> bool:
    """A bottle feed needs its amount; formula comes in a bottle unless another method is said."""
    method = f.get("method")
    return method == FeedingMethod.BOTTLE.value or method is None and f.get("kind") in _BOTTLE_KINDS


def _missing_health(f: dict[str, Any]) -> list[str]:
    missing = [] if f.get("time") else ["time"]
    kind = f.get("kind")
    if not kind:
        return missing + ["kind"]
    named = {"temperature": "temperature_c", "medication": "medication", "symptom": "symptom",
             "vaccine": "vaccine"}.get(kind)
    if named and f.get(named) is None:
        missing.append(named)
    return missing


def problems(record_type: RecordType, fields: dict[str, Any], now: datetime) -> list[Problem]:
    """Fatal problems (refuse) and implausible values (confirm first)."""
    found: list[Problem] = []
    for name, value in fields.items():
        found.extend(_enum_problem(record_type, name, value))
        bound = bound_for(record_type, name, fields)
        if bound and isinstance(value, (int, float)) and not isinstance(value, bool):
            found.extend(_bound_problem(name, float(value), bound))
    found.extend(_time_problems(record_type, fields, now))
    return found


def bound_for(record_type: RecordType, name: str, fields: dict[str, Any]) -> Bound | None:
    """The limits of one number; a dose depends on its unit, pumping on its own bound."""
    if name == "dose" and fields.get("dose_unit") in DOSE_BOUNDS:
        return DOSE_BOUNDS[fields["dose_unit"]]
    if record_type is RecordType.PUMPING and name == "amount_ml":
        return PUMPING_AMOUNT
    return BOUNDS.get(name)


def _enum_problem(record_type: RecordType, name: str, value: Any) -> list[Problem]:
    enum = ENUM_FIELDS.get((record_type, name))
    if enum is None or value in {e.value for e in enum}:
        return []
    return [Problem(name, "unknown_value", True, {"value": value})]


def _bound_problem(name: str, value: float, bound: Bound) -> list[Problem]:
    if value < 0:
        return [Problem(name, "negative", True, {"value": value})]
    if value < bound.hard_min or value > bound.hard_max:
        return [Problem(name, "absurd", True, {"value": value})]
    if value < bound.plausible_min or value > bound.plausible_max:
        return [Problem(name, "implausible", False, {"value": value})]
    return []


def _time_problems(record_type: RecordType, f: dict[str, Any], now: datetime) -> list[Problem]:
    found: list[Problem] = []
    start, end = f.get("start") or f.get("time"), f.get("end")
    if start and end and end <= start:
        found.append(Problem("end", "end_before_start", True))
    if start and end and record_type is RecordType.SLEEP and end - start > SLEEP_MAX:
        found.append(Problem("end", "too_long", True))
    elif start and end and record_type is RecordType.SLEEP and end - start > SLEEP_PLAUSIBLE_MAX:
        found.append(Problem("end", "implausible", False))
    for name, value in (("start", start), ("end", end)):
        if value and value > now + FUTURE_TOLERANCE:
            found.append(Problem(name, "future_time", False))
        elif value and value < now - PAST_PLAUSIBLE:
            found.append(Problem(name, "long_ago", False))
    return found
