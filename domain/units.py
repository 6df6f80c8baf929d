"""Every unit conversion, once. Storage is metric (ml, kg, cm, °C); what families say is converted
on the way in, and shown back in their units on the way out."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

OZ_ML = 29.5735          # a US fluid ounce in millilitres
LB_KG = 0.45359237       # the international avoirdupois pound
OZ_KG = LB_KG / 16       # an avoirdupois ounce of weight
JIN_KG = 0.5             # 斤 (the market catty)
LIANG_KG = JIN_KG / 10   # 两
INCH_CM = 2.54


def fahrenheit_to_c(value: float) -> float:
    """°F → °C, to two places (so 101°F reads back as 101°F)."""
    return round((value - 32) * 5 / 9, 2)


def c_to_fahrenheit(value: float) -> float:
    return value * 9 / 5 + 32


# --- Display units: what a family reads. Storage stays metric; only the text changes. -----------------

#: each quantity's choices, the metric one first (the default)
UNIT_CHOICES: dict[str, tuple[str, ...]] = {
    "volume": ("ml", "oz"),
    "weight": ("kg", "lb", "jin"),        # jin: 斤 (with 两 below one decimal)
    "length": ("cm", "in"),
    "temperature": ("c", "f"),
}


#: the clock a family reads times on: 20:35, or 8:35 PM
CLOCKS = ("24h", "12h")
#: where English-speaking families read a 12-hour clock by default (zone prefixes; the rest: 24 hours)
TWELVE_HOUR_ZONES = ("America/", "US/", "Canada/", "Australia/", "Pacific/Auckland", "NZ", "Asia/Manila",
                     "Asia/Kolkata", "Asia/Calcutta", "Asia/Karachi", "Africa/Cairo")


@dataclass(frozen=True)
class DisplayUnits:
    """The units a family reads amounts in (a family setting, `Family.settings["units"]`), and the clock it
    reads times on (`clock`, kept beside them: what a family reads, not what it stores)."""

    volume: str = "ml"
    weight: str = "kg"
    length: str = "cm"
    temperature: str = "c"
    clock: str = "24h"

    def changed(self, choices: Mapping[str, str]) -> DisplayUnits:
        """These units with some quantities chosen anew (unknown quantities or units are ignored)."""
        known = {q: u for q, u in choices.items() if u in UNIT_CHOICES.get(q, ())}
        if choices.get("clock") in CLOCKS:
            known["clock"] = choices["clock"]
        return replace(self, **known)

    @property
    def twelve_hour(self) -> bool:
        return self.clock == "12h"


METRIC = DisplayUnits()
US_CUSTOMARY = DisplayUnits(volume="oz", weight="lb", length="in", temperature="f", clock="12h")


def default_clock(language: str | None, timezone: str | None) -> str:
    """The clock a family reads before it chooses one: 12-hour for English in the zones that use it (the US,
    Canada, Australia, …), else 24-hour (Chinese families, most of Europe)."""
    english = (language or "").lower().startswith("en")
    return "12h" if english and (timezone or "").startswith(TWELVE_HOUR_ZONES) else "24h"


def display_units(stored: Mapping[str, Any] | None, clock: str = "24h") -> DisplayUnits:
    """A family's stored choices (`{"volume": "oz", ...}`); anything missing or unknown is metric, and the
    clock `clock` unless one was chosen (`default_clock`)."""
    return replace(METRIC, clock=clock if clock in CLOCKS else "24h").changed(dict(stored or {}))


def units_unchosen(stored: Mapping[str, Any] | None) -> frozenset[str]:
    """The quantities whose unit the family has not chosen yet (a first message may guess them)."""
    stored = stored or {}
    return frozenset(q for q in UNIT_CHOICES if stored.get(q) not in UNIT_CHOICES[q])


def measure_scale(measure: str, units: DisplayUnits) -> tuple[str, float]:
    """A growth measure (weight_kg, height_cm, head_cm) on a family's chart: its unit and what a stored
    value is multiplied by (6.9 kg × 2.2046 = 15.2 lb)."""
    if measure == "weight_kg":
        return units.weight, {"lb": 1 / LB_KG, "jin": 1 / JIN_KG}.get(units.weight, 1.0)
    return units.length, (1 / INCH_CM if units.length == "in" else 1.0)


# One rounding per unit, used by every text a family sees (answers, confirmations, summaries, the page).
def shown_ml(ml: float) -> float:
    return float(round(ml))


def shown_oz(ml: float) -> float:
    return round(ml / OZ_ML, 1)


def shown_kg(kg: float) -> float:
    return round(kg, 2)


def shown_lb_oz(kg: float) -> tuple[int, float]:
    """Pounds and ounces, the ounces to one decimal (7 lb 8.2 oz); 16 oz carry into a pound."""
    total_oz = round(kg / OZ_KG, 1)
    pounds = int(total_oz // 16)
    return pounds, round(total_oz - pounds * 16, 1)


def shown_jin(kg: float) -> float:
    return round(kg / JIN_KG, 1)


def shown_cm(cm: float) -> float:
    return round(cm, 1)


def shown_in(cm: float) -> float:
    return round(cm / INCH_CM, 1)


def shown_c(c: float) -> float:
    return round(c, 1)


def shown_f(c: float) -> float:
    return round(c_to_fahrenheit(c), 1)
