"""The summary time from a chat message: pure."""
from __future__ import annotations

from datetime import time

import pytest

from domain.summary.time import parse_summary_time
from storage.repositories.families import FamilyInfo as FamilySchedule


@pytest.mark.parametrize(("text", "expected"), [
    ("每天晚上9点发总结", "21:00"),
    ("总结改到晚上8点", "20:00"),
    ("总结改到晚上八点半", "20:30"),
    ("以后每晚九点一刻发总结吧", "21:15"),
    ("总结改成21点", "21:00"),
    ("总结改到21:30", "21:30"),
    ("总结改到 21：30", "21:30"),
    ("总结改到晚上9:45", "21:45"),
    ("下午6点发总结", "18:00"),
    ("傍晚六点十五分发", "18:15"),
    ("早上8点发总结", "08:00"),
    ("上午十点零五发总结", "10:05"),
    ("中午12点发总结", "12:00"),
    ("中午1点发总结", "13:00"),
    ("晚上12点发总结", "00:00"),
    ("凌晨1点发", "01:00"),
    ("send the summary at 8pm", "20:00"),
    ("Send the summary at 8 PM please", "20:00"),
    ("summary at 9:30 p.m.", "21:30"),
    ("summary at 7.45pm", "19:45"),
    ("send the summary at 7am", "07:00"),
    ("send the summary at 12am", "00:00"),
    ("send the summary at 12pm", "12:00"),
    ("send the summary at 21:30", "21:30"),
    ("send the summary at 20", "20:00"),
    ("send the summary at 8 in the evening", "20:00"),
    ("summary at 9 o'clock at night", "21:00"),
])
def test_a_time_that_says_morning_or_evening_is_read(text: str, expected: str) -> None:
    assert parse_summary_time(text) == expected


@pytest.mark.parametrize("text", [
    "总结改到9点",                 # morning or evening?
    "send the summary at 9",
    "summary at 9:30",
    "今天总结一下",
    "send me the summary",
    "晚上25点发总结",
    "summary at 13am",
    "summary at 25:00",
    "总结改到晚上9点70分",
])
def test_no_time_or_an_ambiguous_one_gives_none(text: str) -> None:
    assert parse_summary_time(text) is None


@pytest.mark.parametrize(("stored", "expected"), [
    ("20:30", time(20, 30)), ("9:05", time(9, 5)), ("24:00", time(21)), ("9点", time(21)), ("", time(21)),
])
def test_a_stored_summary_time_that_cannot_be_read_means_21_00(stored: str, expected: time) -> None:
    assert FamilySchedule(1, "Asia/Shanghai", "zh", stored).summary_clock_time == expected
