from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.devtools.scenarios.loader import parse_scenario
from bot.devtools.scenarios.yamlnodes import ScenarioFileError

BASE = """\
name: 喂奶
family:
  members:
    mom: {name: 妈妈, title: 妈妈, role: parent}
    guest: {name: 小王, role: null}
clock: 2026-05-04T20:15
turns:
"""


def load(turns: str, head: str = BASE):
    return parse_scenario(head + turns, Path("s.yaml"))


def error_of(turns: str, head: str = BASE) -> ScenarioFileError:
    with pytest.raises(ScenarioFileError) as caught:
        load(turns, head)
    return caught.value


def test_a_text_turn_keeps_yes_as_the_word_not_a_boolean():
    scenario = load("  - mom: yes\n")
    assert scenario.turns[0].text == "yes"


def test_times_are_naive_local_minutes():
    scenario = load("  - mom: 好\n    expect: {task: {slots: {start: 2026-05-03T20:00}}}\n")
    assert scenario.clock == datetime(2026, 5, 4, 20, 15)
    assert scenario.turns[0].expect.task.slots == {"start": datetime(2026, 5, 3, 20, 0)}


def test_at_accepts_offsets_and_absolute_times():
    scenario = load("  - mom: 确认\n    at: +2h\n  - mom: 确认\n    at: 2026-05-05T01:00\n")
    assert scenario.turns[0].at.offset == timedelta(hours=2)
    assert scenario.turns[1].at.absolute == datetime(2026, 5, 5, 1, 0)


def test_an_unknown_key_in_an_expectation_names_its_line():
    error = error_of("  - mom: 刚刚喝了91ml配方奶\n    expect:\n      replies: recorded\n")
    assert error.line == 10 and "unknown key 'replies'" in error.reason


def test_an_unknown_record_field_is_an_error():
    error = error_of("  - mom: x\n    expect: {written: [{type: feeding, amount: 90}]}\n")
    assert error.line == 9 and "no field 'amount'" in error.reason


def test_an_enum_value_must_be_canonical():
    error = error_of("  - mom: x\n    expect: {written: [{type: feeding, kind: 配方奶}]}\n")
    assert "kind" in error.reason and "formula" in error.reason


def test_a_reply_kind_must_be_in_the_vocabulary():
    error = error_of("  - mom: x\n    expect: {reply: saved}\n")
    assert "'saved'" in error.reason


def test_a_turn_by_an_unknown_member_is_an_error():
    error = error_of("  - dad: 刚刚喝了90ml\n")
    assert error.line == 8 and "unknown key 'dad'" in error.reason


def test_a_press_needs_by():
    assert "by:" in error_of("  - press: confirm\n").reason


def test_a_repeat_must_repeat_the_previous_message():
    error = error_of("  - mom: 刚刚喝了90ml配方奶\n  - mom: 刚刚喝了91ml配方奶\n    repeat: true\n")
    assert error.line == 9 and "repeat" in error.reason


def test_join_needs_a_member_without_a_role():
    assert load("  - join: guest\n").turns[0].kind == "join"
    assert "role: null" in error_of("  - join: mom\n").reason


def test_task_members_must_be_member_keys():
    error = error_of("  - mom: x\n    expect: {task: {started_by: 妈妈}}\n")
    assert "not a member key" in error.reason


def test_broken_yaml_reports_its_line():
    error = error_of("  - mom: [unclosed\n  - mom: x\n")
    assert error.line >= 8


def test_top_level_needs_turns():
    with pytest.raises(ScenarioFileError) as caught:
        parse_scenario("name: x\nclock: 2026-05-04T20:15\n", Path("s.yaml"))
    assert "'turns'" in caught.value.reason


def test_empty_lists_mean_exactly_none():
    scenario = load("  - mom: x\n    expect: {written: [], buttons: []}\n")
    assert scenario.turns[0].expect.written.records == ()
    assert scenario.turns[0].expect.buttons == ()


def test_an_empty_list_of_reply_kinds_is_an_error():
    error = error_of("  - mom: x\n    expect: {reply: []}\n")
    assert error.line == 9 and "accepts no reply" in error.reason


def test_units_chosen_at_set_up_are_read_and_checked():
    head = BASE.replace("family:\n", "family:\n  units: {volume: oz, temperature: f}\n")
    assert load("  - mom: x\n", head).family.units == (("volume", "oz"), ("temperature", "f"))
    error = error_of("  - mom: x\n", BASE.replace("family:\n", "family:\n  units: {volume: cups}\n"))
    assert error.line == 3 and "'cups'" in error.reason
