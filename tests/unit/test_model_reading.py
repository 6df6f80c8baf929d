"""The model's compact reading and how it becomes the domain's `Extraction`; when the rules hand a message
over, and when a model's failure asks the family again."""
from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

from pydantic import ValidationError

from bot.understanding.handover import asks_again_after_failure, asks_the_model
from bot.understanding.model_reading import ModelReading, reading_schema, to_extraction
from bot.understanding.request import ExtractionRequest
from bot.understanding.validation import problem_of, problems_in
from domain.extraction import Extraction, Intent, Slots
from domain.replies.amounts import units_shown
from domain.replies.render import render
from domain.turn import Reply
from domain.units import DisplayUnits
from domain.vocabulary import Language, RecordType, ReplyKind

EVENING = datetime(2026, 5, 4, 20, 15, tzinfo=ZoneInfo("Asia/Shanghai"))


def request(text: str) -> ExtractionRequest:
    return ExtractionRequest(text=text, now=EVENING, timezone="Asia/Shanghai", babies=("小米/米粒", "大宝"))


def test_the_first_fact_is_the_readings_record_and_the_others_its_also() -> None:
    reading = ModelReading.model_validate({"intent": "record", "facts": [
        {"record_type": "feeding", "slots": {"amount_ml": 90}, "said": "喝了90ml"},
        {"record_type": "diaper", "slots": {"wet": True}, "said": "尿了"}]})

    extraction = to_extraction(reading, None)

    assert extraction.record_type is RecordType.FEEDING and extraction.slots.amount_ml == 90
    assert [f.record_type for f in extraction.also] == [RecordType.DIAPER] and extraction.said == "喝了90ml"


def test_a_single_fact_leaves_also_said_and_unread_empty() -> None:
    reading = ModelReading.model_validate({"intent": "record", "unread": ["好乖"], "facts": [
        {"record_type": "sleep", "sleep_event": "fell_asleep", "said": "睡着了"}]})

    extraction = to_extraction(reading, None)

    assert extraction.also == [] and extraction.said is None and extraction.unread == []


def test_a_fragment_fills_slots_without_a_record_type() -> None:
    reading = ModelReading.model_validate({"intent": "supply", "facts": [{"slots": {"night_wakings": 1}}]})

    extraction = to_extraction(reading, None)

    assert extraction.record_type is None and extraction.slots.night_wakings == 1 and extraction.also == []


def test_the_units_said_and_a_clock_without_a_day_come_from_the_rules_reading() -> None:
    rules = Extraction(intent=Intent.CHAT, units_said={"volume": "oz"}, clock_without_day="16:00")

    extraction = to_extraction(ModelReading(intent=Intent.RECORD), rules)

    assert extraction.units_said == {"volume": "oz"} and extraction.clock_without_day == "16:00"


def test_the_schema_is_inlined_without_titles_nulls_or_defaults() -> None:
    shown = json.dumps(reading_schema(), ensure_ascii=False)

    assert "$ref" not in shown and "$defs" not in shown and '"title": "' not in shown  # a property may be "title"
    assert '"null"' not in shown and '"default"' not in shown
    assert shown.count('"tummy_time"') == 1               # the record types are listed once


def test_a_wrong_answer_is_told_where_and_what_without_its_values() -> None:
    try:
        ModelReading.model_validate({"intent": "record", "facts": [{"slots": ["formula", 120]}, "喝了120ml"]})
    except ValidationError as wrong:
        problems = problems_in(wrong)

    assert problems[0].startswith("facts.0.slots: ") and "120" not in " ".join(problems)
    assert any(p.startswith("facts.1") for p in problems)


def test_an_invented_baby_and_a_question_without_its_query_are_problems() -> None:
    invented = ModelReading.model_validate({"intent": "query", "facts": [{"record_type": "feeding", "baby": "Lily"}]})
    named = ModelReading.model_validate({"intent": "record", "facts": [{"record_type": "feeding", "baby": "米粒"}]})

    problems = problem_of(invented, request("她喝了"))

    assert any("needs the field 'query'" in p for p in problems) and any(p.startswith("facts.baby") for p in problems)
    assert problem_of(named, request("米粒喝了")) == [] and problem_of(named, request("她喝了")) == []


def test_the_rules_ask_the_model_when_unsure_or_something_is_unused() -> None:
    assert asks_the_model(Extraction(intent=Intent.CHAT, confidence=0.3))
    assert asks_the_model(Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING, unaccounted=["3"]))
    assert not asks_the_model(Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING))


def test_a_failed_model_asks_again_only_where_the_rules_read_part_of_a_fact() -> None:
    partial = Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING, slots=Slots(amount_ml=90),
                         unaccounted=["3"])

    assert asks_again_after_failure(partial)
    assert not asks_again_after_failure(Extraction(intent=Intent.CHAT, confidence=0.3, near="feeding"))
    assert not asks_again_after_failure(Extraction(intent=Intent.RECORD, record_type=RecordType.FEEDING))


def test_the_ask_again_example_is_in_the_familys_units() -> None:
    with units_shown(DisplayUnits(volume="oz")):
        shown = render(Reply(ReplyKind.CHAT, "ask_again", {"near": "feeding"}), Language.EN, EVENING)

    assert "3oz" in shown and "90 ml" not in shown
