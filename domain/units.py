"""Every unit conversion, once. Storage is metric (ml, kg, cm, °C); what families say is converted
on the way in, and shown back in their units on the way out."""
from __future__ import annotations

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
