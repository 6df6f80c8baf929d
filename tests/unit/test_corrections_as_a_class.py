"""A correction is a class, not a list of sentences: a contrast (不是…是… / …不是… / X not Y / not Y, X) in any clause,
after any apology, names the new value; the wrong value only says which record. Each form is said several ways."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 20, 30, tzinfo=TZ)


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize("text", [
    "不是80，是100", "不是80 是100", "是100不是80", "应该是100 不是80", "不好意思 不是80 是100", "说错了，是100不是80",
    "it was 100 not 80", "sorry 100 not 80, typo", "no wait, 100 not 80", "oops it was 100 not 80 lol", "not 80, 100",
])
def test_the_affirmed_value_is_the_new_one_and_the_wrong_one_only_names_the_record(text: str) -> None:
    e = read(text)
    assert e.intent is Intent.CORRECT, text
    assert e.slots.amount_ml == 100, text
    assert e.reference is not None and e.reference.value == 80, text
    assert not e.unaccounted, text


@pytest.mark.parametrize("text", ["it was 3.5 not 3", "3.5 not 3, sorry", "不是3.5 是4.5".replace("3.5", "3")])
def test_decimals_are_whole_values_in_a_contrast(text: str) -> None:
    e = read(text)
    assert e.intent is Intent.CORRECT and e.reference.value == 3, text
    assert e.slots.amount_ml in (3.5, 4.5), text


@pytest.mark.parametrize("text", ["是母乳不是奶粉", "不是奶粉，是母乳", "it was breast milk not formula",
                                  "no wait it was breast milk, not formula"])
def test_a_kind_corrected_is_the_affirmed_kind(text: str) -> None:
    e = read(text)
    assert e.intent is Intent.CORRECT and e.slots.kind == "breast_milk", text


@pytest.mark.parametrize("text", ["不是9点，是9点20", "not 9, 9:20", "不是九点 是九点二十"])
def test_a_wrong_time_points_at_the_record_at_that_time(text: str) -> None:
    e = read(text)
    assert e.intent is Intent.CORRECT and e.reference.which == "at_time", text
    assert (e.slots.start.hour % 12, e.slots.start.minute) == (9, 20), text


def test_what_the_wrong_part_says_besides_its_value_goes_with_the_new_one() -> None:
    e = read("昨晚不是五点醒的 是五点四十")
    assert e.intent is Intent.CORRECT and (e.slots.end.hour, e.slots.end.minute) == (5, 40)


@pytest.mark.parametrize("text", ["宝宝是饿了不是困了", "她是累了不是饿了"])
def test_a_contrast_of_no_record_value_is_talk_not_a_correction(text: str) -> None:
    assert read(text).intent is not Intent.CORRECT
