"""A temperature said with where it was taken, of the baby, or on a Fahrenheit thermometer; a weight in its units."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize(("text", "c"), [
    ("100.4 rectal just now", 38.0), ("he's 100.9 now", 38.28), ("temp is down to 99.1 👍", 37.28),
    ("耳温枪是华氏的 显示101度", 38.33), ("temp 101.2 under the arm 😟", 38.44), ("腋下36.8", 36.8),
    ("she's at 38.5", 38.5), ("摸着有点烫 量了三十八度二", 38.2),
])
def test_a_temperature_said_any_way_is_read_in_celsius(text, c):
    e = read(text)
    assert (e.record_type, e.slots.kind) == (RecordType.HEALTH, "temperature"), text
    assert e.slots.temperature_c == pytest.approx(c, abs=0.01)


@pytest.mark.parametrize("text", ["100.4 rectal just now", "he's 100.9 now", "耳温枪是华氏的 显示101度", "腋下36.8"])
def test_where_and_how_a_temperature_was_taken_is_part_of_it(text):
    assert read(text).unaccounted == []


@pytest.mark.parametrize("text", ["took her temp, she felt warm", "刚量了一下体温"])
def test_a_temperature_taken_without_its_value_leaves_the_value_to_ask(text):
    e = read(text)
    assert (e.slots.kind, e.slots.temperature_c) == ("temperature", None)


@pytest.mark.parametrize("text", ["she's 5.3 kg now", "she's 12.5 lb"])
def test_a_decimal_with_a_unit_is_no_temperature(text):
    assert read(text).slots.kind != "temperature"


@pytest.mark.parametrize(("text", "kg"), [("she's 5.3 kg now", 5.3), ("13磅", 5.897), ("12 lb 4 oz", 5.557)])
def test_a_number_in_a_weight_unit_is_a_weight(text, kg):
    e = read(text)
    assert (e.record_type, e.slots.weight_kg) == (RecordType.GROWTH, pytest.approx(kg, abs=0.01))
