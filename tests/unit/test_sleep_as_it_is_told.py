"""Sleep as families tell it: asleep said every way, not asleep yet, how long she took to settle, a night in
pieces, a morning said of a night's end, and how many sleeps were said."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent, SleepEvent
from domain.vocabulary import RecordType

ZONE = ZoneInfo("Asia/Shanghai")
EVENING = datetime(2026, 5, 4, 20, 30, tzinfo=ZONE)
MORNING = datetime(2026, 5, 5, 7, 30, tzinfo=ZONE)


def read(text: str, now: datetime = EVENING):
    return extract(ExtractionRequest(text=text, now=now, timezone="Asia/Shanghai", babies=("Ivy",)))


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, 5, day, hour, minute, tzinfo=ZONE)


@pytest.mark.parametrize("text", ["He's finally asleep 😮‍💨 took forever tonight", "she's fast asleep", "finally down",
                                  "put him down, he's out", "哄了半小时才睡着", "Ivy睡着了 哄了二十分钟才睡",
                                  "finally asleep after rocking her for ages"])
def test_asleep_said_any_way_is_a_sleep_begun_never_a_sleep_as_long_as_the_settling(text):
    e = read(text)
    assert (e.record_type, e.sleep_event) == (RecordType.SLEEP, SleepEvent.FELL_ASLEEP), text
    assert e.slots.duration_min is None and e.slots.end is None, text


@pytest.mark.parametrize(("text", "start"), [("put her down in the cot at 1, she's still out", at(4, 13)),
                                             ("fought sleep for an hour, finally down at 8", at(4, 20)),
                                             ("圆圆八点半左右睡着了 哄了半天呢", at(4, 20, 30))])
def test_asleep_at_a_clock_after_a_struggle_begins_at_that_clock(text, start):
    e = read(text)
    assert (e.record_type, e.slots.start, e.slots.end, e.slots.duration_min) == (RecordType.SLEEP, start, None, None)
    assert [w for w in e.unaccounted if w != "圆圆"] == [], text


@pytest.mark.parametrize("text", ["she's STILL awake ugh 😩 why is she like this", "还没睡呢 累死我了", "还没睡着",
                                  "he's wide awake lol", "就是不睡 哄了一个小时了"])
def test_not_asleep_yet_is_no_sleep(text):
    assert read(text).intent is not Intent.RECORD, text


@pytest.mark.parametrize(("text", "start", "end"), [
    ("Slept 7pm till 6.15 this morning, only up twice for feeds", at(4, 19), at(5, 6, 15)),
    ("slept 7 till 6:15 this morning", at(4, 19), at(5, 6, 15)),
    ("slept from 10pm to 5am this morning", at(4, 22), at(5, 5)),
    ("napped 5 to 6:30 this morning", at(5, 5), at(5, 6, 30)),
    ("昨晚8点到今天早上6点", at(4, 20), at(5, 6)),
])
def test_a_morning_said_of_a_range_over_midnight_is_its_end(text, start, end):
    e = read(text, MORNING)
    assert (e.record_type, e.slots.start, e.slots.end) == (RecordType.SLEEP, start, end), text


@pytest.mark.parametrize("text", ["last night: 7:30 to 2, then 2:45 to 6", "昨晚八点到两点 三点到六点",
                                  "昨晚睡了两段 8点到1点 2点到6点"])
def test_a_night_told_in_pieces_is_the_same_night(text):
    e = read(text, MORNING)
    pieces = [(f.slots.start.day, f.slots.end.day) for f in e.facts()]
    assert [f.record_type for f in e.facts()] == [RecordType.SLEEP] * 2 and pieces == [(4, 5), (5, 5)], text
    assert all(f.slots.end <= MORNING for f in e.facts()) and e.unaccounted == [], text


@pytest.mark.parametrize("text", ["今天白天睡了两觉 十点到十一点 下午两点到三点半",
                                  "two naps today, 10 to 11 and 2 to 3:30"])
def test_how_many_sleeps_were_said_is_explained_by_as_many_read(text):
    e = read(text)
    assert len(e.facts()) == 2 and e.unaccounted == [], text


def test_a_count_that_is_not_how_many_were_read_stays_unexplained():
    assert "3" in read("睡了三觉 十点到十一点 下午两点到三点半").unaccounted
