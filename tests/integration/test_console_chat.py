"""The terminal chat as a person types it: the real service on a SQLite file, lines on stdin, the
clock moved by /at. A number presses only the button of the reply it was shown with."""
from __future__ import annotations

import io
from datetime import UTC, datetime

from bot.channels.console import ConsoleChat, ConsoleSettings
from bot.clock import FrozenClock, ShiftedClock
from bot.composition.app import open_fawn
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
