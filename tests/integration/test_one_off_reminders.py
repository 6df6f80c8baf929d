"""One-off reminders from chat (3小时后提醒我喂药) delivered by the scheduler on a real SQLite file, driven by a
frozen clock: once at their time, to the chat they were asked in, after a restart, never twice with two
instances, never when cancelled, taken over once when the instance that claimed one died."""
from __future__ import annotations

import asyncio
from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from sqlmodel import select

from bot.clock import FrozenClock
from bot.composition import open_fawn
from bot.protocol import FamilySetup, IncomingMessage, MemberSetup, OutgoingReply
from bot.push.one_off import claim_kind
from bot.push.scheduler import SummaryScheduler
from domain.vocabulary import ReplyKind
from storage.engine import sqlite_url
from storage.repositories.families import FamilyInfo
from storage.tables import OneOffReminder

TZ = ZoneInfo("Asia/Shanghai")
START = datetime(2026, 5, 4, 12, 0, tzinfo=TZ)
MEMBERS = (MemberSetup("mom", "妈妈", "妈妈", "parent"), MemberSetup("nanny", "阿姨", "阿姨", "caregiver"))


class Chats:
    """The injected chat push: what would go to which chat."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, str, str]] = []

    def reaches(self, platform: str) -> bool:
        return platform == "t"

    async def to_chat(self, family: FamilyInfo, platform: str, chat_id: str, reply: OutgoingReply,
                      about: str) -> bool:
        self.sent.append((platform, chat_id, reply.text))
        return True


async def _nothing(family: FamilyInfo, reply: OutgoingReply, about: str) -> bool:
    return True


class Family:
    def __init__(self, path: Path, clock: FrozenClock) -> None:
        self.path, self.clock, self.counter = path, clock, 0

    async def open(self):
        self.app = await open_fawn(sqlite_url(self.path), clock=self.clock)
        return self.app

    async def say(self, who: str, text: str, chat: str = "c"):
        self.clock.advance(timedelta(minutes=1))
        self.counter += 1
        return await self.app.chat.handle(IncomingMessage("t", chat, who, who, f"m{self.counter}", self.clock(), text))

    def scheduler(self, chats: Chats, instance: str = "a") -> SummaryScheduler:
        return SummaryScheduler(self.app.database, _nothing, self.clock, instance, chats=chats)

    async def reminders(self) -> list[OneOffReminder]:
        async with self.app.database.sessions() as s:
            return list((await s.exec(select(OneOffReminder).order_by(OneOffReminder.id))).all())


async def _family(tmp_path: Path) -> Family:
    family = Family(tmp_path / "r.db", FrozenClock(START))
    app = await family.open()
    family.id = await app.families.setup_family(FamilySetup("t", "c", members=MEMBERS))
    return family


async def test_a_reminder_fires_once_at_its_time_in_the_chat_it_was_asked_in(tmp_path):
    family = await _family(tmp_path)
    async with family.app.database.unit_of_work() as uow:
        await uow.families.link_chat(family.id, "t", "dm-mom", "private", START)
        await uow.commit()
    asked = await family.say("mom", "三小时后提醒我喂药", chat="dm-mom")          # at 12:01: due 15:01
    chats = Chats()
    scheduler = family.scheduler(chats)
    family.clock.set(START + timedelta(hours=3))
    early = await scheduler.check_one_off()
    family.clock.set(START + timedelta(hours=3, minutes=1))
    on_time = await scheduler.check_one_off()
    again = [await scheduler.check_one_off() for _ in range(3)]
    family.clock.advance(timedelta(hours=2))
    later = await scheduler.check_one_off()
    stored = await family.reminders()
    await family.app.close()
    assert asked.kind is ReplyKind.RECORDED and "15:01" in asked.reply.text
    assert (early, on_time, again, later) == (0, 1, [0, 0, 0], 0)
    assert len(chats.sent) == 1
    platform, chat, words = chats.sent[0]
    assert (platform, chat) == ("t", "dm-mom")
    assert "喂药" in words and "妈妈" in words and "12:01" in words
    assert [r.state for r in stored] == ["sent"]


async def test_a_reminder_set_before_a_restart_is_sent_after_it(tmp_path):
    family = await _family(tmp_path)
    await family.say("nanny", "30分钟后提醒我吸奶")                                # due 12:31
    await family.app.close()
    family.clock.set(START + timedelta(minutes=50))                              # down over the due time
    await family.open()
    chats = Chats()
    scheduler = family.scheduler(chats)
    await scheduler.start()                                                      # the catch-up sweep
    await scheduler.caught_up()
    scheduler.shutdown()
    await family.app.close()
    assert len(chats.sent) == 1
    assert "吸奶" in chats.sent[0][2] and "原定 12:31" in chats.sent[0][2]     # late: it says when it was due


async def test_two_instances_never_both_send_a_reminder(tmp_path):
    family = await _family(tmp_path)
    await family.say("mom", "1小时后提醒我喂奶")
    await family.say("mom", "2小时后提醒我换尿布")
    chats = Chats()
    first, second = family.scheduler(chats, "a"), family.scheduler(chats, "b")
    family.clock.set(START + timedelta(hours=2, minutes=5))
    counts = await asyncio.gather(first.check_one_off(), second.check_one_off(), first.check_one_off(),
                                  second.check_one_off())
    await family.app.close()
    assert sum(counts) == 2
    assert len(chats.sent) == 2
    assert {("喂奶" in w, "换尿布" in w) for _, _, w in chats.sent} == {(True, False), (False, True)}


async def test_a_claim_whose_instance_died_is_taken_over_after_the_lease(tmp_path):
    family = await _family(tmp_path)
    await family.say("mom", "1小时后提醒我喂药")
    (reminder,) = await family.reminders()
    due = reminder.due_at
    async with family.app.database.unit_of_work() as uow:                        # claimed, then the claimer died
        await uow.pushes.claim(family.id, due.astimezone(TZ).date(), claim_kind(reminder.id), "dead", due)
        await uow.commit()
    chats = Chats()
    other = family.scheduler(chats, "b")
    family.clock.set(due + timedelta(minutes=5))
    within_lease = await other.check_one_off()
    family.clock.set(due + timedelta(minutes=11))
    after_lease = await other.check_one_off()
    family.clock.set(due + timedelta(minutes=30))
    once_more = await other.check_one_off()
    await family.app.close()
    assert (within_lease, after_lease, once_more) == (0, 1, 0) and len(chats.sent) == 1


async def test_a_cancelled_reminder_is_never_sent_and_a_friend_cannot_cancel(tmp_path):
    family = await _family(tmp_path)
    await family.say("mom", "1小时后提醒我喂药")
    refused = await family.say("stranger", "取消提醒")                            # someone new is a friend
    cancelled = await family.say("nanny", "取消提醒")
    chats = Chats()
    family.clock.set(START + timedelta(hours=2))
    sent = await family.scheduler(chats).check_one_off()
    stored = await family.reminders()
    await family.app.close()
    assert refused.kind is ReplyKind.REFUSED and cancelled.kind is ReplyKind.CANCELLED
    assert sent == 0 and chats.sent == [] and [r.state for r in stored] == ["cancelled"]


async def test_a_dose_said_with_a_reminder_is_written_and_named_when_the_reminder_goes(tmp_path):
    family = await _family(tmp_path)
    asked = await family.say("mom", "刚喂了美林2.5ml，4小时后提醒我")               # at 12:01, confirmed first
    before = await family.reminders()
    confirmed = await family.say("mom", "确认")
    (reminder,) = await family.reminders()
    chats = Chats()
    family.clock.set(START + timedelta(hours=4, minutes=1))
    await family.scheduler(chats).check_one_off()
    await family.app.close()
    assert asked.kind is ReplyKind.CONFIRM and before == []
    assert confirmed.kind is ReplyKind.RECORDED and confirmed.written
    assert reminder.record_id == confirmed.written[0] and reminder.due_at == START + timedelta(hours=4, minutes=1)
    assert len(chats.sent) == 1 and "美林" in chats.sent[0][2]


async def test_a_reminder_found_long_after_its_time_is_closed_as_missed_not_sent(tmp_path):
    family = await _family(tmp_path)
    await family.say("mom", "1小时后提醒我喂药")
    chats = Chats()
    family.clock.set(START + timedelta(hours=8))
    sent = await family.scheduler(chats).check_one_off()
    stored = await family.reminders()
    await family.app.close()
    assert sent == 0 and chats.sent == [] and [r.state for r in stored] == ["missed"]
