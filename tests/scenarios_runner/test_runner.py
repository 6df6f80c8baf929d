from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.devtools.scenarios.command import as_json, closing_line, outcome_line, print_verbose, run_files
from bot.devtools.scenarios.database import TemplateDatabase
from bot.devtools.scenarios.loader import parse_scenario
from bot.devtools.scenarios.runner import run_scenario

from .fake_service import FakeChatService, FakeEngine, fake_factory

HEAD = """\
name: fake
family:
  members:
    mom: {name: 妈妈, title: 妈妈, role: parent}
    guest: {name: 小王, role: friend}
clock: 2026-05-04T20:15
turns:
"""


async def run(turns: str, service: FakeChatService | None = None, head: str = HEAD):
    service = service or FakeChatService()
    engine = FakeEngine()
    async with TemplateDatabase() as database:
        result = await run_scenario(parse_scenario(head + turns, Path("f.yaml")), database,
                                    factory=fake_factory(service, engine))
    assert engine.disposed
    return result, service


async def test_a_written_record_matches_in_local_time_and_the_clock_moves_a_minute_a_turn():
    result, service = await run("""\
  - mom: 你好
  - mom: 刚刚喝了91ml配方奶
    expect:
      reply: recorded
      buttons: [undo]
      reply_contains: ["91"]
      written: [{type: feeding, kind: formula, amount_ml: 91, start: 2026-05-04T20:16}]
""")
    assert result.passed, result.message
    assert service.received[1].sent_at == datetime(2026, 5, 4, 20, 16, tzinfo=ZoneInfo("Asia/Shanghai"))
    assert [m.message_id for m in service.received] == ["m1", "m2"]


async def test_the_first_difference_fails_the_turn_and_says_what_differed():
    result, _ = await run("""\
  - mom: 刚刚喝了91ml配方奶
    expect: {written: [{type: feeding, amount_ml: 90}]}
""")
    assert not result.passed and result.failed_turn == 1
    assert "amount_ml is 91, expected 90" in result.message and "line 8" in result.message


async def test_a_silent_bot_is_reply_none_and_a_redelivery_writes_once():
    result, service = await run("""\
  - mom: 刚刚喝了90ml配方奶
  - mom: 刚刚喝了90ml配方奶
    repeat: true
    expect: {reply: none, no_change: true}
final:
  records: [{type: feeding, amount_ml: 90}]
""")
    assert result.passed, result.message
    assert service.received[0] == service.received[1]


async def test_no_change_fails_when_something_was_written():
    result, _ = await run("  - mom: 刚刚喝了90ml配方奶\n    expect: {no_change: true}\n")
    assert not result.passed and "1 written" in result.message


async def test_pressing_undo_deletes_and_a_stale_press_changes_nothing():
    result, service = await run("""\
  - mom: 刚刚喝了90ml配方奶
  - press: undo
    by: mom
    expect: {reply: undone, deleted: [{type: feeding, amount_ml: 90}]}
  - press: undo
    by: mom
    message: 1
    expect: {reply: none, no_change: true}
final:
  records: []
""")
    assert result.passed, result.message
    assert [m.message_id for m in service.received] == ["m1", "p2", "p3"]
    assert service.received[1].press.token == "u:1"


async def test_a_task_with_confirm_then_update():
    result, _ = await run("""\
  - mom: 刚刚喝了90ml配方奶
  - mom: 改成91
    expect:
      reply: confirm
      buttons: [confirm, cancel]
      no_change: true
      task: {state: awaiting_confirmation, action: update, started_by: mom, slots: {amount_ml: 91}}
  - press: confirm
    by: mom
    at: +5m
    expect: {reply: updated, updated: [{type: feeding, amount_ml: 91}], task: null}
""")
    assert result.passed, result.message


async def test_pressing_a_button_nobody_offered_fails_the_turn():
    result, _ = await run("  - press: confirm\n    by: mom\n")
    assert not result.passed and "no 'confirm' button" in result.message


async def test_the_final_check_fails_as_final():
    result, _ = await run("  - mom: 刚刚喝了90ml配方奶\nfinal:\n  records: []\n")
    assert result.failed_turn == "final" and "expected 0 record(s), got 1" in result.message


async def test_family_records_exist_before_the_first_turn():
    seeded = "  records:\n    - {type: feeding, start: 2026-05-04T18:00, kind: formula, amount_ml: 120}\n"
    head = HEAD.replace("clock:", seeded + "clock:")
    result, service = await run("  - mom: 你好\n    expect: {no_change: true}\n"
                                "final:\n  records: [{type: feeding, start: 2026-05-04T18:00}]\n", head=head)
    assert result.passed, result.message


