"""`wait:` turns and `pushes:` expectations: read from the file, matched one to one, and seen from the real
scheduler on the scenario's clock."""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest

from bot.devtools.scenarios.database import TemplateDatabase
from bot.devtools.scenarios.loader import parse_scenario
from bot.devtools.scenarios.model import PushCheck
from bot.devtools.scenarios.pushes import SeenPush, push_kind, pushes_difference
from bot.devtools.scenarios.runner import run_scenario
from bot.devtools.scenarios.yamlnodes import ScenarioFileError
from bot.protocol import OutgoingReply
from domain.vocabulary import ReplyKind

HEAD = """\
name: 推送
family:
  members:
    mom: {name: 妈妈, title: 妈妈, role: parent}
clock: 2026-05-04T20:00
turns:
"""


def load(turns: str, head: str = HEAD):
    return parse_scenario(head + turns, Path("p.yaml"))


def seen(kind: str, words: str, chat: str = "s1") -> SeenPush:
    return SeenPush(kind, chat, OutgoingReply(ReplyKind.ANSWER, words))


def test_a_wait_turn_moves_the_clock_by_an_offset_or_to_a_local_time_and_says_nothing():
    scenario = load("  - wait: +2h\n  - wait: 2026-05-04T23:00\n    expect: {pushes: []}\n")
    assert [t.kind for t in scenario.turns] == ["wait", "wait"]
    assert scenario.turns[0].at.offset == timedelta(hours=2)
    assert scenario.turns[1].at.absolute == datetime(2026, 5, 4, 23, 0)
    assert scenario.turns[1].expect.pushes == () and scenario.watches_pushes


def test_a_wait_turn_has_no_speaker_no_at_and_no_chat():
    with pytest.raises(ScenarioFileError, match="exactly one of"):
        load("  - wait: +2h\n    mom: 你好\n")
    with pytest.raises(ScenarioFileError, match="a wait turn has no 'at'"):
        load("  - wait: +2h\n    at: +1h\n")


def test_pushes_are_read_with_their_kind_words_and_chat_and_an_unknown_kind_is_an_error():
    scenario = load("  - mom: 你好\n    expect:\n"
                    "      pushes: [{kind: reminder, contains: 喂药, not_contains: [吸奶]}]\n")
    assert scenario.turns[0].expect.pushes == (PushCheck("reminder", ("喂药",), ("吸奶",), None, line=9),)
    with pytest.raises(ScenarioFileError, match="kind: 'alarm' is not one of"):
        load("  - wait: +1h\n    expect: {pushes: [{kind: alarm}]}\n")
    with pytest.raises(ScenarioFileError, match="not one of the family's chats"):
        load("  - wait: +1h\n    expect: {pushes: [{kind: summary, in: dm}]}\n")


def test_instances_are_one_to_four_and_a_scenario_without_pushes_does_not_watch_them():
    assert not load("  - mom: 你好\n").watches_pushes
    assert load("  - mom: 你好\n", "instances: 2\n" + HEAD).watches_pushes
    with pytest.raises(ScenarioFileError, match="instances"):
        load("  - mom: 你好\n", "instances: 0\n" + HEAD)


def test_a_push_is_named_by_what_the_scheduler_calls_it():
    assert [push_kind(about) for about in ("summary:daily:2026-05-04", "summary:weekly:2026-05-03",
                                           "reminder:once:12", "reminder:feed:3", "join:answer")] == \
        ["summary", "weekly", "reminder", "standing", "notice"]


def test_pushes_match_one_to_one_in_any_order_and_exactly_that_many():
    both = [seen("summary", "小满的一天"), seen("reminder", "⏰ 提醒：喂药")]
    assert pushes_difference((PushCheck("reminder", ("喂药",)), PushCheck("summary")), both) is None
    assert "1 more than expected" in pushes_difference((PushCheck("summary"),), both)
    assert "no reminder push containing ['吸奶']" in pushes_difference((PushCheck("reminder", ("吸奶",)),), both)
    assert "no summary push" in pushes_difference((PushCheck("summary"), PushCheck("summary")), both)
    assert pushes_difference((), []) is None


async def test_the_real_scheduler_sends_a_reminder_when_the_clock_passes_it_and_a_wrong_expectation_fails():
    turns = ("  - mom: 20:40 提醒我喂药\n  - wait: 2026-05-04T20:41\n"
             "    expect: {pushes: [{kind: reminder, contains: 喂药}]}\n")
    early = "  - mom: 20:40 提醒我喂药\n  - wait: 2026-05-04T20:39\n    expect: {pushes: [{kind: reminder}]}\n"
    async with TemplateDatabase() as database:
        passing = await run_scenario(load(turns), database)
        failing = await run_scenario(load(early), database)
    assert passing.passed, passing.message
    assert not failing.passed and failing.failed_turn == 2 and "no reminder push" in failing.message
