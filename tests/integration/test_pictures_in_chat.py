"""Asking for a summary or a growth curve in chat brings a real PNG from the data folder."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup
from domain.vocabulary import ReplyKind
from storage.engine import sqlite_url

TZ = ZoneInfo("Asia/Shanghai")
PNG = b"\x89PNG\r\n\x1a\n"


async def _family(tmp_path: Path):
    clock = FrozenClock(datetime(2026, 5, 4, 20, 0, tzinfo=TZ))
    app = await open_fawn(sqlite_url(tmp_path / "f.db"), clock=clock, chart_dir=tmp_path / "charts")
    babies = ({"name": "小满", "birth_date": date(2026, 1, 1), "sex": "female"},)
    family = await app.families.setup_family(FamilySetup("t", "c", babies=babies,
                                                         members=(MemberSetup("mom", "妈妈", "妈妈", "parent"),)))
    return app, clock, family


async def _say(app, clock, text: str, n: int):
    clock.advance(timedelta(minutes=1))
    return await app.chat.handle(IncomingMessage("t", "c", "mom", "妈妈", f"m{n}", clock(), text))


async def test_growth_curve_request_returns_a_png_against_who_lines(tmp_path):
    app, clock, family = await _family(tmp_path)
    await app.families.add_records(family, [
        {"type": "growth", "time": datetime(2026, 2, 1, 10, tzinfo=TZ), "weight_kg": 4.5},
        {"type": "growth", "time": datetime(2026, 4, 1, 10, tzinfo=TZ), "weight_kg": 6.0}])
    result = await _say(app, clock, "看看生长曲线", 1)
    await app.close()
    assert result.kind is ReplyKind.ANSWER and result.reply.image is not None
    assert result.reply.image.parent == tmp_path / "charts"
    assert result.reply.image.read_bytes().startswith(PNG)


async def test_a_summary_on_demand_comes_with_the_week_chart(tmp_path):
    app, clock, _ = await _family(tmp_path)
    await _say(app, clock, "刚刚喝了120ml配方奶", 1)
    result = await _say(app, clock, "今天总结一下", 2)
    await app.close()
    assert result.kind is ReplyKind.ANSWER and "120" in result.reply.text
    assert result.reply.image is not None and result.reply.image.read_bytes().startswith(PNG)
