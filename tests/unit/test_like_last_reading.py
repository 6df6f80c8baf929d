"""The rules read "same as last time" as the latest record of the type said (or asked about), with the words it
repeats from; a question about last time is no repeat."""
from __future__ import annotations

from datetime import datetime
from itertools import product
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.numerals import normalise
from bot.understanding.request import ExtractionRequest, TaskHint
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 17, tzinfo=ZoneInfo("Asia/Shanghai"))
BOTTLE_TASK = TaskHint("create", "feeding", "pending", {"kind": "formula", "method": "bottle"})
ZH_SAME = ["跟上次一样", "和上次一样", "跟上次一样多", "和上一瓶一样", "跟之前一样", "还是上次那么多", "跟上次差不多"]
ZH_FEED = ["又冲了一瓶 {}", "刚喝了奶粉 {}", "{} 又喝了一瓶", "宝宝又喝奶了，{}", "喂了一瓶配方奶 {}吧"]
EN_SAME = ["same as last time", "the same as last time", "same amount as before", "like last time",
           "same as the last one", "same as before"]
EN_FEED = ["another bottle just now, {}", "she had another bottle, {}", "{} - another bottle of formula",
           "gave her a bottle {} 🍼"]


def read(text: str, task: TaskHint | None = None):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", task=task))


def repeats(e, words: str) -> bool:
    return (e.reference is not None and e.reference.which == "latest" and e.reference.record_type
            is RecordType.FEEDING and normalise(words) in e.estimated and e.unaccounted == [])


@pytest.mark.parametrize("feed, same", list(product(ZH_FEED, ZH_SAME)) + list(product(EN_FEED, EN_SAME)))
def test_a_feed_said_like_last_time_repeats_the_latest_feed(feed: str, same: str) -> None:
    e = read(feed.format(same))
    assert e.intent is Intent.RECORD and repeats(e, same), (feed.format(same), e)


@pytest.mark.parametrize("same", ZH_SAME + EN_SAME + ["跟上次一样吧", "嗯 跟上次一样"])
def test_an_answer_to_the_amount_question_repeats_the_latest_feed(same: str) -> None:
    e = read(same, BOTTLE_TASK)
    assert e.intent is Intent.SUPPLY and repeats(e, same.removesuffix("吧").removeprefix("嗯 ")), same


@pytest.mark.parametrize("said", ["跟上次一样吗？", "是不是跟上次一样", "was it the same as last time?",
                                  "上次喝了多少", "跟上次一样", "same as last time"])
def test_a_question_or_words_alone_with_nothing_to_repeat_are_no_record(said: str) -> None:
    e = read(said)
    assert e.intent is not Intent.RECORD and e.reference is None or e.intent is Intent.QUERY, said


def test_a_medicine_like_last_time_repeats_the_last_dose_of_it() -> None:
    e = read("美林 跟上次一样")
    assert (e.record_type, e.slots.medication, e.reference.record_type) == (RecordType.HEALTH, "美林",
                                                                            RecordType.HEALTH)
