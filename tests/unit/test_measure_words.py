"""A measure word is part of its noun: 一泡 / 一大泡 / 一坨 / 一针 / one bottle say "a", not the number 1 — while
any other number before a measure word is a count the reading must use or name (拉了两泡)."""
from __future__ import annotations

from datetime import datetime
from itertools import product
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 17, tzinfo=ZoneInfo("Asia/Shanghai"))
BEFORE = ["", "刚", "刚刚", "宝宝", "宝宝刚", "她"]
AFTER = ["", " 黄色的", "，很稀", "😅", "～", "!!", " 换好了"]


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize("before, size, measure, after",
                         list(product(BEFORE, ["", "大", "小"], ["泡", "坨"], AFTER)))
def test_one_load_of_poop_is_a_dirty_diaper_with_nothing_left_unexplained(before, size, measure, after) -> None:
    said = f"{before}拉了一{size}{measure}{after}"
    e = read(said)
    assert (e.intent, e.record_type, e.slots.solid) == (Intent.RECORD, RecordType.DIAPER, True), said
    assert e.unaccounted == [], said


@pytest.mark.parametrize("count", ["两", "三", "2", "3"])
@pytest.mark.parametrize("measure", ["泡", "大泡", "坨"])
def test_a_count_before_a_measure_word_is_a_number_the_reading_must_account_for(count: str, measure: str) -> None:
    e = read(f"刚拉了{count}{measure}")
    assert e.unaccounted, f"{count}{measure}"


@pytest.mark.parametrize("said", ["打了一针疫苗", "刚打了一针疫苗", "今天打了一针疫苗😭", "宝宝打了一针乙肝疫苗"])
def test_one_shot_is_a_vaccine_with_nothing_left_unexplained(said: str) -> None:
    e = read(said)
    assert (e.record_type, e.slots.kind) == (RecordType.HEALTH, "vaccine")
    assert e.unaccounted == [], said


@pytest.mark.parametrize("said", ["喝了一瓶 120ml", "喝了一整瓶120ml", "刚喝了一瓶奶粉 120毫升", "一顿喝了120ml"])
def test_one_bottle_with_its_amount_uses_only_the_amount(said: str) -> None:
    e = read(said)
    assert (e.record_type, e.slots.amount_ml, e.unaccounted) == (RecordType.FEEDING, 120, []), said


@pytest.mark.parametrize("said", [
    "changed 1 wet diaper", "changed one wet diaper", "1 big poop just now", "a huge poop", "one poopy diaper",
    "just changed a dirty diaper 💩", "she did one big poop",
])
def test_a_or_one_before_an_english_noun_is_an_article(said: str) -> None:
    e = read(said)
    assert e.record_type is RecordType.DIAPER and e.unaccounted == [], said


@pytest.mark.parametrize("said", ["睡了一会儿", "她睡了一会儿就醒了", "刚睡了一会儿", "宝宝睡了一小会儿"])
def test_a_while_after_a_verb_is_how_long_not_a_plan(said: str) -> None:
    e = read(said)
    assert e.record_type is RecordType.SLEEP and "plan" not in e.cues, said


def test_in_a_moment_before_a_verb_is_still_a_plan() -> None:
    e = read("一会儿给她喂奶")
    assert e.intent is Intent.CHAT and "plan" in e.cues


@pytest.mark.parametrize("said", ["刚换了个尿布 尿了", "换了个尿布，拉了", "刚喝了个奶 120ml", "她拉了个大的"])
def test_a_measure_word_with_its_one_left_out_is_an_article_too(said: str) -> None:
    assert "个" not in read(said).unaccounted, said


@pytest.mark.parametrize("count", ["两袋", "2罐", "三瓶", "2 bottles", "两包"])
def test_a_count_of_packs_or_bottles_is_never_an_amount_in_ml(count: str) -> None:
    e = read(f"喝了{count}" if not count[0].isdigit() or "bottles" not in count else f"she drank {count}")
    assert e.slots.amount_ml is None and e.unaccounted, count
