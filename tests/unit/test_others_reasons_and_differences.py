"""Someone else's child is never this family's; a reason or a hope beside a fact is no fact; a difference
(比昨天多了二十) is no amount; a side's bare number takes the unit of the side before it."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("Matilda",)))


@pytest.mark.parametrize("text", ["My sister's bub is already 9 kilos at 5 months, ours is a little dot",
                                  "隔壁王姐家闺女都十六斤了 比我们家重多了",
                                  "Jess's little one is already crawling at 6 months 😳"])
def test_someone_elses_child_is_never_this_familys(text: str) -> None:
    assert read(text).intent is Intent.CHAT, text


@pytest.mark.parametrize("text", ["Dad's little girl had 4oz", "我们家闺女喝了90ml奶粉"])
def test_the_familys_own_grown_ups_child_is_the_baby(text: str) -> None:
    assert read(text).intent is Intent.RECORD, text


@pytest.mark.parametrize("text", ["wet nappy, changed him on the floor cos the change table's covered in washing",
                                  "temp was 38.4 so gave her 5ml of Panadol, hopefully it kicks in soon 🤞",
                                  "fed her because she was hungry"])
def test_a_reason_or_a_hope_beside_a_fact_leaves_nothing_to_ask(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.unaccounted == [], (text, reading.unaccounted)


def test_a_plan_of_another_thing_beside_a_value_said_leaves_the_fact_and_writes_no_plan() -> None:
    reading = read("fed her 4oz, will change her soon")       # the feed is not dropped; the change is not yet
    assert reading.intent is Intent.RECORD and [f.record_type for f in reading.facts()] == [RecordType.FEEDING]
    assert read("fed her, will change her soon").intent is not Intent.RECORD      # nothing said well enough


@pytest.mark.parametrize("text, ml", [("刚吸完 两边一共一百四 比昨天多了二十 开心😊", 140),
                                      ("she had 5oz, 1 oz more than yesterday", 147.9)])
def test_a_difference_is_no_amount_and_is_asked_about(text: str, ml: float) -> None:
    reading = read(text)
    assert reading.slots.amount_ml == ml and reading.unaccounted, (text, reading.unaccounted)


def test_a_sides_bare_number_takes_the_unit_of_the_side_before() -> None:
    reading = read("fed on the left for 12 mins then right for 8, she's milk drunk now 😴")
    assert [(f.slots.method, f.slots.duration_min, f.slots.amount_ml) for f in reading.facts()] == [
        ("left_breast", 12, None), ("right_breast", 8, None)]


def test_warm_and_boiled_water_are_water() -> None:
    assert read("she had about 30ml of cooled boiled water, barely bothered with it tbh").slots.kind == "water"
    assert read("刚才喂了二十毫升温水").record_type is RecordType.FEEDING


def test_a_plan_to_measure_again_beside_a_value_leaves_the_value() -> None:
    reading = read("耳温枪量了一下 37.8 手脚是暖的 一会儿再量")
    assert reading.intent is Intent.RECORD and reading.slots.temperature_c == 37.8


@pytest.mark.parametrize("text, field, value", [("名字定了！叫林知夏 纠结了一个月终于定了", "name", "林知夏"),
                                                ("我们平时都叫她糯米 你以后也可以这么叫", "nickname", "糯米")])
def test_a_name_said_the_way_families_say_it(text: str, field: str, value: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.PROFILE and getattr(reading.profile, field) == value


def test_a_burp_with_its_measure_word_is_the_feeds() -> None:
    reading = read("刚亲喂完 左边十五分钟 右边十分钟 吃完打了个大嗝😂")
    assert reading.unaccounted == [] and len(reading.facts()) == 2


def test_an_interval_said_after_a_medicine_is_its_interval() -> None:
    reading = read("刚喂了美林2.5ml，医生说每6到8小时可以喂一次")
    assert reading.record_type is RecordType.HEALTH and not reading.also and reading.unaccounted == []
    assert (reading.slots.dose, reading.slots.next_dose_after_h, reading.slots.next_dose_up_to_h) == (2.5, 6, 8)


def test_a_doctors_instruction_alone_is_never_explained_away() -> None:
    assert read("下午带宝宝去医院看了 医生说每4小时喂一次药").unaccounted


@pytest.mark.parametrize("text, kg", [("小熊体重六公斤八 又长了嘛", 6.8), ("体重六公斤", 6.0)])
def test_kilos_and_a_tenth(text: str, kg: float) -> None:
    assert read(text).slots.weight_kg == kg


def test_a_neighbours_grandson_is_someone_elses() -> None:
    assert read("楼下王阿姨家孙子才五个月 都十八斤了 长得真壮").intent is Intent.CHAT


@pytest.mark.parametrize("text", ["喝完了 奶粉只喝了一百 剩五十", "冲了150奶粉 只喝了一百 剩五十"])
def test_only_so_much_drunk_is_the_amount_whatever_was_left(text: str) -> None:
    reading = read(text)
    assert reading.slots.amount_ml == 100 and not reading.estimated, text


def test_a_nap_for_a_while_keeps_its_while() -> None:
    reading = read("傍晚小睡了一会 五点到五点四十")
    assert reading.record_type is RecordType.SLEEP and reading.slots.start.hour == 17
