"""The SQLite file deleted or replaced under a running Fawn: SQLite would write on into the unlinked file
and lose it all at exit, silently. Fawn refuses instead — no turn is acknowledged as done (the channel
leaves the message for the platform to deliver again), and one CRITICAL line says so."""
from __future__ import annotations

import logging
import os
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup
from domain.vocabulary import ReplyKind
from storage.engine import sqlite_url
from tests.databases import migrated_sqlite

EVENING = datetime(2026, 5, 4, 20, 0, tzinfo=ZoneInfo("Asia/Shanghai"))


@pytest.mark.parametrize("how", ["deleted", "replaced"])
async def test_a_turn_after_the_sqlite_file_went_is_refused_and_logged_once_never_kept_in_the_void(
        tmp_path: Path, caplog, how: str) -> None:
    path = tmp_path / "fawn.db"
    await migrated_sqlite(path)
    clock = FrozenClock(EVENING)
    app = await open_fawn(sqlite_url(path), clock=clock, migrate=False)
    await app.families.setup_family(FamilySetup("t", "c", members=(MemberSetup("mom", "妈妈", "妈妈", "parent"),)))

    async def say(n: int):
        clock.advance(timedelta(minutes=1))
        return await app.chat.handle(IncomingMessage("t", "c", "mom", "妈妈", f"m{n}", clock(), "刚刚喝了90ml配方奶"))

    before = await say(1)
    if how == "deleted":
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
    else:                                            # an old copy moved into its place
        await migrated_sqlite(tmp_path / "old.db")
        os.replace(tmp_path / "old.db", path)
    caplog.set_level(logging.WARNING)
    after = [await say(n) for n in (2, 3)]
    await app.close()
    assert before.kind is ReplyKind.RECORDED
    assert all(a.retry_later and a.reply is None and not a.written for a in after), after
    critical = [r for r in caplog.records if r.levelno == logging.CRITICAL]
    assert len(critical) == 1 and how in critical[0].getMessage()
