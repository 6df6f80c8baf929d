"""`fawn trace` says which question was understood (metric, period, shape), never the message text."""
from __future__ import annotations

from datetime import UTC, datetime

from bot.clock import FrozenClock
from bot.composition.app import open_fawn
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup
from bot.turn.trace import show
from domain.vocabulary import ChatKind
from storage.engine import sqlite_url

NOW = datetime(2026, 5, 6, 8, 0, tzinfo=UTC)


async def test_the_trace_names_the_query_shape_and_not_the_words(tmp_path, capsys):
    url = sqlite_url(tmp_path / "fawn.db")
    fawn = await open_fawn(url, clock=FrozenClock(NOW))
    try:
        await fawn.families.setup_family(FamilySetup("test", "c1", ChatKind.PRIVATE,
                                                     members=(MemberSetup("mom", "妈妈", "妈妈", "parent"),)))
        await fawn.chat.handle(IncomingMessage("test", "c1", "mom", "妈妈", "m1", NOW, chat_kind=ChatKind.PRIVATE,
                                               text="这周平均每天喝多少奶"))
    finally:
        await fawn.close()
    capsys.readouterr()
    assert await show(url, "m1") == 0
    out = capsys.readouterr().out
    assert '"metric": "feeding_total"' in out and '"period": "week"' in out and '"shape": "daily_average"' in out
    assert "平均" not in out
