"""Unit words in both languages: 磅 / lb, 盎司 / oz, fl oz, ozs, mls, °F said as 华氏 or "F", °C as 摄氏."""
from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.units import LB_KG, OZ_KG, OZ_ML
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 17, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize("said", ["体重12磅6盎司", "体重十二磅六盎司", "称了一下 12磅6盎司", "weighed her: 12 lb 6 oz",
                                  "weighed her, 12 lbs 6 ozs", "体重 12 磅 6 盎司 😊", "weight 12 pounds 6 ounces"])
def test_pounds_and_ounces_of_weight(said: str) -> None:
    e = read(said)
    assert e.record_type is RecordType.GROWTH and e.unaccounted == [], said
    assert e.slots.weight_kg == pytest.approx(12 * LB_KG + 6 * OZ_KG, abs=0.01), said


@pytest.mark.parametrize("said", ["体重12磅", "体重十二磅", "称了 12磅", "weighed 12 lb"])
def test_pounds_alone(said: str) -> None:
    assert read(said).slots.weight_kg == pytest.approx(12 * LB_KG, abs=0.01), said


@pytest.mark.parametrize("unit", ["oz", "ozs", "fl oz", "fl. oz", "fluid ounces", "ounces", "盎司", "OZ"])
@pytest.mark.parametrize("said", ["喝了3{}配方奶", "she drank 3 {} of formula", "3{} formula", "配方奶 3 {}"])
def test_ounce_spellings_of_milk(unit: str, said: str) -> None:
    e = read(said.format(unit))
    assert e.slots.amount_ml == pytest.approx(3 * OZ_ML, abs=0.1) and e.unaccounted == [], said.format(unit)


@pytest.mark.parametrize("said", ["喝了90mls配方奶", "90 mls formula", "90 millilitres of formula", "90 ml formula"])
def test_millilitre_spellings(said: str) -> None:
    e = read(said)
    assert e.slots.amount_ml == 90 and e.unaccounted == [], said


@pytest.mark.parametrize("said, celsius", [
    ("she's 100.4 F", 38.0), ("temp 100.4F", 38.0), ("temp is 100.4 f", 38.0), ("she's 101 degrees F", 38.33),
    ("101 deg F 🤒", 38.33), ("fever 100.4 fahrenheit", 38.0), ("体温华氏100.4度", 38.0), ("体温 华氏一百度", 37.78),
    ("发烧了 华氏101", 38.33), ("体温摄氏38度", 38.0), ("temp 38.5 degrees C", 38.5),
])
def test_degrees_fahrenheit_and_celsius_said_in_words(said: str, celsius: float) -> None:
    e = read(said)
    assert (e.record_type, e.slots.kind) == (RecordType.HEALTH, "temperature"), said
    assert e.slots.temperature_c == pytest.approx(celsius, abs=0.02) and e.unaccounted == [], said


@pytest.mark.parametrize("said", ["she's 4 F", "room F 20"])
def test_an_f_beside_a_number_no_baby_could_measure_is_no_temperature(said: str) -> None:
    assert read(said).slots.temperature_c is None
