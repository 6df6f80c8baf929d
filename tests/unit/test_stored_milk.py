"""Milk expressed before and given now is a breast-milk bottle feed; pumping is the act of expressing it."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize(("text", "ml"), [
    ("120ml EBM at 2pm, he smashed it", 120), ("gave her 3oz of pumped milk at 10", 88.7),
    ("thawed a bag of the frozen milk, she drank 3oz at 3:40", 88.7), ("热了一袋冻奶给她 一百毫升 刚喝光", 100),
    ("挤出来的奶喝了60ml", 60), ("she had 90ml expressed at 11.15", 90), ("喂了80ml解冻的母乳", 80),
])
def test_stored_milk_given_is_a_breast_milk_bottle_feed_not_pumping(text, ml):
    e = read(text)
    assert (e.record_type, e.slots.kind, e.slots.method) == (RecordType.FEEDING, "breast_milk", "bottle"), text
    assert e.slots.amount_ml == pytest.approx(ml, abs=0.1) and e.unaccounted == []


@pytest.mark.parametrize(("text", "ml"), [("pumped 4oz at 9:30", 118.3), ("expressed 90ml at 11", 90),
                                          ("吸了150 装袋存冰箱了", 150), ("两个小时前吸了八十", 80)])
def test_expressing_milk_is_pumping(text, ml):
    e = read(text)
    assert (e.record_type, e.slots.amount_ml) == (RecordType.PUMPING, pytest.approx(ml, abs=0.1))


@pytest.mark.parametrize("text", ["吸了一次奶 左边60 右边50", "刚吸了 左边六十 右边五十"])
def test_the_sides_said_after_pumping_are_the_pumping_sides_not_breastfeeds(text):
    e = read(text)
    facts = [(e.record_type, e.slots.side, e.slots.amount_ml), *((f.record_type, f.slots.side, f.slots.amount_ml)
                                                                for f in e.also)]
    assert facts == [(RecordType.PUMPING, "left", 60), (RecordType.PUMPING, "right", 50)]
