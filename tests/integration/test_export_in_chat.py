"""导出数据 / /export said in a chat: a parent on a channel that cannot carry a file (WeCom, personal WeChat)
gets a signed link to the family page that works for them and the command that writes the file; on Telegram,
the word that sends the file; a caregiver or a friend is refused, everywhere, and nothing changes."""
from __future__ import annotations

import json
import re
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import select

from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.family.page import FamilyPages
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup
from bot.web.access import read_link
from bot.web.links import PageLinks
from domain.vocabulary import ReplyKind
from storage.engine import sqlite_url
from storage.tables import AuditEntry

TZ = ZoneInfo("Asia/Shanghai")
SECRET = b"s" * 32
MEMBERS = (MemberSetup("mom", "妈妈", "妈妈", "parent"), MemberSetup("nanny", "阿姨", "阿姨", "caregiver"))


async def _app(tmp_path: Path, platform: str):
    clock = FrozenClock(datetime(2026, 5, 4, 12, 0, tzinfo=TZ))
    app = await open_fawn(sqlite_url(tmp_path / "e.db"), clock=clock)
    family_id = await app.families.setup_family(FamilySetup(platform, "c", members=MEMBERS))
    app.chat.replies.page_links = PageLinks(FamilyPages(app.database, clock), "https://fawn.test", SECRET,
                                            clock=clock)
    counter = iter(range(100))

    async def say(who: str, text: str):
        clock.advance(timedelta(minutes=1))
        return await app.chat.handle(IncomingMessage(platform, "c", who, who, f"m{next(counter)}", clock(), text))

    return app, family_id, say, clock


@pytest.mark.parametrize("platform", ["wecom", "wechat"])
async def test_a_parent_on_a_channel_without_files_gets_a_working_page_link_and_the_command(tmp_path, platform):
    app, family_id, say, clock = await _app(tmp_path, platform)
    result = await say("mom", "导出数据")
    snapshot = await app.families.snapshot(family_id)
    await app.close()
    assert result.kind is ReplyKind.ANSWER and not result.written and snapshot.task is None
    words = result.reply.text
    assert f"fawn export {family_id} --format json" in words and "--format csv" in words
    token = re.search(r"https://fawn\.test/family/\d+\?t=(\S+)", words).group(1)
    link = read_link(SECRET, token, clock())
    assert link is not None and link.family_id == family_id


@pytest.mark.parametrize("platform", ["wecom", "wechat", "telegram"])
async def test_a_caregiver_or_a_friend_asking_for_the_export_is_refused(tmp_path, platform):
    app, _, say, _ = await _app(tmp_path, platform)
    answers = [await say(who, text) for who, text in (("nanny", "导出数据"), ("stranger", "/export"),
                                                     ("nanny", "export our data"))]
    await app.close()
    assert [a.kind for a in answers] == [ReplyKind.REFUSED] * 3
    assert all("fawn export" not in a.reply.text and "t=" not in a.reply.text for a in answers)


async def test_where_the_channel_carries_files_a_parent_gets_the_records_file(tmp_path):
    app, family_id, say, _ = await _app(tmp_path, "telegram")
    app.chat.replies.file_channels = frozenset({"telegram"})
    await say("mom", "刚刚喝了91ml配方奶")
    result = await say("mom", "导出数据")
    async with app.database.sessions() as s:
        audited = (await s.exec(select(AuditEntry).where(AuditEntry.family_id == family_id,
                                                         AuditEntry.action == "family_export"))).all()
    await app.close()
    assert result.kind is ReplyKind.ANSWER and result.reply.document is not None
    rows = json.loads(result.reply.document.read_bytes())
    assert [r["amount_ml"] for r in rows] == [91] and "1" in result.reply.text and len(audited) == 1


async def test_an_export_whose_reply_never_reached_the_chat_comes_again_with_its_file(tmp_path):
    """The platform delivers the message again (the process stopped before sending): the stored reply goes
    again, file and all, and nothing is exported twice."""
    app, family_id, _, clock = await _app(tmp_path, "telegram")
    app.chat.replies.file_channels = frozenset({"telegram"})
    asked = IncomingMessage("telegram", "c", "mom", "妈妈", "m-export", clock(), "导出数据")
    first = await app.chat.handle(asked)
    again = await app.chat.handle(asked)
    async with app.database.sessions() as s:
        audited = (await s.exec(select(AuditEntry).where(AuditEntry.action == "family_export"))).all()
    await app.close()
    assert again.duplicate and again.reply.document == first.reply.document and again.reply.text == first.reply.text
    assert len(audited) == 1
