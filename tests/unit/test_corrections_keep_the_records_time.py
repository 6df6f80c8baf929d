"""A correction changes what it says, and only that: its 刚才 / just now names the record, not a new time; a start
moved keeps a feed's length; a sleep's start moved keeps its waking."""
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.decide.corrections import corrected_fields
from domain.extraction import Intent
from domain.turn import RecordView
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize("text", ["刚才体温记错了 是37度5", "吸奶应该是一百二 刚才看错刻度了",
                                  "不好意思 刚才喂的是右边",
                                  "不对 刚才是90ml", "sorry, just now was 5 oz not 4"])
def test_a_corrections_just_now_names_the_record_and_moves_no_time(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.CORRECT, text
    assert reading.slots.start is None and reading.slots.time is None, (text, reading.slots)


def test_a_correction_that_says_a_clock_still_moves_the_record() -> None:
    reading = read("说错了 刚才那次是三点半喂的 不是三点")
    assert reading.intent is Intent.CORRECT and reading.slots.start == NOW.replace(hour=15, minute=30)


def test_a_feeds_start_moved_keeps_its_length() -> None:
    start = NOW.replace(hour=3, minute=0)
    feed = RecordView(1, RecordType.FEEDING, 7, {"start": start, "end": start + timedelta(minutes=15),
                                                  "kind": "breast_milk", "duration_min": 15}, NOW)
    fields = corrected_fields(feed, {"start": start + timedelta(minutes=30)})
    assert fields["end"] - fields["start"] == timedelta(minutes=15)


def test_a_sleeps_start_moved_keeps_its_waking() -> None:
    start = NOW.replace(hour=1, minute=0)
    sleep = RecordView(1, RecordType.SLEEP, 7, {"start": start, "end": start + timedelta(hours=5)}, NOW)
    fields = corrected_fields(sleep, {"start": start - timedelta(hours=1)})
    assert fields["end"] == start + timedelta(hours=5)


def test_that_formula_names_the_latest_formula_not_the_latest_feed() -> None:
    from domain.decide.references import resolve
    from domain.extraction import RecordReference
    from domain.turn import BabyView, MemberView, Turn
    from domain.vocabulary import Role
    bottle = RecordView(1, RecordType.FEEDING, 7, {"start": NOW.replace(hour=11, minute=30), "kind": "formula",
                                                   "amount_ml": 80}, NOW)
    nursing = RecordView(2, RecordType.FEEDING, 7, {"start": NOW.replace(hour=14, minute=30),
                                                    "kind": "breast_milk"}, NOW)
    turn = Turn(member=MemberView(1, Role.PARENT, "妈妈", "妈妈"), extraction=read("那次奶粉是十一点四十喝的"), now=NOW,
                babies=(BabyView(7, "小满"),), recent_records=(bottle, nursing))
    ref = turn.extraction.reference
    assert ref == RecordReference(which="latest", record_type=RecordType.FEEDING, kind="formula")
    assert [r.id for r in resolve(turn, ref)] == [1]
