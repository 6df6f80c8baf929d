"""Told of a record already there — that it does not count, what it also was, how often its medicine is given,
which bottle by its time — is a change of that record (always confirmed), never a new one or a question."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 17, 2, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("米粒",)))


@pytest.mark.parametrize(("text", "hour"), [("两点那次不算哈 才喝了两口全吐出来了", 14), ("刚才那次不算", None),
                                            ("the 3pm one doesn't count, she spat it all up", 15)])
def test_that_one_does_not_count_proposes_deleting_it(text, hour):
    e = read(text)
    assert e.intent is Intent.DELETE and (e.reference.at.hour if e.reference.at else None) == hour, text


@pytest.mark.parametrize(("text", "record_type", "field"), [
    ("oh that last diaper was poopy too, forgot to say", RecordType.DIAPER, "solid"),
    ("the last bottle was 120", RecordType.FEEDING, "amount_ml")])
def test_the_last_one_said_to_have_been_something_changes_it(text, record_type, field):
    e = read(text)
    assert (e.intent, e.reference.record_type, e.unaccounted) == (Intent.CORRECT, record_type, []), text
    assert getattr(e.slots, field) is not None


@pytest.mark.parametrize("text", ["when was the last diaper?", "was the last diaper poopy?"])
def test_asked_of_the_last_one_is_still_a_question(text):
    assert read(text).intent is Intent.QUERY, text


@pytest.mark.parametrize(("text", "medicine", "every"), [("the tylenol is every 4 hours", "tylenol", 4),
                                                         ("泰诺林是每4小时一次", "泰诺林", 4),
                                                         ("美林每6到8小时一次", "美林", 6)])
def test_how_often_a_medicine_is_given_is_the_interval_of_its_last_dose_never_a_new_dose(text, medicine, every):
    e = read(text)
    assert (e.intent, e.reference.medication, e.slots.next_dose_after_h, e.slots.dose) == (
        Intent.CORRECT, medicine, every, None), text


def test_a_dose_given_with_its_interval_is_a_new_dose():
    e = read("gave tylenol 2.5ml, every 4 hours")
    assert (e.intent, e.slots.dose, e.slots.next_dose_after_h) == (Intent.RECORD, 2.5, 4)


def test_a_bottle_named_by_its_time_and_corrected_with_the_amount_said_wrong_is_that_bottle():
    e = read("早上6点多那瓶奶粉其实喝了130 不是120")
    assert (e.intent, e.reference.which, e.reference.at.hour, e.slots.amount_ml, e.slots.start) == (
        Intent.CORRECT, "at_time", 6, 130, None)


@pytest.mark.parametrize("text", ["Nan had her flu jab today, arm's sore so she can't lift him this week",
                                  "dad got his covid shot", "奶奶今天打了流感疫苗"])
def test_a_grown_ups_own_jab_is_no_record(text):
    assert read(text).intent is not Intent.RECORD, text


def test_the_babys_jab_is_still_hers():
    e = read("she had her flu jab today")
    assert (e.intent, e.record_type, e.slots.kind) == (Intent.RECORD, RecordType.HEALTH, "vaccine")


def test_a_sleep_on_a_clock_before_the_fact_before_it_is_quoted_and_never_proposed():
    e = read("洗完澡喝了120母乳 八点就睡了")
    assert [f.record_type for f in e.facts()] == [RecordType.FEEDING] and e.unread == ["8点就睡了"]


@pytest.mark.parametrize("text", ["今天打了一针", "给宝宝打了一针", "带她去打了百白破"])
def test_a_shot_the_baby_had_is_a_vaccine_its_name_asked_when_unsaid(text):
    e = read(text)
    assert (e.intent, e.slots.kind, e.unaccounted) == (Intent.RECORD, "vaccine", []), text
