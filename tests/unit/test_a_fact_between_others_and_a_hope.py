"""A fact said between two facts on clocks happened between them; a fact only hoped for is no fact."""
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.vocabulary import RecordType

ZONE = ZoneInfo("America/New_York")
NOW = datetime(2026, 5, 4, 19, 45, tzinfo=ZONE)


def read(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="America/New_York", babies=("Lily",)))


@pytest.mark.parametrize("text", ["ok so 5oz formula at 7 then changed a poopy diaper and she went down at 7:30",
                                  "she had 120 ml formula at 7 then a poopy diaper and then down for the night at 7:30",
                                  "7点喝了120奶粉 换了尿布 拉了 7点半睡了"])
def test_a_fact_without_a_clock_between_two_on_clocks_is_at_the_first_not_at_the_message(text):
    e = read(text)
    feed, diaper, sleep = e.facts()
    assert (feed.slots.start.hour, diaper.slots.time, sleep.slots.start.minute) == (19, feed.slots.start, 30), text
    assert e.unread == [] and e.unaccounted == [], text


def test_a_fact_without_a_clock_after_the_last_clock_is_still_at_the_message():
    feed, diaper = read("5oz formula at 7 then changed a poopy diaper").facts()
    assert diaper.slots.time is None or diaper.slots.time == NOW


@pytest.mark.parametrize(("text", "types"), [
    ("4oz formula and a wet diaper, back down now hopefully", [RecordType.FEEDING, RecordType.DIAPER]),
    ("wet nappy, changed him. back to bed hopefully", [RecordType.DIAPER]),
    ("fed her 4oz, down for a nap hopefully", [RecordType.FEEDING]),
    ("换了尿布 尿了 希望能睡个好觉", [RecordType.DIAPER]),
])
def test_a_sleep_only_hoped_for_is_no_sleep(text, types):
    e = read(text)
    assert [f.record_type for f in e.facts()] == types and e.unaccounted == [], text

