"""The terminal chat as a person types it: the real service on a SQLite file, lines on stdin, the
clock moved by /at. A number presses only the button of the reply it was shown with."""
from __future__ import annotations

import io
from datetime import UTC, date, datetime

from bot.channels.console import ConsoleChat, ConsoleSettings
from bot.clock import FrozenClock, ShiftedClock
from bot.composition.app import open_fawn
from bot.composition.commands import with_pushes
from bot.protocol import FamilySetup, MemberSetup
from domain.vocabulary import ChatKind
from storage.engine import sqlite_url

START = datetime(2026, 5, 4, 12, 0, tzinfo=UTC)        # 08:00 in New York


async def _run(tmp_path, monkeypatch, capsys, lines: list[str], language: str = "en") -> str:
    clock = ShiftedClock(FrozenClock(START))
    fawn = await open_fawn(sqlite_url(tmp_path / "fawn.db"), clock=clock)
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    try:
        await ConsoleChat(fawn.chat, fawn.families, clock, ConsoleSettings(tmp_path, True, language)).run()
    finally:
        await fawn.close()
    return capsys.readouterr().out


async def test_typing_one_twice_presses_the_same_confirm_twice_never_the_undo_after_it(tmp_path, monkeypatch, capsys):
    out = await _run(tmp_path, monkeypatch, capsys, ["temp 100.4F", "1", "1", "/records"])
    assert "[1] ✅ Confirm" in out and "[3] ↩ Undo" in out
    assert "Undone" not in out
    assert "temperature 100.4°F @ 8:00 AM" in out.split("/records")[-1]      # written once, still there


async def test_a_number_no_reply_shows_is_not_a_message(tmp_path, monkeypatch, capsys):
    out = await _run(tmp_path, monkeypatch, capsys, ["1", "/records"])
    assert "There is no such choice." in out and "(nothing recorded today)" in out


async def test_at_moves_the_clock_of_the_service_too(tmp_path, monkeypatch, capsys):
    lines = ["/at 23:40", "fell asleep", "/at +1h30m", "/at +30m", "how long has she been asleep?"]
    out = await _run(tmp_path, monkeypatch, capsys, lines)
    assert "Clock: 2026-05-04 23:40 (America/New_York)" in out
    assert "Clock: 2026-05-05 01:10" in out and "Clock: 2026-05-05 01:40" in out
    assert "Asleep for 2 h now (since 11:40 PM)" in out          # a US family reads a 12-hour clock


async def test_help_lists_the_bots_own_words_and_a_newcomer_is_announced_once(tmp_path, monkeypatch, capsys):
    out = await _run(tmp_path, monkeypatch, capsys, ["/help", "/as Ben", "/as Mum", "/as Ben"])
    assert "/at 23:40" in out and "What you can say to Fawn:" in out and "/summary" in out
    assert out.count("(Ben is new") == 1


async def _run_with_pushes(tmp_path, monkeypatch, capsys, lines: list[str], language: str = "en",
                           demo: bool = True) -> tuple[str, object]:
    """The chat as `fawn chat` builds it: the scheduler on the chat's clock, pushing to the terminal."""
    clock = ShiftedClock(FrozenClock(START))
    fawn = await open_fawn(sqlite_url(tmp_path / "fawn.db"), clock=clock, chart_dir=tmp_path / "charts")
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    settings = ConsoleSettings(tmp_path, demo, language)
    console = with_pushes(fawn, ConsoleChat(fawn.chat, fawn.families, clock, settings), clock, settings)
    try:
        await console.run()
        return capsys.readouterr().out, await fawn.families.snapshot(console.family_id)
    finally:
        await fawn.close()


