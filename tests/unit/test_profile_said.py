"""The baby's profile said the ways parents say it: a birthday in words or without a year, a birth weight beside
"at birth", a nickname; a field asked to be set without its value."""
from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.understanding.readers.profile import birth_date, profile_change
from bot.understanding.request import ExtractionRequest
from bot.understanding.rules import extract
from domain.extraction import Intent

NOW = datetime(2026, 5, 4, 20, 30, tzinfo=ZoneInfo("Asia/Shanghai"))
TODAY = NOW.date()


@pytest.mark.parametrize(("text", "day"), [
    ("her birthday is March 3rd 2026 not March 1st", date(2026, 3, 3)), ("his birthday is wrong, it's march 12",
                                                                         date(2026, 3, 12)),
    ("her birthday is actually Feb 28", date(2026, 2, 28)), ("糖糖生日是3月1号 帮她填上", date(2026, 3, 1)),
    ("生日是2026年3月1日", date(2026, 3, 1)), ("she was born on 12th of December", date(2025, 12, 12)),
    ("birthday is 2 May", date(2026, 5, 2)),
])
def test_a_birthday_in_words_or_without_a_year_is_the_latest_such_day_not_after_today(text, day):
    assert birth_date(text, TODAY) == day


@pytest.mark.parametrize("text", ["生日是2月30日", "her birthday is February 30"])
def test_a_day_no_calendar_has_is_no_birthday(text):
    assert profile_change(text, TODAY) is None


@pytest.mark.parametrize(("text", "kg"), [("she was 7 lb 8 oz at birth", 3.402), ("出生体重六斤八两", 3.4),
                                          ("出生体重3200g", 3.2), ("birth weight 3.1kg", 3.1)])
def test_a_birth_weight_in_any_unit_is_kilograms(text, kg):
    change = extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai")).profile
    assert change is not None and change.birth_weight_kg == pytest.approx(kg, abs=0.01)


def test_we_call_her_is_a_nickname():
    assert profile_change("we call her Bean too, so if I say Bean that's her", TODAY).nickname == "Bean"


@pytest.mark.parametrize("text", ["@Fawn can you set the baby's sex", "@Fawn 帮我填一下米粒的生日",
                                  "性别还没填 帮我设置一下"])
def test_asked_to_set_a_field_without_its_value_is_a_profile_change_to_ask_about(text):
    e = extract(ExtractionRequest(text=text, now=NOW, timezone="Asia/Shanghai"))
    assert e.intent is Intent.PROFILE and e.profile.given() == {}
