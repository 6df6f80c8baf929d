"""A waiting task that asked for a name (what food? which medicine? which vaccine?) takes a bare name as its
answer — and never a thanks, a laugh, another record or a grown-up's plans."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest, TaskHint
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 12, 40, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str, field: str, record_type: str):
    task = TaskHint("create", record_type, "pending", {}, (field,))
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("米粒",), task=task))


@pytest.mark.parametrize(("text", "field", "record_type", "name"), [
    ("sweet potato", "food", "feeding", "sweet potato"), ("南瓜泥", "food", "feeding", "南瓜泥"),
    ("it was banana", "food", "feeding", "banana"), ("Calpol", "medication", "health", "Calpol"),
    ("泰诺林", "medication", "health", "泰诺林"), ("just mashed avo", "food", "feeding", "mashed avo"),
])
def test_a_bare_name_answers_the_name_the_task_asked_for(text, field, record_type, name):
    e = read(text, field, record_type)
    assert (e.intent, e.record_type, getattr(e.slots, field)) == (Intent.SUPPLY, RecordType(record_type), name)


@pytest.mark.parametrize("text", ["thanks", "ok thanks", "lol", "哈哈", "不知道", "what?", "I'm home at 7",
                                  "she pooped"])
def test_no_thanks_laugh_question_plan_or_other_record_is_taken_for_a_name(text):
    e = read(text, "food", "feeding")
    assert e.slots.food is None, text


@pytest.mark.parametrize(("text", "method"), [("the left", "left_breast"), ("left", "left_breast"),
                                              ("right one", "right_breast"), ("the right boob", "right_breast")])
def test_a_bare_side_answers_a_waiting_feed_as_a_breastfeed_of_that_side(text, method):
    e = read(text, "kind", "feeding")
    assert (e.intent, e.slots.kind, e.slots.method) == (Intent.SUPPLY, "breast_milk", method), text


@pytest.mark.parametrize("text", ["the left", "left", "right one"])
def test_a_bare_side_with_nothing_waiting_writes_nothing(text):
    e = extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai", babies=("米粒",)))
    assert e.intent is not Intent.RECORD, text
