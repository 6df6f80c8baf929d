"""Corrections as tired people say them: after an interjection (哦不对), doubled (不是不是), with 还是, with the
teller's reason last (我看错了), the right value after a pause (不是刚刚 七点喝的); while a task waits, the new clock
goes where the wrong one stood. And a night said as a range alone (昨晚8点到3点) is its sleep."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest, TaskHint
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 21, 7, 16, tzinfo=TZ)
NIGHT = TaskHint("create", "sleep", "awaiting_confirmation",
                 {"start": "2026-05-20T12:00:00+00:00", "end": "2026-05-20T19:00:00+00:00", "nap": False})
BOTTLE = TaskHint("create", "feeding", "pending", {"amount_ml": 120, "kind": "formula"}, ("baby",))


def read(text: str, task: TaskHint | None = None, babies: tuple[str, ...] = ()):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", task=task, babies=babies))


@pytest.mark.parametrize("text, ml", [("哦不对 是一百三 我看错了", 130), ("还是改成九十吧 我问过阿姨了", 90),
                                      ("不对吧 是100 我看着冲的", 100), ("不对不对 120", 120)])
def test_a_correction_said_loosely_is_still_its_value(text: str, ml: float) -> None:
    reading = read(text)
    assert reading.intent is Intent.CORRECT and reading.slots.amount_ml == ml, (text, reading.slots.given())


def test_the_right_value_after_a_pause_is_a_correction() -> None:
    reading = read("哦不是刚刚 七点喝的")
    assert reading.intent is Intent.CORRECT and reading.slots.start == NOW.replace(hour=7, minute=0)


def test_a_doubled_no_is_no_question() -> None:
    reading = read("不是不是，9点到3点", NIGHT)
    assert reading.intent is Intent.CORRECT and reading.record_type is RecordType.SLEEP
    assert reading.slots.start.hour == 21 and reading.slots.end.hour == 3


def test_the_new_clock_goes_where_the_wrong_one_stood() -> None:
    reading = read("不是三点 是四点半 我看错了", NIGHT)
    assert reading.intent is Intent.CORRECT
    assert reading.slots.start is None and reading.slots.end == datetime(2026, 5, 21, 4, 30, tzinfo=TZ)


def test_a_start_said_wrong_stays_a_start() -> None:
    reading = read("不是8点 是9点", NIGHT)
    assert reading.slots.start == datetime(2026, 5, 20, 21, 0, tzinfo=TZ) and reading.slots.end is None


@pytest.mark.parametrize("text", ["昨晚8点到3点", "last night 7:30 to 5", "昨晚八点到凌晨三点"])
def test_a_night_said_as_a_range_alone_is_its_sleep(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.record_type is RecordType.SLEEP, text
    assert reading.slots.start.day == 20 and reading.slots.end.day == 21, text


@pytest.mark.parametrize("text", ["二宝", "是二宝喝的", "老二"])
def test_a_babys_ordinal_is_no_amount(text: str) -> None:
    reading = read(text, BOTTLE, ("大宝/安安", "二宝/乐乐"))
    assert reading.slots.amount_ml is None and reading.baby == ("老二" if text == "老二" else "二宝"), text


def test_a_bottle_of_breast_milk_with_a_range_is_a_bottle_with_its_estimate() -> None:
    reading = read("刚才瓶喂母乳喝了四五十毫升吧")
    assert reading.slots.method == "bottle" and reading.slots.amount_ml == 45 and reading.estimated


def test_a_correction_of_when_a_nap_ended_is_its_end() -> None:
    evening = NOW.replace(hour=20)
    said = "Actually her morning nap ended at 11:30 not 11, forgot to say"
    reading = extract(ExtractionRequest(text=said, now=evening, timezone="Asia/Shanghai"))
    assert reading.intent is Intent.CORRECT and reading.slots.start is None
    assert reading.slots.end == evening.replace(hour=11, minute=30)


def test_a_waking_asked_about_is_no_end() -> None:
    task = TaskHint("create", "sleep", "pending", {"start": "2026-05-21T05:00:00+00:00", "nap": True}, ("end",))
    reading = read("不对不对 是一点半睡的 几点醒的我忘了 问问妈妈", task)
    assert reading.slots.end is None


def test_an_amount_and_a_side_answer_a_waiting_pumping() -> None:
    task = TaskHint("create", "pumping", "pending", {"start": "2026-05-20T23:00:00+00:00"}, ("amount_ml",))
    reading = read("120毫升，就左边", task)
    assert reading.intent is Intent.SUPPLY and reading.record_type is RecordType.PUMPING
    assert reading.slots.amount_ml == 120 and reading.slots.side == "left"
