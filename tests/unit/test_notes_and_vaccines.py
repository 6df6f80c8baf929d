"""A note asked for in any wording, and a vaccine said by its name alone."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Extraction, Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str) -> Extraction:
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize(("text", "kept"), [
    ("Fawn note: she settles way faster with the white noise on", "she settles way faster with the white noise on"),
    ("@Fawn please note that he likes being swaddled", "he likes being swaddled"),
    ("Fawn make a note - first real smile today 🥹", "first real smile today 🥹"),
    ("记录一下：今天外婆第一次来看米粒", "今天外婆第一次来看米粒"),
    ("@Fawn 帮我记个备忘 下周三要带他去复查黄疸", "下周三要带他去复查黄疸"),
    ("Fawn 记一笔：今天开始换新奶瓶了", "今天开始换新奶瓶了"),
])
def test_a_note_asked_for_keeps_the_familys_words_whatever_they_say(text, kept):
    e = read(text)
    assert (e.intent, e.record_type, e.slots.text, e.unaccounted, e.cues) == \
        (Intent.RECORD, RecordType.NOTE, kept, [], [])


@pytest.mark.parametrize("text", ["记一下：刚喝了90ml奶粉", "note: 90ml formula just now",
                                  "Fawn 记录一下 刚喝了90ml奶粉"])
def test_a_note_asked_for_that_reports_a_record_is_that_record(text):
    e = read(text)
    assert e.record_type is RecordType.FEEDING and e.slots.amount_ml == 90


@pytest.mark.parametrize("text", ["noted thanks", "notes from the doctor are in the folder?"])
def test_noted_or_notes_do_not_ask_for_a_note(text):
    assert read(text).record_type is not RecordType.NOTE


@pytest.mark.parametrize(("text", "name"), [
    ("今天打了百白破 🥲", "百白破"), ("乙肝第二针", "乙肝第2针"), ("he got his MMR at 11 today 💉", "MMR"),
    ("hep B", "hep B"), ("DTaP", "DTaP"), ("上午10点打了乙肝疫苗第二针", "乙肝疫苗第2针"),
])
def test_a_vaccine_said_by_its_name_is_a_vaccine_with_that_name(text, name):
    e = read(text)
    assert (e.record_type, e.slots.kind, e.slots.vaccine) == (RecordType.HEALTH, "vaccine", name)


@pytest.mark.parametrize("text", ["she got her first shot at 10 this morning", "he got a vaccine at 3 today",
                                  "朵朵今天早上打了一针疫苗"])
def test_a_shot_without_its_name_leaves_the_name_to_be_asked(text):
    e = read(text)
    assert (e.slots.kind, e.slots.vaccine) == ("vaccine", None)


@pytest.mark.parametrize("text", ["宝宝出水痘了", "她好像得了手足口"])
def test_an_illness_a_vaccine_is_named_after_is_no_vaccine(text):
    assert read(text).slots.kind != "vaccine"
