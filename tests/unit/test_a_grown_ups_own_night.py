"""A grown-up's own sleep, told the way tired parents tell it, is never the baby's — and the baby's sleep said
beside a grown-up's coffee still is."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 9, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("米粒",)))


@pytest.mark.parametrize("text", [
    "我昨晚就睡了三个小时 现在喝第二杯咖啡了[裂开]", "i need a nap so bad lol. slept maybe 4 hrs",
    "I've had 3 coffees and it's not even 10am lol, slept like 4 hours",
    "running on 4 hrs of sleep and my third coffee 😵‍💫",
    "我也想睡 昨晚就睡了四个小时",
])
def test_a_grown_ups_own_sleep_told_over_two_clauses_is_no_record(text):
    assert read(text).intent is not Intent.RECORD, text


@pytest.mark.parametrize("text", ["I'm wrecked. slept 3 hours", "我困死了 就睡了四个小时"])
def test_a_sleep_naming_no_one_after_how_a_grown_up_feels_is_never_written_at_once(text):
    e = read(text)          # hers or the grown-up's: asked (from when to when), never a record as it stands
    assert e.intent is not Intent.RECORD or e.slots.start is None or e.unaccounted, text


@pytest.mark.parametrize("text", ["I need a coffee. she slept 4 hours", "我去喝杯咖啡 她睡了三个小时",
                                  "米粒睡了三个小时 我喝了杯咖啡"])
def test_the_babys_sleep_beside_a_grown_ups_coffee_is_still_hers(text):
    e = read(text)
    assert (e.intent, e.record_type, e.slots.duration_min) == (Intent.RECORD, RecordType.SLEEP, 180 if "三" in text
                                                                else 240), text


def test_a_grown_ups_own_drink_with_a_remark_on_breastfeeding_is_still_theirs():
    e = read("I drank like 100 oz of water today and still thirsty, breastfeeding is wild")
    assert e.intent is not Intent.RECORD


def test_not_bad_is_how_it_went_never_a_correction():
    e = read("she's awake, 45 min, not bad")
    assert (e.intent, e.record_type, e.unaccounted) == (Intent.RECORD, RecordType.SLEEP, [])
