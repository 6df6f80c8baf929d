"""Settings said in chat land where the scheduler and reminders read them; only parents may."""
from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup
from bot.push.reminders import ReminderSettings
from domain.vocabulary import ReplyKind
from storage.engine import sqlite_url
from storage.tables import Family

TZ = ZoneInfo("Asia/Shanghai")
MEMBERS = (MemberSetup("mom", "妈妈", "妈妈", "parent"), MemberSetup("nanny", "阿姨", "阿姨", "caregiver"))


async def _service(tmp_path: Path):
    clock = FrozenClock(datetime(2026, 5, 4, 12, 0, tzinfo=TZ))
    app = await open_fawn(sqlite_url(tmp_path / "s.db"), clock=clock)
    family_id = await app.families.setup_family(FamilySetup("t", "c", members=MEMBERS))
    rescheduled: list[int] = []

    async def reschedule(fid: int) -> None:
        rescheduled.append(fid)

    app.chat.on_settings_changed = reschedule
    counter = iter(range(1000))

    async def say(who: str, text: str):
        clock.advance(timedelta(minutes=1))
        return await app.chat.handle(IncomingMessage("t", "c", who, who, f"m{next(counter)}", clock(), text))

    return app, family_id, say, rescheduled


async def _family(app, family_id: int) -> Family:
    async with app.database.sessions() as s:
        return await s.get(Family, family_id)


async def test_reminders_turned_on_in_chat_are_what_the_reminder_sweep_reads(tmp_path):
    app, family_id, say, _ = await _service(tmp_path)
    for text in ("开启吃药提醒", "超过4小时没喂奶提醒我", "睡了超过6小时还没醒就提醒我"):
        assert (await say("mom", text)).kind is ReplyKind.UPDATED
    settings = ReminderSettings.from_settings((await _family(app, family_id)).settings)
    assert (settings.medication, settings.no_feeding_hours, settings.open_sleep_hours) == (True, 4, 6)
    await say("mom", "关闭喂奶提醒")
    settings = ReminderSettings.from_settings((await _family(app, family_id)).settings)
    await app.close()
    assert (settings.medication, settings.no_feeding_hours, settings.open_sleep_hours) == (True, None, 6)


async def test_a_summary_time_said_by_a_parent_is_stored_and_rescheduled(tmp_path):
    app, family_id, say, rescheduled = await _service(tmp_path)
    refused = await say("nanny", "每天晚上8点发总结")
    accepted = await say("mom", "每天晚上8点发总结")
    family = await _family(app, family_id)
    await app.close()
    assert refused.kind is ReplyKind.REFUSED and accepted.kind is ReplyKind.UPDATED
    assert family.summary_time == "20:00" and rescheduled == [family_id]


async def test_an_impossible_reminder_interval_changes_nothing(tmp_path):
    app, family_id, say, rescheduled = await _service(tmp_path)
    result = await say("mom", "/settings no_feeding_hours 500")
    family = await _family(app, family_id)
    await app.close()
    assert result.kind is ReplyKind.ERROR and not (family.settings.get("reminders") or {}) and rescheduled == []
