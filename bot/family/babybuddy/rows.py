"""One BabyBuddy CSV row → our record type and slots (not yet validated: the domain's rules do that).
A value that cannot be read raises `RowProblem` with words a person can act on."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, tzinfo
from typing import Any

from bot.family.babybuddy.columns import (
    DIAPER_COLORS,
    DOSE_UNITS,
    FALSE_WORDS,
    FEEDING_METHOD,
    FEEDING_TYPE,
    GROWTH_FILES,
    TRUE_WORDS,
)
from domain.units import fahrenheit_to_c
from domain.vocabulary import RecordType

Row = dict[str, str]
GROWTH_TIME = time(12)            # BabyBuddy measures have a date only: midday keeps the date in any zone
FAHRENHEIT_ABOVE = 50.0           # BabyBuddy stores a bare number: above this it is °F
_DURATION = re.compile(r"^(?:(?P<days>\d+) days?, )?(?P<h>\d+):(?P<m>\d{2})(?::(?P<s>\d{2}(?:\.\d+)?))?$")


class RowProblem(ValueError):
    """A row that cannot be read; the message names the column."""


@dataclass(frozen=True)
class Reading:
    """How to read the values: the family's zone and the unit of liquid amounts."""

    zone: tzinfo
    ml_per_unit: float = 1.0      # --units oz: 29.5735


def read_row(model: str, row: Row, reading: Reading) -> tuple[RecordType, dict[str, Any]]:
    reader = _READERS.get(model)
    if reader is None:
        raise RowProblem(f"BabyBuddy's {model} has no Fawn record type")
    return reader(row, reading)


def _feeding(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
    kind = _choice(row, "type", {v: k for k, v in FEEDING_TYPE.items()})
    start = _time(row, "start", r)
    slots: dict[str, Any] = {"start": start, "end": _end(row, start, r), "kind": kind,
                             "method": _choice(row, "method", {v: k for k, v in FEEDING_METHOD.items()}, True),
                             "notes": _text(row, "notes")}
    amount = _number(row, "amount")
    if kind == "solid_food":
        slots.update(amount_g=amount, food=slots.pop("notes") or "solid food")
    elif amount is not None:
        slots["amount_ml"] = round(amount * r.ml_per_unit, 1)
    return RecordType.FEEDING, slots


def _sleep(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
    return RecordType.SLEEP, {"start": _time(row, "start", r), "end": _time(row, "end", r),
                              "nap": _bool(row, "nap"), "notes": _text(row, "notes")}


def _diaper(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
    color = _choice(row, "color", {c: c for c in DIAPER_COLORS}, True)
    return RecordType.DIAPER, {"time": _time(row, "time", r), "wet": _bool(row, "wet"),
                               "solid": _bool(row, "solid"), "color": color, "notes": _text(row, "notes")}


def _pumping(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
    start = _time(row, "start" if row.get("start") else "time", r)    # older BabyBuddy files: one `time`
    amount = _number(row, "amount")
    return RecordType.PUMPING, {"start": start, "end": _end(row, start, r),
                                "amount_ml": round(amount * r.ml_per_unit, 1) if amount is not None else None}


def _tummy(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
    return RecordType.TUMMY_TIME, {"start": _time(row, "start", r), "end": _time(row, "end", r),
                                   "milestone": _text(row, "milestone")}


def _temperature(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
    value = _number(row, "temperature")
    if value is not None and value > FAHRENHEIT_ABOVE:
        value = fahrenheit_to_c(value)
    return RecordType.HEALTH, {"time": _time(row, "time", r), "kind": "temperature", "temperature_c": value,
                               "notes": _text(row, "notes")}


def _medication(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
    return RecordType.HEALTH, {"time": _time(row, "time", r), "kind": "medication",
                               "medication": _text(row, "name"), "dose": _number(row, "dosage"),
                               "dose_unit": _choice(row, "dosage_unit", {u: u for u in DOSE_UNITS}, True),
                               "next_dose_after_h": _hours(row, "next_dose_interval"),
                               "notes": _text(row, "notes")}


def _growth(file_name: str) -> Callable[[Row, Reading], tuple[RecordType, dict[str, Any]]]:
    column, measure = GROWTH_FILES[file_name]

    def read(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
        on = _date(row, "date")
        return RecordType.GROWTH, {"time": datetime.combine(on, GROWTH_TIME, tzinfo=r.zone),
                                   measure: _number(row, column)}
    return read


def _note(row: Row, r: Reading) -> tuple[RecordType, dict[str, Any]]:
    return RecordType.NOTE, {"time": _time(row, "time", r), "text": _text(row, "note")}


def _text(row: Row, column: str) -> str | None:
    value = (row.get(column) or "").strip()
    return value or None


def _number(row: Row, column: str) -> float | None:
    value = _text(row, column)
    if value is None:
        return None
    try:
        return float(value)
    except ValueError:
        raise RowProblem(f"{column}: {value!r} is not a number") from None


def _bool(row: Row, column: str) -> bool | None:
    value = (_text(row, column) or "").lower()
    if value in TRUE_WORDS or value in FALSE_WORDS:
        return value in TRUE_WORDS
    if not value:
        return None
    raise RowProblem(f"{column}: {value!r} is not 1/0 or true/false")


def _choice(row: Row, column: str, words: dict[str, str], optional: bool = False) -> str | None:
    value = (_text(row, column) or "").lower()
    if not value and optional:
        return None
    if value not in words:
        raise RowProblem(f"{column}: {value!r} is not one of {', '.join(sorted(words))}")
    return words[value]


def _time(row: Row, column: str, r: Reading) -> datetime:
    value = _optional_time(row, column, r)
    if value is None:
        raise RowProblem(f"{column}: missing")
    return value


def _optional_time(row: Row, column: str, r: Reading) -> datetime | None:
    value = _text(row, column)
    if value is None:
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise RowProblem(f"{column}: {value!r} is not a time like 2024-05-01 14:30:00") from None
    return parsed.replace(tzinfo=r.zone) if parsed.tzinfo is None else parsed.astimezone(r.zone)


def _end(row: Row, start: datetime, r: Reading) -> datetime | None:
    """BabyBuddy requires an end; an end equal to the start means there was none."""
    end = _optional_time(row, "end", r)
    return None if end == start else end


def _date(row: Row, column: str) -> date:
    value = _text(row, column)
    try:
        return date.fromisoformat((value or "")[:10])
    except ValueError:
        raise RowProblem(f"{column}: {value!r} is not a date like 2024-05-01") from None


def _hours(row: Row, column: str) -> float | None:
    value = _text(row, column)
    if value is None:
        return None
    match = _DURATION.match(value)
    if match is None:
        raise RowProblem(f"{column}: {value!r} is not a duration like 4:00:00")
    seconds = int(match["days"] or 0) * 86400 + int(match["h"]) * 3600 + int(match["m"]) * 60 + \
        float(match["s"] or 0)
    return round(seconds / 3600, 2)


_READERS: dict[str, Callable[[Row, Reading], tuple[RecordType, dict[str, Any]]]] = {
    "feeding": _feeding, "sleep": _sleep, "diaperchange": _diaper, "pumping": _pumping, "tummytime": _tummy,
    "temperature": _temperature, "medication": _medication, "note": _note,
    **{name.removesuffix(".csv"): _growth(name) for name in GROWTH_FILES},
}
