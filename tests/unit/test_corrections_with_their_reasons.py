"""A correction said with why, or with more after it: 'that should be 100 not 90', 'sorry, 38.4, read it wrong
without my glasses', 'sorry it was 4:15 not 4:30, and she drank 100ml' — the new values, the reason set aside."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest, TaskHint
from bot.understanding.rules import extract
from domain.extraction import Intent
from domain.vocabulary import RecordType

ZONE = ZoneInfo("America/Toronto")
NOW = datetime(2026, 5, 4, 16, 50, tzinfo=ZONE)
TEMPERATURE = TaskHint("create", "health", "awaiting_confirmation", {"kind": "temperature", "temperature_c": 38.9})
BOTTLE = TaskHint("create", "feeding", "pending", {"kind": "formula", "start": "2026-05-04T16:30:00-04:00"},
                  ("amount_ml",))


def read(text: str, task: TaskHint | None = None):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="America/Toronto", babies=("Mia",), task=task))


@pytest.mark.parametrize("text", ["oops that should be 100 not 90", "that should've been 100ml not 90",
                                  "make that 100 not 90", "it should be 100, not 90"])
def test_should_be_a_value_not_another_is_that_value_of_the_record_holding_the_other(text):
    e = read(text)
    assert (e.intent, e.slots.amount_ml, e.reference.value, e.unaccounted) == (Intent.CORRECT, 100, 90, []), text


@pytest.mark.parametrize("text", ["sorry, 38.4, read it wrong without my glasses", "sorry 38.4", "no, 38.4",
                                  "sorry 38.4 typo", "oops 38.4, misread the thermometer"])
def test_a_corrected_temperature_with_its_reason_changes_the_waiting_temperature(text):
    e = read(text, TEMPERATURE)
    assert (e.intent, e.slots.temperature_c, e.unaccounted) == (Intent.CORRECT, 38.4, []), text


@pytest.mark.parametrize("text", ["sorry it was 4:15 not 4:30, and she drank 100ml", "不是四点半 是四点一刻 喝了100"])
def test_a_value_said_after_a_corrected_time_goes_with_it(text):
    e = read(text, BOTTLE)
    assert (e.slots.start, e.slots.amount_ml, e.unaccounted) == (NOW.replace(hour=16, minute=15), 100, []), text


def test_an_apology_before_a_new_fact_is_no_correction():
    assert read("sorry she's asleep").intent is not Intent.CORRECT


@pytest.mark.parametrize("text", ["是38.2，刚才看错了", "38.2 刚才看错了", "38.2 misread it"])
def test_a_value_then_that_it_was_misread_corrects_the_waiting_temperature(text):
    task = TaskHint("create", "health", "awaiting_confirmation", {"kind": "temperature", "temperature_c": 38.5})
    e = read(text, task)
    assert (e.intent, e.slots.temperature_c, e.unaccounted) == (Intent.CORRECT, 38.2, []), text


@pytest.mark.parametrize("text", ["是38.2，刚才看错了", "不对 是38.2"])
def test_a_bare_corrected_decimal_only_a_temperature_can_be_is_the_last_temperature_not_an_amount(text):
    e = read(text)
    assert (e.intent, e.slots.temperature_c, e.slots.amount_ml, e.reference.kind) == (
        Intent.CORRECT, 38.2, None, "temperature"), text


@pytest.mark.parametrize("text", ["不是喂奶，是吸奶器吸的，一共110ml", "not a feed, it was the pump, 110ml"])
def test_another_type_said_for_the_one_said_wrong_is_that_type_read_back_never_written_at_once(text):
    e = read(text)
    assert (e.intent, e.record_type, e.slots.amount_ml) == (Intent.RECORD, RecordType.PUMPING, 110), text
    assert e.unread or e.unaccounted, text         # the words said wrong are quoted: confirmed
