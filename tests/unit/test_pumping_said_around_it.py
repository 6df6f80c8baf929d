"""What a pumping message says around the pumping: a side that gave nothing, an amount said after it, a sum,
the milk fed straight after — the pumping's own details, never another fact of a guessed type."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.numerals import normalise
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from bot.understanding.spans import RECORD, read_spans
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


def facts(e):
    return [(f.record_type, f.slots.side, f.slots.amount_ml and round(f.slots.amount_ml, 1)) for f in e.facts()]


@pytest.mark.parametrize(("text", "side", "ml"), [
    ("右边堵了 只吸了左边 七十毫升", "left", 70), ("上班间隙左边吸了六十毫升 右边堵着吸不出来 唉", "left", 60),
    ("左边吸了60 右边没有", "left", 60), ("吸奶 右边80 左边没什么", "right", 80),
    ("Pumped left side only, 70ml. Right was empty after his feed", "left", 70),
    ("pumped 4oz from the left at work, right side gave like nothing ugh", "left", 118.3),
    ("pump 120ml left side only, right side has a blocked duct again ugh", "left", 120),
    ("Pumped 80 mls on the left only, right side's been a bit blocked 😣", "left", 80),
    ("pumped 90ml on the right, but the left one was totally dry", "right", 90),
])
def test_a_side_that_gave_nothing_is_neither_a_side_of_the_pumping_nor_a_breastfeed(text, side, ml):
    e = read(text)
    assert facts(e) == [(RecordType.PUMPING, side, ml)], text
    assert e.unaccounted == [] and e.confidence == 1.0, text


@pytest.mark.parametrize(("text", "ml"), [
    ("刚吸完奶 六十加五十毫升", 110), ("刚吸奶吸了二十分钟 才五十毫升 心累😮‍💨", 50),
    ("done pumping at 12:45, got 2 + 2.5 oz", 133.1), ("刚双边吸了二十分钟 一共一百三", 130),
    ("pumped for 20 min, 4oz total", 118.3), ("吸完了，一共120", 120),
])
def test_an_amount_said_after_the_pumping_is_the_pumpings(text, ml):
    e = read(text)
    assert [(f.record_type, f.slots.amount_ml and round(f.slots.amount_ml, 1)) for f in e.facts()] == \
        [(RecordType.PUMPING, ml)], text
    assert e.unaccounted == [], text


@pytest.mark.parametrize("text", ["pumped 20 min, then she had 60ml", "吸了20分钟 然后宝宝喝了60毫升奶粉"])
def test_a_feed_said_with_its_own_words_after_pumping_stays_a_feed(text):
    e = read(text)
    assert [f.record_type for f in e.facts()] == [RecordType.PUMPING, RecordType.FEEDING], text
    assert e.facts()[1].slots.amount_ml == 60


@pytest.mark.parametrize(("text", "fed"), [
    ("刚吸了九十 直接用奶瓶喂给她了", 90), ("pumped 4oz at 9:30 and dad gave her 3 of it at 10", 88.7),
    ("pumped 5oz, gave it to him right away", 147.9), ("吸了120 喂给她60", 60),
])
def test_the_milk_just_pumped_and_fed_is_a_breast_milk_bottle(text, fed):
    e = read(text)
    pumped, feed = e.facts()
    assert pumped.record_type is RecordType.PUMPING and feed.record_type is RecordType.FEEDING
    assert (feed.slots.kind, feed.slots.method, round(feed.slots.amount_ml, 1)) == ("breast_milk", "bottle", fed)
    assert e.unaccounted == [], text


def test_a_feed_after_pumping_without_saying_it_was_that_milk_asks_what_milk():
    feed = read("吸了120 喂了她60").facts()[-1]
    assert (feed.record_type, feed.slots.kind) == (RecordType.FEEDING, None)


@pytest.mark.parametrize("text", ["右边堵了 只吸了左边 七十毫升", "左边没什么 右边80", "喂了左边，右边没吃"])
def test_no_record_word_runs_over_the_end_of_a_clause(text):
    said = normalise(text)
    for s in read_spans(said, NOW, (), ()):
        if s.kind == RECORD:
            assert " " not in s.text.strip() and "，" not in s.text and "," not in s.text, s
