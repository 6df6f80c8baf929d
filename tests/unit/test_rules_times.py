"""The rule extractor uses what the time reader consumed: a number read as a time is no amount."""
from datetime import datetime
from zoneinfo import ZoneInfo

from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract

TZ = ZoneInfo("Asia/Shanghai")
NOW = datetime(2026, 5, 4, 16, 0, tzinfo=TZ)


def ask(text: str):
    return extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))


def test_the_three_in_fed_at_three_is_a_time_not_three_ml():
    slots = ask("fed at 3").slots
    assert slots.start == datetime(2026, 5, 4, 15, 0, tzinfo=TZ)
    assert slots.amount_ml is None


def test_twenty_odd_minutes_of_breastfeeding_is_a_length_not_twenty_ml():
    slots = ask("喂了二十多分钟母乳").slots
    assert (slots.duration_min, slots.amount_ml) == (20, None)


def test_a_bare_amount_beside_a_clock_time_is_still_the_amount():
    slots = ask("3点喝了90").slots
    assert (slots.start, slots.amount_ml) == (datetime(2026, 5, 4, 15, 0, tzinfo=TZ), 90)
