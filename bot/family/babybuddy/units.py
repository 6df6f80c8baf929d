"""BabyBuddy keeps bare numbers: an amount, a weight or a length is in whatever unit its users typed. Before
anything is written, the files are read once for the units: when most of a quantity's values are odd in
metric and ordinary in US units (amounts of 4, heights of 24), the import stops and says which `--units`
reads them — importing them as millilitres and then again as ounces would leave two wrong records of
every feed. A single odd value among ordinary ones is refused on its row, with the same hint."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from pathlib import Path

from bot.family.babybuddy.rows import Reading
from bot.family.sources import Hint
from domain.records import BOUNDS
from domain.units import INCH_CM, LB_KG, OZ_ML


@dataclass(frozen=True)
class Quantity:
    name: str             # volume | weight | length
    field: str            # the Fawn field whose bounds judge it
    scale: str            # the Reading attribute
    factor: float         # one US unit in the metric one
    flag: str             # the --units word


VOLUME = Quantity("volume", "amount_ml", "ml_per_unit", OZ_ML, "oz")
WEIGHT = Quantity("weight", "weight_kg", "kg_per_unit", LB_KG, "lb")
LENGTH = Quantity("length", "height_cm", "cm_per_unit", INCH_CM, "in")
BY_FIELD = {"amount_ml": VOLUME, "weight_kg": WEIGHT, "height_cm": LENGTH, "head_cm": LENGTH}
# the columns of each model that hold a quantity (a solid food's amount is grams: not one of them)
MEASURED = {"feeding": ("amount", "amount_ml"), "pumping": ("amount", "amount_ml"), "weight": ("weight", "weight_kg"),
            "height": ("height", "height_cm"), "headcircumference": ("head_circumference", "head_cm")}
ADVICE = {"oz": "ounces? import with --units oz", "lb": "pounds? import with --units lb",
          "in": "inches? import with --units in"}


class UnitsUnclear(ValueError):
    """Most of a quantity's values read right only in other units, and none were given."""


def odd_in_metric(name: str, value: float) -> bool:
    """Implausible as millilitres / kilograms / centimetres, ordinary in ounces / pounds / inches."""
    bound, quantity = BOUNDS[name], BY_FIELD[name]
    metric = bound.plausible_min <= value <= bound.plausible_max
    return not metric and bound.plausible_min <= value * quantity.factor <= bound.plausible_max


def unit_hint(reading: Reading) -> Hint:
    def hint(name: str, value: float) -> str | None:
        quantity = BY_FIELD.get(name)
        if quantity is None or quantity.name in reading.units_given or not odd_in_metric(name, value):
            return None
        return ADVICE[quantity.flag]
    return hint


def check_units(files: list[tuple[Path, str]], reading: Reading) -> None:
    """Raises `UnitsUnclear` when more than half of a quantity's values (three at least) look typed in US
    units and `--units` does not say which unit they are. Weights cannot tell (14 lb is a plausible 14 kg):
    then they must be named too."""
    seen: dict[str, list[int]] = {}
    for path, model in files:
        column, name = MEASURED.get(model, ("", ""))
        quantity = BY_FIELD.get(name)
        if quantity is None or quantity.name in reading.units_given:
            continue
        counts = seen.setdefault(quantity.flag, [0, 0])
        for value in _numbers(path, column, model):
            counts[0] += odd_in_metric(name, value)
            counts[1] += 1
    unclear = {flag: (odd, total) for flag, (odd, total) in seen.items() if total >= 3 and odd * 2 > total}
    if not unclear:
        return
    said = [f"{odd} of {total} {flag_name(flag)} read right only as {flag}" for flag, (odd, total) in unclear.items()]
    flags = list(unclear)
    if "lb" not in unclear and seen.get("lb", [0, 0])[1]:     # pounds fit kilograms' range: they cannot be told
        said.append(f"the {seen['lb'][1]} weights may be kg or lb")
        flags.append("lb")
    raise UnitsUnclear(f"{'; '.join(said)}: run again with --units {','.join(sorted(flags, key=ORDER.index))} "
                       "(name each unit: --units ml,kg imports the numbers as they are); nothing was imported")


ORDER = ["oz", "lb", "in"]


def flag_name(flag: str) -> str:
    return {"oz": "amounts", "lb": "weights", "in": "lengths"}[flag]


def _numbers(path: Path, column: str, model: str) -> list[float]:
    found = []
    with path.open(newline="", encoding="utf-8-sig") as handle:
        reader = csv.DictReader(handle)
        reader.fieldnames = [(name or "").strip().lower() for name in reader.fieldnames or []]
        for row in reader:
            if model == "feeding" and (row.get("type") or "").strip().lower() == "solid food":
                continue
            try:
                found.append(float((row.get(column) or "").strip()))
            except ValueError:
                continue
    return found