async def test_a_one_off_reminder_and_the_evening_summary_arrive_once_when_the_clock_passes_them(
        tmp_path, monkeypatch, capsys):
    lines = ["/at 20:00", "she just had 4 oz of formula", "remind me at 8:40 pm to give vitamin D",
             "/at 20:39", "/at 20:41", "/at 20:50", "my reminders", "/at 21:01", "/at 21:30"]
    out, _ = await _run_with_pushes(tmp_path, monkeypatch, capsys, lines)
    after_reminder = out.split("/at 20:41")[1]
    assert "give vitamin D" not in out.split("/at 20:39")[1].split("/at 20:41")[0]
    assert out.count("⏰") == 1 and "⏰" in after_reminder.split("/at 20:50")[0]
    assert "no reminders" in after_reminder.split("my reminders")[1].lower()
    summary = out.split("/at 21:01")[1]
    assert out.count("Mia's day") == 1 and "Mia's day" in summary and "4 oz" in summary
    assert f"[picture: {tmp_path / 'charts'}" in summary                       # its picture saved, its path shown


async def test_chatter_between_grandma_and_mum_gets_no_reply_and_an_addressed_message_does(
        tmp_path, monkeypatch, capsys):
    lines = ["/as Grandma", "lovely weather today, shall we take a walk later", "/as Mum", "yes, bring a hat",
             "/as Grandma", "@Fawn how much milk today?"]
    out, _ = await _run_with_pushes(tmp_path, monkeypatch, capsys, lines)
    assert "Fawn:" not in out.split("take a walk later")[1].split("@Fawn")[0]
    assert "Fawn:" in out.split("@Fawn how much milk today?")[1]


async def test_a_newcomer_gets_role_buttons_a_parent_presses_and_private_opens_a_members_own_chat(
        tmp_path, monkeypatch, capsys):
    lines = ["/as Ben", "hi all, I'm Ben", "/as Mum", "2", "/private Mum", "remind me in 1 hour to call the doctor",
             "/group", "/at +61m"]
    out, _ = await _run_with_pushes(tmp_path, monkeypatch, capsys, lines)
    assert "[1] Parent  [2] Caregiver  [3] Friend" in out.split("I'm Ben")[1]
    assert "Ben is now a caregiver" in out.split("[Mum] > 2")[1]
    assert "Now in Mum's one-to-one chat" in out
    assert "Fawn → Mum's private chat: ⏰" in out.split("/at +61m")[1]      # it arrives where it was asked


async def test_set_up_reads_natural_answers_and_asks_again_what_it_cannot_read(tmp_path, monkeypatch, capsys):
    lines = ["小满", "next year", "3月1日", "maybe", "女孩", "妈妈", "斤", "/quit"]
    out, snapshot = await _run_with_pushes(tmp_path, monkeypatch, capsys, lines, language="zh", demo=False)
    assert out.count("没看懂") == 2 and "没看懂「next year」" in out and "没看懂「maybe」" in out
    assert snapshot.profiles[0]["birth_date"] == date(2026, 3, 1) and snapshot.profiles[0]["sex"] == "female"
    assert "建好了你的家庭：小满" in out


async def test_a_push_to_the_other_terminal_family_in_the_file_waits_until_that_family_is_opened(
        tmp_path, monkeypatch, capsys):
    await _run_with_pushes(tmp_path, monkeypatch, capsys, ["remind me in 1 hour to call the doctor"])
    other, _ = await _run_with_pushes(tmp_path, monkeypatch, capsys, ["/at +2h"], language="zh")
    assert "call the doctor" not in other
    again, _ = await _run_with_pushes(tmp_path, monkeypatch, capsys, ["/records"])
    assert again.count("⏰ Reminder: call the doctor") == 1
    assert again.index("Fawn: ⏰") < again.index("[Mum] > /records")      # shown as the chat opens


async def test_a_terminal_chat_set_up_as_a_private_one_is_the_familys_group_now(tmp_path, monkeypatch, capsys):
    fawn = await open_fawn(sqlite_url(tmp_path / "fawn.db"))
    try:
        await fawn.families.setup_family(FamilySetup("console", "demo-en", ChatKind.PRIVATE, language="en",
                                                     members=(MemberSetup("mom", "Mum", "Mum", "parent"),)))
    finally:
        await fawn.close()
    out, _ = await _run_with_pushes(tmp_path, monkeypatch, capsys, ["lovely weather today, shall we take a walk later"])
    assert "Fawn:" not in out.split("take a walk later")[1]
