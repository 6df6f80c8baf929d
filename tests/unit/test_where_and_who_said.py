"""Where a measure was taken and what a doctor said of it are no words to account for; a decimal said in words
before its unit is a number, never a clock; a length is never a temperature."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.numerals import normalise
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize("said, normal", [
    ("六点三公斤", "6.3公斤"), ("四十一点五厘米", "41.5厘米"), ("三十八点五度", "38.5度"), ("6点3公斤", "6.3公斤"),
    ("六点三斤", "6.3斤"), ("七点二 kg", "7.2 kg"),
])
def test_a_decimal_said_in_words_before_its_unit_is_a_number(said: str, normal: str) -> None:
    assert normalise(said) == normal


@pytest.mark.parametrize("said", ["三点二十", "六点三分", "三点半", "四十点五"])
def test_a_clock_or_a_decimal_without_a_unit_is_not_made_a_decimal(said: str) -> None:
    assert "." not in normalise(said)


def test_a_weight_said_as_a_decimal_in_words_is_the_weight_and_no_clock() -> None:
    reading = read("社区医院称的 六点三公斤")
    assert reading.record_type is RecordType.GROWTH and reading.slots.weight_kg == 6.3
    assert reading.also == [] and reading.unaccounted == []


@pytest.mark.parametrize("text, cm", [("量了头围 41.5厘米", 41.5), ("刚量了头围 四十点五厘米", 40.5)])
def test_a_measured_length_is_never_a_temperature(text: str, cm: float) -> None:
    reading = read(text)
    assert reading.record_type is RecordType.GROWTH and reading.slots.head_cm == cm
    assert reading.slots.temperature_c is None


def test_a_measured_decimal_alone_is_still_a_temperature() -> None:
    assert read("又量了下 38.5了").slots.temperature_c == 38.5


@pytest.mark.parametrize("text", ["weigh in at the clinic: 6.2kg", "在医院称的 6.2kg"])
def test_the_clinic_a_weight_was_taken_at_is_a_place_not_a_visit(text: str) -> None:
    reading = read(text)
    assert reading.record_type is RecordType.GROWTH and not reading.also and reading.unaccounted == [], text


@pytest.mark.parametrize("text", ["took him to the GP about his ear", "下午带宝宝去社区医院看了",
                                  "we saw dr patel at 11 about her ear", "去医院体检了 称了6.2kg"])
def test_a_visit_told_is_a_doctor_visit(text: str) -> None:
    reading = read(text)
    kinds = [f.slots.kind for f in reading.facts() if f.record_type is RecordType.HEALTH]
    assert "doctor_visit" in kinds, text


@pytest.mark.parametrize("text", ["took him to the GP about his ear, doc says all clear",
                                  "we saw dr patel about her ear, he says it's fine",
                                  "first poo!! black, nurse said totally normal",
                                  "下午带宝宝去医院看了 医生说没啥事"])
def test_what_a_doctor_said_of_it_is_their_verdict_not_a_word_to_account_for(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.unaccounted == [], (text, reading.unaccounted)


@pytest.mark.parametrize("text", ["下午带宝宝去医院看了 医生说每4小时喂一次药",
                                  "took her to the GP, doc says give 5ml calpol"])
def test_a_doctor_saying_a_number_or_a_record_word_is_no_verdict_to_set_aside(text: str) -> None:
    assert read(text).unaccounted, text
