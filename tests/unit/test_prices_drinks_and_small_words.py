"""What things cost and what grown-ups drink are no baby fact; a not that measures (not even 10am) corrects
nothing; and the small words a fact is said with — 哄睡着了, 吸了次奶, 温水, 三十八度二 — are read, not asked about."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("小满",)))


@pytest.mark.parametrize("text", ["这奶粉又涨价了，一罐三百八[捂脸]", "formula is $40 a tub now",
                                  "尿不湿太贵了 一包一百二"])
def test_a_price_is_no_amount_drunk(text: str) -> None:
    assert read(text).intent is Intent.CHAT, text


@pytest.mark.parametrize("text", ["刚喝了120ml 奶粉又涨价了", "she had 4oz, formula prices are crazy"])
def test_a_feed_said_with_its_unit_beside_a_price_stays(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.record_type is RecordType.FEEDING, text


@pytest.mark.parametrize("text", ["刚喝了一大杯美式 续命 今天开三个会", "中午吃的麻辣烫 加了两份牛肉 撑死",
                                  "just ate, finally. cold pizza 🍕", "on my 3rd coffee and it's not even 10am ☕☕☕"])
def test_what_grown_ups_eat_and_drink_is_no_feed(text: str) -> None:
    assert read(text).intent is Intent.CHAT, text


def test_a_grown_ups_coffee_beside_the_babys_feed_leaves_the_feed() -> None:
    reading = read("宝宝刚喝了120ml奶粉 我去喝杯咖啡")
    assert reading.intent is Intent.RECORD and reading.slots.amount_ml == 120 and reading.unaccounted == []


@pytest.mark.parametrize("text", ["it's not even 10am", "2 naps already and it's not even 3pm", "还不到十点"])
def test_a_not_that_measures_is_no_correction(text: str) -> None:
    assert read(text).intent is not Intent.CORRECT, text


@pytest.mark.parametrize("text, record_type", [("终于哄睡着了😮‍💨", RecordType.SLEEP),
                                               ("刚吸了次奶", RecordType.PUMPING),
                                               ("刚才喂了三十毫升温水", RecordType.FEEDING)])
def test_the_small_words_a_fact_is_said_with_are_read(text: str, record_type: RecordType) -> None:
    reading = read(text)
    assert reading.record_type is record_type and reading.unaccounted == [], (text, reading.unaccounted)


def test_warm_water_is_water() -> None:
    assert read("刚才喂了三十毫升温水").slots.kind == "water"


@pytest.mark.parametrize("text, c", [("小满烧到三十八度二了😭", 38.2), ("体温三十七度五", 37.5), ("38度5", 38.5)])
def test_degrees_and_a_tenth_said_in_words(text: str, c: float) -> None:
    assert read(text).slots.temperature_c == c, text


def test_a_grown_up_asking_for_water_is_a_request() -> None:
    assert read("老公帮我倒杯温水 渴死了").intent is Intent.CHAT


def test_a_stock_remark_with_a_bare_number_and_no_feed_said_is_no_feed() -> None:
    assert read("每个孩子不一样的妈 那个奶粉618才298两罐 我囤了四罐").intent is Intent.CHAT
    assert read("刚喝了120 奶粉快没了").intent is Intent.RECORD


def test_a_decimal_said_after_what_it_measures() -> None:
    reading = read("量了下头围四十一点五，身长六十六公分，这小子长得真快")
    assert (reading.slots.head_cm, reading.slots.height_cm, reading.slots.temperature_c) == (41.5, 66, None)


def test_an_emoji_ends_a_clause() -> None:
    reading = read("Temp is 100.8F under the arm 😟 gonna keep an eye on her tonight")
    assert reading.intent is Intent.RECORD and reading.unaccounted == []


def test_a_grown_ups_treat_after_several_facts_is_no_part_left_unread() -> None:
    reading = read("Just did a 150ml formula bottle and changed a wet and dirty nappy, all before my coffee")
    assert reading.unread == [] and len(reading.facts()) == 2
