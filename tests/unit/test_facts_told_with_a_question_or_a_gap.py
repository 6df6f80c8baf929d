"""A fact told with a question to the family, or with a value said not to be known, or with no value at all: the
fact is read — never dropped in silence — and what is missing is left for the domain to ask."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str, babies: tuple[str, ...] = ("朵朵",)):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=babies))


@pytest.mark.parametrize("text", [
    "哦对了 刚才十点换的 又尿又拉 绿色的 是不是奶粉的问题啊", "拉了 绿色的 是不是奶粉不合适啊",
    "pooped, green and seedy. could it be the formula?",
    "刚才给她换尿布的时候发现拉了好多黄色的那个有点稀稀的你们看下要不要紧",
    "换尿布发现拉了 黄色的 稀稀的 大家看看正常吗",
])
def test_a_question_to_the_family_about_another_record_leaves_the_fact_standing(text):
    e = read(text)
    assert (e.intent, e.record_type, e.slots.solid) == (Intent.RECORD, RecordType.DIAPER, True), text
    assert e.unaccounted == [], text


@pytest.mark.parametrize("text", ["朵朵刚喝了一瓶奶粉 多少我不知道 奶奶冲的",
                                  "gave her a bottle, not sure how much she had",
                                  "刚喝了奶粉 不知道喝了多少", "she had a bottle of formula, no idea how much"])
def test_a_value_said_not_to_be_known_is_missing_not_asked_about(text):
    e = read(text)
    assert (e.intent, e.record_type, e.slots.amount_ml, e.query) == (Intent.RECORD, RecordType.FEEDING, None, None)


def test_a_value_not_known_in_a_message_that_tells_nothing_is_no_fact():
    assert read("算了 不知道喝了多少").intent is not Intent.RECORD


@pytest.mark.parametrize("text", ["gave leo his medicine", "喂过药了", "gave her meds", "刚吃过药了"])
def test_a_medicine_given_without_its_name_is_a_medication_whose_name_is_asked(text):
    e = read(text, ("Leo",))
    assert (e.record_type, e.slots.kind, e.slots.medication) == (RecordType.HEALTH, "medication", None), text


@pytest.mark.parametrize("text", ["今天去社区量了身高体重", "weighed her today", "measured his length this morning"])
def test_a_measuring_told_without_its_values_is_growth_whose_values_are_asked(text):
    e = read(text)
    assert e.record_type is RecordType.GROWTH and set(e.slots.given()) <= {"time"}, text
