"""Amounts in the family's display units: every volume, weight, length and temperature a family reads.

The units are a family setting (domain/units.py `DisplayUnits`). The renderers take them from the one
context the shell opens around a rendering (`units_shown(units)`: a turn's reply, a summary, the page),
so no text can show an amount in other units or rounded another way than the rest: each unit has one
rounding (domain/units.py `shown_*`) and one template (`unit.*` in the catalogues).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.replies.catalog import label, text
from domain.replies.shown import current_units, units_shown
from domain.units import (
    shown_c,
    shown_cm,
    shown_f,
    shown_in,
    shown_jin,
    shown_kg,
    shown_lb_oz,
    shown_ml,
    shown_oz,
)
from domain.vocabulary import Language

__all__ = ["current_units", "units_shown"]   # the context lives in shown.py; renderers import it from here


def digits(x: float) -> str:
    """A rounded number without trailing zeros: 4.0 → 4, 6.50 → 6.5."""
    return f"{float(x):.2f}".rstrip("0").rstrip(".")


def dose_number(x: float) -> str:
    """A dose as it was given: 1.25 stays 1.25, 0.125 stays 0.125 (never rounded where a parent reads it);
    doses keep their own unit (ml of syrup in an ounce family too)."""
    return f"{float(x):.3f}".rstrip("0").rstrip(".")


def dose(f: Mapping[str, Any], lang: Language) -> str:
    """A record's dose and its unit as said: 1.25ml, 2 tablet(s); empty without a dose."""
    if f.get("dose") is None:
        return ""
    return f"{dose_number(f['dose'])}{label(lang, 'dose_unit', f.get('dose_unit') or '', '')}"


def dose_interval(f: Mapping[str, Any], lang: Language) -> tuple[str, str]:
    """The hours before the next dose, and what was said when it was a range (every 4 to 6 hours: "4", and
    "; 4–6 h was said, the shorter is kept")."""
    after, up_to = f.get("next_dose_after_h"), f.get("next_dose_up_to_h")
    if after is None:
        return "", ""
    said = text(lang, "dose.range_said", low=dose_number(after), high=dose_number(up_to)) \
        if up_to is not None and float(up_to) > float(after) else ""
    return dose_number(after), said


def volume(ml: float, lang: Language) -> str:
    if current_units().volume == "oz":
        return text(lang, "unit.oz", value=digits(shown_oz(ml)))
    return text(lang, "unit.ml", value=digits(shown_ml(ml)))


def volume_unit(lang: Language) -> str:
    """The unit's name alone (a chart axis, a field name): ml / oz."""
    return text(lang, f"unit_name.{current_units().volume}")


def weight(kg: float, lang: Language) -> str:
    unit = current_units().weight
    if unit == "lb":
        pounds, ounces = shown_lb_oz(kg)
        if not ounces:
            return text(lang, "unit.lb", pounds=pounds)
        if not pounds:
            return text(lang, "unit.oz_weight", ounces=digits(ounces))
        return text(lang, "unit.lb_oz", pounds=pounds, ounces=digits(ounces))
    if unit == "jin":
        return text(lang, "unit.jin", value=digits(shown_jin(kg)))
    return text(lang, "unit.kg", value=digits(shown_kg(kg)))


def length(cm: float, lang: Language) -> str:
    if current_units().length == "in":
        return text(lang, "unit.in", value=digits(shown_in(cm)))
    return text(lang, "unit.cm", value=digits(shown_cm(cm)))


def temperature(c: float, lang: Language) -> str:
    """38.5°C (the English catalogue adds the °F gloss for metric families), or 101.3°F."""
    if current_units().temperature == "f":
        return text(lang, "unit.fahrenheit", value=digits(shown_f(c)))
    shown = text(lang, "unit.celsius", value=digits(shown_c(c)))
    if text(lang, "temperature.show_fahrenheit"):
        shown += text(lang, "temperature.fahrenheit", fahrenheit=digits(shown_f(c)))
    return shown


def measure(name: str, value: float, lang: Language) -> str:
    """A growth measure by its field name (weight_kg, height_cm, head_cm)."""
    return weight(value, lang) if name.endswith("_kg") else length(value, lang)
