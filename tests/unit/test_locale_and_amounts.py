"""What a family reads in its own words: doses as given, intervals as said, its clock, its units in the
examples, ages as parents say them. Pure: no fixtures, no I/O."""
from __future__ import annotations

from datetime import datetime, time
from zoneinfo import ZoneInfo

from bot.understanding.readers.health import next_dose_interval
from domain.replies.ages import age_text
from domain.replies.amounts import dose, units_shown, weight
from domain.replies.catalog import hour_mark, text
from domain.replies.describe import describe
from domain.replies.render import help_text
from domain.replies.summary import health_event_text
from domain.summary.model import HealthEvent
from domain.units import METRIC, US_CUSTOMARY, default_clock, display_units
from domain.vocabulary import Language

NEW_YORK = ZoneInfo("America/New_York")
EVENING = datetime(2026, 5, 4, 20, 35, tzinfo=NEW_YORK)
TYLENOL = {"time": EVENING, "kind": "medication", "medication": "Tylenol", "dose": 1.25, "dose_unit": "ml",
           "next_dose_after_h": 4.0, "next_dose_up_to_h": 6.0}


def test_a_dose_is_shown_exactly_as_it_was_given_in_every_text() -> None:
    assert dose(TYLENOL, Language.EN) == "1.25ml"
    assert dose({"dose": 0.125, "dose_unit": "mg"}, Language.ZH) == "0.125mg"
    with units_shown(US_CUSTOMARY):                      # an ounce family's syrup stays in ml
        assert "Tylenol 1.25ml" in describe("health", TYLENOL, EVENING, Language.EN)
        assert health_event_text(HealthEvent(EVENING, "medication", TYLENOL), Language.EN) == \
            "medication Tylenol 1.25ml"


def test_a_range_of_hours_keeps_the_shorter_interval_and_says_so() -> None:
    assert next_dose_interval("gave 1.25 ml tylenol, every 4 to 6 hours") == \
        {"next_dose_after_h": 4.0, "next_dose_up_to_h": 6.0}
    assert next_dose_interval("美林每6-4小时一次")["next_dose_after_h"] == 4.0
    assert next_dose_interval("every 6 hours") == {"next_dose_after_h": 6.0, "next_dose_up_to_h": None}
    assert "4–6 h was said, the shorter is kept" in describe("health", TYLENOL, EVENING, Language.EN)
    assert "说的是4–6小时，按短的算" in describe("health", TYLENOL, EVENING, Language.ZH)


def test_us_english_families_read_a_twelve_hour_clock_unless_they_choose() -> None:
    assert default_clock("en", "America/New_York") == "12h" and default_clock("en", "Australia/Sydney") == "12h"
    assert default_clock("en", "Europe/London") == "24h" and default_clock("zh", "America/New_York") == "24h"
    assert display_units({}, "12h").twelve_hour
    assert not display_units({"clock": "24h"}, "12h").twelve_hour          # a family's choice wins


def test_times_are_written_on_the_familys_clock() -> None:
    with units_shown(US_CUSTOMARY):
        assert text(Language.EN, "clock.today", time=EVENING) == "8:35 PM"
        assert text(Language.EN, "clock.hm", time=time(0, 5)) == "12:05 AM"
        assert text(Language.EN, "clock.hm", time=time(12, 0)) == "12:00 PM"
        assert [hour_mark(h, Language.EN) for h in (0, 6, 12, 18, 24)] == ["12a", "6a", "12p", "6p", "12a"]
    with units_shown(METRIC):
        assert text(Language.EN, "clock.today", time=EVENING) == "20:35"
        assert text(Language.ZH, "clock.yesterday", time=EVENING) == "昨天 20:35"
        assert hour_mark(18, Language.ZH) == "18"
    assert text(Language.EN, "clock.date", time=EVENING) == "May 4 20:35"      # other specs as they were


def test_ages_read_as_parents_say_them_never_day_92() -> None:
    assert [age_text(d, Language.EN) for d in (0, 1, 5, 20, 92, 100, 400, 800)] == \
        ["birth", "1 day", "5 days", "2 weeks", "13 weeks", "3 months", "13 months", "2 years 2 months"]
    assert [age_text(d, Language.ZH) for d in (5, 92, 100, 731)] == ["5天", "13周", "3个月", "2岁"]


def test_help_and_examples_speak_the_familys_units() -> None:
    with units_shown(US_CUSTOMARY):
        said = help_text(Language.EN)
        assert "just had 3oz formula" in said and "temp 100.4F" in said and "to 4oz" in said and "ml" not in said
    with units_shown(METRIC):
        assert "刚刚喝了90ml配方奶" in help_text(Language.ZH) and "体温37.8" in help_text(Language.ZH)


def test_a_weight_under_a_pound_reads_in_ounces() -> None:
    with units_shown(US_CUSTOMARY):
        assert weight(0.1, Language.EN) == "3.5 oz" and weight(3.9, Language.EN) == "8 lb 9.6 oz"
