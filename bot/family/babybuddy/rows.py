"""One BabyBuddy CSV row → our record type and slots (not yet validated: the domain's rules do that), and
for each slot the column and text it was read from, so every reason names the file's own column.
A value that cannot be read raises `RowProblem` with words a person can act on.

BabyBuddy stores bare numbers: an amount, a weight or a length is in whatever unit its users typed.
`Reading` says which (`fawn import --units oz,lb,in`); temperatures above 50 are °F."""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
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
from bot.family.sources import Cell
from domain.units import fahrenheit_to_c
from domain.vocabulary import RecordType

Row = dict[str, str]
GROWTH_TIME = time(12)            # BabyBuddy measures have a date only: midday keeps the date in any zone
FAHRENHEIT_ABOVE = 50.0           # BabyBuddy stores a bare number: above this it is °F
PLACES = {"amount_ml": 1, "weight_kg": 3, "height_cm": 1, "head_cm": 1}    # a converted value, rounded
_DURATION = re.compile(r"^(?:(?P<days>\d+) days?, )?(?P<h>\d+):(?P<m>\d{2})(?::(?P<s>\d{2}(?:\.\d+)?))?$")


class RowProblem(ValueError):
    """A row that cannot be read: the column, its text, and why."""

    def __init__(self, column: str, text: str, reason: str) -> None:
        super().__init__(f"{column} {text!r}: {reason}")
        self.column, self.text, self.reason = column, text, reason


@dataclass(frozen=True)
class Reading:
    """How to read the values: the family's zone and the units BabyBuddy's numbers were typed in."""

    zone: tzinfo
    ml_per_unit: float = 1.0      # --units oz: 29.5735
    kg_per_unit: float = 1.0      # --units lb: 0.45359237
    cm_per_unit: float = 1.0      # --units in: 2.54
    units_given: frozenset[str] = frozenset()     # the quantities --units named (volume, weight, length)


@dataclass
class Read:
    """One row as read: its record type, slots, and where each slot came from."""

    record_type: RecordType
    slots: dict[str, Any] = field(default_factory=dict)
    cells: dict[str, Cell] = field(default_factory=dict)


class _Cells:
    """A row's columns, read into slots; each read remembers its column and text."""

    def __init__(self, row: Row, reading: Reading, record_type: RecordType) -> None:
        self.row, self.r, self.read = row, reading, Read(record_type)

    def put(self, name: str, column: str, value: Any) -> None:
        self.read.slots[name] = value
        self.read.cells[name] = Cell(column, self.raw(column))

    def raw(self, column: str) -> str:
        return (self.row.get(column) or "").strip()

    def text(self, name: str, column: str) -> None:
        self.put(name, column, self.raw(column) or None)

    def number(self, name: str, column: str, scale: float = 1.0) -> float | None:
        """The number as typed, stored × `scale` (the unit it was typed in → ml, kg or cm)."""
        value = self.raw(column)
        try:
            number = float(value) if value else None
        except ValueError:
            raise RowProblem(column, value, "not a number") from None
        scaled = round(number * scale, PLACES.get(name, 2)) if number is not None and scale != 1.0 else number
        self.put(name, column, scaled)
        return number

    def flag(self, name: str, column: str) -> None:
        value = self.raw(column).lower()
        if value and value not in TRUE_WORDS | FALSE_WORDS:
            raise RowProblem(column, value, "not 1/0 or true/false")
        self.put(name, column, value in TRUE_WORDS if value else None)

    def choice(self, name: str, column: str, words: dict[str, str], optional: bool = False) -> str | None:
        value = self.raw(column).lower()
        if not value and optional:
            self.put(name, column, None)
            return None
        if value not in words:
            raise RowProblem(column, value, f"not one of {', '.join(sorted(words))}")
        self.put(name, column, words[value])
        return words[value]

    def moment(self, name: str, column: str, required: bool = True) -> datetime | None:
        value = self.raw(column)
        if not value:
            if required:
                raise RowProblem(column, value, "missing")
            return None
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            raise RowProblem(column, value, "not a time like 2024-05-01 14:30:00") from None
        parsed = parsed.replace(tzinfo=self.r.zone) if parsed.tzinfo is None else parsed.astimezone(self.r.zone)
        self.put(name, column, parsed)
        return parsed

    def end(self, start: datetime) -> None:
        """BabyBuddy requires an end; an end equal to the start means there was none."""
        if self.moment("end", "end", required=False) == start:
            self.put("end", "end", None)


