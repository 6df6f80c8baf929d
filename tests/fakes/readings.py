"""A model's answer in the shape it is asked for (`ModelReading`: every fact an item of `facts`), from the
`Extraction`-shaped dicts many tests and the hostile strategies write: the first fact's record type,
slots, sleep event and baby at the top, the others in `also`. What a model is no longer asked for (the
units said, what was left unused, a clock time without a day) is left out. A dict already in the
reading's shape is returned as it is."""
from __future__ import annotations

from typing import Any

FACT_KEYS = ("record_type", "slots", "sleep_event", "baby", "every_baby", "said")
NOT_ASKED = ("unaccounted", "units_said", "clock_without_day")


def as_reading(output: dict[str, Any]) -> dict[str, Any]:
    if "facts" in output or not isinstance(output, dict):
        return output
    reading = {k: v for k, v in output.items()
               if k not in FACT_KEYS + NOT_ASKED + ("also", "amount_unit_assumed")}
    first = _fact(output)
    also = output.get("also")
    facts = ([first] if first else []) + ([_fact(f) if isinstance(f, dict) else f for f in also]
                                          if isinstance(also, list) else [])
    if also is not None and not isinstance(also, list):
        facts.append(also)                  # a hostile `also` that is not a list stays as wrong as it was
    if facts:
        reading["facts"] = facts
    return reading


def _fact(part: dict[str, Any]) -> dict[str, Any]:
    fact = {k: part[k] for k in FACT_KEYS if k in part}
    if "amount_unit_assumed" in part:
        fact["unit_assumed"] = part["amount_unit_assumed"]
    return fact
