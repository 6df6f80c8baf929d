"""不是120，是100 / it was 3.5 not 3 / 5.3 not 5.1: the wrong value names the record that holds it — and the field.

A value said as wrong matches a recent record's number in any unit a family reads it in (120 ml, 3 oz, 5.1 kg,
10.2 斤, 100.4 °F): the newest record holding it is the one meant, and a bare new number ("3.5", "5.3") is a
new value of that same field, in that same unit.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from domain.babies import baby_named
from domain.turn import RecordView, Turn
from domain.units import INCH_CM, JIN_KG, LB_KG, OZ_ML, fahrenheit_to_c

# a stored field → the units a family may say it in, as (name, stored value per said unit)
SAID_IN: dict[str, tuple[tuple[str, float], ...]] = {
    "amount_ml": (("ml", 1.0), ("oz", OZ_ML)),
    "weight_kg": (("kg", 1.0), ("lb", LB_KG), ("jin", JIN_KG), ("g", 0.001)),
    "height_cm": (("cm", 1.0), ("in", INCH_CM)),
    "head_cm": (("cm", 1.0), ("in", INCH_CM)),
    "dose": (("as said", 1.0),),
    "duration_min": (("min", 1.0), ("h", 60.0)),
    "night_wakings": (("times", 1.0),),
    "amount_g": (("g", 1.0),),
}


def of_named_baby(turn: Turn, records: Iterable[RecordView]) -> list[RecordView]:
    """The records of the baby the message names, when it names one of several (leo only had 3 not 4: Leo's)."""
    baby = baby_named(turn.babies, turn.extraction.baby) if len(turn.babies) > 1 else None
    return [r for r in records if baby is None or r.baby_id == baby.id]


def holding(turn: Turn, value: float) -> tuple[RecordView, str, float] | None:
    """The newest record with a number equal to `value` in some unit: (record, field, stored per unit)."""
    live = sorted((r for r in of_named_baby(turn, turn.recent_records) if not r.deleted),
                  key=lambda r: (r.created_at, r.id), reverse=True)
    for record in live:
        for field, stored in record.fields.items():
            if field == "temperature_c" and isinstance(stored, (int, float)):
                if _close(stored, value) or _close(stored, fahrenheit_to_c(value)):
                    return record, field, 0.0        # 0: said in °C or °F, read as the value said
                continue
            for _, per_unit in SAID_IN.get(field, ()):
                if isinstance(stored, (int, float)) and _close(stored, value * per_unit):
                    return record, field, per_unit
    return None


def new_value(field: str, per_unit: float, said: float) -> float:
    """A bare new number in the unit the wrong one was said in."""
    if field == "temperature_c":
        return fahrenheit_to_c(said) if said > 50 else said
    return round(said * per_unit, 3)


def bare_number(slots: dict[str, Any]) -> float | None:
    """The one number a correction said without a unit of its own (3.5 / 5.3), read as an amount by the rules."""
    numbers = [v for k, v in slots.items() if isinstance(v, (int, float)) and not isinstance(v, bool)]
    return float(numbers[0]) if len(numbers) == 1 and set(slots) <= {"amount_ml"} else None


def _close(stored: float, said: float) -> bool:
    return abs(stored - said) <= max(0.05, abs(said) * 0.02)
