"""Everyday words another type also uses (took, up, every, right) in the fact's own clause are how it was said;
how the baby took it (hated every second) is no fact; feeds said beside a night's wakings are what the wakings
were for; twice is a count."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("阳阳",)))


@pytest.mark.parametrize("text, record_type", [
    ("he took a little cat nap 6:30 to 7", RecordType.SLEEP),
    ("BLOWOUT!!! mustard yellow all up her back, outfit is toast", RecordType.DIAPER),
    ("weighed her, 5.9kg and head 39.5cm. right on her line", RecordType.GROWTH),
    ("tummy time 5 mins, he hated every second lol", RecordType.TUMMY_TIME),
    ("went down for the night at 7 👏 fingers crossed", RecordType.SLEEP),
    ("She went down at 7:45 and is out cold 😴", RecordType.SLEEP),
    ("bub had a feed off the right side, 20 mins", RecordType.FEEDING),
    ("tummy time 12 mins, held his head up nearly the whole time!! 💪", RecordType.TUMMY_TIME),
    ("home scale says she is 14 lb 2 oz now", RecordType.GROWTH),
])
def test_everyday_words_beside_the_fact_leave_nothing_to_ask(text: str, record_type: RecordType) -> None:
    reading = read(text)
    assert reading.record_type is record_type and reading.unaccounted == [], (text, reading.unaccounted)
    assert not reading.also, text


@pytest.mark.parametrize("text", ["she took 4oz and napped", "pooped, then up at 6"])
def test_an_everyday_word_with_its_own_fact_is_still_that_fact(text: str) -> None:
    assert read(text).also, text


def test_a_number_beside_an_everyday_word_is_never_set_aside() -> None:
    assert read("nap from 1 to 2, took 3 of it").unaccounted


@pytest.mark.parametrize("text, wakings", [("阳阳昨晚九点一刻睡的 早上六点醒 中间醒了两次 喂了一次", 2),
                                           ("昨晚睡得还行 就醒了两次 喂了两回", 2),
                                           ("Slept 7pm till 6.15 this morning, only up twice for feeds", 2)])
def test_feeds_said_beside_the_wakings_are_the_nights_detail(text: str, wakings: int) -> None:
    reading = read(text)
    assert reading.record_type is RecordType.SLEEP and reading.slots.night_wakings == wakings, text
    assert not reading.also and reading.unaccounted == [], (text, reading.unaccounted)


def test_a_night_feed_that_says_how_much_is_a_feed() -> None:
    reading = read("昨晚醒了两次 喂了一次90ml")
    assert [f.record_type for f in reading.facts()] == [RecordType.SLEEP, RecordType.FEEDING]


def test_twice_is_a_count_and_an_unused_count_is_asked_about() -> None:
    assert read("she slept 7pm to 6am, woke up twice").slots.night_wakings == 2
    reading = read("pooped twice")
    assert reading.intent is Intent.RECORD and reading.unaccounted == ["2"]


def test_an_event_then_about_a_bare_hour_is_when_it_was_never_an_amount() -> None:
    reading = read("gave her a bottle around 2, she was a happy camper")
    assert reading.slots.amount_ml is None and reading.slots.start == NOW.replace(hour=14, minute=0)
    assert read("gave her a bottle at around 2").slots.start == NOW.replace(hour=14, minute=0)


def test_about_a_number_after_a_verb_is_still_an_amount() -> None:
    assert read("she drank around 4").slots.amount_ml == 4


def test_a_sleep_said_to_begin_now_does_not_begin_with_the_fact_before_it() -> None:
    reading = read("Poo nappy at 2, then 150ml formula at half 2, and he's just gone down for a nap")
    sleep = next(f for f in reading.facts() if f.record_type is RecordType.SLEEP)
    assert sleep.slots.start is None                    # now, as the domain reads a sleep without a start
    fed_then_down = read("fed her at 2 then she went down")
    assert [f.slots.start for f in fed_then_down.facts()] == [NOW.replace(hour=14, minute=0)] * 2


def test_a_night_down_at_one_clock_and_slept_till_another_is_its_range() -> None:
    reading = read("Last night she went down at 7:30 and slept till 5:45, only woke once, miracle!!")
    assert reading.slots.start == NOW.replace(day=3, hour=19, minute=30)
    assert reading.slots.end == NOW.replace(hour=5, minute=45) and reading.slots.night_wakings == 1
    assert read("昨晚8点睡的 睡到早上6点").slots.end == NOW.replace(hour=6, minute=0)


def test_slept_till_without_a_night_is_left_to_ask() -> None:
    assert read("she went down at 7:30 and slept till 5:45").unaccounted


def test_a_late_yes_with_its_apology_is_a_yes() -> None:
    assert read("yes confirm, sorry got distracted").intent is Intent.CONFIRM


def test_a_sleep_said_at_quarter_to_before_the_fact_it_follows_is_confirmed() -> None:
    afternoon = NOW.replace(hour=14, minute=52)
    reading = extract(ExtractionRequest(text="bath done, she drank 4 oz and went down at quarter to 8", now=afternoon,
                                        timezone="Asia/Shanghai"))
    assert reading.unread == ["went down at quarter to 8"]


@pytest.mark.parametrize("text, types", [
    ("pumped 3oz at 10 while she did 10 min tummy time", [RecordType.PUMPING, RecordType.TUMMY_TIME]),
    ("She napped 1:15 to 2:40 in the pram while we walked round the park", [RecordType.SLEEP]),
    ("fed her while watching tv", [RecordType.FEEDING]),
])
def test_while_joins_two_facts_or_sets_a_grown_ups_doing_aside(text: str, types: list[RecordType]) -> None:
    reading = read(text)
    assert [f.record_type for f in reading.facts()] == types and reading.unaccounted == [], (text, reading.unaccounted)


@pytest.mark.parametrize("text", [
    "Gave him the expressed milk from the fridge in his bottle, 90ml, he polished it off 👍",
    "Tried avocado today!! She ate 25g and pulled the funniest face 🥑",
    "Weigh-in today: 14 lb 6 oz 🎉 my chunky boy",
    "刚刚喝了一百二十毫升奶粉 困到睁不开眼[捂脸]",
    "终于哄睡了🙏 胳膊都抱麻了",
    "下午一点到两点半睡了个午觉，终于能喘口气刷会儿手机了",
    "换尿布了 好大一坨 黄黄的 有点稀 还好没漏到衣服上😮‍💨",
    "趴了十分钟 头抬得老高了👍 比上周强多了",
    "Massive blowout, mustard yellow, all up her back. Outfit is in the trash 😩",
    "Just changed a soaking wet nappy, he weed through his vest as well",
    "It was 100ml formula, I warmed it up for her",
    "15 min tummy time on the playmat and she rolled over for the first time!!! 😭🎉",
    "刚喝了90配方奶 喝完就开始啃手了",
])
def test_how_it_went_what_the_baby_wore_or_did_and_how_the_grown_up_is_leave_nothing_to_ask(text: str) -> None:
    reading = read(text)
    assert reading.intent is Intent.RECORD and reading.unaccounted == [] and not reading.also, (text, reading)


def test_nothing_else_beside_a_wet_nappy_is_no_poop() -> None:
    reading = read("Wet nappy changed at 10:40, nothing else")
    assert reading.slots.wet is True and reading.slots.solid is False and reading.unaccounted == []


def test_a_word_with_a_symptom_inside_it_is_no_symptom() -> None:
    assert all(f.record_type is not RecordType.HEALTH for f in read("poop everywhere, onesie in the trash").facts())


def test_a_fact_joined_by_while_happened_when_the_one_before_it_did() -> None:
    reading = read("pumped 3oz at 10 while she did 10 min tummy time")
    tummy = reading.facts()[1]
    assert tummy.slots.start == NOW.replace(hour=10, minute=0) and tummy.slots.end == NOW.replace(hour=10, minute=10)
