"""Small things said beside a fact: burps, a word said long, what the baby did not do, a tired grown-up's
feeling — none of them a fact; a solid fed by the baby herself is its method; a nappy named is never a nap."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("果冻",)))


@pytest.mark.parametrize(("text", "record_type"), [
    ("十点喝了奶粉一百五 打了两个嗝", RecordType.FEEDING), ("喝了90ml奶粉 拍出一个大嗝", RecordType.FEEDING),
    ("4oz formula, burped twice", RecordType.FEEDING), ("Annnd he's up. 40 min nap, classic 🙃", RecordType.SLEEP),
    ("sooo she had 120ml formula", RecordType.FEEDING), ("果冻刚才趴了十分钟 还挺开心的 没哭", RecordType.TUMMY_TIME),
    ("三点喂了150ml奶粉 累死了😭 眼睛都睁不开", RecordType.FEEDING),
    ("下午四点趴了五分钟 哭得稀里哗啦的", RecordType.TUMMY_TIME),
    ("果冻喝了九十奶粉 一个都没剩", RecordType.FEEDING),
    ("catching up: she had 3oz formula at 1pm", RecordType.FEEDING),
])
def test_a_word_beside_the_fact_that_says_nothing_of_it_is_explained(text, record_type):
    e = read(text)
    assert (e.intent, e.record_type, e.unaccounted) == (Intent.RECORD, record_type, []), text


@pytest.mark.parametrize("text", ["喝了120ml奶粉 没喝完", "拉了 没尿"])
def test_a_negation_of_a_record_word_is_never_set_aside_as_what_she_did_not_do(text):
    e = read(text)
    assert e.unaccounted or e.intent is not Intent.RECORD or e.slots.wet is False, text


@pytest.mark.parametrize("text", ["he had 30g of avocado for lunch, fed himself", "she fed herself some banana, 20g",
                                  "ate 20g of banana all by herself"])
def test_a_solid_the_baby_fed_herself_is_self_fed(text):
    e = read(text)
    assert (e.slots.kind, e.slots.method, e.unaccounted) == ("solid_food", "self_fed", []), text


@pytest.mark.parametrize("text", ["can you delete the last nappy, I think Tom already logged it",
                                  "please delete that last nappy, I put it in by mistake", "delete the last poopy one"])
def test_a_nappy_named_in_a_delete_is_a_diaper_never_a_nap(text):
    e = read(text)
    assert (e.intent, e.reference.record_type) == (Intent.DELETE, RecordType.DIAPER), text


def test_a_nap_named_in_a_delete_is_still_a_sleep():
    assert read("delete the last nap").reference.record_type is RecordType.SLEEP
