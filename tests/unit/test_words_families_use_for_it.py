"""Words families use for a fact, in both languages: a temperature said before its word, a head's size, a
baby's word with 's, a milestone said as what the baby did, a bottle downed, an Indian English motion, a
question of what she has drunk, how the grown-up feels said first in a run-on."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent, QueryMetric, SleepEvent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("米粒",)))


@pytest.mark.parametrize(("text", "field", "value"), [
    ("38.9 temp", "temperature_c", 38.9), ("37.8 temp, just took it", "temperature_c", 37.8),
    ("she's 62cm long now and her head's 40.5", "head_cm", 40.5), ("and his head's 41", "head_cm", 41),
    ("今天趴趴练了二十分钟，头能抬起来了！", "milestone", "抬头"),
    ("Baby passed motion, yellowish and little loose", "color", "yellow"),
    ("哎呀累死了😩 小家伙刚干了一瓶配方奶 一百二十毫升 一滴不剩哈哈", "amount_ml", 120),
])
def test_a_fact_said_in_the_families_words_is_read_whole(text, field, value):
    e = read(text)
    assert (e.intent, getattr(e.slots, field), e.unaccounted) == (Intent.RECORD, value, []), text


@pytest.mark.parametrize("text", ["bub's out like a light", "baby's asleep finally"])
def test_a_babys_word_with_its_s_is_the_baby(text):
    e = read(text)
    assert (e.record_type, e.sleep_event, e.unaccounted) == (RecordType.SLEEP, SleepEvent.FELL_ASLEEP, []), text


@pytest.mark.parametrize("text", ["how much has she drunk today?", "how much did he drink today"])
def test_what_she_has_drunk_asked_is_the_days_feeds(text):
    e = read(text)
    assert (e.intent, e.query.metric) == (Intent.QUERY, QueryMetric.FEEDING_TOTAL), text


@pytest.mark.parametrize("text", ["累死我了今天一直闹刚喝完150奶粉然后终于睡着了我也去躺会儿",
                                  "累死我了 刚喝了120奶粉"])
def test_how_the_grown_up_feels_said_first_leaves_the_babys_facts_hers(text):
    e = read(text)
    assert (e.intent, e.record_type, e.unaccounted) == (Intent.RECORD, RecordType.FEEDING, []), text


def test_the_grown_ups_own_drink_after_how_they_feel_is_still_theirs():
    assert read("我累死了 喝了杯咖啡").intent is not Intent.RECORD
