"""Voice-to-text clock times: "7 15 this morning", "fed at 3 30", "seven thirty" read as 7:15, 3:30, 7:30 — and
numbers that only stand side by side with a unit (2 45 oz, 7 15 minutes) stay numbers."""
from __future__ import annotations

from datetime import datetime
from itertools import product
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.numerals import normalise
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from bot.understanding.timeparse import read_times
from domain.vocabulary import RecordType

NOW = datetime(2026, 5, 4, 20, 17, tzinfo=ZoneInfo("Asia/Shanghai"))


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


@pytest.mark.parametrize("clock, hour, minute", [("7 15", 7, 15), ("seven fifteen", 7, 15), ("6 45", 6, 45),
                                                 ("six forty-five", 6, 45), ("11 05", 11, 5), ("eleven five", 11, 5)])
@pytest.mark.parametrize("said", ["bottle at {} this morning, 4 oz formula", "{} this morning she had 4 oz formula",
                                  "4 oz formula at {} this morning", "this morning {} 4oz formula 🍼"])
def test_a_clock_said_as_two_numbers_is_the_feeds_time_and_not_its_amount(clock, hour, minute, said) -> None:
    e = read(said.format(clock))
    assert e.record_type is RecordType.FEEDING, said
    assert (e.slots.start.hour, e.slots.start.minute) == (hour, minute), said
    assert e.slots.amount_ml == pytest.approx(118.3, abs=0.1) and e.unaccounted == [], said


LEADS = ["fed at", "fed her at", "喂奶", "bottle at"]


@pytest.mark.parametrize("lead, clock", list(product(LEADS, ["3 30", "three thirty"])))
def test_a_bare_clock_of_two_numbers_gives_no_amount(lead: str, clock: str) -> None:
    e = read(f"{lead} {clock}")
    assert e.slots.amount_ml is None and (e.slots.start.hour % 12, e.slots.start.minute) == (3, 30)


@pytest.mark.parametrize("said, hour, minute", [
    ("2 45 oz", 2, 45), ("7 15 minutes", 7, 15), ("3 30ml", 3, 30), ("7 15 min", 7, 15), ("4 10 mins", 4, 10),
    ("1 20 kg", 1, 20), ("120 30", 20, 30), ("1.5 30", 5, 30), ("5/12 30", 12, 30), ("25 30", 1, 30),
])
def test_numbers_side_by_side_with_a_unit_or_without_an_hour_are_no_clock(said: str, hour: int, minute: int) -> None:
    reading = read_times(normalise(said), NOW)
    shown = [(t.hour % 12, t.minute) for t in (reading.point, reading.start, reading.end) if t is not None]
    assert (hour % 12, minute) not in shown, said
