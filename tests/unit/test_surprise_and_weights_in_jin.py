"""A value said with surprise (28度?? / 14oz?!) is still the value, and a question about the instrument beside it
(是不是体温计坏了) leaves it to be confirmed; a weight in 斤 is a weight, and 又重了 beside it is how it
went — but 重了半斤 is by how much, no weight."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("圆圆",)))


@pytest.mark.parametrize("text, c", [("测了下体温 28度?? 是不是体温计坏了", 28),
                                     ("体温四十五度？？？ 这个体温枪是不是坏了", 45)])
def test_a_temperature_said_with_surprise_is_read(text: str, c: float) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.slots.temperature_c == c, text


def test_one_question_mark_after_a_value_is_still_a_question() -> None:
    assert read("38.5?").intent is not Intent.RECORD


@pytest.mark.parametrize("text, kg", [("圆圆现在15斤了", 7.5), ("刚称了 十四斤二两 又重了", 7.1)])
def test_a_weight_in_jin_is_a_weight(text: str, kg: float) -> None:
    reading = read(text)
    assert reading.record_type is RecordType.GROWTH and reading.slots.weight_kg == kg, text


@pytest.mark.parametrize("text", ["重了半斤", "长了200克", "胖了"])
def test_by_how_much_is_no_weight(text: str) -> None:
    assert read(text).record_type is not RecordType.GROWTH, text


def test_a_question_asking_for_more_leaves_the_fact_unsure() -> None:
    assert read("喝了120ml 还要不要再喂点").intent is Intent.CHAT


def test_a_question_after_a_fact_across_a_space_is_beside_it() -> None:
    reading = read("刚喝了90ml奶粉 是不是太少了")
    assert reading.intent is Intent.RECORD and reading.slots.amount_ml == 90 and reading.unaccounted == []
