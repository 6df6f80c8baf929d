"""Quantities with units in normalised text (digits, see numerals.normalise), as canonical units.

Weight → kg (kg, 公斤, g, 克, 斤 = 0.5 kg, 两 = 0.05 kg, 6斤半, 12斤3两, lb / 磅, oz / 盎司);
length → cm (cm, 厘米, 公分, m, 米, inch); temperature → °C (°F converted); volume → ml.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from bot.understanding.lexicon import MEASURE_EN, MEASURE_SIZE_ZH, MEASURE_ZH
from bot.understanding.timeparse import day_offset
from domain.units import INCH_CM, JIN_KG, LB_KG, LIANG_KG, OZ_KG, OZ_ML, fahrenheit_to_c

__all__ = ["fahrenheit_to_c"]   # readers take the conversion from here with the patterns


NUM = r"((?:(?<![\da-zA-Z.])-)?\d+(?:\.\d+)?)"     # a sign only where no number or word runs into it
_WEIGHT = re.compile(
    rf"{NUM}\s*斤\s*(?:(半)|{NUM}\s*两)?"
    rf"|{NUM}\s*两"
    rf"|{NUM}\s*(?:kg|kgs|公斤|千克|kilos?|kilograms?)(?![a-z])"
    rf"|{NUM}\s*(?:g|克|grams?)(?![a-z])"
    rf"|{NUM}\s*(?:lbs?|pounds?|磅)\s*(?:{NUM}\s*(?:oz|ounces?|盎司))?"
    rf"|{NUM}\s*(?:oz|ounces?|盎司)(?![a-z])", re.I)
_LENGTH = re.compile(
    rf"{NUM}\s*(?:(cm|厘米|公分|centimet(?:er|re)s?)|(mm|毫米)|(m|米|met(?:er|re)s?)(?![a-z米])"
    rf"|(inch(?:es)?|in\b|\"|″|英寸))", re.I)
_TEMPERATURE = re.compile(
    rf"{NUM}\s*(?:(℃|°\s*c|摄氏度|度\s*(\d)(?!\d)|度|c\b|celsius)|(℉|°\s*f|华氏度|f\b|fahrenheit))", re.I)
_VOLUME = re.compile(rf"{NUM}\s*(?:(ml|mls|毫升|cc|毫)(?![a-z])|(oz|ounces?|盎司))", re.I)
BARE = re.compile(r"(?<![\d.:])(\d{1,4}(?:\.\d+)?)(?![\d.:])(?!\s*(?:点|:|分钟|分|个|小时|次|h\b|min|天|岁|号|月|周|am|pm|"
                  rf"[{MEASURE_SIZE_ZH}]?(?:{'|'.join(MEASURE_ZH)})|(?:{'|'.join(MEASURE_EN)})s?\b))", re.I)   # not 2袋


@dataclass(frozen=True)
class Quantity:
    value: float
    start: int
    end: int


def weights_kg(text: str) -> list[Quantity]:
    return [Quantity(round(_kg(m), 3), m.start(), m.end()) for m in _WEIGHT.finditer(text)]


def _kg(m: re.Match[str]) -> float:
    g = m.groups()
    if g[0] is not None:
        liang = 5 if g[1] else float(g[2]) if g[2] else 0
        return float(g[0]) * JIN_KG + liang * LIANG_KG
    if g[3] is not None:
        return float(g[3]) * LIANG_KG
    if g[4] is not None:
        return float(g[4])
    if g[5] is not None:
        return float(g[5]) / 1000
    if g[6] is not None:
        return float(g[6]) * LB_KG + (float(g[7]) * OZ_KG if g[7] else 0)
    return float(g[8]) * OZ_KG


def lengths_cm(text: str) -> list[Quantity]:
    found = []
    for m in _LENGTH.finditer(text):
        value = float(m.group(1))
        factor = 1.0 if m.group(2) else 0.1 if m.group(3) else 100.0 if m.group(4) else INCH_CM
        found.append(Quantity(round(value * factor, 1), m.start(), m.end()))
    return found


def temperature_c(text: str) -> float | None:
    """The first temperature with a unit; 37度5 is 37.5; °F becomes °C."""
    m = _TEMPERATURE.search(text)
    if m is None:
        return None
    value = float(m.group(1))
    if m.group(3):
        value += float(m.group(3)) / 10
    return fahrenheit_to_c(value) if m.group(4) else value


def volumes_ml(text: str) -> list[Quantity]:
    return [Quantity(round(float(m.group(1)) * (OZ_ML if m.group(3) else 1), 1), m.start(), m.end())
            for m in _VOLUME.finditer(text)]


def now_unless_other_day(text: str, point: datetime | None, now: datetime, named: bool) -> datetime | None:
    """A named event without a time happened now — unless another day is said (昨天打了疫苗): then ask."""
    if point is not None or not named:
        return point
    return None if day_offset(text) not in (None, 0) else now


def bare_numbers(text: str) -> list[float]:
    return [float(m.group(1)) for m in BARE.finditer(text)]