async def test_the_command_reports_each_file_and_a_closing_line(tmp_path: Path):
    good = tmp_path / "a_good.yaml"
    good.write_text(HEAD + "  - mom: 刚刚喝了90ml配方奶\n    expect: {reply: recorded}\n", encoding="utf-8")
    bad = tmp_path / "b_bad.yaml"
    bad.write_text(HEAD + "  - mom: x\n    expect: {reply: recorded, colour: red}\n", encoding="utf-8")
    outcomes = await run_files([good, bad], factory=fake_factory(FakeChatService()))
    assert closing_line(outcomes) == "1 passed, 1 failed"
    assert outcome_line(outcomes[0]).startswith("PASS")
    assert f"{bad}:9: expect: unknown key 'colour'" in outcome_line(outcomes[1])
    report = json.loads(json.dumps(as_json(outcomes)))
    assert report["passed"] == 1 and report["failed"] == 1
    assert set(report["results"][0]) == {"file", "name", "passed", "failed_turn", "message", "wrong_write"}


async def test_repeat_reports_a_pass_rate_and_the_model_reaches_the_factory(tmp_path: Path):
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + "  - mom: 刚刚喝了90ml配方奶\n    expect: {reply: recorded}\n", encoding="utf-8")
    models: list[str] = []

    async def factory(url: str, *, clock, model: str):
        models.append(model)
        return FakeChatService(), FakeEngine()

    outcomes = await run_files([path], model="gpt-x", repeat=3, factory=factory)
    assert models == ["gpt-x"] * 3
    assert outcome_line(outcomes[0]).startswith("PASS 3/3")
    assert closing_line(outcomes).splitlines() == ["pass rate 3/3 runs (100.0%)", "1 passed, 0 failed"]


async def test_a_join_turn_sends_nothing():
    head = HEAD.replace("    guest: {name: 小王, role: friend}", "    guest: {name: 小王, role: null}")
    result, service = await run("  - join: guest\n    expect: {reply: none, no_change: true}\n"
                                "  - guest: 刚刚喝了90ml配方奶\n    expect: {reply: refused}\n", head=head)
    assert result.passed, result.message
    assert [m.sender_id for m in service.received] == ["guest"]
    assert "guest" not in service.roles


async def test_pressing_on_a_reply_that_does_not_exist_fails_the_turn():
    result, _ = await run("  - mom: 刚刚喝了90ml配方奶\n  - press: undo\n    by: mom\n    message: 5\n")
    assert result.failed_turn == 2 and "no reply 5" in result.message


async def test_verbose_prints_each_turn_and_its_reply_even_when_the_scenario_passes(tmp_path: Path, capsys):
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + "  - mom: 刚刚喝了90ml配方奶\n    expect: {reply: recorded}\n", encoding="utf-8")
    outcomes = await run_files([path], factory=fake_factory(FakeChatService()), echo=print_verbose)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("PASS")
    assert out[1] == "  [1] 20:15 mom: 刚刚喝了90ml配方奶" and out[2].startswith("      → recorded: ")
    assert "transcript" not in as_json(outcomes)["results"][0]


async def test_on_postgresql_each_scenario_runs_in_a_fresh_database_made_from_the_migrated_template():
    import asyncpg
    import pytest

    from bot.devtools.scenarios.database import PostgresTemplate

    url = "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
    try:
        probe = await asyncpg.connect(url.replace("+asyncpg", ""), timeout=3)
    except (OSError, TimeoutError, asyncpg.PostgresError):
        pytest.skip("PostgreSQL not reachable")
    try:
        scenario = Path(__file__).parents[2] / "scenarios" / "feeding" / "absurd_amount.yaml"
        outcomes = await run_files([scenario], database_url=url)
        names = await probe.fetch("SELECT datname FROM pg_database WHERE datname LIKE 'fawn_scenarios_%'")
    finally:
        await probe.close()
    assert [o.result.passed for o in outcomes] == [True], outcomes[0].result.message
    assert [n["datname"] for n in names if n["datname"].startswith(PostgresTemplate(url).prefix)] == []  # cleaned up


async def test_a_list_of_reply_kinds_accepts_any_of_them_and_names_them_all_when_none_fits():
    passing, _ = await run("  - mom: 刚刚喝了90ml配方奶\n    expect: {reply: [ask, recorded]}\n")
    failing, _ = await run("  - mom: 刚刚喝了90ml配方奶\n    expect: {reply: [ask, confirm]}\n")
    assert passing.passed, passing.message
    assert not failing.passed and "expected ask or confirm" in failing.message


async def test_a_failing_turn_that_wrote_another_record_is_a_wrong_write_and_one_that_only_asked_is_not():
    wrong, _ = await run("  - mom: 刚刚喝了91ml配方奶\n    expect: {reply: ask, no_change: true}\n")
    other_record, _ = await run("  - mom: 刚刚喝了91ml配方奶\n    expect: {written: [{type: sleep}]}\n")
    only_reply, _ = await run("  - mom: 刚刚喝了91ml配方奶\n    expect: {reply: ask}\n")
    assert wrong.wrong_write and other_record.wrong_write
    assert not only_reply.passed and not only_reply.wrong_write