def read_row(model: str, row: Row, reading: Reading) -> Read:
    reader = _READERS.get(model)
    if reader is None:
        raise RowProblem("file", model, "BabyBuddy's model has no Fawn record type")
    return reader(row, reading)


def _feeding(row: Row, r: Reading) -> Read:
    c = _Cells(row, r, RecordType.FEEDING)
    kind = c.choice("kind", "type", {v: k for k, v in FEEDING_TYPE.items()})
    c.end(c.moment("start", "start"))
    c.choice("method", "method", {v: k for k, v in FEEDING_METHOD.items()}, optional=True)
    if kind == "solid_food":
        c.number("amount_g", "amount")
        c.text("food", "notes")
        c.read.slots["food"] = c.read.slots["food"] or "solid food"
    else:
        c.number("amount_ml", "amount", r.ml_per_unit)
        c.text("notes", "notes")
    return c.read


def _sleep(row: Row, r: Reading) -> Read:
    c = _Cells(row, r, RecordType.SLEEP)
    c.moment("start", "start")
    c.moment("end", "end")
    c.flag("nap", "nap")
    c.text("notes", "notes")
    return c.read


def _diaper(row: Row, r: Reading) -> Read:
    c = _Cells(row, r, RecordType.DIAPER)
    c.moment("time", "time")
    c.flag("wet", "wet")
    c.flag("solid", "solid")
    c.choice("color", "color", {color: color for color in DIAPER_COLORS}, optional=True)
    c.text("notes", "notes")
    return c.read


def _pumping(row: Row, r: Reading) -> Read:
    c = _Cells(row, r, RecordType.PUMPING)
    c.end(c.moment("start", "start" if row.get("start") else "time"))    # older BabyBuddy files: one `time`
    c.number("amount_ml", "amount", r.ml_per_unit)
    return c.read


def _tummy(row: Row, r: Reading) -> Read:
    c = _Cells(row, r, RecordType.TUMMY_TIME)
    c.moment("start", "start")
    c.moment("end", "end")
    c.text("milestone", "milestone")
    return c.read


def _temperature(row: Row, r: Reading) -> Read:
    c = _Cells(row, r, RecordType.HEALTH)
    c.moment("time", "time")
    value = c.number("temperature_c", "temperature")
    if value is not None and value > FAHRENHEIT_ABOVE:
        c.read.slots["temperature_c"] = fahrenheit_to_c(value)
    c.read.slots["kind"] = "temperature"
    c.text("notes", "notes")
    return c.read


def _medication(row: Row, r: Reading) -> Read:
    c = _Cells(row, r, RecordType.HEALTH)
    c.moment("time", "time")
    c.read.slots["kind"] = "medication"
    c.text("medication", "name")
    c.number("dose", "dosage")
    c.choice("dose_unit", "dosage_unit", {u: u for u in DOSE_UNITS}, optional=True)
    c.put("next_dose_after_h", "next_dose_interval", _hours(c.raw("next_dose_interval")))
    c.text("notes", "notes")
    return c.read


def _growth(file_name: str) -> Callable[[Row, Reading], Read]:
    column, measure = GROWTH_FILES[file_name]

    def read(row: Row, r: Reading) -> Read:
        c = _Cells(row, r, RecordType.GROWTH)
        c.put("time", "date", datetime.combine(_date(c.raw("date")), GROWTH_TIME, tzinfo=r.zone))
        c.number(measure, column, r.kg_per_unit if measure == "weight_kg" else r.cm_per_unit)
        return c.read
    return read


def _note(row: Row, r: Reading) -> Read:
    c = _Cells(row, r, RecordType.NOTE)
    c.moment("time", "time")
    c.text("text", "note")
    return c.read


def _date(value: str) -> date:
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        raise RowProblem("date", value, "not a date like 2024-05-01") from None


def _hours(value: str) -> float | None:
    if not value:
        return None
    match = _DURATION.match(value)
    if match is None:
        raise RowProblem("next_dose_interval", value, "not a duration like 4:00:00")
    seconds = int(match["days"] or 0) * 86400 + int(match["h"]) * 3600 + int(match["m"]) * 60 + \
        float(match["s"] or 0)
    return round(seconds / 3600, 2)


_READERS: dict[str, Callable[[Row, Reading], Read]] = {
    "feeding": _feeding, "sleep": _sleep, "diaperchange": _diaper, "pumping": _pumping, "tummytime": _tummy,
    "temperature": _temperature, "medication": _medication, "note": _note,
    **{name.removesuffix(".csv"): _growth(name) for name in GROWTH_FILES},
}
